/**
 * The JSON list files (glossary.json, books.json, featured.json) and the lessons' folder: an entry whose id would
 * be empty, and a file or folder with nothing in it, fail the build naming the file (and the entry and the field),
 * instead of Astro's bare "ID must be a non-empty string" or a page with nothing on it.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { readGlossary } from "../../src/build/glossary-terms";
import { uniqueList } from "../../src/build/json-loader";
import { checkLessonFiles } from "../../src/build/lesson-files";
import { slugify } from "../../src/lib/slug";
import { booksSchema, featuredSchema, glossarySchema } from "../../src/schemas";
import { contentProblem } from "../helpers/content-problem";

const glossary = uniqueList(glossarySchema, "term", slugify);
const books = uniqueList(booksSchema, "title", slugify);
const featured = uniqueList(featuredSchema, "title", slugify);

const term = (name: string) => ({ term: name, category: "Basic Terms", definition: `About ${name}.` });
const book = (title: string) => ({ title, url: "https://example.com/book", cover: "/covers/sample-01.svg" });

describe("an entry whose name has no letter or digit to make its id of", () => {
  test("a glossary term names the file, the entry and the field, and says the term's address needs one", () => {
    const terms = [term("Bond"), term("Coupon"), term("Yield"), term("Par"), term("???"), term("%"), term("債券")];
    const message = contentProblem(glossary, terms, "content/glossary.json", "term");
    expect(message).toMatch(/^Invalid content in content\/glossary\.json:\n/);
    for (const [index, name] of [
      [5, "???"],
      [6, "%"],
      [7, "債券"],
    ]) {
      expect(message).toContain(
        `entry ${index} ("${name}") → field "term": needs at least one letter a–z or digit 0–9, which make the ` +
          "term's address on /resources (#…)",
      );
    }
    // Accents are dropped from the address, so an accented term has one.
    expect(contentProblem(glossary, [term("Émission")], "content/glossary.json", "term")).toBe("");
  });

  test("a book's title names the entry and the field, once", () => {
    const message = contentProblem(books, [book("Bonds"), book("!!!")], "content/books.json", "title");
    expect(message).toBe(
      "Invalid content in content/books.json:\n" +
        '  - entry 2 ("!!!") → field "title": needs at least one letter a–z or digit 0–9, which make the entry\'s id',
    );
  });

  test("the term linker, which reads the glossary before the loader, says the same", () => {
    const path = join(mkdtempSync(join(tmpdir(), "list-files-")), "glossary.json");
    writeFileSync(path, JSON.stringify([term("Bond"), term("???")]));
    expect(() => readGlossary(pathToFileURL(path))).toThrow(/entry 2 \("\?\?\?"\) → field "term": needs at least one/);
  });
});

describe("a list file with nothing in it", () => {
  test("fails, naming the file and the page it would leave empty", () => {
    expect(contentProblem(glossary, [], "content/glossary.json", "term")).toBe(
      "Invalid content in content/glossary.json:\n" +
        "  - file: lists no terms (/resources would show an empty glossary, and the lessons would link no term to one)",
    );
    expect(contentProblem(books, [], "content/books.json", "title")).toContain(
      "file: lists no books (the shelf on /books would be empty)",
    );
    expect(contentProblem(featured, [], "content/featured.json", "title")).toContain(
      "file: lists no articles (the home page's featured articles would be a heading with nothing under it)",
    );
  });

  test("a lessons' folder with no lesson fails, naming the folder", () => {
    const folder = mkdtempSync(join(tmpdir(), "lessons-"));
    writeFileSync(join(folder, ".DS_Store"), "");
    expect(() => checkLessonFiles(folder)).toThrow(
      "Invalid content in content/learn:\n  - holds no lesson: /learn would list none",
    );
  });
});
