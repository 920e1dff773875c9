/**
 * Opens the donation dialog (src/components/shell/DonationDialog.astro) when it is due: 30 s into the
 * browser-tab session, counted across pages, once per session (docs/decisions.md, "Donation dialog"; the rules
 * live in src/lib/donation-timer.ts), or, if the visitor is typing in a field, using another dialog or listening
 * to the radio then, as soon as they are done. A click on the backdrop, or on the donation link (which opens its own tab), closes it;
 * Escape and the buttons close it natively.
 */
import { donationDelay, markDonationShown, type SessionStore } from "../lib/donation-timer";

/** sessionStorage, or an in-memory stand-in where the browser refuses storage. */
function sessionStore(): SessionStore {
  try {
    const storage = window.sessionStorage;
    storage.setItem("donation:probe", "1");
    storage.removeItem("donation:probe");
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}

/** How often a dialog that is due looks again whether the visitor is still busy. */
const BUSY_RECHECK_MS = 2000;

const dialog = document.querySelector<HTMLDialogElement>("dialog[data-donation-dialog]");
if (dialog) {
  // A click on the backdrop lands on the <dialog> itself (its content fills it edge to edge).
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.querySelector("[data-donation-confirm]")?.addEventListener("click", () => dialog.close());
  const store = sessionStore();
  // The page appeared at its first contentful paint, before this script ran (at idle, once the page had loaded):
  // on the session's first page the 30 s count from the paint. A page painted in a background tab has no entry.
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const now = Date.now();
  const delay = donationDelay(store, now, paint ? performance.timeOrigin + paint.startTime : now);
  // Due while the visitor is typing in a field, or in another site's frame (the contact form: the page sees only
  // the <iframe> focused), or has another dialog open (the site search), it waits until they are done: opened
  // then, it would take the keystrokes meant for the field, and a space or Enter would press its button. Nor
  // while the radio plays: a modal over the player would stand between the listener and its Pause button.
  const busy = () =>
    document.activeElement?.matches(
      "input, textarea, select, iframe, [contenteditable]:not([contenteditable=false])",
    ) ||
    document.querySelector("dialog[open]") !== null ||
    [...document.querySelectorAll("audio")].some((audio) => !audio.paused);
  const openWhenFree = () => {
    if (busy()) {
      window.setTimeout(openWhenFree, BUSY_RECHECK_MS);
      return;
    }
    markDonationShown(store);
    dialog.showModal();
  };
  if (delay !== null) window.setTimeout(openWhenFree, delay);
  // The session's clock is read and the timer set (or the dialog was already shown); tests wait for this.
  dialog.dataset["enhanced"] = "";
}
