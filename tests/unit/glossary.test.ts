import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { glossaryJsonLd, linkRelated } from "../../src/lib/glossary";
import { slugify } from "../../src/lib/slug";

const entry = (term: string, related?: string[]) => ({
  id: slugify(term),
  term,
  category: "Basic Terms",
  definition: `About ${term}.`,
  ...(related ? { related } : {}),
});

describe("linkRelated", () => {
  test("turns related names into in-page links and defaults to none", () => {
    const [duration, maturity] = linkRelated([entry("Duration", ["Maturity"]), entry("Maturity")]);
    expect(duration!.related).toEqual([{ id: "maturity", term: "Maturity" }]);
    expect(maturity!.related).toEqual([]);
  });

  test("fails naming the file and both terms when a related term does not exist", () => {
    expect(() => linkRelated([entry("Duration", ["Convexity"])])).toThrow(
      'Invalid content in content/glossary.json: "Duration" lists the related term "Convexity", which is not a term of the glossary.',
    );
  });

  test("fails when a term lists itself", () => {
    expect(() => linkRelated([entry("Duration", ["Duration"])])).toThrow(/which is the term itself/);
  });

  test("resolves every related term of the real glossary", () => {
    const terms = JSON.parse(readFileSync("content/glossary.json", "utf-8")).map((t: any) => ({
      ...t,
      id: slugify(t.term),
    }));
    const items = linkRelated(terms);
    expect(items).toHaveLength(24);
    expect(items.find((i) => i.id === "yield-to-maturity-ytm")?.related.map((r) => r.id)).toEqual([
      "coupon-rate",
      "yield-curve",
    ]);
  });
});

describe("glossaryJsonLd", () => {
  test("describes a DefinedTermSet whose terms point back at their anchors", () => {
    const data = glossaryJsonLd({
      name: "Bond Glossary",
      description: "Terms.",
      url: "https://example.com/resources",
      fragment: "bond-glossary",
      terms: [entry("Duration")],
    });
    expect(data["@type"]).toBe("DefinedTermSet");
    expect(data["@id"]).toBe("https://example.com/resources#bond-glossary");
    expect(data.hasDefinedTerm).toEqual([
      {
        "@type": "DefinedTerm",
        "@id": "https://example.com/resources#duration",
        name: "Duration",
        description: "About Duration.",
        url: "https://example.com/resources#duration",
        inDefinedTermSet: { "@id": "https://example.com/resources#bond-glossary" },
      },
    ]);
  });
});
