/**
 * The `client:donation` directive (registered by src/build/client-directives.ts): the donation dialog's island
 * loads React and hydrates 30 s into the browser-tab session, counted across pages, once per session
 * (docs/decisions.md, "Donation dialog"; the rules live in src/lib/donation-timer.ts). Until then the page
 * requests nothing for it.
 */
import type { ClientDirective } from "astro";
import { donationDelay, markDonationShown, sessionStore } from "../lib/donation-timer";

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
