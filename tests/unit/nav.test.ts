import { describe, expect, test } from "vitest";
import { currentness, normalizePath } from "../../src/lib/nav";
import { slugify } from "../../src/lib/slug";

describe("normalizePath", () => {
  test("drops trailing slashes, queries and fragments but keeps the root", () => {
    expect(normalizePath("/about/")).toBe("/about");
    expect(normalizePath("/resources?q=1#duration")).toBe("/resources");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("")).toBe("/");
  });
});

describe("currentness", () => {
  test("marks the item's own page, with or without a trailing slash", () => {
    expect(currentness("/about", "/about/")).toBe("page");
    expect(currentness("/learn/", "/learn")).toBe("page");
  });

  test("marks the section of a page inside it, and nothing that only shares the start of its name", () => {
    expect(currentness("/learn", "/learn/risks")).toBe("true");
    expect(currentness("/learn", "/learn/risks/")).toBe("true");
    expect(currentness("/learn", "/learning")).toBeUndefined();
    expect(currentness("/about", "/learn/risks")).toBeUndefined();
  });

  test("does not treat Home as current, or as the section, of other pages", () => {
    expect(currentness("/", "/")).toBe("page");
    expect(currentness("/", "/about")).toBeUndefined();
    expect(currentness("/", "/learn/risks")).toBeUndefined();
  });
});

describe("slugify", () => {
  test("turns a glossary term into a stable fragment", () => {
    expect(slugify("Yield to Maturity (YTM)")).toBe("yield-to-maturity-ytm");
    expect(slugify("High Yield (Junk) Bond")).toBe("high-yield-junk-bond");
    expect(slugify("Bid-Ask Spread")).toBe("bid-ask-spread");
  });
});
