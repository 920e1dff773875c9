import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { checkFrontMatterDates } from "../../src/build/front-matter-dates";

/** A folder holding taxes.mdx with this front matter and body, and the message checking it throws ("" if none). */
function problem(frontMatter: string, body = "Text."): string {
  const folder = mkdtempSync(join(tmpdir(), "dates-"));
  writeFileSync(join(folder, "taxes.mdx"), `---\n${frontMatter}\n---\n\n${body}\n`);
  try {
    checkFrontMatterDates(folder, "content/learn");
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

test("real days pass, quoted or not, and so does a date outside the front matter", () => {
  expect(problem("title: Taxes\nlastReviewed: 2024-02-29")).toBe("");
  expect(problem('lastReviewed: "2026-02-30"')).toBe("");
  expect(problem("title: Taxes", "lastReviewed: 2026-02-30")).toBe("");
});

test("an unquoted day that does not exist fails, naming the file, the field and what YAML would read", () => {
  expect(problem("title: Taxes\nlastReviewed: 2026-02-30")).toBe(
    "Invalid content in content/learn/taxes.mdx:\n" +
      '  - field "lastReviewed": 2026-02-30 is no such day (written without quotes, it would be read as 2026-03-02; ' +
      'write the day meant, as "YYYY-MM-DD")',
  );
  expect(problem("lastReviewed: 2025-02-29 # leap?")).toContain("2025-02-29 is no such day");
  expect(problem("lastReviewed: 2026-13-01")).toContain("read as 2027-01-01");
  expect(problem("sources:\n  - accessed: 2026-04-31")).toContain('field "accessed": 2026-04-31');
});

test("the shipped lessons and pages pass", () => {
  expect(() => checkFrontMatterDates("content/learn", "content/learn")).not.toThrow();
  expect(() => checkFrontMatterDates("content/pages", "content/pages")).not.toThrow();
});
