import { describe, expect, test } from "vitest";
import { cleanResultUrl, opensSearch } from "../../src/lib/search-keys";

const key = (changes: Partial<Parameters<typeof opensSearch>[0]> = {}) => ({
  key: "k",
  ctrlKey: true,
  metaKey: false,
  altKey: false,
  ...changes,
});

describe("opensSearch", () => {
  test("opens on Ctrl+K or ⌘K, caps lock on or not", () => {
    expect(opensSearch(key())).toBe(true);
    expect(opensSearch(key({ ctrlKey: false, metaKey: true }))).toBe(true);
    expect(opensSearch(key({ key: "K" }))).toBe(true);
  });

  test("not on a single key, with both or another modifier, or on another key", () => {
    expect(opensSearch(key({ ctrlKey: false }))).toBe(false);
    expect(opensSearch(key({ key: "/", ctrlKey: false }))).toBe(false);
    expect(opensSearch(key({ metaKey: true }))).toBe(false);
    expect(opensSearch(key({ altKey: true }))).toBe(false);
    expect(opensSearch(key({ key: "j" }))).toBe(false);
  });
});

describe("cleanResultUrl", () => {
  test("drops the trailing slash of a page, keeping fragments and the root", () => {
    expect(cleanResultUrl("/resources/#duration")).toBe("/resources#duration");
    expect(cleanResultUrl("/strategies/")).toBe("/strategies");
    expect(cleanResultUrl("/")).toBe("/");
  });
});
