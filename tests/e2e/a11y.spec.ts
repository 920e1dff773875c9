/**
 * The accessibility gate: axe-core on every route of the build's
 * sitemap and on the 404 page, at 390px and 1280px (the two projects), in the
 * light and the dark colour scheme: zero violations of WCAG 2.0–2.2 A/AA and
 * axe's best practices.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { NOT_FOUND_PATH, sitemapRoutes } from "../../scripts/lib/dist.mjs";
import { ROUTES, expect, settled, test } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const routes = sitemapRoutes();

/** axe's violations as one line per rule and element, so a failure names the page, the rule and the figure. */
async function violations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const detail = [...node.any, ...node.all, ...node.none].map((check) => check.message).join("; ");
      return `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${violation.help}. ${detail}`;
    }),
  );
}

/** Loads a page in a colour scheme and waits for its final look: fonts, embeds past their skeleton, islands. */
async function open(page: Page, path: string, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  const response = await page.goto(path);
  await settled(page);
  return response;
}

test("the sitemap lists every route, so the sweep covers them all", () => {
  expect(routes).toEqual(expect.arrayContaining([...ROUTES]));
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`axe, ${scheme} colour scheme`, () => {
    for (const route of routes) {
      test(`${route} has no violations`, async ({ page }) => {
        await open(page, route, scheme);
        expect(await violations(page), `axe on ${route} (${scheme})`).toEqual([]);
      });
    }

    test.describe("404 page", () => {
      // The 404 page logs the missing path as an error on purpose (docs/decisions.md, "Routes").
      test.use({ allowErrors: true });
      test("has no violations", async ({ page }) => {
        const response = await open(page, NOT_FOUND_PATH, scheme);
        expect(response?.status()).toBe(404);
        expect(await violations(page), `axe on the 404 page (${scheme})`).toEqual([]);
      });
    });

    // The page under the open panel was checked closed above; here the header and its menu are what changed.
    test("the open mobile menu has no violations @mobile", async ({ page }) => {
      await open(page, "/", scheme);
      await page.getByRole("button", { name: "Toggle menu" }).click();
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
      expect(await violations(page, "header"), `axe on / with the menu open (${scheme})`).toEqual([]);
    });
  });
}
