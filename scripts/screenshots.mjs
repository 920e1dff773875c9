#!/usr/bin/env node
/**
 * Full-page screenshots of routes at 390px and 1280px, for looking at what we built.
 * Usage: node scripts/screenshots.mjs [/route ...]   (serves $DIST_DIR or dist/ itself; writes reports/screenshots/)
 * Env: DIST_DIR, CHROMIUM_PATH, SCHEME=dark for the dark colour scheme, FONTS=web for a returning visitor's look.
 *
 * Every page is shot in one state, so two runs (two builds) can be compared pixel for pixel: a first visit's, in the
 * fallback faces the page paints in until the web fonts are cached (with FONTS=web, in the web fonts, cached by a
 * visit first), the donation dialog kept away (it opens 30 s into a visit, on whatever page is then in view), and
 * once nothing on the page is still busy (an embed's skeleton) and its fonts are ready.
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, ONLY_LOCALHOST, chromiumPath, distDir, serve } from "./lib/dist.mjs";

const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/"];
const webFonts = process.env.FONTS === "web";
const port = 4398;
const server = await serve(distDir(), port);
mkdirSync("reports/screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS, ONLY_LOCALHOST] });
try {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 800 },
      colorScheme: process.env.SCHEME === "dark" ? "dark" : "light",
    });
    await context.addInitScript(() => sessionStorage.setItem("donation:shown", "1"));
    const page = await context.newPage();
    if (webFonts) {
      // The page notes the fonts are cached once it has fetched them after its load; every page after it uses them.
      await page.goto(`${server.origin}/`);
      await page.locator("html[data-fonts-warmed]").waitFor({ state: "attached" });
    } else await context.addInitScript(() => localStorage.removeItem("web-fonts"));
    for (const route of routes) {
      await page.goto(`${server.origin}${route}`, { waitUntil: "networkidle" });
      await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
      await page.evaluate(() => document.fonts.ready);
      const name = route === "/" ? "home" : route.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
      const file = `reports/screenshots/${name}-${width}${process.env.SCHEME === "dark" ? "-dark" : ""}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
