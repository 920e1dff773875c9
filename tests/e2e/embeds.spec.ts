/**
 * Third-party frames (docs/decisions.md, "Embeds"): the home page's news widget and
 * the contact form, one shared component on / and /contact.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { enhanced, expect, test } from "./fixtures";

const site = JSON.parse(readFileSync("content/site.json", "utf-8"));
const NEWS = site.news.widgetUrl as string;
const news = (page: Page) => page.locator("[data-embed]", { has: page.locator(`iframe[data-src="${NEWS}"]`) });
/** The feed's provider answers with a small page. */
const feed = (page: Page) =>
  page.route(NEWS, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Feed</title><p>Bond headline</p>" }),
  );

test("the home page shows the news feed frame: titled, lazy, 600px high", async ({ page }) => {
  await feed(page);
  await page.goto("/");
  const frame = news(page).locator("iframe");
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute("title", /news/i);
  await expect(frame).toHaveAttribute("loading", "lazy");
  await frame.scrollIntoViewIfNeeded();
  expect((await frame.boundingBox())?.height).toBe(600);
});

test.describe("news skeleton", () => {
  const skeleton = (page: Page) => news(page).locator("[data-embed-skeleton]");
  /** The skeleton's animations that are running. */
  const pulses = (page: Page) =>
    skeleton(page).evaluate(
      (element) =>
        element.getAnimations({ subtree: true }).filter((a) => a.playState === "running" && "animationName" in a)
          .length,
    );

  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: new Date("2025-03-03T09:00:00Z") });
    await page.clock.pauseAt(new Date("2025-03-03T10:00:00Z"));
  });

  test("pulses until 1,000 ms when the feed never answers", async ({ page }) => {
    await page.route(NEWS, () => {});
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(skeleton(page)).toBeVisible();
    expect(await skeleton(page).locator(".animate-pulse").count()).toBeGreaterThan(0);
    expect(await pulses(page)).toBeGreaterThan(0);
    await page.clock.runFor(999);
    await expect(skeleton(page)).toBeVisible();
    await page.clock.runFor(1);
    await expect(skeleton(page)).toBeHidden();
    // Hidden, it stops pulsing: an invisible animation still has its elements restyled in every frame the page
    // draws, as it does while the visitor scrolls.
    await expect.poll(() => pulses(page)).toBe(0);
  });

  test("gives way as soon as the feed frame loads", async ({ page }) => {
    await feed(page);
    await page.goto("/");
    // The provider is asked once the page has loaded, has painted and the browser is idle: on the test clock,
    // which reports no paint, half a second after load and at most 50 ms of idle wait later.
    await page.clock.runFor(600);
    await news(page).scrollIntoViewIfNeeded();
    await expect(page.frameLocator(`iframe[src="${NEWS}"]`).getByText("Bond headline")).toBeVisible();
    await expect(skeleton(page)).toBeHidden();
    await expect(news(page).getByText("Loading…")).toBeHidden();
  });

  test("a provider that never answers gets the message after 10 s, not an empty box for good", async ({ page }) => {
    await page.route(NEWS, () => {});
    await page.goto("/");
    await enhanced(news(page));
    // Asked half a second after load (the test clock reports no paint), then 10 s without an answer.
    await page.clock.runFor(600);
    await expect(news(page).getByRole("status")).toBeHidden();
    // Once the skeleton has gone, the box says it is loading rather than standing empty.
    await page.clock.runFor(400);
    await expect(skeleton(page)).toBeHidden();
    await expect(news(page).getByText("Loading…")).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(news(page).getByRole("status")).toHaveText("The latest corporate bond news feed could not be loaded.");
    await expect(news(page).getByText("Loading…")).toBeHidden();
    await expect(news(page).locator("iframe")).not.toHaveAttribute("src");
  });

  test("a frame that never loads after its provider answered gets the message after 10 s too", async ({ page }) => {
    // The provider answers the quick question (a fetch); the frame's own page never comes.
    await page.route(NEWS, (route) =>
      route.request().resourceType() === "fetch" ? route.fulfill({ contentType: "text/html", body: "" }) : undefined,
    );
    await page.goto("/");
    await enhanced(news(page));
    await page.clock.runFor(1_000);
    await expect(news(page).locator("iframe")).toHaveAttribute("src", NEWS);
    await expect(news(page).getByText("Loading…")).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(news(page).getByRole("status")).toHaveText("The latest corporate bond news feed could not be loaded.");
    await expect(news(page).getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(news(page).getByText("Loading…")).toBeHidden();
  });
});

test("a frame starts loading only once the page has, so a third party never holds up the first paint", async ({
  page,
}) => {
  await feed(page);
  // Note, from before the page's first byte, the document's state whenever a frame is given its address.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __frameSrcSetWhile: string[] }).__frameSrcSetWhile = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target instanceof HTMLIFrameElement && record.target.getAttribute("src"))
          seen.push(document.readyState);
      }
    }).observe(document, { subtree: true, attributeFilter: ["src"] });
  });
  await page.goto("/");
  await expect(page.locator("[data-embed] iframe").first()).toHaveAttribute("src", NEWS);
  const states = await page.evaluate(() => (window as unknown as { __frameSrcSetWhile: string[] }).__frameSrcSetWhile);
  // Only after load: "complete" is the state the load event fires in.
  expect(states.length).toBeGreaterThan(0);
  expect(states.every((state) => state === "complete")).toBe(true);
});

test("the provider is first asked after the page's first contentful paint", async ({ page }) => {
  await feed(page);
  await page.goto("/");
  await expect(page.locator("[data-embed] iframe").first()).toHaveAttribute("src", NEWS);
  // The request's timing entry is written once its response has ended.
  const asked = (url: string) =>
    page.evaluate((name) => performance.getEntriesByName(name, "resource")[0]?.startTime ?? null, url);
  await expect.poll(() => asked(NEWS)).not.toBeNull();
  const paint = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
  // A request to a new host started before the first frame is shown would be one more thing it waits for.
  expect(await asked(NEWS)).toBeGreaterThan(paint ?? Number.POSITIVE_INFINITY);
});

test("with every third-party host blocked, both embeds say so in the frame's place and log no error of ours", async ({
  page,
}) => {
  // The fixture blocks every external host and fails the test on any console error of ours.
  for (const [path, text, height] of [
    ["/", "The latest corporate bond news feed could not be loaded.", 600],
    ["/contact", "The contact form could not be loaded.", 789],
  ] as const) {
    await page.goto(path);
    const embed = page.locator("[data-embed]").first();
    await embed.scrollIntoViewIfNeeded();
    await expect(embed).toHaveAttribute("data-state", "shown");
    await expect(embed.locator("[data-embed-skeleton]")).toBeHidden();
    await expect(embed.getByRole("status")).toHaveText(text);
    // No frame showing the browser's error page, and the box keeps the frame's height.
    await expect(embed.locator("iframe")).toBeHidden();
    await expect(embed.locator("iframe")).not.toHaveAttribute("src");
    expect((await embed.boundingBox())?.height).toBeGreaterThanOrEqual(height);
  }
});

test("Try again asks the provider once more and shows the frame when it answers", async ({ page }) => {
  // Blocked at first (the fixture blocks every external host), then the provider answers.
  await page.goto("/");
  const embed = news(page);
  await enhanced(embed);
  await embed.scrollIntoViewIfNeeded();
  const retry = embed.getByRole("button", { name: "Try again" });
  await expect(retry).toBeVisible();
  // From the keyboard: the button keeps the focus while it asks, and the line says that it failed again, in words
  // that differ from the first time's (the same words would be neither seen nor announced as an answer).
  await retry.focus();
  await page.keyboard.press("Enter");
  await expect(embed.getByRole("status")).toHaveText("The latest corporate bond news feed still could not be loaded.");
  await expect(retry).not.toHaveAttribute("aria-disabled");
  await expect(retry).toBeFocused();
  await feed(page);
  await page.keyboard.press("Enter");
  await expect(page.frameLocator(`iframe[src="${NEWS}"]`).getByText("Bond headline")).toBeVisible();
  await expect(embed.getByRole("status")).toBeHidden();
  await expect(retry).toBeHidden();
  // The focus goes to the frame Try again brought, not to the page.
  await expect(embed.locator("iframe")).toBeFocused();
  expect((await embed.boundingBox())?.height).toBeGreaterThanOrEqual(600);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the news frame shows at once, with no skeleton over it", async ({ page }) => {
    await page.goto("/");
    await expect(news(page).locator("[data-embed-skeleton]")).toBeHidden();
    await news(page).scrollIntoViewIfNeeded();
    await expect(news(page).locator(`iframe[src="${NEWS}"]`)).toBeVisible();
    // The copy that script would have filled in takes no room.
    await expect(news(page).locator("iframe:not([src])")).toBeHidden();
  });
});
