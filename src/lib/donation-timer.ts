/**
 * When the donation dialog opens (docs/decisions.md, "Donation dialog"): 30 s after the first page of a
 * browser-tab session appeared, counted across navigations, at most once per
 * tab session. The clock's start and the "shown" flag live in sessionStorage.
 */
export const DONATION_DELAY_MS = 30_000;
export const START_KEY = "donation:start";
export const SHOWN_KEY = "donation:shown";

export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Milliseconds to wait before opening, or null if the dialog was already shown in this tab. `appeared`: when this
 * page first painted, on the same clock as `now` (the script that asks runs later, once the page has loaded): on the
 * session's first page the 30 s count from there.
 */
export function donationDelay(store: SessionStore, now: number, appeared = now): number | null {
  if (store.getItem(SHOWN_KEY) !== null) return null;
  let start = Number(store.getItem(START_KEY));
  if (!Number.isFinite(start) || start <= 0 || start > now) {
    start = Math.min(appeared, now);
    store.setItem(START_KEY, String(start));
  }
  return Math.max(0, start + DONATION_DELAY_MS - now);
}

export function markDonationShown(store: SessionStore): void {
  store.setItem(SHOWN_KEY, "1");
}
