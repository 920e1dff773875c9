/** The donation dialog (docs/decisions.md, "Donation dialog"): 30 s into the tab session, counted across pages, once per session. */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { enhanced, expect, test } from "./fixtures";

const site = JSON.parse(readFileSync("content/site.json", "utf-8"));
const copy = site.donationDialog;

// The page's clock stands still except when a test moves it: a running clock would add the test's own
// (possibly slow) wall-clock time to the 30 s, and open the dialog before the test looks for its absence.
// A test tagged @real-clock keeps the browser's own.
test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.tags.includes("@real-clock")) return;
  await page.clock.install({ time: new Date("2025-03-03T09:00:00Z") });
  await page.clock.pauseAt(new Date("2025-03-03T10:00:00Z"));
});

/** Opens `path` and waits for the donation script to have read the session's clock and set its timer. */
async function open(page: Page, path: string) {
  await page.goto(path);
  // The page loads its script files once it has loaded and painted, at idle: on the test clock, which reports no
  // paint, half a second after load and at most 50 ms of idle wait later (scripts/lib/defer-scripts.mjs).
  await page.clock.runFor(600);
  await enhanced(page.locator("dialog[data-donation-dialog]"));
}

test("opens 30 s after the first page appears, with its title, subtitle and body", async ({ page }) => {
  await open(page, "/");
  await page.clock.runFor(29_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.clock.runFor(1_500);
  const dialog = page.getByRole("dialog", { name: copy.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(copy.kicker)).toBeVisible();
  await expect(dialog.getByText(copy.subtitle)).toBeVisible();
  await expect(dialog.getByText(copy.body)).toBeVisible();
});

test(
  "counts the first page's 30 s from its first paint, not from when its script ran",
  { tag: "@real-clock" },
  async ({ page }) => {
    await page.goto("/terms");
    // The script that sets the timer runs once the page has loaded and painted, at idle: later than the paint.
    await enhanced(page.locator("dialog[data-donation-dialog]"));
    const { start, paint } = await page.evaluate(() => ({
      start: Number(sessionStorage.getItem("donation:start")),
      paint: performance.timeOrigin + (performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN),
    }));
    expect(start).toBe(paint);
  },
);

test("waits while the visitor types in a field or has the site search open, then opens", async ({ page }) => {
  await open(page, "/contact");
  const email = page.getByRole("textbox", { name: /email/i }).first();
  await email.focus();
  await page.clock.runFor(31_000);
  await page.keyboard.type("reader@example.com");
  await expect(email).toHaveValue("reader@example.com");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Out of the field, into the site search's dialog: still not.
  await page
    .getByRole("button", { name: /search/i })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await page.clock.runFor(10_000);
  await expect(page.getByRole("dialog", { name: copy.title })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Done (the focus is back on the search button, not in a field): it opens at its next look.
  await expect(page.getByRole("button", { name: /search/i }).first()).toBeFocused();
  await page.clock.runFor(2_000);
  await expect(page.getByRole("dialog", { name: copy.title })).toBeVisible();
});

test("waits while the visitor types in another site's frame (the contact form), then opens", async ({ page }) => {
  const form = site.contactForm.frameUrl as string;
  await page.route(form, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Form</title><textarea></textarea>" }),
  );
  await open(page, "/contact");
  const message = page.frameLocator(`iframe[src="${form}"]`).locator("textarea");
  await message.click();
  await page.clock.runFor(31_000);
  // Typed after the dialog was due: every key reaches the frame, a space included (it would press Close).
  await page.keyboard.type("Hello there");
  await expect(message).toHaveValue("Hello there");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Out of the frame: it opens at its next look.
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.runFor(2_000);
  await expect(page.getByRole("dialog", { name: copy.title })).toBeVisible();
});

test("waits while the radio plays, and opens once it is paused", async ({ page }) => {
  await open(page, "/radio");
  // A playing audio element, as the player's is while the stream plays (no real stream needed for the rule).
  await page.evaluate(() => {
    const audio = document.body.appendChild(document.createElement("audio"));
    audio.id = "playing";
    Object.defineProperty(audio, "paused", { configurable: true, get: () => false });
  });
  await page.clock.runFor(31_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.clock.runFor(10_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.evaluate(() => Object.defineProperty(document.getElementById("playing"), "paused", { get: () => true }));
  await page.clock.runFor(2_000);
  await expect(page.getByRole("dialog", { name: copy.title })).toBeVisible();
});

test("keeps counting across page navigations in the same tab", async ({ page }) => {
  await open(page, "/");
  await page.clock.runFor(20_000);
  await open(page, "/about");
  await page.clock.runFor(9_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.clock.runFor(1_500);
  await expect(page.getByRole("dialog", { name: copy.title })).toBeVisible();
});

test("Maybe Later closes it and it does not reopen in this tab session", async ({ page }) => {
  await open(page, "/");
  await page.clock.runFor(31_000);
  await page.getByRole("button", { name: copy.dismiss }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.clock.runFor(60_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await open(page, "/types");
  await page.clock.runFor(60_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the close button and Escape close it, and focus stays inside while open", async ({ page }) => {
  await open(page, "/");
  await page.clock.runFor(31_000);
  const dialog = page.getByRole("dialog", { name: copy.title });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  const other = await page.context().newPage();
  await open(other, "/");
  await other.clock.runFor(31_000);
  await other.getByRole("button", { name: "Close" }).click();
  await expect(other.getByRole("dialog")).toHaveCount(0);
});

test("the keyboard goes through it in the order it reads: Close first, then the two buttons as they stand", async ({
  page,
}) => {
  await open(page, "/");
  await page.clock.runFor(31_000);
  const dialog = page.getByRole("dialog", { name: copy.title });
  const stops = [
    dialog.getByRole("button", { name: "Close" }),
    dialog.getByRole("button", { name: copy.dismiss }),
    dialog.getByRole("link", { name: new RegExp(copy.confirm) }),
  ];
  // Opened, it has the focus on its way out, at its top: a short screen shows the dialog from its title.
  await expect(stops[0]!).toBeFocused();
  let before = (await stops[0]!.boundingBox())!;
  for (const stop of stops.slice(1)) {
    await page.keyboard.press("Tab");
    await expect(stop).toBeFocused();
    // Further down, or on the same line further right.
    const box = (await stop.boundingBox())!;
    const below = box.y >= before.y + before.height - 1;
    const rightOnTheLine = Math.abs(box.y - before.y) < 2 && box.x >= before.x + before.width;
    expect(below || rightOnTheLine, "the next stop comes after this one on screen").toBe(true);
    before = box;
  }
  // Nothing runs under the close button, however narrow the screen: a phone's, or 1280 px zoomed to 400%.
  await page.setViewportSize({ width: 320, height: 640 });
  const close = (await stops[0]!.boundingBox())!;
  for (const text of [dialog.getByText(copy.kicker), dialog.getByRole("heading", { name: copy.title })]) {
    const right = await text.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return Math.max(...[...range.getClientRects()].map((rect) => rect.right));
    });
    expect(right, "text stops short of the close button").toBeLessThanOrEqual(close.x);
  }
});

test("Make a Donation opens the donation site in a new tab and closes the dialog", async ({ page }) => {
  await open(page, "/");
  await page.clock.runFor(31_000);
  const link = page.getByRole("link", { name: new RegExp(copy.confirm) });
  await expect(link).toHaveAttribute("href", site.donation.url);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  // Stand in for the donation site (every real external host is blocked in tests).
  await page
    .context()
    .route(site.donation.url, (route) => route.fulfill({ contentType: "text/html", body: "<title>Donate</title>" }));
  const popup = page.waitForEvent("popup");
  await link.click();
  expect((await popup).url()).toBe(site.donation.url);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("opens without loading any script: the dialog is in the page's HTML", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  // The timer is set once the donation script has run: moving the clock before then would move it past nothing.
  await open(page, "/about");
  const before = scripts.length;
  await page.clock.runFor(31_000);
  await expect(page.getByRole("dialog", { name: copy.title })).toBeVisible();
  expect(scripts.slice(before)).toEqual([]);
});

test("a click on the backdrop closes it; a click inside does not", async ({ page }) => {
  await open(page, "/");
  await page.clock.runFor(31_000);
  const dialog = page.getByRole("dialog", { name: copy.title });
  await dialog.getByText(copy.body).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
