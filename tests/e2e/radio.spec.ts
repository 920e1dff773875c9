/**
 * The live radio page with the stream and the now-playing endpoint intercepted: the player's states,
 * its reconnects (Playwright's clock drives the retry timers), and the station's title.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page, Route } from "@playwright/test";
import { chromiumPath } from "../../scripts/lib/dist.mjs";
import {
  expect as baseExpect,
  frames,
  hasHorizontalOverflow,
  hydrated,
  recordLocaleData,
  settled,
  test,
  axe,
} from "./fixtures";

// Every wait below is on a state or an event; on a busy machine audio and hydration take their time.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const site = JSON.parse(readFileSync("content/site.json", "utf-8"));
const STREAM = /\/api\/stream\?port=8076$/;
const NOW_PLAYING = /\/api\/now-playing\?port=8076$/;
const SENTENCE = "Live programming from our station stream.";
const STREAM_ERROR = "Stream temporarily unavailable.";
const PLAY_ERROR = "Unable to start playback. Please try again.";

/** `seconds` of a 440 Hz sine tone as a mono 16-bit PCM WAV file. */
function sineWav(seconds: number, rate = 8000): Buffer {
  const bytes = seconds * rate * 2;
  const wav = Buffer.alloc(44 + bytes);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + bytes, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write("data", 36);
  wav.writeUInt32LE(bytes, 40);
  for (let i = 0; i < bytes / 2; i++)
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  return wav;
}
const WAV = sineWav(30);
/** A stream that ends after a second and a half: the connection dropping mid-play. */
const SHORT_WAV = sineWav(1.5);

/**
 * A live station on a port of its own, to which the page's stream requests are sent: an endless WAV stream (20 s
 * at once, so that playback starts without waiting for the decoder's first read, then in real time). Each
 * connection is noted, and marked closed when the browser closes it.
 */
async function liveStation(page: Page) {
  const rate = 8000;
  const second = sineWav(1, rate).subarray(44); // 440 whole cycles: the seconds follow each other seamlessly
  const header = Buffer.from(sineWav(0, rate));
  header.writeUInt32LE(0xffffffff, 4); // no end
  header.writeUInt32LE(0xffffffff - 44, 40);
  const connections: { closed: boolean }[] = [];
  const server = createServer((request, response) => {
    const connection = { closed: false };
    connections.push(connection);
    response.writeHead(200, { "content-type": "audio/wav", "cache-control": "no-store" });
    response.write(Buffer.concat([header, ...Array.from({ length: 20 }, () => second)]));
    const tenth = second.length / 10;
    let at = 0;
    const pace = setInterval(() => {
      response.write(second.subarray(at, at + tenth));
      at = (at + tenth) % second.length;
    }, 100);
    request.socket.on("close", () => {
      clearInterval(pace);
      connection.closed = true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await page.route(STREAM, (route) => route.continue({ url: `http://127.0.0.1:${port}/stream` }));
  return {
    connections,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** "hang": the request is never answered (a station that accepts the connection and sends nothing). */
type Answer = "wav" | "short" | 500 | "abort" | "hang";

/** Serves the stream: each request takes the next answer (the last one repeats). Returns the request log. */
async function serveStream(page: Page, ...answers: Answer[]) {
  const requests: string[] = [];
  await page.route(STREAM, async (route: Route) => {
    const answer = answers[Math.min(requests.length, answers.length - 1)];
    requests.push(route.request().url());
    if (answer === "abort") return route.abort("failed");
    if (answer === "hang") return;
    if (answer === 500) return route.fulfill({ status: 500, body: "stream server down" });
    return route.fulfill({ status: 200, contentType: "audio/wav", body: answer === "short" ? SHORT_WAV : WAV });
  });
  return requests;
}

/** Network failures the browser itself logs as console errors; any other error still fails the test. */
const onlyNetworkErrors = (errors: string[]) =>
  expect(errors.filter((line) => !/Failed to load resource/.test(line))).toEqual([]);

/**
 * Answers /api/now-playing with the next answer each time (the last one repeats): a title (7 listening), 503 (the
 * station's status unavailable) or "hang" (never answered). Returns the request log.
 */
async function serveNowPlaying(page: Page, ...answers: (string | 503 | "hang")[]) {
  const requests: string[] = [];
  await page.unroute(NOW_PLAYING);
  await page.route(NOW_PLAYING, (route) => {
    const answer = answers[Math.min(requests.length, answers.length - 1)];
    requests.push(route.request().url());
    if (answer === "hang") return;
    if (answer === 503) return route.fulfill({ status: 503, json: { title: null, listeners: null } });
    return route.fulfill({ status: 200, contentType: "application/json", json: { title: answer, listeners: 7 } });
  });
  return requests;
}

const player = (page: Page) => page.locator('[data-slot="radio-player"]');
const status = (page: Page) => player(page).getByRole("status");
const nowPlaying = (page: Page) => page.locator("[data-now-playing]");
const playButton = (page: Page) => player(page).getByRole("button", { name: /^(Play|Pause)$/ });
const audio = (page: Page) => player(page).locator("audio");
const currentTime = (page: Page) => audio(page).evaluate((element: HTMLAudioElement) => element.currentTime);

/**
 * Notes every text the element matching `selector` shows from now on (a MutationObserver in the page), each change
 * once; returns a function that reads them.
 */
async function recordTexts(page: Page, selector: string) {
  const key = `texts:${selector}`;
  await page.evaluate(
    ([selector, key]) => {
      const element = document.querySelector(selector)!;
      const seen = [element.textContent];
      Object.assign(window, { [key]: seen });
      new MutationObserver(() => {
        if (seen.at(-1) !== element.textContent) seen.push(element.textContent);
      }).observe(element, { subtree: true, childList: true, characterData: true });
    },
    [selector, key] as const,
  );
  return () => page.evaluate((key) => (window as unknown as Record<string, string[]>)[key]!, key);
}

/** Hides the tab or shows it again, as switching tabs does. */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", { value: value ? "hidden" : "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);

/** Opens /radio and reaches for the player, which hydrates on the first sign of use (client:interaction). */
async function open(page: Page) {
  await page.goto("/radio");
  await hydrated(page, "RadioPlayer");
}

/**
 * Opens /radio with the player's own code held back until `release()` (a slow phone's network), so that a press
 * comes before the player has hydrated. `asked` lists the requests for that code.
 */
async function openWithPlayerHeld(page: Page) {
  await page.goto("/radio");
  const island = page.locator('astro-island[component-export="RadioPlayer"]');
  const chunk = new URL((await island.getAttribute("component-url"))!, page.url()).href;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(chunk, async (route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });
  return { island, chunk, asked, release };
}

test.beforeEach(async ({ page, javaScriptEnabled }) => {
  await serveNowPlaying(page, "Sunrise Jazz");
  if (javaScriptEnabled !== false) await open(page);
});

/** Installs Playwright's clock (before the page loads), then stops it: the retry timers run when the test says. */
async function withClock(page: Page) {
  // The donation dialog (30 s into a visit) stays out of the way of the minutes the clock runs through.
  await page.addInitScript(() => sessionStorage.setItem("donation:shown", "1"));
  await page.clock.install();
  await open(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

test("shows the player card, Now Playing and the tip, and requests nothing before play", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (STREAM.test(request.url())) requests.push(request.url());
  });
  await page.reload({ waitUntil: "networkidle" });
  const card = player(page);
  await expect(card.getByRole("heading", { name: site.radio.title })).toBeVisible();
  await expect(card.getByText(site.radio.subtitle, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Now Playing" })).toBeVisible();
  await expect(nowPlaying(page)).toHaveText(SENTENCE);
  await expect(
    page.getByText(
      /^Tip: If audio doesn['’]t start, click play\. Some browsers block autoplay with sound until you interact\.$/,
    ),
  ).toBeVisible();
  const element = audio(page);
  await expect(element).toHaveAttribute("src", site.radio.streamUrl);
  await expect(element).toHaveAttribute("preload", "none");
  await expect(element).toHaveAttribute("crossorigin", "anonymous");
  await expect(element).toHaveAttribute("playsinline", "");
  await expect(player(page).getByRole("alert")).toHaveText("");
  // The player has hydrated, so anything it would request before play it would have requested by now.
  await hydrated(page, "RadioPlayer");
  expect(requests).toEqual([]);
});

test.describe("when the player's code cannot load", () => {
  // The browser logs the missing file (Astro asks twice) and Astro its failure: the only errors allowed.
  test.use({ allowErrors: true });
  test("says so once the visitor reaches for it", async ({ page }) => {
    await page.route(/\/_astro\/RadioPlayer\.[\w-]+\.js/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.reload();
    const note = page.getByRole("alert").filter({ hasText: "The player did not load" });
    await expect(note).toBeHidden();
    await playButton(page).hover();
    await expect(note).toBeVisible();
  });
});

test("plays when Play is pressed before the player's code has arrived: the press is held, then played", async ({
  page,
}) => {
  // Under iOS Safari's rule, which headless Chromium cannot be told to follow: an <audio> element plays from a script
  // only once it has been played inside a press, which counts only while the press's own handlers run. (Chromium
  // counts a press for 5 s, long enough for the replayed click without the player's help.)
  await page.addInitScript(() => {
    let pressing = false;
    for (const type of ["click", "touchend", "keydown"])
      addEventListener(
        type,
        (event) => {
          if (!event.isTrusted) return;
          pressing = true;
          setTimeout(() => (pressing = false));
        },
        { capture: true },
      );
    const play = HTMLMediaElement.prototype.play;
    const free = new WeakSet<HTMLMediaElement>();
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (pressing) free.add(this);
      return free.has(this) ? play.call(this) : Promise.reject(new DOMException("refused", "NotAllowedError"));
    };
  });
  const requests = await serveStream(page, "wav");
  const { island, chunk, asked, release } = await openWithPlayerHeld(page);
  await playButton(page).click();
  await expect.poll(() => asked).toEqual([chunk]);
  await expect(island).toHaveAttribute("ssr", "");
  expect(requests).toEqual([]);
  release();
  await expect(playButton(page)).toHaveAccessibleName("Pause");
  await expect(status(page)).toHaveText("Live");
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
  expect(requests).toHaveLength(1);
});

test("plays when a screen reader presses Play before the player has hydrated: a click with nothing before it", async ({
  page,
}) => {
  const requests = await serveStream(page, "wav");
  await page.goto("/radio");
  await expect(page.locator('astro-island[component-export="RadioPlayer"]')).toHaveAttribute("ssr", "");
  // No pointer, focus or key first: what NVDA's browse mode sends when Enter is pressed on a button.
  await playButton(page).dispatchEvent("click");
  await expect(playButton(page)).toHaveAccessibleName("Pause");
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
  expect(requests).toHaveLength(1);
});

test("plays the stream when Play is pressed, then pauses, the button offering the available action", async ({
  page,
}) => {
  const requests = await serveStream(page, "wav");
  await expect(playButton(page).locator("svg")).toHaveAttribute("data-icon", "play");
  await playButton(page).click();
  await expect(playButton(page)).toHaveAccessibleName("Pause");
  await expect(playButton(page).locator("svg")).toHaveAttribute("data-icon", "pause");
  await expect(status(page)).toHaveText("Live");
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
  expect(requests).toHaveLength(1);
  expect(await audio(page).evaluate((element: HTMLAudioElement) => element.volume)).toBeCloseTo(0.9);
  // The station's title, in Now Playing and in the system's media controls.
  await expect(nowPlaying(page)).toHaveText("Sunrise Jazz · 7 listening");
  await expect
    .poll(() =>
      page.evaluate(() => {
        const data = navigator.mediaSession.metadata;
        return { title: data?.title, artist: data?.artist };
      }),
    )
    .toEqual({ title: "Sunrise Jazz", artist: site.radio.title });

  await playButton(page).click();
  await expect(playButton(page)).toHaveAccessibleName("Play");
  await expect(status(page)).toHaveText("Paused");
  await expect(nowPlaying(page)).toHaveText(SENTENCE);
  expect(await audio(page).evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
  await expect(player(page).getByRole("alert")).toHaveText("");
});

test("shows that it is connecting while the stream has not started, and Pause cancels", async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let answered!: () => void;
  const done = new Promise<void>((resolve) => (answered = resolve));
  await page.route(STREAM, async (route) => {
    await gate;
    await route.fulfill({ status: 200, contentType: "audio/wav", body: WAV }).catch(() => {});
    answered();
  });
  await playButton(page).click();
  await expect(status(page)).toHaveText("Connecting…");
  await expect(playButton(page)).toHaveAccessibleName("Pause");
  await playButton(page).click();
  await expect(status(page)).toHaveText("Paused");
  await expect(playButton(page)).toHaveAccessibleName("Play");
  // The held-back stream now answers (or finds its request already cancelled): nothing may start after that.
  release();
  await done;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(status(page)).toHaveText("Paused");
  await expect(player(page).getByRole("alert")).toHaveText("");
  expect(await audio(page).evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
});

test("works from the keyboard: Enter and Space on the play button", async ({ page }) => {
  await serveStream(page, "wav");
  await playButton(page).focus();
  await page.keyboard.press("Enter");
  await expect(playButton(page)).toHaveAccessibleName("Pause");
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(0.2);
  await page.keyboard.press("Space");
  await expect(playButton(page)).toHaveAccessibleName("Play");
  await expect(playButton(page)).toBeFocused();
});

test("resumes a live stream from a fresh connection, not from stale buffered audio", async ({ page }) => {
  const requests = await serveStream(page, "wav");
  await playButton(page).click();
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(1);
  await playButton(page).click();
  await expect(playButton(page)).toHaveAccessibleName("Play");
  // Where the audio stands when sound comes out again (read at that event, not by the test's clock).
  const resumedAt = audio(page).evaluate(
    (element: HTMLAudioElement) =>
      new Promise<number>((resolve) =>
        element.addEventListener("playing", () => resolve(element.currentTime), { once: true }),
      ),
  );
  await playButton(page).click();
  await expect(playButton(page)).toHaveAccessibleName("Pause");
  // A new connection starts again at the live edge of what the server sends, not where the old one stopped.
  expect(await resumedAt).toBeLessThan(0.5);
  expect(requests.length).toBeGreaterThanOrEqual(2);
});

test.describe("when the listener leaves the page", () => {
  test("it closes the stream's connection, and coming back shows Paused without playing", async ({ page }) => {
    const station = await liveStation(page);
    try {
      await playButton(page).click();
      await expect(status(page)).toHaveText("Live");
      expect(station.connections).toEqual([{ closed: false }]);
      // What the browser sends as the page goes into the back/forward cache, and as it comes back from it.
      await page.evaluate(() => dispatchEvent(new PageTransitionEvent("pagehide", { persisted: true })));
      await expect.poll(() => station.connections).toEqual([{ closed: true }]);
      await page.evaluate(() => dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true })));
      await expect(status(page)).toHaveText("Paused");
      await expect(playButton(page)).toHaveAccessibleName("Play");
      await expect(audio(page)).not.toHaveAttribute("src");
      expect(await audio(page).evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
      await frames(page);
      expect(station.connections).toHaveLength(1);
      // Play again opens a fresh connection.
      await playButton(page).click();
      await expect(status(page)).toHaveText("Live");
      expect(station.connections).toEqual([{ closed: true }, { closed: false }]);
    } finally {
      station.close();
    }
  });

  // Playwright's Chromium is launched without the back/forward cache; this test launches one with it. The full
  // Chromium, since the headless shell keeps no page in that cache.
  test("@desktop in the back/forward cache, the page holds no connection to the stream", async ({
    playwright,
    launchOptions,
    baseURL,
  }) => {
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      executablePath: chromiumPath(),
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
    });
    const page = await browser.newPage({ baseURL: baseURL! });
    const station = await liveStation(page);
    try {
      await serveNowPlaying(page, 503);
      await page.addInitScript(() =>
        addEventListener("pageshow", (event) =>
          document.documentElement.setAttribute("data-restored", `${event.persisted}`),
        ),
      );
      await open(page);
      await playButton(page).click();
      await expect(status(page)).toHaveText("Live");
      await page.goto("/about");
      await expect.poll(() => station.connections).toEqual([{ closed: true }]);
      await page.goBack({ waitUntil: "commit" });
      // Restored from the cache, not loaded again: the test checked what it meant to.
      await expect(page.locator("html")).toHaveAttribute("data-restored", "true");
      await expect(status(page)).toHaveText("Paused");
      await expect(playButton(page)).toHaveAccessibleName("Play");
      expect(station.connections).toHaveLength(1);
    } finally {
      station.close();
      await browser.close();
    }
  });
});

test("hydrates, plays and names the listeners without loading the browser's locale data", async ({ page }) => {
  const localeData = await recordLocaleData(page);
  await serveStream(page, "wav");
  await open(page);
  await playButton(page).click();
  await expect(nowPlaying(page)).toHaveText("Sunrise Jazz · 7 listening");
  expect(await localeData()).toEqual([]);
});

test("announces its state politely: the status line is a polite live region", async ({ page }) => {
  await expect(status(page)).toHaveText("Stopped");
  // role="status" is aria-live="polite" by definition; only the error line (role="alert") is assertive, and it
  // holds nothing until playback fails.
  await expect(player(page).locator('[aria-live="assertive"]')).toHaveCount(0);
  await expect(player(page).getByRole("alert")).toHaveText("");
});

test.describe("when the connection drops", () => {
  test.use({ allowErrors: true });

  test("reconnects by itself after 1 s with a fresh connection and plays on, without a click", async ({
    page,
    errors,
  }) => {
    await withClock(page);
    const requests = await serveStream(page, "short", "wav");
    const titles = await recordTexts(page, "[data-now-playing]");
    await playButton(page).click();
    await expect(status(page)).toHaveText("Live");
    await expect(nowPlaying(page)).toHaveText("Sunrise Jazz · 7 listening");
    // The first connection ends after 1.5 s of audio.
    await expect(status(page)).toHaveText("Reconnecting in 1 s…", { timeout: 10_000 });
    await expect(playButton(page)).toHaveAccessibleName("Pause");
    // The station's title stays through the reconnect: the sentence and back would move the page under it.
    await expect(nowPlaying(page)).toHaveText("Sunrise Jazz · 7 listening");
    expect(requests).toHaveLength(1);
    await page.clock.runFor(1000);
    await expect(status(page)).toHaveText("Live");
    expect(requests).toHaveLength(2);
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(1.6);
    await expect(player(page).getByRole("alert")).toHaveText("");
    expect(await titles()).toEqual([SENTENCE, "Sunrise Jazz · 7 listening"]);
    onlyNetworkErrors(errors);
  });

  test("a stream that plays a few seconds and drops each time: retries after 1, 2 and 4 s, then gives up", async ({
    page,
    errors,
  }) => {
    await withClock(page);
    // Every connection carries 1.5 s of audio and ends (a station restarting in a loop, a proxy cutting it).
    const requests = await serveStream(page, "short");
    const said = await recordTexts(page, '[data-slot="radio-player"] [role="status"]');
    await playButton(page).click();
    for (const [retry, seconds] of [1, 2, 4].entries()) {
      // The sound in between does not set the backoff back to 1 s.
      await expect(status(page)).toHaveText(`Reconnecting in ${seconds} s…`, { timeout: 10_000 });
      expect(requests).toHaveLength(retry + 1);
      await page.clock.runFor(seconds * 1000);
    }
    await expect(player(page).getByRole("alert")).toHaveText(STREAM_ERROR, { timeout: 10_000 });
    await expect(status(page)).toHaveText("Unavailable");
    await expect(playButton(page)).toHaveAccessibleName("Play");
    expect(requests).toHaveLength(4);
    // Each retry did play before it dropped.
    const steps = (await said())
      .filter((text) => /^(Live|Unavailable|Reconnecting in \d s…)$/.test(text))
      .map((text) => (text.startsWith("Reconnecting") ? "wait" : text))
      .filter((text, i, all) => text !== all[i - 1]);
    expect(steps).toEqual(["Live", "wait", "Live", "wait", "Live", "wait", "Live", "Unavailable"]);
    onlyNetworkErrors(errors);
  });

  test("sound proves the network works: after an offline event without its online, a drop is still retried", async ({
    page,
    errors,
  }) => {
    await withClock(page);
    const requests = await serveStream(page, "short", "wav");
    // The page missed the network's return (or navigator.onLine was wrong at load).
    await page.evaluate(() => dispatchEvent(new Event("offline")));
    await playButton(page).click();
    await expect(status(page)).toHaveText("Live");
    await expect(status(page)).toHaveText("Reconnecting in 1 s…", { timeout: 10_000 });
    await page.clock.runFor(1000);
    await expect(status(page)).toHaveText("Live");
    expect(requests).toHaveLength(2);
    onlyNetworkErrors(errors);
  });

  test("given up after its retries, it tries once more when the network comes back", async ({
    page,
    context,
    errors,
  }) => {
    await withClock(page);
    const requests = await serveStream(page, 500, 500, 500, 500, "wav");
    await playButton(page).click();
    for (const seconds of [1, 2, 4]) {
      await expect(status(page)).toHaveText(`Reconnecting in ${seconds} s…`);
      await page.clock.runFor(seconds * 1000);
    }
    await expect(player(page).getByRole("alert")).toHaveText(STREAM_ERROR);
    await expect(status(page)).toHaveText("Unavailable");
    expect(requests).toHaveLength(4);
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(status(page)).toHaveText("Live");
    await expect(player(page).getByRole("alert")).toHaveText("");
    expect(requests).toHaveLength(5);
    onlyNetworkErrors(errors);
  });

  test('retries 3 times, 1, 2 and 4 s apart, then shows "Stream temporarily unavailable." in red with Retry', async ({
    page,
    errors,
  }) => {
    await withClock(page);
    const requests = await serveStream(page, 500);
    const stopped = await playButton(page).boundingBox();
    await playButton(page).click();
    for (const [retry, seconds] of [1, 2, 4].entries()) {
      await expect(status(page)).toHaveText(`Reconnecting in ${seconds} s…`);
      // The countdown is shown, not announced; and the longer status moves nothing.
      await expect(status(page).locator('[aria-hidden="true"]', { hasText: /^ in \d s…$/ })).toHaveCount(1);
      expect((await playButton(page).boundingBox())!.y).toBe(stopped!.y);
      await expect(player(page).getByRole("alert")).toHaveText("");
      expect(requests).toHaveLength(retry + 1);
      let waited = 0;
      if (seconds > 1) {
        // The status line counts down.
        await page.clock.runFor(1000);
        waited = 1000;
        await expect(status(page)).toHaveText(`Reconnecting in ${seconds - 1} s…`);
      }
      await page.clock.runFor(seconds * 1000 - waited - 1);
      expect(requests).toHaveLength(retry + 1);
      await page.clock.runFor(1);
      await expect.poll(() => requests.length).toBe(retry + 2);
    }
    const alert = player(page).getByRole("alert");
    await expect(alert).toHaveText(STREAM_ERROR);
    await expect(status(page)).toHaveText("Unavailable");
    await expect(playButton(page)).toHaveAccessibleName("Play");
    await expect(playButton(page).locator("svg")).toHaveAttribute("data-icon", "play");
    await page.clock.runFor(60_000);
    expect(requests).toHaveLength(4);
    const [color, down] = await alert.evaluate((element) => [
      getComputedStyle(element).color,
      getComputedStyle(document.documentElement).getPropertyValue("--color-down").trim(),
    ]);
    const probe = await page.evaluate((value) => {
      const span = document.createElement("span");
      span.style.color = value;
      document.body.append(span);
      const computed = getComputedStyle(span).color;
      span.remove();
      return computed;
    }, down);
    expect(color).toBe(probe);

    // Retry starts over from a fresh connection, and the focus goes to the button that can stop it.
    await serveStream(page, "wav");
    await player(page).getByRole("button", { name: "Retry" }).focus();
    await page.keyboard.press("Enter");
    await expect(playButton(page)).toBeFocused();
    await expect(status(page)).toHaveText("Live");
    await expect(alert).toHaveText("");
    await expect(player(page).getByRole("button", { name: "Retry" })).toBeHidden();
    onlyNetworkErrors(errors);
  });

  test("a cut connection is retried too", async ({ page, errors }) => {
    await withClock(page);
    const requests = await serveStream(page, "abort", "wav");
    await playButton(page).click();
    await expect(status(page)).toHaveText("Reconnecting in 1 s…");
    await page.clock.runFor(1000);
    await expect(status(page)).toHaveText("Live");
    expect(requests).toHaveLength(2);
    onlyNetworkErrors(errors);
  });

  test("a screen reader hears Reconnecting once through the wait and the new connection", async ({ page, errors }) => {
    await withClock(page);
    const requests = await serveStream(page, 500, "hang");
    await playButton(page).click();
    await expect(status(page)).toHaveText("Reconnecting in 1 s…");
    // The status region's content as the accessibility tree has it: the countdown is hidden from it.
    await expect(status(page)).toMatchAriaSnapshot("- status: Reconnecting");
    await page.clock.runFor(1000);
    await expect.poll(() => requests.length).toBe(2);
    await expect(status(page)).toHaveText("Reconnecting…");
    await expect(status(page)).toMatchAriaSnapshot("- status: Reconnecting");
    // Given up after 20 s without sound, it waits again, still "Reconnecting".
    await page.clock.runFor(20_000);
    await expect(status(page)).toHaveText("Reconnecting in 2 s…");
    await playButton(page).click();
    await expect(status(page)).toHaveText("Paused");
    onlyNetworkErrors(errors);
  });

  test("pause cancels a pending retry", async ({ page, errors }) => {
    await withClock(page);
    const requests = await serveStream(page, 500);
    await playButton(page).click();
    await expect(status(page)).toHaveText("Reconnecting in 1 s…");
    await playButton(page).click();
    await expect(status(page)).toHaveText("Paused");
    await page.clock.runFor(60_000);
    expect(requests).toHaveLength(1);
    await expect(player(page).getByRole("alert")).toHaveText("");
    onlyNetworkErrors(errors);
  });

  test("shows Buffering… while the stream stalls, and reconnects when it stays stalled", async ({ page, errors }) => {
    await withClock(page);
    const requests = await serveStream(page, "wav");
    await playButton(page).click();
    await expect(status(page)).toHaveText("Live");
    // The element reports it ran out of data, as it does when the network stops delivering.
    await audio(page).evaluate((element: HTMLAudioElement) => element.dispatchEvent(new Event("waiting")));
    await expect(status(page)).toHaveText("Buffering…");
    await page.clock.runFor(10_000);
    await expect(status(page)).toHaveText("Reconnecting in 1 s…");
    await page.clock.runFor(1000);
    await expect(status(page)).toHaveText("Live");
    expect(requests).toHaveLength(2);
    onlyNetworkErrors(errors);
  });

  test("offline, it waits for the network, and reconnects as soon as it is back", async ({ page, context, errors }) => {
    await withClock(page);
    const requests = await serveStream(page, "short", "wav");
    await playButton(page).click();
    await expect(status(page)).toHaveText("Live");
    const live = await playButton(page).boundingBox();
    await context.setOffline(true);
    await expect(status(page)).toHaveText("Offline: waiting…", { timeout: 10_000 });
    expect((await playButton(page).boundingBox())!.y).toBe(live!.y);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.clock.runFor(60_000);
    expect(requests).toHaveLength(1);
    await context.setOffline(false);
    await expect(status(page)).toHaveText("Live");
    expect(requests).toHaveLength(2);
    onlyNetworkErrors(errors);
  });
});

test.describe("now playing", () => {
  test("polls every 15 s while playing, not while the tab is hidden, and follows a new title", async ({ page }) => {
    await withClock(page);
    await serveStream(page, "wav");
    const requests = await serveNowPlaying(page, "Sunrise Jazz", "Market Close");
    await playButton(page).click();
    await expect(nowPlaying(page)).toHaveText("Sunrise Jazz · 7 listening");
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!).search).toBe("?port=8076");
    await page.clock.runFor(15_000);
    await expect(nowPlaying(page)).toHaveText("Market Close · 7 listening");
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe("Market Close");
    await setHidden(page, true);
    await page.clock.runFor(60_000);
    expect(requests).toHaveLength(2);
    await setHidden(page, false);
    await expect.poll(() => requests.length).toBe(3);
  });

  test.describe("when a request fails", () => {
    test.use({ allowErrors: true });
    test("a failed or unanswered request keeps the title on screen, and the next poll follows the station", async ({
      page,
      errors,
    }) => {
      await withClock(page);
      await serveStream(page, "wav");
      const requests = await serveNowPlaying(page, "Sunrise Jazz", 503, "hang", "Market Close");
      /** Runs the page's clock a second at a time until the page has made its `count`th request. */
      const untilRequest = (count: number) =>
        expect
          .poll(
            async () => {
              await page.clock.runFor(1000);
              return requests.length;
            },
            { intervals: [100] },
          )
          .toBe(count);
      await playButton(page).click();
      await expect(nowPlaying(page)).toHaveText("Sunrise Jazz · 7 listening");
      await untilRequest(2); // answered 503
      // The next poll comes only after the failed one was read, and the title is still on screen.
      await untilRequest(3); // never answered: given up
      await expect(nowPlaying(page)).toHaveText("Sunrise Jazz · 7 listening");
      await untilRequest(4);
      await expect(nowPlaying(page)).toHaveText("Market Close · 7 listening");
      onlyNetworkErrors(errors);
    });
  });

  test("a title of one long word and a huge count wrap, and the page does not scroll sideways", async ({ page }) => {
    await serveStream(page, "wav");
    const title = "Q".repeat(200);
    await page.unroute(NOW_PLAYING);
    await page.route(NOW_PLAYING, (route) => route.fulfill({ json: { title, listeners: 1_000_000_000_000 } }));
    await playButton(page).click();
    await expect(nowPlaying(page)).toHaveText(`${title} · 1,000,000,000,000 listening`);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // Within its own column, too (on a wide screen the page's width could hide it).
    expect(await nowPlaying(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });

  test.describe("without the endpoint", () => {
    test.use({ allowErrors: true });

    test("keeps the page's sentence, and the only console line is the browser's for the missing address", async ({
      page,
      errors,
    }) => {
      await page.unroute(NOW_PLAYING);
      await serveStream(page, "wav");
      const asked: string[] = [];
      page.on("request", (request) => {
        if (NOW_PLAYING.test(request.url())) asked.push(request.url());
      });
      const missing = page.waitForResponse(NOW_PLAYING);
      await playButton(page).click();
      expect((await missing).status()).toBe(404);
      await expect(status(page)).toHaveText("Live");
      await expect(nowPlaying(page)).toHaveText(SENTENCE);
      // One request per play: switching tabs does not ask again.
      for (let time = 0; time < 3; time++) {
        await setHidden(page, true);
        await setHidden(page, false);
      }
      await playButton(page).click();
      await expect(status(page)).toHaveText("Paused");
      const again = page.waitForResponse(NOW_PLAYING);
      await playButton(page).click();
      expect((await again).status()).toBe(404);
      expect(asked).toHaveLength(2);
      expect(errors.filter((line) => !/Failed to load resource: .*404/.test(line))).toEqual([]);
    });
  });
});

test.describe("when the browser refuses to play", () => {
  /** play() is refused with `name` until the page calls `allowPlay()`. */
  const refusePlay = (page: Page, name: string) =>
    page.addInitScript((name) => {
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException("refused", name));
      Object.assign(window, { allowPlay: () => (HTMLMediaElement.prototype.play = play) });
    }, name);

  test("for want of a fresh press (a press before the player loaded, replayed): no error, it asks for Play", async ({
    page,
  }) => {
    // What iOS Safari, or Chromium after a slow load, does with the press replayed once the player has loaded.
    await refusePlay(page, "NotAllowedError");
    const requests = await serveStream(page, "wav");
    const { release } = await openWithPlayerHeld(page);
    await playButton(page).click();
    release();
    await expect(status(page)).toHaveText("Press Play to start");
    await expect(playButton(page)).toHaveAccessibleName("Play");
    await expect(playButton(page)).toBeFocused();
    await expect(player(page).getByRole("alert")).toHaveText("");
    await expect(player(page).getByRole("button", { name: "Retry" })).toBeHidden();
    await expect(status(page)).toMatchAriaSnapshot("- status: Press Play to start");
    // The next press is the listener's own, and plays.
    await page.evaluate(() => (window as unknown as { allowPlay: () => void }).allowPlay());
    await page.keyboard.press("Enter");
    await expect(status(page)).toHaveText("Live");
    expect(requests.length).toBeGreaterThanOrEqual(1);
  });

  test('for any other reason: "Unable to start playback. Please try again." with Retry', async ({ page }) => {
    await refusePlay(page, "InvalidStateError");
    await open(page);
    await playButton(page).click();
    await expect(player(page).getByRole("alert")).toHaveText(PLAY_ERROR);
    await expect(status(page)).toHaveText("Unavailable");
    await expect(playButton(page)).toHaveAccessibleName("Play");
    await expect(player(page).getByRole("button", { name: "Retry" })).toBeVisible();
  });
});

test.describe("what follows the player stays where it is", () => {
  test.use({ allowErrors: true });

  /** The "Now Playing" heading's place on the page and the status dot's, in CSS pixels from the page's corner. */
  const places = (page: Page) =>
    page.evaluate(() => {
      const at = (element: Element | null | undefined) => {
        const box = element!.getBoundingClientRect();
        return { x: box.left + scrollX, y: box.top + scrollY };
      };
      const heading = [...document.querySelectorAll("h2")].find((h2) => h2.textContent === "Now Playing");
      const dot = document.querySelector('[data-slot="radio-player"] [role="status"] > span');
      return { heading: at(heading), dot: at(dot) };
    });

  test("through the retries and the failure, each second of the countdown too", async ({ page, errors }) => {
    await withClock(page);
    await serveStream(page, 500);
    // The page's clock is stopped (no frames): the fonts are what could still move things.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const before = await places(page);
    const seen = [before];
    await playButton(page).click();
    // Each wait, a second at a time (the status line counts down), and each new connection after it.
    for (const seconds of [1, 2, 4]) {
      for (let left = seconds; left > 0; left--) {
        await expect(status(page)).toHaveText(`Reconnecting in ${left} s…`);
        seen.push(await places(page));
        await page.clock.runFor(1000);
      }
    }
    await expect(player(page).getByRole("alert")).toHaveText(STREAM_ERROR);
    await expect(player(page).getByRole("button", { name: "Retry" })).toBeVisible();
    seen.push(await places(page));
    expect(seen).toEqual(seen.map(() => before));
    onlyNetworkErrors(errors);
  });

  test('when play() fails: "Unable to start playback. Please try again." and Retry', async ({ page, errors }) => {
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException("refused", "InvalidStateError"));
    });
    await open(page);
    await settled(page);
    const before = await places(page);
    await playButton(page).click();
    await expect(player(page).getByRole("alert")).toHaveText(PLAY_ERROR);
    await expect(player(page).getByRole("button", { name: "Retry" })).toBeVisible();
    await frames(page);
    expect(await places(page)).toEqual(before);
    onlyNetworkErrors(errors);
  });
});

test("in forced colours the volume keeps its track and its fill", async ({ page }) => {
  await page.emulateMedia({ forcedColors: "active" });
  const track = player(page).locator('[data-slot="slider-track"]');
  const fill = player(page).locator('[data-slot="slider-range"]');
  const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await track.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe("solid");
  expect(await fill.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(canvas);
});

test("mute and volume follow the display rules", async ({ page }) => {
  const mute = player(page).getByRole("button", { name: "Mute" });
  const slider = player(page).getByRole("slider", { name: "Volume" });
  const element = audio(page);
  const read = () => element.evaluate((a: HTMLAudioElement) => ({ muted: a.muted, volume: a.volume }));

  await expect(slider).toHaveAttribute("aria-valuenow", "0.9");
  await expect(slider).toHaveAttribute("aria-valuemin", "0");
  await expect(slider).toHaveAttribute("aria-valuemax", "1");
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await expect(mute.locator("svg")).toHaveAttribute("data-icon", "volume");

  await expect(slider).toHaveAttribute("aria-valuetext", "90%");

  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await expect(mute.locator("svg")).toHaveAttribute("data-icon", "muted");
  // While muted the slider shows 0 and says so; the element keeps the volume that unmuting goes back to.
  await expect(slider).toHaveAttribute("aria-valuenow", "0");
  await expect(slider).toHaveAttribute("aria-valuetext", "Muted");
  expect(await read()).toEqual({ muted: true, volume: expect.closeTo(0.9) });
  await mute.click();
  await expect(slider).toHaveAttribute("aria-valuenow", "0.9");
  expect(await read()).toEqual({ muted: false, volume: expect.closeTo(0.9) });

  // A nudge on the slider while muted unmutes, from the 0 it shows.
  await mute.click();
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await expect(slider).toHaveAttribute("aria-valuenow", "0.01");
  await expect(slider).toHaveAttribute("aria-valuetext", "1%");
  expect(await read()).toEqual({ muted: false, volume: expect.closeTo(0.01) });

  await page.keyboard.press("End");
  await expect(slider).toHaveAttribute("aria-valuenow", "1");
  await page.keyboard.press("ArrowLeft");
  await expect(slider).toHaveAttribute("aria-valuenow", "0.99");
  await expect(slider).toHaveAttribute("aria-valuetext", "99%");

  // Volume 0 is silent: the Mute button shows it pressed, and pressing it brings back a volume that can be heard.
  await page.keyboard.press("Home");
  await expect(slider).toHaveAttribute("aria-valuenow", "0");
  await expect(mute.locator("svg")).toHaveAttribute("data-icon", "muted");
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  expect(await read()).toEqual({ muted: false, volume: 0 });
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await expect(mute.locator("svg")).toHaveAttribute("data-icon", "volume");
  await expect(slider).toHaveAttribute("aria-valuenow", "0.5");
  expect(await read()).toEqual({ muted: false, volume: expect.closeTo(0.5) });
});

test("the system's play control while playing keeps the connection; its pause pauses", async ({ page }) => {
  // The handlers the player gives the system's media controls (Media Session), to press them as the system would.
  await page.addInitScript(() => {
    const handlers = new Map<string, MediaSessionActionHandler | null>();
    const session = navigator.mediaSession;
    const set = session.setActionHandler.bind(session);
    session.setActionHandler = (action, handler) => (handlers.set(action, handler), set(action, handler));
    Object.assign(window, { mediaControl: (action: MediaSessionAction) => handlers.get(action)?.({ action }) });
  });
  await open(page);
  const station = await liveStation(page);
  try {
    await playButton(page).click();
    await expect(status(page)).toHaveText("Live");
    await audio(page).evaluate((element: HTMLAudioElement) => {
      const seen: string[] = [];
      element.addEventListener("emptied", () => seen.push("emptied"));
      element.addEventListener("loadstart", () => seen.push("loadstart"));
      Object.assign(window, { reloads: seen });
      (window as unknown as { mediaControl: (action: string) => void }).mediaControl("play");
    });
    await frames(page);
    // No new connection: the element was not pointed at the stream again, and the first connection is open.
    expect(await page.evaluate(() => (window as unknown as { reloads: string[] }).reloads)).toEqual([]);
    await expect(status(page)).toHaveText("Live");
    expect(station.connections).toEqual([{ closed: false }]);
    await page.evaluate(() => (window as unknown as { mediaControl: (action: string) => void }).mediaControl("pause"));
    await expect(status(page)).toHaveText("Paused");
    await expect.poll(() => station.connections).toEqual([{ closed: true }]);
  } finally {
    station.close();
  }
});

// The page at rest is part of the sweep in a11y.spec.ts; here the player in the state only playing reaches.
test("the playing player has no axe violations", async ({ page }) => {
  await serveStream(page, "wav");
  await playButton(page).click();
  await expect(playButton(page)).toHaveAccessibleName("Pause");
  expect((await axe(page).include('[data-slot="radio-player"]').analyze()).violations).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("offers the browser's own audio controls, still without preloading", async ({ page }) => {
    await page.goto("/radio");
    const native = page.locator("audio[controls]");
    await expect(native).toBeVisible();
    await expect(native).toHaveAttribute("preload", "none");
    await expect(native).toHaveAttribute("src", site.radio.streamUrl);
    await expect(player(page).getByRole("button", { name: "Play" })).toBeHidden();
    // No status that would never change ("Stopped" while the browser's player plays), nor room kept for an error.
    await expect(player(page).getByRole("status")).toBeHidden();
    await expect(player(page).getByRole("alert")).toBeHidden();
  });
});
