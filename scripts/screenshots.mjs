#!/usr/bin/env node
/**
 * Full-page screenshots of routes at 390px and 1280px, for looking at what we built.
 * Usage: node scripts/screenshots.mjs [/route ...]   (serves $DIST_DIR or dist/ itself; writes reports/screenshots/)
 * Env: DIST_DIR, CHROMIUM_PATH, SCHEME=dark for the dark colour scheme.
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath, distDir, serve } from "./lib/dist.mjs";

const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/"];
const port = 4398;
const server = await serve(distDir(), port);
mkdirSync("reports/screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
try {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 800 },
      colorScheme: process.env.SCHEME === "dark" ? "dark" : "light",
    });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(`${server.origin}${route}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(1200);
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
