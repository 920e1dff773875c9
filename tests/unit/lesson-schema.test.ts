/** The lessons' front matter (content/learn/*.mdx) and the teaching fields the explainers share. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { learnLabelsSchema, lessonSchema, pageSchema } from "../../src/schemas";

const lesson = {
  title: "Reading a Bond Quote",
  description: "What a corporate bond quote means: price as a percentage of par, clean and dirty price.",
  dek: "How to turn a quote into what you would pay.",
  order: 2,
  lastReviewed: new Date("2026-11-23T00:00:00Z"),
  takeaways: ["One.", "Two.", "Three."],
  quiz: [
    { question: "Q1?", answer: "A1." },
    { question: "Q2?", answer: "A2." },
    { question: "Q3?", answer: "A3." },
  ],
  sources: [{ title: "Bonds", publisher: "FINRA", url: "https://www.finra.org/investors" }],
};

function problem(data: unknown, schema: typeof lessonSchema | typeof pageSchema = lessonSchema) {
  const result = schema.safeParse(data);
  if (result.success) return "";
  const [issue] = result.error.issues;
  return `${issue!.path.join(".")}: ${issue!.message}`;
}

describe("lessonSchema", () => {
  test("accepts a lesson, reads a YAML date as YYYY-MM-DD and defaults the kicker", () => {
    const parsed = lessonSchema.parse(lesson);
    expect(parsed.lastReviewed).toBe("2026-11-23");
    expect(parsed.kicker).toBe("Lesson");
    expect(lessonSchema.parse({ ...lesson, lastReviewed: "2026-01-05" }).lastReviewed).toBe("2026-01-05");
  });

  test("refuses a missing review date, a bad date, too few or too many takeaways or questions", () => {
    const { lastReviewed: _dropped, ...undated } = lesson;
    expect(problem(undated)).toMatch(/^lastReviewed: /);
    expect(problem({ ...lesson, lastReviewed: "23/11/2026" })).toBe("lastReviewed: must be a date written YYYY-MM-DD");
    expect(problem({ ...lesson, takeaways: ["One.", "Two."] })).toBe("takeaways: must list 3 to 5 takeaways");
    expect(problem({ ...lesson, takeaways: Array(6).fill("A takeaway.") })).toBe(
      "takeaways: must list 3 to 5 takeaways",
    );
    expect(problem({ ...lesson, quiz: lesson.quiz.slice(0, 2) })).toBe("quiz: must ask 3 to 5 questions");
    expect(problem({ ...lesson, quiz: Array(6).fill(lesson.quiz[0]) })).toBe("quiz: must ask 3 to 5 questions");
    expect(problem({ ...lesson, quiz: [...lesson.quiz.slice(0, 2), { question: "Q3?", answer: " " }] })).toBe(
      "quiz.2.answer: must not be empty",
    );
  });

  test("refuses a source that is not a web address, and a lesson without sources or order", () => {
    const bad = { ...lesson, sources: [{ title: "T", publisher: "P", url: "javascript:alert(1)" }] };
    expect(problem(bad)).toBe("sources.0.url: must be an absolute http:// or https:// URL");
    expect(problem({ ...lesson, sources: [] })).toBe("sources: must list at least 1 source");
    expect(problem({ ...lesson, order: 0 })).toMatch(/^order: /);
  });

  test("refuses a review date after today, and one written on a calendar that has no such day", () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(problem({ ...lesson, lastReviewed: tomorrow })).toBe("lastReviewed: must not be after today");
    expect(problem({ ...lesson, lastReviewed: "2026-02-30" })).toBe(
      "lastReviewed: is not a day of the calendar: February 2026 has 28 days",
    );
    expect(problem({ ...lesson, lastReviewed: "2026-13-01" })).toBe(
      "lastReviewed: has no month 13: months are 01 to 12 (YYYY-MM-DD)",
    );
    expect(problem({ ...lesson, lastReviewed: "2024-02-29" })).toBe(""); // a leap year's
  });

  test("names a misspelt field with the fields a lesson can have, rather than drop it", () => {
    expect(problem({ ...lesson, kiker: "Tax lesson" })).toBe(
      "kiker: unknown field (the fields here: title, description, kicker, dek, order, lastReviewed, takeaways, quiz, sources)",
    );
  });

  test("gives a description's length when it is outside 50 to 170 characters", () => {
    expect(problem({ ...lesson, description: "Too short." })).toBe(
      "description: must be 50 to 170 characters (this one has 10)",
    );
    expect(problem({ ...lesson, description: "x".repeat(171) })).toBe(
      "description: must be 50 to 170 characters (this one has 171)",
    );
  });

  test("every shipped lesson's file name is a URL slug", () => {
    for (const name of readdirSync("content/learn")) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.mdx$/);
  });
});

test("pageSchema: the teaching fields are optional on a page, and checked when given", () => {
  const page = { title: "About", description: "A page description that is long enough to pass the check." };
  expect(problem(page, pageSchema)).toBe("");
  expect(problem({ ...page, takeaways: ["Only one."] }, pageSchema)).toBe("takeaways: must list 3 to 5 takeaways");
  expect(problem({ ...page, headng: "About us" }, pageSchema)).toMatch(
    /^headng: unknown field \(the fields here: title, heading,/,
  );
});

test("content/learn.json parses, and the lesson count label names its number", () => {
  const labels = JSON.parse(readFileSync("content/learn.json", "utf-8"));
  expect(learnLabelsSchema.safeParse(labels).success).toBe(true);
  expect(learnLabelsSchema.safeParse({ ...labels, lessonNumber: "Lesson" }).success).toBe(false);
});
