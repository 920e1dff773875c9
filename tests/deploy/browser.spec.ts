/**
 * Chromium against nginx, with the production headers: every route at 390px
 * and 1280px raises no Content-Security-Policy violation, the interactive
 * parts work under the policy, the policy really blocks injected code, and
 * the radio plays the real Icecast stream through the /api/stream proxy.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { STATION_TITLE, startIcecast, startSource, stopIcecast, stopSource } from "../../deploy/station/station.mjs";
import { SEARCH_WORKER_PATH } from "../../scripts/csp/security-headers";
import { expect, test } from "../e2e/fixtures";
import { deployState } from "./servers";
import { sitemapRoutes } from "./site";

const state = deployState();
const routes = sitemapRoutes(state.dist);
const url = (path: string) => `${state.baseUrl}${path}`;

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

/** Records every securitypolicyviolation of the page's documents, from their first script on. */
async function recordViolations(page: Page, { donation = false } = {}) {
  await page.addInitScript((showDonation) => {
    const list: unknown[] = [];
    Object.defineProperty(window, "__cspViolations", { value: list });
    document.addEventListener("securitypolicyviolation", (event) => {
      list.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
    // The donation dialog (30 s into a session) has its own test; elsewhere it stays out of the way.
    // (Blocked third-party frames are opaque error pages without storage.)
    if (!showDonation && window === window.top) sessionStorage.setItem("donation:shown", "1");
  }, donation);
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);

/**
 * Scrolls through the page (lazy embeds load on the way) and points at each client:interaction island, which
 * waits for the visitor, so every island hydrates; then lets the network settle.
 */
async function visitWhole(page: Page, path: string) {
  const response = await page.goto(url(path));
  await page.evaluate(async () => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // One rendering step at each position, in which lazy frames near the viewport start loading.
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    for (const island of document.querySelectorAll('astro-island[ssr][client="interaction"]')) {
      island.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    }
  });
  // Playwright's networkidle fires once per navigation, possibly before an island pointed at has loaded.
  await expect(page.locator("astro-island[ssr]"), `${path}: every island hydrated`).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  return response;
}

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["mobile", { width: 390, height: 844 }],
] as const) {
  test.describe(`${name} (${viewport.width}px)`, () => {
    test.use({ viewport, hasTouch: name === "mobile" });

    test("every route loads, hydrates and scrolls with zero CSP violations", async ({ page }) => {
      await recordViolations(page);
      for (const route of routes) {
        const response = await visitWhole(page, route);
        expect(response?.status(), route).toBe(200);
        expect(response?.headers()["content-security-policy"], route).toContain("script-src");
        expect(await violations(page), route).toEqual([]);
        // Style attributes moved out of the markup still apply: every ad slot keeps its reserved height.
        const heights = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("[data-ad-slot]")].map((el) => [
            /min-height:\s*([\d.]+px)/.exec(el.getAttribute("data-inline-style") ?? "")?.[1],
            getComputedStyle(el).minHeight,
          ]),
        );
        for (const [declared, computed] of heights) if (declared) expect(computed, route).toBe(declared);
      }
      if (name === "mobile") {
        await page.getByRole("button", { name: "Toggle menu" }).click();
        await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
        expect(await violations(page), "mobile menu").toEqual([]);
      }
    });
  });
}

test.describe("pages that log errors on purpose", () => {
  test.use({ allowErrors: true });

  test("the 404 page renders under the CSP with status 404", async ({ page, errors }) => {
    await recordViolations(page);
    const response = await visitWhole(page, "/no-such-page");
    expect(response?.status()).toBe(404);
    const heading = /^heading: "(.*)"$/m.exec(readFileSync("content/pages/404.mdx", "utf-8"))![1]!;
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // The 404 page logs the attempted path (and Chromium the 404 status); nothing else goes wrong.
    expect(errors.filter((text) => !text.includes("/no-such-page") && !text.includes("404 (Not Found)"))).toEqual([]);
    expect(errors.some((text) => text.includes("/no-such-page"))).toBe(true);
  });

  test("the policy is enforced: injected scripts and styles are blocked and reported", async ({ page, errors }) => {
    await recordViolations(page);
    await page.goto(url("/"));
    // Playwright reports the refusal as an error of its own helper; the page is what matters.
    await page.addScriptTag({ content: "window.__injected = true;" }).catch(() => undefined);
    await page.addStyleTag({ content: "body { outline: 9px solid red; }" }).catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect(page.locator("body")).not.toHaveCSS("outline-width", "9px");
    const seen = await violations(page);
    expect(seen.map((v) => v.directive).sort()).toEqual(["script-src-elem", "style-src-elem"]);
    expect(errors.every((text) => /Content Security Policy/.test(text))).toBe(true);
  });

  test("the donation dialog opens and closes under the CSP", async ({ page, errors }) => {
    await recordViolations(page, { donation: true });
    await page.addInitScript(() => {
      if (window === window.top) sessionStorage.setItem("donation:start", String(Date.now() - 29_000));
    });
    await page.goto(url("/about"));
    const dialog = page.getByRole("dialog", { name: "Support Our Mission" });
    await expect(dialog).toBeVisible({ timeout: 5000 });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/**
 * Prepended to the worker script in the test only: a worker's violations fire in the worker,
 * out of the page's reach (and Chromium logs them to no console Playwright listens to).
 */
const RECORD_WORKER_VIOLATIONS = `self.__cspViolations = [];
self.addEventListener("securitypolicyviolation", (event) => self.__cspViolations.push({
  directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample,
  source: event.sourceFile + ":" + event.lineNumber,
}));
`;

test("site search compiles Pagefind's WebAssembly in its worker, under the worker's own policy, with no violation anywhere", async ({
  page,
}) => {
  await recordViolations(page);
  await page.route(`**${SEARCH_WORKER_PATH}`, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    delete headers["content-encoding"]; // the body below is decoded
    delete headers["content-length"];
    await route.fulfill({ response, headers, body: RECORD_WORKER_VIOLATIONS + (await response.text()) });
  });
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  const workerResponse = page.waitForResponse((response) => response.url().endsWith(SEARCH_WORKER_PATH));

  await page.goto(url("/"));
  await page.getByRole("button", { name: "Search the site" }).click();
  await page.getByRole("searchbox").fill("yield");
  await expect(page.locator("[data-search-results] > li").first()).toBeVisible();

  // The worker came with its own policy, the only one that allows WebAssembly; the page's has no unsafe source.
  expect((await workerResponse).headers()["content-security-policy"]).toBe(
    "default-src 'none'; script-src 'wasm-unsafe-eval'; connect-src 'self'",
  );
  const worker = page.workers().find((candidate) => candidate.url().endsWith(SEARCH_WORKER_PATH));
  expect(worker, "Pagefind started its worker").toBeDefined();
  // Pagefind reports where a verbose search ran: "webworker", or "mainthread" after falling back.
  const environment = await page.evaluate(
    'import("/pagefind/pagefind.js").then((pagefind) => pagefind.search("bond", { verbose: true })).then((search) => search.search_environment)',
  );
  expect(environment).toBe("webworker");
  expect(warnings.filter((text) => /Pagefind/i.test(text))).toEqual([]); // "… falling back to main thread"
  expect(await violations(page), "page").toEqual([]);
  expect(
    await worker!.evaluate(() => (self as unknown as { __cspViolations: Violation[] }).__cspViolations),
    "worker",
  ).toEqual([]);
});

test("the subscribe form posts to the configured endpoint without a CSP violation", async ({ page }) => {
  await recordViolations(page);
  await page.goto(url("/contact"));
  const posted = page.waitForRequest((request) => request.url().startsWith("https://newsletter.example.com/"));
  await page.getByLabel("Email address").fill("reader@example.com");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await posted; // blocked on the way out by the test's network rule, not by the policy
  await expect(page.getByRole("region", { name: "Notifications" })).not.toBeEmpty();
  expect(await violations(page)).toEqual([]);
});

test.describe("radio", () => {
  test.use({ allowErrors: true });

  /** Records the audio element's events with their times (Date.now()), from the page's first script on. */
  async function recordMedia(page: Page) {
    await page.addInitScript(() => {
      const log: [string, number][] = [];
      Object.defineProperty(window, "__media", { value: log });
      for (const name of ["playing", "waiting", "ended", "error", "pause"]) {
        document.addEventListener(
          name,
          (event) => event.target instanceof HTMLAudioElement && log.push([name, Date.now()]),
          true,
        );
      }
    });
  }
  const mediaLog = (page: Page) => page.evaluate(() => (window as unknown as { __media: [string, number][] }).__media);

  test("plays the real station with its title, reconnects by itself when Icecast restarts, and gives up when it stays down", async ({
    page,
    errors,
  }) => {
    test.setTimeout(180_000);
    await recordViolations(page);
    await recordMedia(page);
    const streamRequests: { url: string; at: number }[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/stream")) streamRequests.push({ url: request.url(), at: Date.now() });
    });
    await page.goto(url("/radio"));
    const play = page.getByRole("button", { name: "Play" });
    await expect(play).toBeEnabled();
    // The volume slider's server-rendered inline styles survive the CSP and hydration: before the player hydrates
    // (it waits for the visitor) a static knob stands at 90%, and once the visitor reaches for it the thumb does.
    const track = (await page.locator('[data-slot="slider-track"]').boundingBox())!;
    const at = (box: { x: number; width: number }) => (box.x + box.width / 2 - track.x) / track.width;
    expect(at((await page.locator('[data-slot="slider-knob"]').boundingBox())!)).toBeCloseTo(0.9, 1);
    await play.hover();
    const thumb = page.getByRole("slider", { name: "Volume" });
    await expect(thumb).toBeVisible();
    expect(at((await thumb.boundingBox())!)).toBeCloseTo(0.9, 1);
    await expect(page.locator('[data-slot="slider-knob"]')).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(streamRequests, "nothing is requested before play").toEqual([]);

    const status = page.locator('[data-slot="radio-player"]').getByRole("status");
    const currentTime = () => page.evaluate(() => document.querySelector("audio")!.currentTime);
    const nowPlaying = page.locator("[data-now-playing]");
    try {
      await play.click();
      await expect.poll(currentTime, { timeout: 20_000, message: "audio plays" }).toBeGreaterThan(2);
      expect(new URL(streamRequests[0]!.url).search).toBe(`?port=${state.streamPort}`);
      await expect(status).toHaveText("Live");
      await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
      // The station's title (its source's metadata, through /api/now-playing) in Now Playing and the system's controls.
      await expect(nowPlaying).toHaveText(new RegExp(`^${escapeRegExp(STATION_TITLE)} · \\d+ listening$`));
      expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(STATION_TITLE);

      // Icecast restarts under the listener: the player reconnects by itself and plays on, no click.
      const stoppedAt = Date.now();
      await stopSource(state.stationDir);
      await stopIcecast(state.stationDir);
      await startIcecast(state.stationDir, state.stationPort);
      await startSource(state.stationDir, state.stationPort);
      const backAt = Date.now();
      await expect
        .poll(() => streamRequests.length, { timeout: 30_000, message: "a fresh connection" })
        .toBeGreaterThan(1);
      await expect(status).toHaveText("Live", { timeout: 30_000 });
      await expect.poll(currentTime, { timeout: 20_000, message: "the new connection plays" }).toBeGreaterThan(2);
      const log = await mediaLog(page);
      const reconnectedAt = streamRequests[1]!.at;
      // The old connection's audio ran out when the element ended (or stalled for good); sound came back at "playing".
      const drop =
        log.find(([name, at]) => at >= stoppedAt && (name === "ended" || name === "error")) ??
        log.find(([name, at]) => at >= stoppedAt && name === "waiting");
      const resumed = log.find(([name, at]) => name === "playing" && at >= reconnectedAt);
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `radio: Icecast stopped and started again in ${seconds(backAt - stoppedAt)}; the old connection's audio ran out ` +
          `${seconds((drop?.[1] ?? NaN) - stoppedAt)} after the stop (${drop?.[0]}); the player reconnected by itself ` +
          `${seconds(reconnectedAt - (drop?.[1] ?? NaN))} later and sound came back ${seconds((resumed?.[1] ?? NaN) - reconnectedAt)} ` +
          `after that: ${seconds((resumed?.[1] ?? NaN) - (drop?.[1] ?? NaN))} of silence, ${streamRequests.length - 1} reconnection request(s), no click`,
      );
      expect(resumed, "a playing event after the drop").toBeDefined();

      // Icecast stays down: after the three retries, the message and the Retry button.
      await stopSource(state.stationDir);
      await stopIcecast(state.stationDir);
      const downAt = Date.now();
      await expect(page.getByRole("alert").filter({ hasText: "Stream temporarily unavailable." })).toBeVisible({
        timeout: 60_000,
      });
      const before = streamRequests.length;
      console.log(
        `radio: with Icecast down, "Stream temporarily unavailable." after ${((Date.now() - downAt) / 1000).toFixed(1)} s`,
      );
      const retry = page.getByRole("button", { name: "Retry" });
      await expect(retry).toBeVisible();
      await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
      // While the station is down, Now Playing is back to the page's sentence.
      await expect(nowPlaying).toHaveText("Live programming from our station stream.");

      // Retry while the station is down: nginx answers 502, and the player tries again by itself.
      const failed = page.waitForResponse((response) => response.url().includes("/api/stream"));
      await retry.click();
      expect((await failed).status()).toBe(502);
      await expect(status).toHaveText(/^(Connecting…|Reconnecting( in \d+ s)?…)$/);
      await expect(page.getByRole("alert").filter({ hasText: "Stream temporarily unavailable." })).toBeVisible({
        timeout: 60_000,
      });
      expect(streamRequests.length - before).toBe(4);
      expect(await violations(page)).toEqual([]);
      expect(errors.filter((text) => !/50[23] \((Bad Gateway|Service Unavailable)\)/.test(text))).toEqual([]);
    } finally {
      await stopSource(state.stationDir);
      await stopIcecast(state.stationDir);
      await startIcecast(state.stationDir, state.stationPort);
      await startSource(state.stationDir, state.stationPort);
    }
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
