#!/usr/bin/env node
// @ts-check
/**
 * The byte-budget gate: loads every route of the build (its sitemap, plus the
 * 404 page) in Chromium at 1280px with every other host blocked, waits for
 * the page to settle without touching it, and judges what it loaded against
 * scripts/lib/byte-budgets.mjs. Prints a table, writes reports/budgets.{json,md},
 * exits 1 on any miss.
 * Usage: node scripts/budgets.mjs   (env: DIST_DIR, BUDGET_PORT, CHROMIUM_PATH)
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { BUDGETS, embedHosts, firstScreen, gzipSize, isContentRoute, isReact, judge, kb } from "./lib/byte-budgets.mjs";
import { CHROMIUM_FLAGS, NOT_FOUND_PATH, chromiumPath, distDir, serve, sitemapRoutes } from "./lib/dist.mjs";

/** Quiet time after the load event in which idle-time scripts (client:idle, timers under 2 s) still count. */
const SETTLE_MS = 2000;

const dir = distDir();
const routes = [...sitemapRoutes(dir), NOT_FOUND_PATH];
const allowedHosts = embedHosts(JSON.parse(readFileSync("content/site.json", "utf-8")));
const server = await serve(dir, Number(process.env["BUDGET_PORT"] ?? 4396));
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });

/** @param {string} contentType @param {string} url @returns {import("./lib/byte-budgets.mjs").Resource["kind"]} */
function kindOf(contentType, url) {
  if (contentType.includes("text/html")) return "document";
  if (contentType.includes("text/css")) return "css";
  if (contentType.includes("javascript")) return "js";
  if (contentType.startsWith("font/") || /\.(woff2?|ttf|otf|eot)$/.test(new URL(url).pathname)) return "font";
  return "other";
}

/** @type {import("./lib/byte-budgets.mjs").Summary[]} */
const results = [];
try {
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    /** @type {string[]} */
    const external = [];
    await context.route("**/*", (request) => {
      const url = request.request().url();
      if (url.startsWith(server.origin) || url.startsWith("data:")) return request.continue();
      external.push(url);
      return request.abort("blockedbyclient");
    });
    const page = await context.newPage();
    let firstScreenBytes = 0;
    /** @type {Promise<import("./lib/byte-budgets.mjs").Resource | null>[]} */
    const pending = [];
    page.on("response", (response) => {
      if (!response.url().startsWith(server.origin)) return;
      pending.push(
        response.body().then(
          (body) => {
            const kind = kindOf(response.headers()["content-type"] ?? "", response.url());
            if (kind === "document" && response.request().isNavigationRequest()) {
              firstScreenBytes = gzipSize(firstScreen(body.toString("utf-8")));
            }
            const react = kind === "js" && isReact(body.toString("utf-8"));
            return { url: response.url(), kind, gzip: gzipSize(body), react };
          },
          () => null,
        ),
      );
    });
    await page.goto(server.origin + route, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForTimeout(SETTLE_MS);
    const preloadedFonts = await page.locator('link[rel~="preload"][as="font"]').count();
    const resources = (await Promise.all(pending)).filter((r) => r !== null);
    const content = isContentRoute(route) || route === NOT_FOUND_PATH;
    results.push(
      judge({ route, content, resources, external, allowedHosts, preloadedFonts, firstScreen: firstScreenBytes }),
    );
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

const name = (/** @type {string} */ route) => (route === NOT_FOUND_PATH ? "404 page" : route);
const header = [
  "Route",
  "HTML",
  "First screen",
  "CSS",
  "JS",
  "JS budget",
  "React",
  "Fonts (preloaded)",
  "Other hosts",
  "Result",
];
const rows = results.map((r) => [
  name(r.route),
  kb(r.html),
  kb(r.firstScreen),
  kb(r.css),
  kb(r.js),
  kb(isContentRoute(r.route) || r.route === NOT_FOUND_PATH ? BUDGETS.contentJs : BUDGETS.anyJs),
  r.react ? "loaded" : "no",
  `${r.fonts.length} (${r.preloadedFonts})`,
  String(r.external.length),
  r.failures.length === 0 ? "ok" : "FAIL",
]);
const markdown = [header, header.map(() => "---"), ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");

console.log(
  `Byte budgets, gzip, 1280px, first load without interaction (${dir}); first screen: the page up to the end ` +
    `of the first paragraph in <main>, at most ${kb(BUDGETS.firstScreen)} on a content page:\n`,
);
const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => String(row[i]).length)));
for (const row of [header, ...rows]) console.log(row.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join("  "));
const externals = results.flatMap((r) => r.external.map((url) => `${name(r.route)}: ${url}`));
if (externals.length > 0) {
  console.log(`\nRequests to other hosts (configured embeds allowed: ${allowedHosts.join(", ") || "none"}):`);
  for (const line of externals) console.log(`  ${line}`);
}

mkdirSync("reports", { recursive: true });
writeFileSync(
  "reports/budgets.json",
  JSON.stringify({ date: new Date().toISOString(), budgets: BUDGETS, results }, null, 2),
);
writeFileSync("reports/budgets.md", `${markdown}\n`);

const failed = results.filter((r) => r.failures.length > 0);
if (failed.length > 0) {
  console.error("");
  for (const r of failed) for (const failure of r.failures) console.error(`budgets: ${name(r.route)}: ${failure}`);
  process.exit(1);
}
console.log(`\nbudgets: all ${results.length} pages within budget`);
