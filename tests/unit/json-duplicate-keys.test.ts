/**
 * A key written twice in one object of a content file: JSON.parse keeps the last without a word, so the build fails
 * instead, naming the file, the key (where it sits) and the lines of both.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { duplicateKeys, parseJsonText } from "../../src/build/content-errors";
import { adsSchema } from "../../src/schemas";
import { thrown } from "../helpers/content-problem";

describe("duplicateKeys", () => {
  test("finds a key written twice at the top, in a nested object and in a list's entry, with both lines", () => {
    const text = [
      "{",
      '  "a": 1,',
      '  "banner": { "heading": "x", "text": "y",',
      '    "heading": "z" },',
      '  "list": [{ "term": "Bond" }, { "term": "Coupon",',
      '    "term": "Yield" }],',
      '  "a": 2',
      "}",
    ].join("\n");
    expect(duplicateKeys(text)).toEqual([
      { path: ["banner", "heading"], firstLine: 3, line: 4 },
      { path: ["list", 1, "term"], firstLine: 5, line: 6 },
      { path: ["a"], firstLine: 2, line: 7 },
    ]);
  });

  test("does not count the same key in two objects, a value equal to a key, or braces and commas inside strings", () => {
    const text = JSON.stringify(
      { a: { x: 1 }, b: { x: 1 }, c: ["a", "b"], d: 'say "a", then {x: 1}, [a]', e: [{ x: 1 }, { x: 2 }] },
      null,
      2,
    );
    expect(duplicateKeys(text)).toEqual([]);
    expect(duplicateKeys('{ "k": "v", "k2": "\\"k\\", " }')).toEqual([]);
  });

  test("compares keys as JSON reads them, escapes and all", () => {
    expect(duplicateKeys('{ "ab": 1, "a\\u0062": 2 }')).toEqual([{ path: ["ab"], firstLine: 1, line: 1 }]);
  });
});

describe("parseJsonText", () => {
  test("fails on home.json with featuredHeading twice, naming the file, the field and both lines", () => {
    const home = readFileSync("content/home.json", "utf-8");
    const line = home.split("\n").findIndex((text) => text.includes('"featuredHeading"')) + 1;
    const twice = home.replace('"featuredHeading"', '"featuredHeading": "Featured",\n  "featuredHeading"');
    expect(thrown(() => parseJsonText(twice, "content/home.json"))).toBe(
      "Invalid content in content/home.json:\n" +
        `  - field "featuredHeading": written twice, on lines ${line} and ${line + 1} ` +
        "(only the last one would be used; keep the one you mean and delete the other)",
    );
  });

  test("names a list's entry by its label and a record's key as the schema errors do", () => {
    const glossary = '[\n  { "term": "Bond",\n    "definition": "A loan.",\n    "definition": "A debt." }\n]';
    expect(thrown(() => parseJsonText(glossary, "content/glossary.json", { labelKey: "term" }))).toContain(
      '  - entry 1 ("Bond") → field "definition": written twice, on lines 3 and 4',
    );
    const ads = readFileSync("content/ads.json", "utf-8").replace('"placements": {', '"placements": {\n "/": [],');
    expect(thrown(() => parseJsonText(ads, "content/ads.json", { schema: adsSchema }))).toMatch(
      /^Invalid content in content\/ads\.json:\n {2}- field "placements" → "\/": written twice, on lines \d+ and \d+/,
    );
  });

  test("reads every shipped content file, none of which has a key twice", () => {
    for (const name of ["ads", "books", "glossary", "home", "market", "navigation", "site", "resources"]) {
      const file = `content/${name}.json`;
      expect(parseJsonText(readFileSync(file, "utf-8"), file)).toEqual(JSON.parse(readFileSync(file, "utf-8")));
      expect(duplicateKeys(readFileSync(file, "utf-8")), file).toEqual([]);
    }
  });
});
