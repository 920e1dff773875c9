/** Finding glossary terms in prose (src/lib/glossary-term-matcher.ts) and the build step's markup (src/build/glossary-terms.ts). */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { glossaryTermsPlugin, termNodes } from "../../src/build/glossary-terms";
import { termMatcher, termPhrases, type TermMatcher } from "../../src/lib/glossary-term-matcher";

describe("termPhrases", () => {
  test("a bracketed part is another name for the term", () => {
    expect(termPhrases("Duration")).toEqual(["Duration"]);
    expect(termPhrases("Face Value (Par Value)")).toEqual(["Face Value", "Par Value"]);
    expect(termPhrases("Yield to Maturity (YTM)")).toEqual(["Yield to Maturity", "YTM"]);
    expect(termPhrases("High Yield (Junk) Bond")).toEqual(["High Yield Bond", "Junk Bond"]);
  });
});

const TERMS = [
  "Bond",
  "Corporate Bond",
  "Maturity",
  "Yield to Maturity (YTM)",
  "Bid-Ask Spread",
  "Credit Rating",
  "Yield Curve",
  "Investment Grade",
];
const matcher = termMatcher(TERMS.map((term) => ({ term, value: term })));

/** Every linked term and the words it was found as, in order, linking each term once. */
function link(text: string, by: TermMatcher<string> = matcher): [string, string][] {
  const seen = new Set<string>();
  const found: [string, string][] = [];
  for (let hit = by.next(text, 0, seen); hit; hit = by.next(text, hit.index + hit.length, seen)) {
    seen.add(hit.term);
    found.push([hit.term, text.slice(hit.index, hit.index + hit.length)]);
  }
  return found;
}

describe("termMatcher", () => {
  test("finds the longest term where several start, in any case, with plurals", () => {
    expect(link("Corporate bonds differ from other bonds in credit ratings.")).toEqual([
      ["Corporate Bond", "Corporate bonds"],
      ["Bond", "bonds"],
      ["Credit Rating", "credit ratings"],
    ]);
    expect(link("Two maturities.")).toEqual([["Maturity", "maturities"]]);
  });

  test("links each term once, and a linked term's words are not linked as a shorter term", () => {
    expect(link("Its yield to maturity, then the yield to maturity again, then maturity.")).toEqual([
      ["Yield to Maturity (YTM)", "yield to maturity"],
      ["Maturity", "maturity"],
    ]);
  });

  test("matches whole words only, hyphens and dashes as spaces, and an acronym only in capitals", () => {
    expect(link("Bondholders and the bid–ask spread")).toEqual([["Bid-Ask Spread", "bid–ask spread"]]);
    expect(link("ytm is not YTM")).toEqual([["Yield to Maturity (YTM)", "YTM"]]);
  });

  test("does not take the end of a hyphenated compound for the term: it names something else", () => {
    expect(link("The price–yield curve bends, as does the price-yield curve.")).toEqual([]);
    expect(link("The price–yield curve is not the yield curve.")).toEqual([["Yield Curve", "yield curve"]]);
    expect(link("A non-investment-grade issuer")).toEqual([]);
    expect(link("An investment-grade issuer")).toEqual([["Investment Grade", "investment-grade"]]);
  });
});

/**
 * The rules read the plainest way, as a reference: one expression per phrase, each run over the rest of the
 * text, the earliest match winning and the longest where several start together. The text's claims (each match,
 * then the next after it) are listed once; a term is linked at its first claim after the point reached.
 */
function plainMatcher(terms: readonly string[]): TermMatcher<string> {
  const separator = "[\\s\\u2010-\\u2014-]+";
  const patterns = terms.flatMap((term) =>
    termPhrases(term).map((phrase) => {
      const words = phrase.split(/[\s\u2010-\u2014-]+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      const last = words.pop()!;
      const plural = /y$/i.test(last) ? `(?:${last}|${last.slice(0, -1)}ies)` : `${last}s?`;
      const body = [...words, plural].join(separator);
      const source = `(?<![\\p{L}\\p{N}]|[\\p{L}\\p{N}][\\u2010-\\u2014-])${body}(?![\\p{L}\\p{N}])`;
      return { term, regex: new RegExp(source, /^[A-Z]{2,}$/.test(phrase) ? "gu" : "giu") };
    }),
  );
  const claims = (text: string) => {
    const list: { index: number; length: number; term: string }[] = [];
    for (let from = 0; ;) {
      const found = patterns
        .map(({ term, regex }) => {
          regex.lastIndex = from;
          const match = regex.exec(text);
          return match ? { index: match.index, length: match[0].length, term } : undefined;
        })
        .filter((match) => match !== undefined)
        .sort((a, b) => a.index - b.index || b.length - a.length)[0];
      if (!found) return list;
      list.push(found);
      from = found.index + found.length;
    }
  };
  return {
    next: (text, from, seen) => claims(text).find((claim) => claim.index >= from && !seen.has(claim.term)),
  };
}

test("termMatcher finds what one expression per phrase over the whole text finds, on any text", () => {
  const terms = [...TERMS, "10-Year Treasury", "Treasury", "Moody's Rating", "S&P Rating", "Bond Ladder", "Call"];
  const fast = termMatcher(terms.map((term) => ({ term, value: term })));
  const plain = plainMatcher(terms);
  const words = [
    ...["bond", "Bonds", "BOND", "bondholder", "corporate", "maturity", "Maturities", "yield", "to", "YTM", "ytm"],
    ...["bid", "ask", "spread", "spreads", "credit", "ratings", "rating", "curve", "price", "investment", "grade"],
    ...["non", "10", "year", "Treasuries", "treasury", "Moody's", "Moody’s", "S&P", "S", "P", "ladder", "calls"],
    ...["called", "the", "a", "é", "1"],
  ];
  const separators = [" ", " ", " ", "-", "–", "—", ", ", ". ", "'", "&", "(", ")", ""];
  const text = fc
    .array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...separators)), { maxLength: 40 })
    .map((parts) => parts.map(([word, separator]) => word + separator).join(""));
  fc.assert(
    fc.property(text, (prose) => {
      expect(link(prose, fast)).toEqual(link(prose, plain));
    }),
    { numRuns: 2000 },
  );
});

test("termNodes: a link to the glossary entry, a button and the popover they share", () => {
  const [entry, tip] = termNodes(
    { term: "Duration", id: "duration", definition: "How sensitive a price is." },
    "duration",
  );
  expect(entry).toMatchObject({
    tagName: "span",
    children: [
      { tagName: "a", properties: { href: "/resources#duration", interestfor: "glossary-tip-duration" } },
      { tagName: "button", properties: { type: "button", popovertarget: "glossary-tip-duration" } },
    ],
  });
  expect(tip).toMatchObject({ tagName: "span", properties: { id: "glossary-tip-duration", popover: "auto" } });
});

test("the build step keeps a possessive with its term, before the button", () => {
  const glossary = new URL("../../content/glossary.json", import.meta.url);
  const plugin = glossaryTermsPlugin({ glossary, include: ["content/learn/"] });
  /** The text as one new document's paragraph, each linked term as "[its words?]". */
  const linked = (value: string) => {
    const visitor = plugin({ fileURL: new URL("file:///site/content/learn/risks.mdx") })!;
    let replaced: unknown[] = [];
    const paragraph = { type: "element", tagName: "p", properties: {}, children: [] };
    visitor.text(
      { type: "text", value },
      {
        parent: (node) => (node === paragraph ? undefined : paragraph),
        replaceNode: (_node, nodes) => (replaced = nodes),
        textContent: () => "",
      },
    );
    return replaced.map((node) => {
      const { tagName, value: words, children } = node as { tagName?: string; value?: string; children?: any[] };
      return tagName === "span" && children?.[0]?.tagName === "a"
        ? `[${children[0].children[0].value}?]`
        : (words ?? "");
    });
  };
  expect(linked("If the issuer’s finances weaken").join("")).toBe("If the [issuer’s?] finances weaken");
  expect(linked("the issuer's finances").join("")).toBe("the [issuer's?] finances");
  expect(linked("an issuer’sworth of").join("")).toBe("an [issuer?]’sworth of");
  expect(linked("an issuer. Then").join("")).toBe("an [issuer?]. Then");
});
