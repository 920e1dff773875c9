import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { checkPageFiles } from "../../src/build/page-files";

/** A pages folder holding `names`, and the message checking it against `built` throws ("" when it passes). */
function problem(names: string[], built: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), "pages-"));
  for (const name of names) writeFileSync(join(folder, name), "---\n---\n");
  try {
    checkPageFiles(folder, built);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

test("page files that each made a page pass: the home and 404 pages at the top, the others in their folder", () => {
  expect(
    problem(["index.mdx", "about.mdx", "404.mdx", ".DS_Store"], ["404.html", "about/index.html", "index.html"]),
  ).toBe("");
});

test("a page file no route made a page of fails, naming the file and what to do", () => {
  const message = problem(["about.mdx", "glossary-tips.mdx"], ["about/index.html", "index.html"]);
  expect(message).toMatch(/^Invalid content in content\/pages\/glossary-tips\.mdx:\n {2}- no page shows this file/);
  expect(message).toContain('none reads "glossary-tips"');
  expect(message).toContain("content/learn/");
});

test("a file that is not .mdx fails: Astro would leave it out", () => {
  expect(problem(["about.md"], ["about/index.html"])).toMatch(/content\/pages\/about\.md:\n {2}- the pages' folder/);
});
