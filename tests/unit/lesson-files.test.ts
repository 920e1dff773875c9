import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { checkLessonFiles } from "../../src/build/lesson-files";

/** A lessons folder holding `names`, and the message checking it throws ("" when it passes). */
function problem(...names: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), "lessons-"));
  mkdirSync(folder, { recursive: true });
  for (const name of names) writeFileSync(join(folder, name), "---\n---\n");
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
