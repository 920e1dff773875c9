/**
 * The `client:donation` directive (registered by src/build/client-directives.ts): the donation dialog's island
 * loads React and hydrates 30 s into the browser-tab session, counted across pages, once per session
 * (docs/decisions.md, "Donation dialog"; the rules live in src/lib/donation-timer.ts). Until then the page
 * requests nothing for it.
 */
import type { ClientDirective } from "astro";
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

const hydrateWhenDonationDue: ClientDirective = (load, _options, island) => {
  const store = sessionStore();
  const delay = donationDelay(store, Date.now());
  if (delay !== null) {
    window.setTimeout(() => {
      markDonationShown(store);
      void load().then((hydrate) => hydrate());
    }, delay);
  }
  // The session's clock is read and the timer set (or the dialog was already shown); tests wait for this.
  island.dataset["enhanced"] = "";
};

export default hydrateWhenDonationDue;
