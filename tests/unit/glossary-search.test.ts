import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  SUGGESTION_LIMIT,
  countLabel,
  createGlossarySearch,
  normalizeQuery,
  resultSummary,
  splitHighlights,
  type GlossaryEntry,
} from "../../src/lib/glossary-search";
import { glossaryCategories } from "../../src/schemas";
import { slugify } from "../../src/lib/slug";

const entry = (term: string, category: string, definition: string): GlossaryEntry => ({
  id: slugify(term),
  term,
  category,
  definition,
});

/** The site's glossary: what the page searches, checked as a whole (every term, every category). */
const glossary: GlossaryEntry[] = JSON.parse(readFileSync("content/glossary.json", "utf-8")).map(
  (item: Omit<GlossaryEntry, "id">) => ({ ...item, id: slugify(item.term) }),
);
const siteSearch = createGlossarySearch(glossary, glossaryCategories);

/**
 * A glossary of this test's own for the search's behaviour (a name with an abbreviation in brackets, a
 * hyphenated one, a match through the definition alone, near misses), so editing content/glossary.json
 * cannot break it.
 */
const terms: GlossaryEntry[] = [
  entry("Bond", "Basic Terms", "A loan to a company or government that pays interest and returns its principal."),
  entry("Coupon Rate", "Basic Terms", "The yearly interest a bond pays, as a percentage of its face value."),
  entry("Duration", "Bond Characteristics", "How sensitive a bond's price is to a change in interest rates."),
  entry("Yield to Maturity (YTM)", "Bond Characteristics", "The yearly return from buying at today's price."),
  entry("Secured Bond", "Bond Characteristics", "A bond backed by specific collateral its holders can claim."),
  entry("Unsecured Bond (Debenture)", "Bond Characteristics", "Backed only by the issuer's general credit."),
  entry("Convertible Bond", "Bond Characteristics", "A bond its holder can exchange for the issuer's shares."),
  entry("Credit Spread", "Credit Analysis", "The extra yield over a government bond of the same maturity."),
  entry("Bid-Ask Spread", "Market Mechanics", "The gap between the best price offered and the best price asked."),
];
const search = createGlossarySearch(terms, glossaryCategories);

const names = (query: string) => search(query).groups.flatMap((group) => group.matches.map((m) => m.entry.term));

describe("createGlossarySearch", () => {
  test("returns every term by category, in the categories' order and the file's order, when the query is empty", () => {
    const result = siteSearch("");
    expect(result.searching).toBe(false);
    expect(result.total).toBe(glossary.length);
    // Read from the file: each category that has terms, in the schema's order, with its terms as the file lists them.
    for (const e of glossary) expect(glossaryCategories, e.term).toContain(e.category);
    const expected = glossaryCategories
      .map((category) => [category, glossary.filter((e) => e.category === category).map((e) => e.term)] as const)
      .filter(([, terms]) => terms.length > 0);
    expect(result.groups.map((g) => [g.category, g.matches.map((m) => m.entry.term)])).toEqual(expected);
    expect(result.suggestions).toEqual([]);
  });

  test("treats white space alone as an empty query", () => {
    expect(search("   \t ").searching).toBe(false);
  });

  test("matches a case-insensitive substring of the term", () => {
    expect(names("DURATION")).toContain("Duration");
    expect(names("duRAT")).toContain("Duration");
    expect(names("ytm")).toContain("Yield to Maturity (YTM)");
  });

  test("reads a hyphen as a space, both ways, and highlights the term as written", () => {
    expect(names("bid ask")).toEqual(["Bid-Ask Spread"]);
    expect(names("BID\u2011ASK")).toEqual(["Bid-Ask Spread"]);
    expect(names("credit-spread")).toContain("Credit Spread");
    const match = search("bid ask").groups[0]!.matches[0]!;
    expect(match.termRanges).toEqual([[0, 7]]);
    // The site's own: the two a reader is likeliest to type the other way.
    const site = (query: string) => siteSearch(query).groups.flatMap((g) => g.matches.map((m) => m.entry.term));
    expect(site("high-yield")).toContain("High Yield (Junk) Bond");
    expect(site("zero coupon").length).toBeGreaterThan(0);
  });

  test("matches a term through its definition alone", () => {
    const matches = search("collateral").groups.flatMap((g) => g.matches);
    const secured = matches.find((m) => m.entry.term === "Secured Bond");
    expect(secured?.termRanges).toEqual([]);
    expect(secured?.definitionRanges.length).toBeGreaterThan(0);
    expect(matches.map((m) => m.entry.term)).not.toContain("Duration");
  });

  test("does not match words split across term and definition", () => {
    const tiny = createGlossarySearch([entry("Alpha", "A", "beta")]);
    expect(tiny("alphabeta").total).toBe(0);
    expect(tiny("alpha beta").total).toBe(0);
  });

  test("groups matches by category in the given order and counts them per group", () => {
    const result = search("spread");
    expect(result.searching).toBe(true);
    // The categories of the terms whose name or definition says "spread", in the schema's order.
    const containing = terms.filter((e) => `${e.term} ${e.definition}`.toLowerCase().includes("spread"));
    const expected = glossaryCategories.filter((category) => containing.some((e) => e.category === category));
    expect(expected.length).toBeGreaterThan(1);
    expect(result.groups.map((g) => g.category)).toEqual(expected);
    const total = result.groups.reduce((sum, g) => sum + g.matches.length, 0);
    expect(result.total).toBe(total);
    expect(names("spread")).toEqual(expect.arrayContaining(["Credit Spread", "Bid-Ask Spread"]));
  });

  test("leaves out categories without matches", () => {
    const result = search("debenture");
    expect(result.groups.map((g) => g.category)).toEqual(["Bond Characteristics"]);
    expect(result.groups[0]?.matches.map((m) => m.entry.term)).toEqual(["Unsecured Bond (Debenture)"]);
  });

  test("puts categories missing from the given order after it, in order of appearance", () => {
    const tiny = createGlossarySearch(
      [entry("One", "Z", "first"), entry("Two", "Y", "second"), entry("Three", "B", "third")],
      ["B"],
    );
    expect(tiny("").groups.map((g) => g.category)).toEqual(["B", "Z", "Y"]);
  });

  test("returns every non-overlapping occurrence as a range of the original text", () => {
    const tiny = createGlossarySearch([entry("Bond Ladder", "A", "A bond. Another BOND; bondbond.")]);
    const [match] = tiny("Bond").groups[0]!.matches;
    expect(match!.termRanges).toEqual([[0, 4]]);
    const definition = match!.entry.definition;
    expect(match!.definitionRanges.map(([s, e]) => definition.slice(s, e))).toEqual(["bond", "BOND", "bond", "bond"]);
  });

  test("keeps ranges on the right characters when lower-casing changes the length", () => {
    // "İ" lower-cases to two code units ("i" + combining dot), shifting everything after it.
    const text = "İstanbul İssuer";
    const tiny = createGlossarySearch([entry(text, "A", "x")]);
    const slices = (query: string) =>
      tiny(query).groups[0]!.matches[0]!.termRanges.map(([start, end]) => text.slice(start, end));
    expect(slices("stanbul")).toEqual(["stanbul"]);
    expect(slices("ssuer")).toEqual(["ssuer"]);
    expect(slices("İssuer")).toEqual(["İssuer"]);
    expect(slices("i\u0307")).toEqual(["İ", "İ"]);
  });

  test("offers near term names when nothing matches", () => {
    const result = search("durattion");
    expect(result.total).toBe(0);
    expect(result.groups).toEqual([]);
    expect(result.suggestions[0]).toBe("Duration");
    expect(search("convertable").suggestions).toContain("Convertible Bond");
    expect(search("debenchure").suggestions).toContain("Unsecured Bond (Debenture)");
  });

  test("offers at most SUGGESTION_LIMIT suggestions and none without a near match", () => {
    expect(search("bnd").suggestions.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
    expect(search("qqqqqqqq").suggestions).toEqual([]);
    expect(search("z").suggestions).toEqual([]);
  });

  test("offers no suggestions when something matches", () => {
    expect(search("bond").suggestions).toEqual([]);
  });

  test("treats regular-expression characters literally", () => {
    for (const query of [".*", "(", "[a-z]+", "\\", "$^", "a|b", "?", "(YTM)"]) {
      expect(() => search(query)).not.toThrow();
    }
    expect(names("(YTM)")).toEqual(["Yield to Maturity (YTM)"]);
    expect(search(".*").total).toBe(0);
    expect(names("bid-ask")).toEqual(["Bid-Ask Spread"]);
  });

  test("handles emoji, right-to-left text and lone surrogates without matching by accident", () => {
    for (const query of ["📈", "سند الشركات", "אג״ח", "\uD83D", "e\u0301"]) {
      const result = search(query);
      expect(result.searching).toBe(true);
      expect(result.total).toBe(0);
    }
    const tiny = createGlossarySearch([entry("سند", "A", "📈 rises")]);
    expect(tiny("📈").total).toBe(1);
    expect(tiny("سند").total).toBe(1);
  });

  // How quickly it answers is measured in tests/bench/glossary-search.bench.ts.
  test("answers a 10,000-character query without matches", () => {
    const result = search("durattion ".repeat(1000));
    expect(result.total).toBe(0);
    expect(result.suggestions.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
  });

  test("normalises the query so a decomposed accent matches a composed one", () => {
    const tiny = createGlossarySearch([entry("Café", "A", "x")]);
    expect(tiny("cafe\u0301").total).toBe(1);
  });
});

describe("normalizeQuery", () => {
  test("trims surrounding white space and keeps inner spaces", () => {
    expect(normalizeQuery("  bid ask \n")).toBe("bid ask");
  });
});

describe("countLabel", () => {
  test("returns the singular for one and the plural otherwise", () => {
    expect(countLabel(1)).toBe("1 term");
    expect(countLabel(0)).toBe("0 terms");
    expect(countLabel(5)).toBe("5 terms");
  });
});

describe("resultSummary", () => {
  test("describes the whole glossary, a search and an empty search", () => {
    const categories = new Set(glossary.map((e) => e.category)).size;
    expect(resultSummary(siteSearch(""))).toBe(
      `${countLabel(glossary.length)} in ${categories} ${categories === 1 ? "category" : "categories"}`,
    );
    expect(resultSummary(search("debenture"))).toBe("1 term found in 1 category");
    expect(resultSummary(search("durattion"))).toBe("No terms found");
  });
});

describe("splitHighlights", () => {
  test("returns plain and marked segments that rebuild the text", () => {
    const segments = splitHighlights("Bond Ladder bond", [
      [0, 4],
      [12, 16],
    ]);
    expect(segments).toEqual([
      { text: "Bond", mark: true },
      { text: " Ladder ", mark: false },
      { text: "bond", mark: true },
    ]);
    expect(segments.map((s) => s.text).join("")).toBe("Bond Ladder bond");
  });

  test("returns the whole text unmarked without ranges", () => {
    expect(splitHighlights("Duration", [])).toEqual([{ text: "Duration", mark: false }]);
    expect(splitHighlights("", [])).toEqual([]);
  });
});
