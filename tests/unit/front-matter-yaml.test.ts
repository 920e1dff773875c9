import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { checkFrontMatterYaml, yamlProblem } from "../../src/build/front-matter-yaml";

/** A text with this front matter, as an editor writes one. */
const text = (frontMatter: string) => `---\n${frontMatter}\n---\n\nText.\n`;

test("front matter YAML can read passes, quoted colons included", () => {
  expect(yamlProblem(text('title: "Bonds: a guide"\ndek: A loan, in short'))).toBeUndefined();
  expect(yamlProblem(text('takeaways:\n  - One.\n  - "Two: quoted."'))).toBeUndefined();
});

test("an unquoted colon is named with the file's own line, what is written there and the usual cause", () => {
  const problem = yamlProblem(text("title: Taxes\ndek: Bonds: a guide\nkicker: Lesson"));
  // The file's line 3: line 1 is the opening ---, and YAML itself would say line 2 (1:…, counted from 0).
  expect(problem).toMatch(/^line 3, "dek: Bonds: a guide": the front matter is not valid YAML \(bad indentation/);
  expect(problem).toContain('goes in double quotes (dek: "Bonds: a guide")');
});

test("a list item that is not indented like the others is named on its line", () => {
  const problem = yamlProblem(text('title: Taxes\ntakeaways:\n  - "One."\n  - two: "x" y'));
  expect(problem).toMatch(/^line 5, "- two: \\"x\\" y": the front matter is not valid YAML/);
});

test("a quote never closed is named as such, without a line YAML cannot give", () => {
  const problem = yamlProblem(text('title: Taxes\ndek: "A loan, in short\nkicker: Lesson'));
  expect(problem).toMatch(
    /^the front matter is not valid YAML \(.*double quoted scalar\): a quote or bracket is opened/,
  );
});

test("the check fails on the first such file, naming it", () => {
  const folder = mkdtempSync(join(tmpdir(), "yaml-"));
  writeFileSync(join(folder, "risks.mdx"), text("title: Risks"));
  writeFileSync(join(folder, "taxes.mdx"), text("title: Taxes: a guide"));
  expect(() => checkFrontMatterYaml(folder, "content/learn")).toThrow(
    /^Invalid content in content\/learn\/taxes\.mdx:\n {2}- line 2, "title: Taxes: a guide"/,
  );
});

test("the shipped lessons and pages pass", () => {
  expect(() => checkFrontMatterYaml("content/learn", "content/learn")).not.toThrow();
  expect(() => checkFrontMatterYaml("content/pages", "content/pages")).not.toThrow();
});
