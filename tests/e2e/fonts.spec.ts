/**
 * The web fonts never delay a paint (docs/decisions.md, "Fonts"): a browser that has not cached them paints
 * the page in the metric-matched fallbacks and requests no font file before the page's load event; once the
 * page is loaded it fetches the two core files, and the next page paints in the web fonts from the start.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The first family of an element's computed font stack. */
const family = (el: Element) => getComputedStyle(el).fontFamily.split(",")[0]?.trim();

/** The faces Chromium drew an element's text in (not the stack it asked for): family and whether a web font. */
async function drawnIn(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map(({ familyName, isCustomFont }) => ({ familyName, isCustomFont }));
}

test("a first page paints in the fallbacks, fetches the fonts after load, and the next page uses them", async ({
  browser,
}) => {
  // A context of its own: the fixtures block other hosts by intercepting requests, which turns the HTTP cache off,
  // and the next page's fonts come from the cache. Other hosts do not resolve here either (the launch flags).
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: { file: string; beforeLoad: boolean }[] = [];
  let loaded = false;
  page.on("load", () => (loaded = true));
  page.on("request", (request) => {
    if (request.url().endsWith(".woff2")) requests.push({ file: request.url().split("/").pop()!, beforeLoad: !loaded });
  });

  await page.goto("/about");
  const html = page.locator("html");
  await expect(html).toHaveClass(/fonts-later/);
  expect(await page.locator("h1").evaluate(family)).toBe('"Playfair Display"');
  expect(await page.locator("body").evaluate(family)).toBe('"Source Serif 4"');
  await expect(html).toHaveAttribute("data-fonts-warmed", "");
  expect(requests.map((r) => r.file).sort()).toEqual([
    expect.stringMatching(/^playfair-display-latin-core-wght\..*\.woff2$/),
    expect.stringMatching(/^source-serif-4-latin-core-wght\..*\.woff2$/),
  ]);
  expect(requests.filter((r) => r.beforeLoad)).toEqual([]);
  // The page in view keeps its faces: warming the cache changed nothing it shows.
  await expect(html).toHaveClass(/fonts-later/);
  expect(await drawnIn(page, "h1")).toEqual([expect.objectContaining({ isCustomFont: false })]);

  await page.goto("/types");
  await expect(html).not.toHaveClass(/fonts-later/);
  expect(await page.locator("h1").evaluate(family)).toBe('"Playfair Display Variable"');
  // Drawn in them, not only asked for: `font-display: optional` keeps the fallback for good when a face is not
  // there within its short wait, as when the file comes from the network rather than the cache.
  expect(await drawnIn(page, "h1")).toEqual([{ familyName: "Playfair Display", isCustomFont: true }]);
  expect(await drawnIn(page, "h1 + p")).toEqual([{ familyName: "Source Serif 4", isCustomFont: true }]);
  await context.close();
});

test("without JavaScript the page uses the web fonts as it lays out", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/about");
  await expect(page.locator("html")).toHaveClass(/no-js/);
  await expect(page.locator("html")).not.toHaveClass(/fonts-later/);
  expect(await page.locator("h1").evaluate(family)).toBe('"Playfair Display Variable"');
  await context.close();
});
