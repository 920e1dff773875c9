/** The explainer list is the pages that teach: each listed page has the teaching fields, and no other page does. */
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { EXPLAINERS } from "../../src/lib/explainers";

const teaching = (id: string) => /^lastReviewed:/m.test(readFileSync(`content/pages/${id}.mdx`, "utf-8"));

test("the pages with a review date are exactly the explainers", () => {
  const pages = readdirSync("content/pages")
    .filter((name) => name.endsWith(".mdx"))
    .map((name) => name.slice(0, -".mdx".length));
  expect(pages.filter(teaching).sort()).toEqual([...EXPLAINERS].sort());
});
