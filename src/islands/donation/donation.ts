/** Opens the donation dialog 30 s into the tab session (docs/decisions.md, "Donation dialog"); React loads only then. */
import { donationDelay, markDonationShown, sessionStore } from "../../lib/donation-timer";

const root = document.getElementById("donation-root");
if (root) {
  const store = sessionStore();
  const delay = donationDelay(store, Date.now());
  if (delay !== null) {
    window.setTimeout(() => {
      markDonationShown(store);
      void import("./DonationDialog").then(({ mountDonationDialog }) => mountDonationDialog(root));
    }, delay);
  }
  // The session's clock is read and the timer set (or it has already been shown); tests wait for this.
  root.dataset["enhanced"] = "";
}
