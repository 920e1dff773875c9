/** Posts the subscribe form in the background (docs/decisions.md, "Subscribe form"); the rules live in src/lib/subscribe.ts. */
import { createSubscriber, outcomeToast } from "../lib/subscribe";
import { notify } from "./notify";

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-subscribe]")) {
  const subscriber = createSubscriber();
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const label = button?.textContent ?? "";

  const busy = (on: boolean) => {
    form.setAttribute("aria-busy", String(on));
    if (!button) return;
    button.disabled = on;
    button.textContent = on ? "Subscribing…" : label;
  };

  // Fetch the notification code while the visitor types, so a failure (even going offline) can still be shown.
  form.addEventListener("focusin", () => void import("../islands/notifications/Toaster").catch(() => {}), {
    once: true,
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault(); // the browser has already checked the address (type=email, required)
    if (!input || subscriber.sending) return;
    const email = input.value.trim();
    busy(true);
    const outcome = await subscriber.submit(form.action, email);
    busy(false);
    if (!outcome) return;
    if (outcome.ok) form.reset(); // on failure the typed address stays
    if (document.activeElement === document.body || document.activeElement === null) input.focus();
    notify(outcomeToast(outcome, email));
  });

  // From here on a submission goes through the handler above, not the browser's own post; tests wait for this.
  form.dataset["enhanced"] = "";
}
