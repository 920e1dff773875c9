import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { uniqueList } from "../../src/build/json-loader";
import {
  adsSchema,
  bookSchema,
  featuredArticleSchema,
  glossaryTermSchema,
  httpUrl,
  marketSchema,
  navigationSchema,
  siteSchema,
  LOGO_MAX,
} from "../../src/schemas";
import { slugify } from "../../src/lib/slug";
import { contentProblem } from "../helpers/content-problem";

const read = (file: string): unknown => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf-8"));
const site = read("content/site.json") as Record<string, unknown>;

describe("shipped content", () => {
  test("parses site, navigation, ads, market, glossary, books and featured with their schemas", () => {
    expect(contentProblem(siteSchema, site, "content/site.json")).toBe("");
    expect(contentProblem(navigationSchema, read("content/navigation.json"), "content/navigation.json")).toBe("");
    expect(contentProblem(adsSchema, read("content/ads.json"), "content/ads.json")).toBe("");
    expect(contentProblem(marketSchema, read("content/market.json"), "content/market.json")).toBe("");
    const glossary = uniqueList(glossaryTermSchema, "term", slugify);
    expect(contentProblem(glossary, read("content/glossary.json"), "content/glossary.json", "term")).toBe("");
    expect(
      contentProblem(uniqueList(bookSchema, "title", slugify), read("content/books.json"), "content/books.json"),
    ).toBe("");
    const featured = uniqueList(featuredArticleSchema, "title", slugify);
    expect(contentProblem(featured, read("content/featured.json"), "content/featured.json")).toBe("");
  });

  test("refuses a logo longer than the header's two lines, naming the field and the limit", () => {
    const logo = "Corporate Bonds Education Centre";
    expect(logo).toHaveLength(LOGO_MAX);
    expect(contentProblem(siteSchema, { ...site, logo }, "content/site.json")).toBe("");
    expect(contentProblem(siteSchema, { ...site, logo: `${logo}s` }, "content/site.json")).toMatch(
      /field "logo": at most 32 characters: the header has room for two lines of it/,
    );
  });

  test("refuses a site.json without the footer's headings, naming the field", () => {
    const { footerHeadings: _removed, ...broken } = site;
    expect(contentProblem(siteSchema, broken, "content/site.json")).toMatch(
      /content\/site\.json[\s\S]*field "footerHeadings"/,
    );
  });
});

describe("httpUrl", () => {
  test("accepts http and https URLs", () => {
    expect(httpUrl.safeParse("https://example.com/a?b=1").success).toBe(true);
    expect(httpUrl.safeParse("http://example.org").success).toBe(true);
  });

  test("rejects other schemes and relative text", () => {
    for (const bad of [
      "javascript:alert(1)",
      "ftp://example.com",
      "data:text/html,hi",
      "example.com",
      "//example.com",
    ]) {
      expect(httpUrl.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("parseContent", () => {
  test("names the file and the field for a wrong type", () => {
    const message = contentProblem(siteSchema, { ...site, partners: "none" }, "content/site.json");
    expect(message).toContain("content/site.json");
    expect(message).toContain('field "partners"');
  });

  test("names the file and the nested field for a missing value", () => {
    const contact = { ...(site["contact"] as object), email: undefined };
    const message = contentProblem(siteSchema, { ...site, contact }, "content/site.json");
    expect(message).toContain('field "contact.email"');
  });

  test("names the field for a non-http URL", () => {
    const message = contentProblem(
      siteSchema,
      { ...site, donation: { title: "Give", url: "javascript:alert(1)" } },
      "content/site.json",
    );
    expect(message).toMatch(/field "donation\.url": must be an absolute http/);
  });

  test("takes the site's origin, with or without its last slash, and refuses one with a path after it", () => {
    const check = (url: string) => contentProblem(siteSchema, { ...site, url }, "content/site.json");
    expect(check("https://bonds.example.org")).toBe("");
    expect(check("https://bonds.example.org/")).toBe("");
    expect(check("https://example.org/bonds/")).toContain(
      'field "url": must be the site\'s origin only, such as https://bonds.example.org (no path after it)',
    );
  });

  test("refuses an http:// address for what a page loads or posts to, which an https page may not", () => {
    const check = (newsletter: object) => contentProblem(siteSchema, { ...site, newsletter }, "content/site.json");
    expect(check({ endpoint: "https://news.example.org/subscribe" })).toBe("");
    expect(check({ endpoint: "http://news.example.org/subscribe" })).toContain(
      'field "newsletter.endpoint": must be an https:// URL: a page served over https may not load or post to an http:// address',
    );
    const frame = { ...(site["contactForm"] as object), frameUrl: "http://forms.example.org/embed" };
    expect(contentProblem(siteSchema, { ...site, contactForm: frame }, "content/site.json")).toContain(
      'field "contactForm.frameUrl": must be an https:// URL',
    );
  });

  test("names the entry and the field of a bad book", () => {
    const books = [
      { title: "Good", url: "https://example.com/a", cover: "/covers/a.svg" },
      { url: "ftp://x", cover: "/c.svg" },
    ];
    const message = contentProblem(uniqueList(bookSchema, "title", slugify), books, "content/books.json", "title");
    expect(message).toContain("content/books.json");
    expect(message).toContain('entry 2 → field "title"');
    expect(message).toContain('entry 2 → field "url"');
  });

  test("reports a duplicate glossary term with both entries", () => {
    const term = { term: "Duration", category: "Bond Characteristics", definition: "Sensitivity to rates." };
    const message = contentProblem(
      uniqueList(glossaryTermSchema, "term", slugify),
      [term, { ...term, term: "duration" }],
      "content/glossary.json",
      "term",
    );
    expect(message).toContain(
      'entry 2 ("duration") → field "term": duplicate term "duration" (entry 1 has the same one)',
    );
  });

  test("reports an unknown glossary category with the allowed ones", () => {
    const message = contentProblem(
      uniqueList(glossaryTermSchema, "term", slugify),
      [{ term: "X", category: "Misc", definition: "d" }],
      "content/glossary.json",
      "term",
    );
    expect(message).toContain('field "category": must be one of: Basic Terms');
  });

  test("rejects an ad placement that names an unknown slot", () => {
    const ads = read("content/ads.json") as Record<string, unknown>;
    const message = contentProblem(adsSchema, { ...ads, placements: { "/": [123] } }, "content/ads.json");
    expect(message).toContain('field "placements" → "/" → item 1: slot 123 is not listed in slots');
  });

  test("refuses HTML or Markdown in a plain text field, which the page would show as written", () => {
    const term = { term: "Bond", category: "Basic Terms" };
    const refused = (definition: string) =>
      contentProblem(
        uniqueList(glossaryTermSchema, "term", slugify),
        [{ ...term, definition }],
        "content/glossary.json",
        "term",
      );
    for (const definition of [
      "A <strong>debt</strong> security.",
      "A **debt** security.",
      "See [About](/about).",
      "A debt security.<br>",
    ]) {
      expect(refused(definition)).toContain('entry 1 ("Bond") → field "definition": is plain text: HTML or Markdown');
    }
    expect(refused("Yields <5% and > 3%; 2 * 3 = 6; a_b and [1] are fine.")).toBe("");
  });

  test("names a field the schema does not know, with the fields that object can have", () => {
    const term = { term: "Duration", category: "Bond Characteristics", definition: "Sensitivity to rates." };
    const message = contentProblem(
      uniqueList(glossaryTermSchema, "term", slugify),
      [term, { ...term, term: "Yield", relatd: ["Duration"] }],
      "content/glossary.json",
      "term",
    );
    expect(message).toContain(
      'entry 2 ("Yield"): unknown field "relatd" (the fields here: term, category, definition, related)',
    );
  });

  test("names an unknown field inside a nested object and a list's item", () => {
    const ads = read("content/ads.json") as { labels: Record<string, unknown>; slots: Record<string, unknown>[] };
    const slots = [{ ...ads.slots[0], minHieght: 250 }, ...ads.slots.slice(1)];
    const message = contentProblem(
      adsSchema,
      { ...ads, slots, labels: { ...ads.labels, serch: "x" } },
      "content/ads.json",
    );
    expect(message).toMatch(/field "labels": unknown field "serch" \(the fields here: search, display\)/);
    expect(message).toMatch(/field "slots" → item 1: unknown field "minHieght" \(the fields here: [^)]*\bminHeight\b/);
  });
});
