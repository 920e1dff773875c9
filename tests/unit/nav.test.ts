import { describe, expect, test } from "vitest";
import { isCurrent, normalizePath } from "../../src/lib/nav";
import { slugify } from "../../src/lib/slug";

describe("normalizePath", () => {
  test("drops trailing slashes, queries and fragments but keeps the root", () => {
    expect(normalizePath("/about/")).toBe("/about");
    expect(normalizePath("/resources?q=1#duration")).toBe("/resources");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("")).toBe("/");
  });
});

describe("isCurrent", () => {
  test("matches the same path with or without a trailing slash", () => {
    expect(isCurrent("/about", "/about/")).toBe(true);
  });

  test("does not treat Home as current on other pages", () => {
    expect(isCurrent("/", "/about")).toBe(false);
  });
});

describe("slugify", () => {
  test("turns a glossary term into a stable fragment", () => {
    expect(slugify("Yield to Maturity (YTM)")).toBe("yield-to-maturity-ytm");
    expect(slugify("High Yield (Junk) Bond")).toBe("high-yield-junk-bond");
    expect(slugify("Bid-Ask Spread")).toBe("bid-ask-spread");
  });
});
