/**
 * Opens the donation dialog (src/components/shell/DonationDialog.astro) when it is due: 30 s into the
 * browser-tab session, counted across pages, once per session (docs/decisions.md, "Donation dialog"; the rules
 * live in src/lib/donation-timer.ts). A click on the backdrop, or on the donation link (which opens its own
 * tab), closes it; Escape and the buttons close it natively.
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

const dialog = document.querySelector<HTMLDialogElement>("dialog[data-donation-dialog]");
if (dialog) {
  // A click on the backdrop lands on the <dialog> itself (its content fills it edge to edge).
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.querySelector("[data-donation-confirm]")?.addEventListener("click", () => dialog.close());
  const store = sessionStore();
  const delay = donationDelay(store, Date.now());
  if (delay !== null) {
    window.setTimeout(() => {
      markDonationShown(store);
      dialog.showModal();
    }, delay);
  }
  // The session's clock is read and the timer set (or the dialog was already shown); tests wait for this.
  dialog.dataset["enhanced"] = "";
}
