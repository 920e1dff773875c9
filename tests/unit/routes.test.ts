import { expect, test } from "vitest";
import { routeOfFile } from "../../src/lib/routes";

test("a built file maps to the route it answers", () => {
  expect(routeOfFile("index.html")).toBe("/");
  expect(routeOfFile("about/index.html")).toBe("/about");
  expect(routeOfFile("learn/taxes/index.html")).toBe("/learn/taxes");
  expect(routeOfFile("404.html")).toBe("/404");
  expect(routeOfFile("learn\\taxes\\index.html")).toBe("/learn/taxes");
});
