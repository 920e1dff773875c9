/**
 * content/navigation.json: the main navigation is one line from 768 px, so its titles together have a limit; a
 * longer row would be cut off at both ends, and the build fails instead, saying the limit and why.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { ContentFileError, parseContent } from "../../src/build/content-errors";
import { mainNavCharacters, navigationSchema } from "../../src/schemas";

const navigation = JSON.parse(readFileSync("content/navigation.json", "utf-8"));
type Item = { title: string; path: string };

/** The message parseContent throws for navigation.json with `main`, or "" when it parses. */
function problem(main: Item[]): string {
  try {
    parseContent(navigationSchema, { ...navigation, main }, "content/navigation.json");
    return "";
  } catch (error) {
    expect(error).toBeInstanceOf(ContentFileError);
    return (error as Error).message;
  }
}

/** The shipped main items with item 4's title replaced by `title`. */
const withTitle = (title: string): Item[] =>
  navigation.main.map((item: Item, index: number) => (index === 3 ? { ...item, title } : item));

test("refuses a main title that would push the row off a 768 px screen, saying the limit and why", () => {
  const title = "Strategies for Building a Bond Portfolio Now";
  expect(problem(withTitle(title))).toBe(
    "Invalid content in content/navigation.json:\n" +
      '  - field "main": its 7 titles have 82 characters together, and at most 51 fit on its one line on a 768 px ' +
      "screen (a tablet held upright), the narrowest that shows it; a longer row is cut off at both ends. Shorten " +
      'a title, or move an item to "secondary"',
  );
  // The shipped titles have 48 characters; 51 (measured in a browser at 768, 1024 and 1280 px) is the most.
  expect(problem(navigation.main)).toBe("");
  expect(problem(withTitle("Bond Momentum"))).toBe("");
  expect(problem(withTitle("Bond Momentums"))).toContain("have 52 characters together, and at most 51 fit");
});

test("counts the space between items: an eighth item leaves room for fewer characters", () => {
  expect([6, 7, 8].map(mainNavCharacters)).toEqual([53, 51, 49]);
  // 50 characters fit on 7 items' row, not on 8's.
  const eight = (title: string) => [...withTitle("Plan"), { title, path: "/books" }];
  expect(problem(eight("Books"))).toBe("");
  expect(problem(eight("Glossary"))).toContain("its 8 titles have 50 characters together, and at most 49 fit");
});
