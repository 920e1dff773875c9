import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { fenceProblem } from "../../src/build/front-matter-fences";

test("passes front matter between two --- lines, as every shipped text and lesson has", () => {
  expect(fenceProblem("---\ntitle: T\n---\n\nText.\n")).toBeUndefined();
  expect(fenceProblem("---\r\ntitle: T\r\n---\r\n")).toBeUndefined();
  for (const folder of ["content/pages", "content/learn"]) {
    for (const name of readdirSync(folder).filter((file) => file.endsWith(".mdx"))) {
      expect(fenceProblem(readFileSync(`${folder}/${name}`, "utf-8")), name).toBeUndefined();
    }
  }
});

test("names an empty file, a missing first fence and a missing closing one", () => {
  expect(fenceProblem(" \n")).toMatch(/^is empty/);
  expect(fenceProblem("title: T\n---\n")).toMatch(/^does not start with a --- line/);
  expect(fenceProblem("---\ntitle: T\ndescription: D\n\nText.\n")).toBe(
    "has no --- line after its front matter: one must close it, before the text",
  );
});
