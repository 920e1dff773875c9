/**
 * The calculator's input, kept in the URL query: a shared link opens the same
 * calculation, and back/forward step through the visitor's changes. Typing in a
 * field edits one history entry (replaceState) until the field loses focus; a
 * choice from a list or a radio button is an entry of its own (pushState).
 */
import { startTransition, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { defaultInput, FIELDS, fromQuery, toQuery, type CalculatorInput } from "../../lib/calculator-form";
import { fromYmd, type DayNumber } from "../../lib/bond/dates";

/** Today in the visitor's own time zone, as the settlement date's default. */
function localToday(): DayNumber {
  const now = new Date();
  return fromYmd(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/**
 * What the visitor changed in the server's form before the island hydrated (the page is usable before its
 * script has loaded): each field whose control no longer shows the server's value.
 */
function editedBeforeHydration(form: HTMLFormElement | null, server: CalculatorInput): Partial<CalculatorInput> {
  const edited: Partial<CalculatorInput> = {};
  if (!form) return edited;
  for (const field of FIELDS) {
    const control = form.elements.namedItem(field);
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement)
      if (control.value !== server[field]) edited[field] = control.value;
  }
  const mode = form.querySelector<HTMLInputElement>("input[type=radio]:checked")?.value;
  if (mode && mode !== server.mode) edited.mode = mode;
  return edited;
}

export type Change = "typing" | "choice";

export function useUrlInput(serverToday: DayNumber, form: RefObject<HTMLFormElement | null>) {
  // The server renders the defaults for its own date; the browser then reads the URL.
  const [input, setInput] = useState<CalculatorInput>(() => defaultInput(serverToday));
  const [ready, setReady] = useState(false);
  /** Times the input was read from the address (on hydration, back, forward): what the fields showed is gone. */
  const [restored, setRestored] = useState(0);
  const typing = useRef(false);
  /** The input the next change starts from: ahead of `input` while the address's input is still being rendered. */
  const latest = useRef(input);

  // Once, on hydration (the form and the server's date never change). The address's input is rendered as a
  // transition: React lays out the new figures, chart and cash flows in slices between frames, not in one long
  // task right after hydrating (the page shows the server's figures until then, as it did before hydrating). A
  // change in the meantime starts from the address's input (`latest`), as one typed before hydrating does.
  useLayoutEffect(() => {
    const show = (next: CalculatorInput) => {
      latest.current = next;
      setInput(next);
    };
    const read = () => {
      typing.current = false;
      show(fromQuery(window.location.search, localToday()));
      setRestored((count) => count + 1);
    };
    const edited = editedBeforeHydration(form.current, defaultInput(serverToday));
    startTransition(() => {
      if (Object.keys(edited).length === 0) read();
      else {
        // The link's bond with what the visitor typed over it, kept in the address like any later change.
        const next = { ...fromQuery(window.location.search, localToday()), ...edited };
        show(next);
        window.history.replaceState(null, "", `${window.location.pathname}${toQuery(next)}`);
      }
      setReady(true);
    });
    window.addEventListener("popstate", read);
    return () => window.removeEventListener("popstate", read);
  }, []);

  const update = (changes: Partial<CalculatorInput>, change: Change) => {
    const next = { ...latest.current, ...changes };
    latest.current = next;
    setInput(next);
    const url = `${window.location.pathname}${toQuery(next)}`;
    if (change === "typing" && typing.current) window.history.replaceState(null, "", url);
    else if (url !== `${window.location.pathname}${window.location.search}`) window.history.pushState(null, "", url);
    typing.current = change === "typing";
  };
  /** A field lost focus: the next keystroke starts a new history entry. */
  const settle = () => {
    typing.current = false;
  };

  return { input, update, settle, ready, restored };
}
