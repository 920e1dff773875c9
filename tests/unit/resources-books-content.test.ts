import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseContent } from "../../src/build/content-errors";
import { uniqueList } from "../../src/build/json-loader";
import { bookSchema, booksPageSchema, resourcesSchema } from "../../src/schemas";
import { slugify } from "../../src/lib/slug";

const read = (file: string) => JSON.parse(readFileSync(file, "utf-8"));
const message = (run: () => unknown) => {
  try {
    run();
    return "";
  } catch (error) {
    return (error as Error).message;
  }
};

describe("resourcesSchema", () => {
  test("accepts content/resources.json", () => {
    const resources = parseContent(resourcesSchema, read("content/resources.json"), "content/resources.json");
    expect(resources.glossary.search.placeholder).toBe("Search terms...");
    expect(resources.sidebar.map((section) => section.heading)).toEqual(["Recommended Reading", "Market Resources"]);
  });

  test("names the file and the field of a sidebar link that is not http(s)", () => {
    const resources = read("content/resources.json");
    resources.sidebar[1].links[0].url = "javascript:alert(1)";
    const text = message(() => parseContent(resourcesSchema, resources, "content/resources.json"));
    expect(text).toContain("content/resources.json");
    expect(text).toContain('field "sidebar.1.links.0.url": must be an absolute http:// or https:// URL');
  });

  test("refuses a card link that is neither a site path nor an http(s) URL", () => {
    const resources = read("content/resources.json");
    resources.education.cards[0].href = "about";
    expect(message(() => parseContent(resourcesSchema, resources, "content/resources.json"))).toContain(
      'field "education.cards.0.href"',
    );
  });
});

describe("booksPageSchema", () => {
  test("accepts content/books-page.json", () => {
    const page = parseContent(booksPageSchema, read("content/books-page.json"), "content/books-page.json");
    expect(page.banner.heading).toBe("Transform Your Life with Ancient Wisdom");
    expect(page.shelf.viewOneLabel).toContain("{retailer}");
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

  test("holds 40 books with self-hosted sample covers", () => {
    const list = parseContent(books, read("content/books.json"), "content/books.json", "title");
    expect(list).toHaveLength(40);
    expect(list.every((book) => book.cover.startsWith("/covers/"))).toBe(true);
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
