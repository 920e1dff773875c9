/**
 * The `client:interaction` directive (registered by src/build/client-directives.ts): an island's framework code
 * loads when the visitor first reaches for it (hovers, touches, focuses or types into it), and not before. So
 * React never competes with the first paint, and fetching and running it (58 KB of brotli, then its evaluation and
 * the hydration) falls on a visitor who is about to use the island, not on every visitor.
 *
 * `client:interaction="or-idle"` also hydrates once the page has loaded and the browser is idle, for an island
 * whose first render depends on the visitor (the calculator's figures follow the address and today's date), and
 * right after the first frame when the address has a query string, which the server's render cannot have read.
 *
 * A click can come before the island has hydrated (a tap on a slow phone: touchstart, then the click a few
 * hundred ms later while React is still on its way). A click on one of the island's buttons in that window is
 * held, and clicked again once the island has hydrated, so the first tap on Play plays: the browser counts the
 * visitor's activation for seconds after the tap, which is what lets that replayed click start audio in Chromium
 * and Firefox. iOS Safari counts a press only while its handler runs, and lets an audio element play from a script
 * later only if it was played inside a press: so the held press plays the island's audio elements there and then,
 * their source taken away first (nothing downloads; the island sets it when it plays), and the replayed click finds
 * them free to play rather than refused.
 */
import type { ClientDirective } from "astro";
import { showUnavailable } from "./island-unavailable";

/** The first signs that a visitor is about to use the island, in the order they usually come. */
const INTENT_EVENTS = ["pointerover", "touchstart", "pointerdown", "focusin", "keydown", "input"] as const;

const hydrateOnInteraction: ClientDirective = (load, options, island) => {
  let started = false;
  let hydrated = false;
  let held: HTMLButtonElement | null = null;

  const hold = (event: MouseEvent) => {
    if (hydrated || !(event.target instanceof Element)) return;
    const button = event.target.closest("button");
    if (!button || !island.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = button;
    for (const audio of island.querySelectorAll("audio")) {
      audio.removeAttribute("src");
      audio.load();
      // Pending with no source; the island's own load() later ends it (AbortError), which is expected.
      audio.play().catch(() => {});
    }
    // A screen reader can press a button without a pointer, focus or key reaching it first (NVDA's browse mode).
    start();
  };
  island.addEventListener("click", hold, { capture: true });
  // Its code did not come (Astro has tried twice, and says so with this event): the note after it tells the visitor.
  island.addEventListener("astro:hydration-error", () => showUnavailable(island));

  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) island.removeEventListener(type, start, { capture: true });
    // What the island's two files import (React's runtime among them), named by the build
    // (scripts/lib/island-imports.mjs), asked for with them rather than a round trip after them.
    for (const href of island.dataset.imports?.split(" ") ?? []) {
      document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
    }
    // Hydrating starts in a task of its own: evaluating React's files is a long task by itself, and the hydration's
    // first step (the island's props, React's root and its event listeners) made it longer by a fifth.
    void load()
      .then((hydrate) => new Promise((resolve) => setTimeout(resolve)).then(hydrate))
      .finally(() => {
        // A failed load leaves the server's markup, whose buttons do what HTML gives them (a form still submits).
        hydrated = true;
        island.removeEventListener("click", hold, { capture: true });
        const button = held;
        held = null;
        if (button?.isConnected) button.click();
      });
  };
  for (const type of INTENT_EVENTS) island.addEventListener(type, start, { capture: true, passive: true });
  // Reached for before this script ran (on a slow network a visitor can focus the field and type while the
  // page's scripts are still on their way): no event came that it could hear, so it loads now.
  const typed = [...island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")].some(
    (field) => field.value !== field.defaultValue,
  );
  if (typed || island.contains(document.activeElement)) start();

  if (options.value !== "or-idle") return;
  // Opened from a link that carries its own figures (a query string: a lesson's example bond), the island's first
  // render is the wrong one, so it loads as soon as the first frame is on screen rather than at idle.
  if (location.search.length > 1) {
    requestAnimationFrame(() => setTimeout(start));
    return;
  }
  // After load and the first paint, never before: until then the first paint and the page's own requests come
  // first. `load` can come before the first frame is on screen (a page that arrives in one round trip loads in
  // its first few milliseconds), and an idle callback with it: React's files then competed with the first paint
  // (Lighthouse charged them to /calculator's FCP, 1.42× its bare page's). A paint entry is reported once its
  // frame is presented, `buffered` hands over one that came before, and a page that reports none (a tab in the
  // background) goes on after 500 ms: as the page's loader waits (scripts/lib/defer-scripts.mjs). The first
  // contentful paint, not the first paint: on a busy machine a first frame can paint only the page's background,
  // and the text a frame later (React's files were asked for between the two in a CI run).
  const whenIdle = () => {
    new Promise<void>((painted) => {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length > 0) painted();
      }).observe({ type: "paint", buffered: true });
      setTimeout(painted, 500);
    }).then(() => {
      if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 500 });
      else setTimeout(start, 200);
    });
  };
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
};

export default hydrateOnInteraction;
