import { expect, test } from "vitest";
import { brokenBodyLinks, checkBodyLinks } from "../../src/build/body-links";

const PAGES = new Set(["/", "/about", "/resources", "/calculator", "/learn/taxes"]);
const FILES = new Set(["/covers/a.svg"]);

test("passes links to the site's pages, with a query or a fragment, its files and other sites", () => {
  const text = [
    "See [duration](/resources#duration) and [the calculator](/calculator?coupon=5).",
    '<a href="/learn/taxes">Taxes</a>, [home](/), [a cover](/covers/a.svg), [SEC](https://www.sec.gov/).',
  ].join("\n");
  expect(brokenBodyLinks(text, PAGES, FILES)).toEqual([]);
});

test("names the line and the target of a link to no page, and the page it may have meant", () => {
  const text = "---\ntitle: T\n---\n\nSee [duration](/resoruces#duration).\n\n<a href='/nowhere'>x</a>\n";
  expect(brokenBodyLinks(text, PAGES, FILES)).toEqual([
    "line 5: the link to /resoruces#duration goes to no page of this site (did you mean /resources?)",
    "line 7: the link to /nowhere goes to no page of this site",
  ]);
});

test("the shipped texts and lessons link only to pages that exist", () => {
  expect(() => checkBodyLinks("content/learn", "content/learn")).not.toThrow();
  expect(() => checkBodyLinks("content/pages", "content/pages")).not.toThrow();
});
