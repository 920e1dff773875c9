/** Finding glossary terms in prose (src/lib/glossary-terms.ts) and the build step's markup (src/build/glossary-terms.ts). */
import { describe, expect, test } from "vitest";
import { termNodes } from "../../src/build/glossary-terms";
import { termMatcher, termPhrases } from "../../src/lib/glossary-terms";

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
function link(text: string): [string, string][] {
  const seen = new Set<string>();
  const found: [string, string][] = [];
  for (let hit = matcher.next(text, 0, seen); hit; hit = matcher.next(text, hit.index + hit.length, seen)) {
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
