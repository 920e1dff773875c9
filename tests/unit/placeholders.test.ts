/**
 * The texts a page fills words into (`{n}`, `{retailer}`, `{email}`): a misspelt or missing placeholder fails the
 * build, naming the file, the field and the placeholders the text takes; a placeholder anywhere else would be shown
 * as written, so it fails too.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ContentFileError, parseContent } from "../../src/build/content-errors";
import {
  booksPageSchema,
  contactPageSchema,
  learnLabelsSchema,
  lessonSchema,
  siteSchema,
  withPlaceholders,
} from "../../src/schemas";
import { lessonNumber } from "../../src/lib/teaching";

const read = (file: string) => JSON.parse(readFileSync(file, "utf-8"));

/** The problems parseContent reports for `data` as `file`, one a line, or "" when it parses. */
function problems(schema: Parameters<typeof parseContent>[0], data: unknown, file: string): string {
  try {
    parseContent(schema, data, file);
    return "";
  } catch (error) {
    expect(error).toBeInstanceOf(ContentFileError);
    return (error as Error).message;
  }
}

describe("content/learn.json → lessonNumber", () => {
  const labels = read("content/learn.json");
  const lessonNumberIs = (lessonNumber: string) =>
    problems(learnLabelsSchema, { ...labels, lessonNumber }, "content/learn.json");

  test("refuses a misspelt placeholder, which /learn would show as written, naming the ones it takes", () => {
    expect(lessonNumberIs(labels.lessonNumber)).toBe("");
    expect(lessonNumberIs("Lesson {n}")).toBe("");
    expect(lessonNumberIs("Lesson {n} of {totl}")).toBe(
      "Invalid content in content/learn.json:\n" +
        '  - field "lessonNumber": unknown placeholder {totl}: write {n} for the lesson\'s number and {total} for ' +
        "the number of lessons",
    );
    // Proof the slip reached the page: the label fills in {n} and {total} and leaves anything else as written.
    expect(lessonNumber("Lesson {n} of {totl}", 1, 5)).toBe("Lesson 1 of {totl}");
    expect(lessonNumberIs("Lesson {N} of {total}")).toContain("unknown placeholder {N}");
    expect(lessonNumberIs("Lesson { n } of {total}")).toContain("unknown placeholder { n }");
  });

  test("refuses a label without {n}, which would give every lesson the same words", () => {
    expect(lessonNumberIs("Lesson of {total}")).toContain(
      'field "lessonNumber": must contain {n}, which becomes the lesson\'s number',
    );
  });

  test("refuses a placeholder with a brace left off, once, without also calling {n} missing", () => {
    const message = lessonNumberIs("Lesson {n of {total}");
    expect(message).toContain('field "lessonNumber": has a { or } that is not part of a placeholder: write {n}');
    expect(message).not.toContain("must contain {n}");
  });
});

describe("content/books-page.json", () => {
  const page = read("content/books-page.json");

  test("refuses a misspelt placeholder in a label, naming both placeholders and what they become", () => {
    const filled = structuredClone(page);
    filled.banner.paragraphs = ["Study at {institution}.", "Also on {retailer}."];
    filled.shelf.viewAllLabel = "Every book";
    expect(problems(booksPageSchema, filled, "content/books-page.json")).toBe("");
    const broken = structuredClone(page);
    broken.shelf.viewOneLabel = "View on {retaler}";
    expect(problems(booksPageSchema, broken, "content/books-page.json")).toBe(
      "Invalid content in content/books-page.json:\n" +
        '  - field "shelf.viewOneLabel": unknown placeholder {retaler}: write {retailer} for the retailer\'s name ' +
        "(content/site.json → retailer) and {institution} for the partner institution's name " +
        "(content/site.json → institution)",
    );
    broken.shelf.viewOneLabel = "View on {retailer}";
    broken.banner.paragraphs = [page.banner.paragraphs[0], "Apply to {Institution}."];
    expect(problems(booksPageSchema, broken, "content/books-page.json")).toContain(
      'field "banner.paragraphs" → item 2: unknown placeholder {Institution}',
    );
  });

  test("refuses a placeholder in a text /books shows as written", () => {
    const broken = structuredClone(page);
    broken.banner.heading = "Study at the {institution}";
    expect(problems(booksPageSchema, broken, "content/books-page.json")).toContain(
      'field "banner.heading": {institution} would be shown as written: nothing is filled in here ' +
        "(this text takes no placeholders)",
    );
  });
});

describe("content/contact-page.json → formFallback", () => {
  const page = read("content/contact-page.json");

  test("refuses a misspelt {email}, naming the file and the placeholder it takes", () => {
    const message = problems(contactPageSchema, { ...page, formFallback: "Email us at {e-mail}." }, "contact.json");
    expect(message).toContain('field "formFallback": unknown placeholder {e-mail}: write {email} for the contact');
    expect(message).toContain('field "formFallback": must contain {email}');
  });
});

describe("texts that take no placeholders", () => {
  test("refuse a word in braces, in JSON files and front matter alike", () => {
    const site = read("content/site.json");
    expect(problems(siteSchema, { ...site, tagline: "Read by {count} investors" }, "content/site.json")).toContain(
      'field "tagline": {count} would be shown as written',
    );
    const lesson = {
      title: "Taxes on {year} income",
      description: "A description long enough for the check of a meta description, at fifty or more.",
      dek: "The dek.",
      order: 1,
      lastReviewed: "2025-01-02",
      takeaways: ["One.", "Two.", "Three."],
      quiz: [1, 2, 3].map((n) => ({ question: `Question ${n}?`, answer: `Answer ${n}.` })),
      sources: [{ title: "IRS", publisher: "IRS", url: "https://www.irs.gov/" }],
    };
    expect(problems(lessonSchema, lesson, "content/learn/taxes.mdx")).toContain(
      'field "title": {year} would be shown as written',
    );
    // Braces around what is not a word, such as a set of numbers, are text like any other.
    expect(problems(siteSchema, { ...site, tagline: "Pick one of {1, 2, 3}" }, "content/site.json")).toBe("");
  });
});

test("withPlaceholders lists three or more placeholders with commas, and counts a placeholder written twice", () => {
  const schema = withPlaceholders({ a: "A", b: "B", c: "C" }, { once: ["a"] });
  const issues = schema.safeParse("{a} {a} {d}").error?.issues.map((issue) => issue.message);
  expect(issues).toEqual([
    "unknown placeholder {d}: write {a} for A, {b} for B and {c} for C",
    "has {a} 2 times: write it once",
  ]);
});
