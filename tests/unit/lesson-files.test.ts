import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { checkLessonFiles } from "../../src/build/lesson-files";

const LESSON = "---\ntitle: A lesson\n---\n\nText.\n\n## Worked example\n\nFigures.\n";

/** A lessons folder holding `names` (each `text`), and the message checking it throws ("" when it passes). */
function problem(...names: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), "lessons-"));
  mkdirSync(folder, { recursive: true });
  for (const name of names) writeFileSync(join(folder, name), LESSON);
  try {
    checkLessonFiles(folder);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

test("lower-case hyphenated .mdx names pass, as do the shipped lessons", () => {
  expect(problem("taxes.mdx", "bond-ratings-2.mdx", ".DS_Store")).toBe("");
  expect(() => checkLessonFiles("content/learn")).not.toThrow();
});

test("a name Astro would rename, replace with another lesson, or leave out fails, naming the file", () => {
  expect(problem("taxes.mdx", "Taxes.mdx")).toMatch(
    /^Invalid content in content\/learn\/Taxes\.mdx:\n {2}- a lesson's file name is its address/,
  );
  expect(problem("Bond Ratings.mdx")).toContain("content/learn/Bond Ratings.mdx");
  expect(problem("ratings.md")).toContain("content/learn/ratings.md");
  expect(problem("index.mdx")).toContain("a lesson cannot be called index");
});

test("a lesson with no text after its front matter, or without its worked example, fails, naming the file", () => {
  const folder = mkdtempSync(join(tmpdir(), "lessons-"));
  const check = (text: string) => {
    writeFileSync(join(folder, "taxes.mdx"), text);
    try {
      checkLessonFiles(folder);
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };
  expect(check(LESSON)).toBe("");
  expect(check("---\ntitle: A lesson\n---\n\n")).toMatch(
    /^Invalid content in content\/learn\/taxes\.mdx:\n {2}- has no text after its front matter/,
  );
  expect(check("---\ntitle: A lesson\n---\n\nText.\n\n## An example\n")).toContain(
    'has no "## Worked example" section',
  );
});
