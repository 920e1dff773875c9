/**
 * The calculator's input, kept in the URL query: a shared link opens the same
 * calculation, and back/forward step through the visitor's changes. Typing in a
 * field edits one history entry (replaceState) until the field loses focus; a
 * choice from a list or a radio button is an entry of its own (pushState).
 */
import { useEffect, useRef, useState } from "react";
import { defaultInput, fromQuery, toQuery, type CalculatorInput } from "../../lib/calculator-form";
import { fromYmd, type DayNumber } from "../../lib/bond/dates";

/** Today in the visitor's own time zone, as the settlement date's default. */
function localToday(): DayNumber {
  const now = new Date();
  return fromYmd(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

export type Change = "typing" | "choice";

export function useUrlInput(serverToday: DayNumber) {
  // The server renders the defaults for its own date; the browser then reads the URL.
  const [input, setInput] = useState<CalculatorInput>(() => defaultInput(serverToday));
  const [ready, setReady] = useState(false);
  const typing = useRef(false);

  useEffect(() => {
    const read = () => {
      typing.current = false;
      setInput(fromQuery(window.location.search, localToday()));
    };
    read();
    setReady(true);
    window.addEventListener("popstate", read);
    return () => window.removeEventListener("popstate", read);
  }, []);

  const update = (changes: Partial<CalculatorInput>, change: Change) => {
    const next = { ...input, ...changes };
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

  return { input, update, settle, ready };
}
