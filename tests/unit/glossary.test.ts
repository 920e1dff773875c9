import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseContent } from "../../src/build/content-errors";
import { uniqueList } from "../../src/build/json-loader";
import { linkRelated } from "../../src/lib/glossary";
import type { GlossaryEntry } from "../../src/lib/glossary-search";
import { slugify } from "../../src/lib/slug";
import { glossaryTermSchema } from "../../src/schemas";

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

  test("accepts content/glossary.json, giving every term its own non-empty anchor", () => {
    const list = parseContent(
      uniqueList(glossaryTermSchema, "term", slugify),
      JSON.parse(readFileSync("content/glossary.json", "utf-8")),
      "content/glossary.json",
      "term",
    );
    const ids = list.map((t) => slugify(t.term));
    expect(ids.every((id) => id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("resolves every related term of the real glossary to another term, in the file's order", () => {
    const terms: (GlossaryEntry & { related?: string[] })[] = JSON.parse(
      readFileSync("content/glossary.json", "utf-8"),
    ).map((t: Omit<GlossaryEntry, "id">) => ({ ...t, id: slugify(t.term) }));
    const items = linkRelated(terms);
    expect(items.map((i) => i.id)).toEqual(terms.map((t) => t.id));
    // Each term's links are the names the file lists for it, each pointing at the anchor of that term.
    const ids = new Set(items.map((i) => i.id));
    items.forEach((item, index) => {
      expect(item.related.map((r) => r.term)).toEqual(terms[index]!.related ?? []);
      for (const link of item.related) {
        expect(ids, `${item.term} → ${link.term}`).toContain(link.id);
        expect(link.id).toBe(slugify(link.term));
        expect(link.id).not.toBe(item.id);
      }
    });
  });
});
