/**
 * The two content files read before the content loader runs (content/site.json's url for Astro's config, and the
 * glossary for the step that links its terms in the lessons): a slip in either names the file and the field, as the
 * loader's messages do, rather than "your Astro config" or a script error.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { parseJsonText } from "../../src/build/content-errors";
import { readGlossary } from "../../src/build/glossary-terms";
import { readSiteUrl } from "../../src/build/site-url";
import { thrown } from "../helpers/content-problem";

const folder = mkdtempSync(join(tmpdir(), "early-content-"));
const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return pathToFileURL(path);
};
const term = { term: "Bond", category: "Basic Terms", definition: "A loan to an issuer." };

describe("content/site.json's url", () => {
  test("is read when the file is good", () => {
    expect(readSiteUrl(file("good.json", JSON.stringify({ url: "https://bonds.example.com", name: "x" })))).toBe(
      "https://bonds.example.com",
    );
  });

  test("without its https:// names the file and the field", () => {
    expect(thrown(() => readSiteUrl(file("bare.json", '{ "url": "bonds.example.com" }')))).toBe(
      'Invalid content in content/site.json:\n  - field "url": must be an absolute http:// or https:// URL',
    );
  });

  test("in a file that is not JSON names the file, the line and the column", () => {
    expect(thrown(() => readSiteUrl(file("comma.json", '{ "url": "https://bonds.example.com", }')))).toMatch(
      /^Invalid content in content\/site\.json:\n {2}- not valid JSON: .*line 1 column 39/,
    );
  });
});

describe("the glossary as the term linker reads it", () => {
  test("an entry without its term names the file, the entry and the field", () => {
    const { term: _dropped, ...untermed } = term;
    const message = thrown(() => readGlossary(file("glossary.json", JSON.stringify([term, untermed]))));
    expect(message).toContain("glossary.json:");
    expect(message).toContain('entry 2 → field "term": is required (expected string)');
  });

  test("a trailing comma names the file, the line and the column", () => {
    const message = thrown(() => readGlossary(file("trailing.json", '[{ "term": "Bond",\n}]')));
    expect(message).toMatch(/trailing\.json:\n {2}- not valid JSON: .*line 2 column 1/);
  });

  test("a misspelt field is named, not dropped", () => {
    const message = thrown(() => readGlossary(file("typo.json", JSON.stringify([{ ...term, relatd: ["Bond"] }]))));
    expect(message).toContain('entry 1 ("Bond"): unknown field "relatd"');
  });
});

test("a JSON file saved with a byte-order mark reads as the same JSON", () => {
  expect(parseJsonText('\uFEFF{ "a": 1 }', "content/x.json")).toEqual({ a: 1 });
});
