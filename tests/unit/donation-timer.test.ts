import { describe, expect, test } from "vitest";
import {
  DONATION_DELAY_MS,
  SHOWN_KEY,
  START_KEY,
  donationDelay,
  markDonationShown,
  type SessionStore,
} from "../../src/lib/donation-timer";

function memoryStore(initial: Record<string, string> = {}): SessionStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

describe("donationDelay", () => {
  test("returns 30 s and records the start on the first page of a tab session", () => {
    const store = memoryStore();
    expect(DONATION_DELAY_MS).toBe(30_000);
    expect(donationDelay(store, 1_000)).toBe(30_000);
    expect(store.data.get(START_KEY)).toBe("1000");
  });

  test("counts the first page's 30 s from its first paint, not from when the script ran", () => {
    const store = memoryStore();
    expect(donationDelay(store, 5_000, 3_500)).toBe(28_500);
    expect(store.data.get(START_KEY)).toBe("3500");
    // A paint time after the script's clock reading (clocks out of step) counts as now.
    expect(donationDelay(memoryStore(), 5_000, 6_000)).toBe(30_000);
  });

  test("returns the time left when a later page loads in the same tab", () => {
    const store = memoryStore({ [START_KEY]: "1000" });
    expect(donationDelay(store, 21_000)).toBe(10_000);
  });

  test("returns 0 when the 30 s have already passed", () => {
    expect(donationDelay(memoryStore({ [START_KEY]: "1000" }), 99_000)).toBe(0);
  });

  test("returns null once the dialog was shown in this tab", () => {
    const store = memoryStore();
    markDonationShown(store);
    expect(store.data.get(SHOWN_KEY)).toBe("1");
    expect(donationDelay(store, 5_000)).toBeNull();
  });

  test("restarts the clock when the stored start is unreadable or in the future", () => {
    expect(donationDelay(memoryStore({ [START_KEY]: "soon" }), 5_000)).toBe(30_000);
    expect(donationDelay(memoryStore({ [START_KEY]: "9999999" }), 5_000)).toBe(30_000);
  });
});
