/**
 * Shared end-to-end fixtures: every external host is blocked (the site must
 * work without third parties), and any console error or uncaught exception
 * of ours fails the test unless the test expects it.
 */
import { test as base, expect, type Page } from "@playwright/test";

export const ROUTES = [
  "/",
  "/about",
  "/types",
  "/strategies",
  "/analysis",
  "/resources",
  "/contact",
  "/privacy",
  "/terms",
  "/radio",
  "/books",
  "/calculator",
  "/learn",
] as const;

interface Fixtures {
  /** Console errors and page errors seen so far. */
  errors: string[];
  /** Set to true in a test that expects console errors (the 404 page). */
  allowErrors: boolean;
}

export const test = base.extend<Fixtures>({
  allowErrors: [false, { option: true }],
  errors: [
    async ({ page, allowErrors }, use) => {
      const errors: string[] = [];
      await page.context().route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort("blockedbyclient"));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A blocked third-party request logs a network error in Chromium; that is the host's failure, not ours.
        if (/ERR_BLOCKED_BY_CLIENT|net::ERR_FAILED/.test(message.text())) return;
        errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      if (!allowErrors) expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** True when the page scrolls sideways (something overflows the viewport). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
