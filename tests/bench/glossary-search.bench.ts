/**
 * One keystroke of the glossary search over a generated 5,000-term glossary
 * (about 200 times the real one). A frame at 60 Hz lasts 16.7 ms; a keystroke
 * must take well under that, so each case also asserts a mean below half a
 * frame (generous, because the machine running it may be busy). Run with
 * `npm run bench:search`.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { createGlossarySearch, type GlossaryEntry } from "../../src/lib/glossary-search";
import { slugify } from "../../src/lib/slug";
import { glossaryCategories } from "../../src/schemas";

/** Half a 60 Hz frame, in milliseconds. */
const BUDGET_MS = 1000 / 60 / 2;

const words = (
  "bond yield coupon maturity issuer credit spread duration rating default callable putable secured market " +
  "ladder price rate risk investor principal interest premium discount liquidity dealer curve treasury sector fund"
).split(" ");
const categories = ["Basic Terms", "Bond Characteristics", "Credit Analysis", "Market Mechanics"];

/** A small deterministic generator, so every run searches the same glossary. */
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

/** Terms of two or three words and definitions of about 40 words (~300 characters), like the real ones. */
function generate(count: number): GlossaryEntry[] {
  const next = random(42);
  const pick = () => words[Math.floor(next() * words.length)]!;
  return Array.from({ length: count }, (_, i) => ({
    id: `term-${i}`,
    term: `${pick()} ${pick()} ${i}`,
    category: categories[i % categories.length]!,
    definition: `${Array.from({ length: 40 }, pick).join(" ")}.`,
  }));
}

const glossary = generate(5000);
const search = createGlossarySearch(glossary, categories);
search("warm the fuzzy index");

const cases: [name: string, query: string][] = [
  ['common text ("dur": thousands of matches, every range)', "dur"],
  ['rare text ("ladder 4999")', "ladder 4999"],
  ['no match, with "Did you mean" suggestions ("durattion")', "durattion"],
  ["empty text (restore every term)", ""],
];

for (const [name, query] of cases) {
  test(`one keystroke over 5,000 terms: ${name}`, async ({ bench }) => {
    let total = 0;
    const result = await bench(name, () => {
      total += search(query).total;
    }).run({ time: 1000 });
    expect(total).toBeGreaterThanOrEqual(0);
    expect(result.latency.mean).toBeLessThan(BUDGET_MS);
  });
}

test("a pasted 10,000-character query over the real glossary answers within a quarter second", async ({ bench }) => {
  const real: GlossaryEntry[] = JSON.parse(readFileSync("content/glossary.json", "utf-8")).map(
    (item: Omit<GlossaryEntry, "id">) => ({ ...item, id: slugify(item.term) }),
  );
  const searchReal = createGlossarySearch(real, glossaryCategories);
  const long = "durattion ".repeat(1000);
  const result = await bench("10,000 characters, no match", () => void searchReal(long)).run({ time: 1000 });
  expect(result.latency.mean).toBeLessThan(250);
});
