/**
 * The layout-stability gate: cumulative layout shift 0.000 on every
 * route of the build's sitemap and on the 404 page, at 390px and 1280px (the
 * two projects), measured by the Layout Instability API from the first paint,
 * through the font swap (the web fonts are held back, as on a slow network,
 * so the page first paints in the fallback fonts) and the embeds' skeleton
 * fallback (1 s), while the page is scrolled to the bottom so every lazy
 * island, frame and ad slot near the viewport resolves, and back.
 */
import type { Page } from "@playwright/test";
import { NOT_FOUND_PATH, sitemapRoutes } from "../../scripts/lib/dist.mjs";
import { expect, frames, settled, test } from "./fixtures";

interface Shift {
  value: number;
  time: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts: Shift[];
  }
}

/** Records every layout shift not caused by input, with the elements that moved, from before the first paint. */
function recordShifts() {
  window.__shifts = [];
  const describe = (node: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? "?";
    const id = node.id ? `#${node.id}` : "";
    const classes = [...node.classList].slice(0, 3).map((name) => `.${name}`);
    return `${node.localName}${id}${classes.join("")}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      startTime: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }[]) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({
        value: entry.value,
        time: Math.round(entry.startTime),
        sources: entry.sources.map(
          ({ node, previousRect: a, currentRect: b }) =>
            `${describe(node)} moved (${Math.round(a.x)},${Math.round(a.y)} ${Math.round(a.width)}×${Math.round(a.height)})` +
            ` → (${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)})`,
        ),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/**
 * Scrolls to the bottom a viewport at a time, letting what each view brings in (lazy images, frames, ad
 * slots) settle before the next, then back to the top.
 */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = step; y < height + step; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await settled(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(page);
}

/** How long each web font is held back, so the first paint uses the fallback and the swap happens in view. */
const FONT_DELAY_MS = 400;

async function cumulativeShift(page: Page, path: string) {
  await page.addInitScript(recordShifts);
  await page.route(/\.woff2(\?|$)/, async (route) => {
    await new Promise((done) => setTimeout(done, FONT_DELAY_MS));
    await route.continue();
  });
  const response = await page.goto(path);
  await settled(page);
  await scrollThrough(page);
  const shifts = await page.evaluate(() => window.__shifts);
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const report = shifts.map((s) => `${s.value.toFixed(4)} at ${s.time} ms: ${s.sources.join("; ")}`);
  return { response, total, report };
}

for (const route of sitemapRoutes()) {
  test(`${route} does not shift its layout`, async ({ page }) => {
    const { total, report } = await cumulativeShift(page, route);
    expect(report, `CLS ${total.toFixed(3)} on ${route}`).toEqual([]);
  });
}

test.describe("404 page", () => {
  // The 404 page logs the missing path as an error on purpose (docs/decisions.md, "Routes").
  test.use({ allowErrors: true });
  test("does not shift its layout", async ({ page }) => {
    const { response, total, report } = await cumulativeShift(page, NOT_FOUND_PATH);
    expect(response?.status()).toBe(404);
    expect(report, `CLS ${total.toFixed(3)} on the 404 page`).toEqual([]);
  });
});
