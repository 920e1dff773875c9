import { describe, expect, test } from "vitest";
import { cleanResultUrl, opensSearch } from "../../src/lib/search-keys";

const key = (changes: Partial<Parameters<typeof opensSearch>[0]> = {}) => ({
  key: "/",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: "BODY" },
  ...changes,
});

describe("opensSearch", () => {
  test("opens on a plain slash outside form fields", () => {
    expect(opensSearch(key())).toBe(true);
    expect(opensSearch(key({ target: null }))).toBe(true);
  });

  test("does not open while typing in a field or editable text", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"])
      expect(opensSearch(key({ target: { tagName } }))).toBe(false);
    expect(opensSearch(key({ target: { tagName: "DIV", isContentEditable: true } }))).toBe(false);
  });

  test("does not open for other keys or with a modifier", () => {
    expect(opensSearch(key({ key: "?" }))).toBe(false);
    expect(opensSearch(key({ ctrlKey: true }))).toBe(false);
    expect(opensSearch(key({ metaKey: true }))).toBe(false);
  });
});

describe("cleanResultUrl", () => {
  test("drops the trailing slash of a page, keeping fragments and the root", () => {
    expect(cleanResultUrl("/resources/#duration")).toBe("/resources#duration");
    expect(cleanResultUrl("/strategies/")).toBe("/strategies");
    expect(cleanResultUrl("/")).toBe("/");
  });
});
