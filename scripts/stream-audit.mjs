#!/usr/bin/env node
// @ts-check
/**
 * `npm run audit:stream`: each route's first paint and largest paint in a real Chromium whose every response
 * arrives as it would over a slow link, against the route's bare page (scripts/lib/bare-page.mjs) in the same run.
 * Lighthouse's simulation (`npm run audit`) charges the whole HTML document before the first paint and every
 * request that happened to end before the observed paint on localhost; here nothing is simulated: the server
 * holds each response one round trip, then sends it in TCP slow-start flights one round trip apart
 * (scripts/lib/slow-start.mjs; one more round trip for each new connection), so the browser parses and paints
 * what it has, as it would on a phone.
 * Mobile viewport (412 × 823, as Lighthouse's), CPU slowed by STREAM_CPU (default 4, as Lighthouse's), a new
 * browser context (empty cache and storage) for every load, every host but 127.0.0.1 unresolvable.
 * Every load arrives as a visitor does, by a link on another site's page (127.0.0.2, answering at once), so the
 * browser starts the page's renderer when it navigates, for a route and its bare page alike. Opened from the new
 * tab's blank page instead, a response with Cross-Origin-Opener-Policy (which the site's pages sent until
 * 2026-11-28) makes Chromium start a second renderer after the response has arrived: 128–404 ms on this machine's
 * first paints (README "Streamed").
 * STREAM_ANDROID=1 runs Chromium with Chrome on Android's process model: no renderer of its own for each site, only
 * for a site that asks for one (an opener policy); the page then loads in the referring page's renderer unless it
 * asks. Chrome for Android has isolated the sites that send an opener policy since Chrome 92 (Google's security
 * blog, "Protecting more with Site Isolation", July 2021).
 * On a page with an island that hydrates when reached for (the radio, the glossary search), once the page has gone
 * quiet, a pointer comes over the island, and "Reach" is the time until it has hydrated (Astro drops its `ssr`
 * attribute then): the wait of a visitor who reaches for it, its files fetched over the same slow link.
 * Then a pointer rests on the first link in <main> to another page of the site for STREAM_HOVER ms (default 500),
 * and clicks it: "Next" is that page's first contentful paint, from the click (the next page's prefetch: README
 * "How a page reaches its first paint"). Not on the bare pages, whose links lead nowhere.
 * Usage: node scripts/stream-audit.mjs [/route ...]   (env: DIST_DIR; STREAM_RUNS, default 5; STREAM_RTT, ms,
 * default 150, Lighthouse's slow 4G; STREAM_CPU; STREAM_ANDROID; STREAM_COMPARE=<dir>: a second build measured
 * alternately with the first, e.g. one built from another commit)
 * Prints a table and writes reports/stream-audit.md. It judges nothing: a report to read beside the audit's.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { median } from "./lib/audit-verdict.mjs";
import { bareHeaders, barePage } from "./lib/bare-page.mjs";
import { CHROMIUM_FLAGS, ONLY_LOCALHOST, chromiumPath, distDir, sitemapRoutes } from "./lib/dist.mjs";
import { flights } from "./lib/slow-start.mjs";
import { headersFor, parseHeaderRules, staticAnswer } from "./lib/static-host.mjs";

const RUNS = Number(process.env["STREAM_RUNS"] ?? 5);
const RTT = Number(process.env["STREAM_RTT"] ?? 150);
const CPU = Number(process.env["STREAM_CPU"] ?? 4);
const ANDROID = process.env["STREAM_ANDROID"] === "1";
const HOVER = Number(process.env["STREAM_HOVER"] ?? 500);
const dir = distDir();
const compare = process.env["STREAM_COMPARE"];
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : sitemapRoutes(dir);

const wait = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));

/**
 * A static server for `root` that answers like a far-away host on a slow link.
 * @param {string} root
 */
function slowServer(root) {
  /** Sockets that have carried a request: a new one costs its TCP handshake, one round trip. */
  const warm = new WeakSet();
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    const answer = await staticAnswer(root, pathname, String(request.headers["accept-encoding"] ?? ""));
    // The bare pages' folder has no 404 page: an empty 404.
    const file = await readFile(answer.source).catch(() => Buffer.alloc(0));
    const body = answer.gzip ? gzipSync(file) : file;
    /** @type {Record<string, string | number>} */
    const headers = { ...answer.headers, "Content-Length": body.length };
    await wait(warm.has(request.socket) ? RTT : 2 * RTT);
    warm.add(request.socket);
    response.writeHead(answer.status, headers);
    // The status line, Node's own headers (date, connection, keep-alive) and these, roughly.
    const headerBytes =
      120 + Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    let sent = 0;
    for (const [index, size] of flights(body.length, headerBytes).entries()) {
      if (index > 0) await wait(RTT);
      const chunk = body.subarray(sent, sent + size);
      sent += size;
      await new Promise((done) => response.write(chunk, done));
    }
    response.end();
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

/**
 * Another site's page with one link, to the URL in its query: where each visit starts. 127.0.0.2 is a site of its
 * own (127.0.0.1 is the audited one); a loopback address every Linux machine answers on.
 */
function referringSite() {
  const server = createServer((request, response) => {
    const to = new URL(request.url ?? "/", "http://localhost").searchParams.get("to") ?? "";
    const href = to.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!DOCTYPE html><html lang="en"><title>Another site</title><a id="to" href="${href}">Read on</a>`);
  });
  return new Promise((done, fail) => {
    server.once("error", (error) =>
      fail(new Error(`audit:stream: cannot listen on 127.0.0.2, the referring site's address (${error.message})`)),
    );
    server.listen(0, "127.0.0.2", () => done(server));
  });
}

/** Each route's bare page, from the build's HTML, with a .br beside it as the build has (Chromium asks for brotli). */
const bareDir = join(tmpdir(), `stream-audit-bare-${process.pid}`);
for (const route of routes) {
  const html = await readFile(join(dir, route, "index.html"), "utf-8");
  mkdirSync(join(bareDir, route), { recursive: true });
  const bare = barePage(html);
  writeFileSync(join(bareDir, route, "index.html"), bare);
  writeFileSync(join(bareDir, route, "index.html.br"), brotliCompressSync(bare));
}

// With its route's Cross-Origin-Opener-Policy, as in the Lighthouse audit (bareHeaders).
const headerRules = parseHeaderRules(await readFile(join(dir, "_headers"), "utf-8").catch(() => ""));
const openerPolicy = (/** @type {string} */ route) =>
  Object.entries(headersFor(headerRules, route))
    .filter(([name]) => name.toLowerCase() === "cross-origin-opener-policy")
    .map(([, value]) => String(value))[0];
writeFileSync(join(bareDir, "_headers"), bareHeaders(routes.map((route) => [route, openerPolicy(route)])));

const builds = [
  { name: dir, root: resolve(dir) },
  ...(compare ? [{ name: compare, root: resolve(compare) }] : []),
  { name: "bare", root: bareDir },
];
const servers = await Promise.all(builds.map((build) => slowServer(build.root)));
const origins = servers.map((server) => {
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return `http://127.0.0.1:${address.port}`;
});
const referrer = await referringSite();
const referrerOrigin = `http://127.0.0.2:${/** @type {import("node:net").AddressInfo} */ (referrer.address()).port}`;
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: [
    ...CHROMIUM_FLAGS,
    `${ONLY_LOCALHOST}, EXCLUDE 127.0.0.2`,
    ...(ANDROID
      ? ["--disable-site-isolation-trials", "--enable-features=SiteIsolationForCrossOriginOpenerPolicy"]
      : []),
  ],
});

/**
 * From a click on the first link in the page's <main> to another page of the site, a pointer having rested on it for
 * HOVER ms, to that page's first contentful paint; NaN on a page without such a link.
 * @param {import("@playwright/test").Page} page
 */
async function nextPage(page) {
  const href = await page.evaluate(() => {
    const link = [...document.querySelectorAll("main a[href]")].find((element) => {
      const url = new URL(/** @type {HTMLAnchorElement} */ (element).href);
      return url.origin === location.origin && url.pathname !== location.pathname && element.checkVisibility();
    });
    link?.setAttribute("data-stream-next", "");
    return /** @type {HTMLAnchorElement | undefined} */ (link)?.href;
  });
  if (!href) return Number.NaN;
  const link = page.locator("[data-stream-next]");
  await link.scrollIntoViewIfNeeded();
  await link.hover();
  // The visitor's pointer on the link before the click, not a wait for the page: what the prefetch has to work with.
  await wait(HOVER);
  await Promise.all([page.waitForURL(href, { waitUntil: "load", timeout: 120_000 }), link.click()]);
  return page.evaluate(
    () =>
      new Promise((done) => {
        new PerformanceObserver((list) => {
          const fcp = list.getEntriesByName("first-contentful-paint")[0];
          if (fcp) done(fcp.startTime);
        }).observe({ type: "paint", buffered: true });
        // The page has loaded: one that has painted nothing by then reads NaN rather than waiting forever.
        setTimeout(() => done(Number.NaN), 1000);
      }),
  );
}

/**
 * One first visit: the page's first contentful paint and its largest contentful paint, ms from navigation, the
 * wait from reaching for its island to its island hydrated (NaN on a page without one still waiting for a visitor),
 * and (`next`) the first paint of the page its first link leads to, from the click (nextPage).
 * @param {string} url
 * @param {boolean} next
 */
async function visit(url, next) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${referrerOrigin}/?to=${encodeURIComponent(url)}`);
    // Set on the tab, it holds in the page's own renderer, which the link's navigation starts.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
    await Promise.all([page.waitForURL(url, { waitUntil: "load", timeout: 120_000 }), page.click("#to")]);
    await page.waitForLoadState("networkidle");
    const paints = await page.evaluate(async () => {
      const entries = (/** @type {string} */ type) =>
        new Promise((done) => {
          new PerformanceObserver((list) => done(list.getEntries())).observe({ type, buffered: true });
          // An observer with nothing buffered never calls back: a page that painted nothing reads NaN.
          setTimeout(() => done([]), 1000);
        });
      const [paints, largest] = await Promise.all([entries("paint"), entries("largest-contentful-paint")]);
      const fcp = /** @type {PerformanceEntry[]} */ (paints).find((entry) => entry.name === "first-contentful-paint");
      const lcp = /** @type {any[]} */ (largest).at(-1);
      const element = lcp?.element;
      return {
        fcp: fcp?.startTime ?? Number.NaN,
        lcp: lcp?.startTime ?? Number.NaN,
        element: element ? `${element.tagName.toLowerCase()}: ${(element.textContent ?? "").trim().slice(0, 40)}` : "",
      };
    });
    const reach = await page.evaluate(
      () =>
        new Promise((done, fail) => {
          // Not the calculator's, which hydrates at idle by itself ("or-idle").
          const island = [...document.querySelectorAll('astro-island[client="interaction"][ssr]')].find(
            (element) => JSON.parse(element.getAttribute("opts") ?? "{}").value !== "or-idle",
          );
          if (!island) return done(Number.NaN);
          setTimeout(() => fail(new Error(`${location.pathname}: the island did not hydrate within 60 s`)), 60_000);
          const start = performance.now();
          new MutationObserver(() => {
            if (!island.hasAttribute("ssr")) done(performance.now() - start);
          }).observe(island, { attributes: true, attributeFilter: ["ssr"] });
          island.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
        }),
    );
    return {
      ...paints,
      reach: /** @type {number} */ (reach),
      next: next ? /** @type {number} */ (await nextPage(page)) : Number.NaN,
    };
  } finally {
    await context.close();
  }
}

const load = loadavg()[0]?.toFixed(1) ?? "?";
/** @type {string[][]} */
const rows = [];
try {
  for (const route of routes) {
    /** @type {{ fcp: number, lcp: number, reach: number, next: number, element: string }[][]} */
    const runs = builds.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      // The builds take turns, so a busy moment slows each alike.
      for (const [index, origin] of origins.entries()) {
        runs[index]?.push(await visit(origin + route, builds[index]?.name !== "bare"));
      }
      process.stdout.write(".");
    }
    const medians = runs.map((list) => ({
      fcp: median(list.map((entry) => entry.fcp)),
      lcp: median(list.map((entry) => entry.lcp)),
      reach: median(list.map((entry) => entry.reach).filter((reach) => !Number.isNaN(reach))),
      next: median(list.map((entry) => entry.next).filter((next) => !Number.isNaN(next))),
      element: list[0]?.element ?? "",
    }));
    const bare = medians.at(-1) ?? { fcp: Number.NaN, lcp: Number.NaN };
    for (const [index, build] of builds.entries()) {
      const m = medians[index];
      if (!m || build.name === "bare") continue;
      rows.push([
        route,
        ...(compare ? [build.name] : []),
        `${Math.round(m.fcp)} ms`,
        `${(m.fcp / bare.fcp).toFixed(2)}×`,
        `${Math.round(m.lcp)} ms`,
        `${(m.lcp / bare.lcp).toFixed(2)}×`,
        `${Math.round(bare.fcp)} / ${Math.round(bare.lcp)} ms`,
        Number.isNaN(m.reach) ? "–" : `${Math.round(m.reach)} ms`,
        Number.isNaN(m.next) ? "–" : `${Math.round(m.next)} ms`,
        m.element.replace(/\|/g, "/"),
      ]);
    }
  }
} finally {
  process.stdout.write("\n");
  await browser.close();
  for (const server of [...servers, referrer]) server.close();
  rmSync(bareDir, { recursive: true, force: true });
}

const header = [
  "Route",
  ...(compare ? ["Build"] : []),
  "FCP",
  "FCP ÷ bare",
  "LCP",
  "LCP ÷ bare",
  "Bare FCP / LCP",
  "Reach",
  "Next",
  "Largest element",
];
const about =
  `Streamed: real Chromium${ANDROID ? " with Android's process model" : ""}, by a link from another site, ` +
  `${RTT} ms round trip, responses in TCP slow-start ` +
  `flights, CPU ÷${CPU}, 412 × 823 px, median of ${RUNS}; ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, load average ${load} at the start.`;
const markdown = [header, header.map(() => "---"), ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");
console.log(`${about}\n\n${markdown}`);
mkdirSync("reports", { recursive: true });
writeFileSync("reports/stream-audit.md", `${about}\n\n${markdown}\n`);
