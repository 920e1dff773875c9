/**
 * How a content slip is told: the file, then where in it (an entry, a field, a key the editor chose), then what is
 * wrong in an editor's words; the same for a lesson's front matter as for a JSON file.
 */
import { readFileSync } from "node:fs";
import type { LoaderContext } from "astro/loaders";
import { describe, expect, test } from "vitest";
import { uniqueList } from "../../src/build/json-loader";
import { checkedParseData } from "../../src/build/mdx-loader";
import { slugify } from "../../src/lib/slug";
import {
  adsSchema,
  booksSchema,
  featuredSchema,
  lessonSchema,
  marketSchema,
  navigationSchema,
  strategiesSchema,
} from "../../src/schemas";
import { contentProblem } from "../helpers/content-problem";

const read = (file: string) => JSON.parse(readFileSync(file, "utf-8"));

const lesson = {
  title: "Taxes on Corporate Bond Income (US)",
  description: "A description long enough for the check of a meta description, at fifty or more.",
  dek: "How taxes treat the money a bond pays.",
  order: 4,
  lastReviewed: "2025-01-02",
  takeaways: ["One.", "Two.", "Three."],
  quiz: [1, 2, 3].map((n) => ({ question: `Question ${n}?`, answer: `Answer ${n}.` })),
  sources: [{ title: "Publication 550", publisher: "IRS", url: "https://www.irs.gov/publications/p550" }],
};

describe("a lesson's front matter", () => {
  /** What Astro's own parse was given. */
  const passed: unknown[] = [];
  const astroParseData: LoaderContext["parseData"] = async (entry) => {
    passed.push(entry);
    return entry.data;
  };
  const parseData = checkedParseData(astroParseData, lessonSchema, "content/learn");
  const filePath = "/site/content/learn/taxes.mdx";

  test("without its title fails naming the file and the field, as a JSON file's slip does", async () => {
    const { title: _left, ...untitled } = lesson;
    await expect(parseData({ id: "taxes", data: untitled, filePath })).rejects.toThrow(
      'Invalid content in content/learn/taxes.mdx:\n  - field "title": is required (expected string)',
    );
    await expect(parseData({ id: "taxes", data: { ...lesson, kiker: "Lesson" }, filePath })).rejects.toThrow(
      'content/learn/taxes.mdx:\n  - field "kiker": unknown field (the fields here: title, description, kicker,',
    );
    expect(passed).toEqual([]);
  });

  test("that is good goes on to Astro's own parse", async () => {
    await expect(parseData({ id: "taxes", data: lesson, filePath })).resolves.toEqual(lesson);
    expect(passed).toEqual([{ id: "taxes", data: lesson, filePath }]);
  });
});

describe("a field left out", () => {
  test("is said to be required, whatever check it would have failed", () => {
    const books = read("content/books.json");
    delete books[2].cover;
    expect(contentProblem(uniqueList(booksSchema, "title", slugify), books, "content/books.json", "title")).toBe(
      "Invalid content in content/books.json:\n" +
        `  - entry 3 ("${books[2].title}") → field "cover": is required ` +
        "(must be a path starting with / or an absolute http(s) URL)",
    );
    // A cover that is there but wrong still says what is wrong with it.
    books[2].cover = "covers/a.svg";
    expect(contentProblem(uniqueList(booksSchema, "title", slugify), books, "content/books.json", "title")).toContain(
      'field "cover": must be a path starting with / or an absolute http(s) URL',
    );
  });
});

describe("a key the editor chose (ads.json's routes)", () => {
  const ads = read("content/ads.json");

  test("is quoted on its own, not run into the field's name with a dot", () => {
    const placements = { ...ads.placements, "/": [...ads.placements["/"], 999] };
    expect(contentProblem(adsSchema, { ...ads, placements }, "content/ads.json")).toBe(
      'Invalid content in content/ads.json:\n  - field "placements" → "/" → item 3: slot 999 is not listed in slots',
    );
    const sidebars = { ...ads.sidebars, "/radio": [998] };
    expect(contentProblem(adsSchema, { ...ads, sidebars }, "content/ads.json")).toContain(
      'field "sidebars" → "/radio" → item 1: slot 998 is not listed in slots',
    );
  });

  test("that is not a route says why, not zod's 'Invalid key in record'", () => {
    const placements = { ...ads.placements, analysis: [1] };
    expect(contentProblem(adsSchema, { ...ads, placements }, "content/ads.json")).toBe(
      'Invalid content in content/ads.json:\n  - field "placements" → "analysis": must be a path on this site starting with /',
    );
  });
});

test("a list with too few items says how many it needs", () => {
  const navigation = read("content/navigation.json");
  expect(contentProblem(navigationSchema, { ...navigation, main: [] }, "content/navigation.json")).toBe(
    'Invalid content in content/navigation.json:\n  - field "main": must list at least 1 item',
  );
});

describe("a value out of range, not among the choices or of the wrong kind", () => {
  test("says what the field takes and what the file holds, not zod's programmer's words", () => {
    const market = read("content/market.json");
    const yields = { ...market.yields, highYield: "7.9%" };
    expect(contentProblem(marketSchema, { ...market, yields }, "content/market.json")).toBe(
      'Invalid content in content/market.json:\n  - field "yields.highYield": must be a number (it is "7.9%")',
    );
    const strategies = read("content/strategies.json");
    const allocations = structuredClone(strategies.allocations);
    allocations[0].investmentGrade = 120;
    expect(contentProblem(strategiesSchema, { ...strategies, allocations }, "content/strategies.json")).toContain(
      'field "allocations" → item 1 → field "investmentGrade": must be at most 100 (it is 120)',
    );
    allocations[0].investmentGrade = -20;
    expect(contentProblem(strategiesSchema, { ...strategies, allocations }, "content/strategies.json")).toContain(
      'field "investmentGrade": must be at least 0 (it is -20)',
    );
    allocations[0].investmentGrade = 79.5;
    expect(contentProblem(strategiesSchema, { ...strategies, allocations }, "content/strategies.json")).toContain(
      'field "investmentGrade": must be a whole number (it is 79.5)',
    );
    const featured = read("content/featured.json");
    featured[0].icon = "rating";
    expect(contentProblem(featuredSchema, featured, "content/featured.json")).toContain(
      'field "icon": must be one of "ratings", "trends", "strategy", "book", "shield", "chart", "scale", "coins" (it is "rating")',
    );
  });

  test("keeps a schema's own message", () => {
    const strategies = read("content/strategies.json");
    const allocations = structuredClone(strategies.allocations);
    allocations[0].investmentGrade = 70;
    expect(contentProblem(strategiesSchema, { ...strategies, allocations }, "content/strategies.json")).toContain(
      "investmentGrade + highYield must add up to 100",
    );
  });
});
