import { existsSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseContent } from "../../src/build/content-errors";
import { uniqueList } from "../../src/build/json-loader";
import { bookSchema, booksPageSchema, resourcesSchema } from "../../src/schemas";
import { slugify } from "../../src/lib/slug";

const read = (file: string) => JSON.parse(readFileSync(file, "utf-8"));
/** The value with every string trimmed, as the schemas' text fields give it back. */
const trimmed = (value: unknown): unknown =>
  typeof value === "string"
    ? value.trim()
    : Array.isArray(value)
      ? value.map(trimmed)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trimmed(item)]))
        : value;
const message = (run: () => unknown) => {
  try {
    run();
    return "";
  } catch (error) {
    return (error as Error).message;
  }
};

describe("resourcesSchema", () => {
  test("accepts content/resources.json and keeps every field it gives", () => {
    const raw = read("content/resources.json");
    const resources = parseContent(resourcesSchema, raw, "content/resources.json");
    // The schema drops keys it does not know without a word: a misspelt optional field (a link's "source") would vanish.
    expect(resources).toMatchObject(trimmed(raw) as object);
  });

  test("gives every sidebar section of content/resources.json its own anchor", () => {
    const resources = parseContent(resourcesSchema, read("content/resources.json"), "content/resources.json");
    // ResourceLinks makes each section's id from its heading; two headings with one slug would repeat an id on the page.
    const slugs = resources.sidebar.map((section) => slugify(section.heading));
    expect(slugs.every((slug) => slug.length > 0)).toBe(true);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  test("names the file and the field of a sidebar link that is not http(s)", () => {
    const resources = read("content/resources.json");
    const last = resources.sidebar.length - 1;
    resources.sidebar[last].links[0].url = "javascript:alert(1)";
    const text = message(() => parseContent(resourcesSchema, resources, "content/resources.json"));
    expect(text).toContain("content/resources.json");
    expect(text).toContain(
      `field "sidebar" → item ${last + 1} → field "links" → item 1 → field "url": must be an absolute http:// or https:// URL`,
    );
  });

  test("refuses a card link that is neither a site path nor an http(s) URL", () => {
    const resources = read("content/resources.json");
    resources.education.cards[0].href = "about";
    expect(message(() => parseContent(resourcesSchema, resources, "content/resources.json"))).toContain(
      'field "education.cards" → item 1 → field "href"',
    );
  });
});

describe("booksPageSchema", () => {
  test("accepts content/books-page.json and keeps every field it gives", () => {
    const raw = read("content/books-page.json");
    const page = parseContent(booksPageSchema, raw, "content/books-page.json");
    expect(page).toMatchObject(trimmed(raw) as object);
  });

  test("uses only the placeholders the books page fills in", () => {
    // /books replaces {retailer} and {institution} with the names in content/site.json; any other shows as typed.
    const page = parseContent(booksPageSchema, read("content/books-page.json"), "content/books-page.json");
    const texts = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : value && typeof value === "object"
          ? Object.values(value).flatMap(texts)
          : [];
    for (const text of texts(page)) {
      for (const [placeholder] of text.matchAll(/\{[^{}]*\}/g))
        expect(["{retailer}", "{institution}"]).toContain(placeholder);
    }
  });

  test("refuses an empty banner heading", () => {
    const page = read("content/books-page.json");
    page.banner.heading = " ";
    expect(message(() => parseContent(booksPageSchema, page, "content/books-page.json"))).toContain(
      'field "banner.heading": must not be empty',
    );
  });
});

describe("books catalogue", () => {
  const books = uniqueList(bookSchema, "title", slugify);

  test("accepts content/books.json with a card for every entry and a cover file for every local cover", () => {
    const raw = read("content/books.json");
    const list = parseContent(books, raw, "content/books.json", "title");
    expect(list).toHaveLength(raw.length);
    // The shelf keeps one card per slug of the title: an empty or repeated slug would lose a card.
    const ids = list.map((book) => slugify(book.title));
    expect(ids.every((id) => id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(list.length);
    // A cover is a path under public/ or an absolute http(s) URL; a path must name a file that is there.
    for (const { title, cover } of list.filter((book) => book.cover.startsWith("/"))) {
      expect(existsSync(`public${decodeURIComponent(cover.split(/[?#]/)[0]!)}`), `${title}: ${cover}`).toBe(true);
    }
  });

  test("names the entry of a book without a title or with a non-http(s) URL", () => {
    const list = read("content/books.json");
    delete list[4].title;
    list[6].url = "ftp://books.example.com/7";
    const text = message(() => parseContent(books, list, "content/books.json", "title"));
    expect(text).toContain("content/books.json");
    expect(text).toContain('entry 5 → field "title"');
    expect(text).toMatch(/entry 7 \("[^"]+"\) → field "url": must be an absolute http/);
  });
});
