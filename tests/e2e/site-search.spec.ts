/** Site search: the header button and Ctrl+K open it; Pagefind loads only then. */
import type { Page } from "@playwright/test";
import { enhanced, expect, holdBack, test } from "./fixtures";

/** Opens `path` and waits for the search script, which makes the header button and Ctrl+K open the dialog. */
async function open(page: Page, path: string, options?: Parameters<Page["goto"]>[1]) {
  await page.goto(path, options);
  await enhanced(page.locator("[data-search-dialog]"));
}

test("loads nothing for search until it is opened", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await open(page, "/about", { waitUntil: "networkidle" });
  expect(requests.filter((url) => url.includes("/pagefind/"))).toEqual([]);
  await page.getByRole("button", { name: "Search the site" }).click();
  await expect(page.getByRole("dialog", { name: "Search the site" })).toBeVisible();
  await expect.poll(() => requests.some((url) => url.includes("/pagefind/pagefind.js"))).toBe(true);
});

test("finds “duration” in the glossary and links to the term", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("button", { name: "Search the site" }).click();
  await page.getByLabel("Search terms").fill("duration");
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  await expect(dialog.getByRole("link").first()).toBeVisible();
  const hrefs = () => dialog.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  await expect.poll(async () => (await hrefs()).some((href) => href?.startsWith("/resources#"))).toBe(true);
  await expect(dialog.locator("mark").first()).toHaveText(/duration/i);
});

test("opens with Ctrl+K (not a single key), finds “barbell” on the strategies page, and closes on Escape", async ({
  page,
}) => {
  await open(page, "/types");
  // A single-character shortcut is one a speech-input user can set off by accident (WCAG 2.1.4): "/" does nothing.
  await page.locator("main a").first().focus();
  await page.keyboard.press("/");
  await expect(page.getByRole("dialog", { name: "Search the site" })).toBeHidden();
  await page.keyboard.press("Control+k");
  const input = page.getByLabel("Search terms");
  await expect(input).toBeFocused();
  await input.fill("barbell");
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  const first = dialog.getByRole("link").first();
  await expect(first).toBeVisible();
  const hrefs = () => dialog.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  await expect.poll(async () => (await hrefs()).some((href) => href?.startsWith("/strategies"))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("finds words from a table's cells, and not the ads or the new-tab hints", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("button", { name: "Search the site" }).click();
  const input = page.getByLabel("Search terms");
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  const hrefs = () => dialog.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  // "Aggressive" is only a row header of /strategies' model portfolios table.
  await input.fill("aggressive");
  await expect.poll(async () => (await hrefs()).some((href) => href?.startsWith("/strategies"))).toBe(true);
  // Almost every page has an ad placeholder; only /privacy and /terms speak of advertising.
  await input.fill("advertisement");
  await expect
    .poll(async () => {
      const found = await hrefs();
      return found.length > 0 && found.every((href) => /^\/(privacy|terms)\b/.test(href ?? ""));
    })
    .toBe(true);
  await input.fill("investor bulletin");
  await expect(dialog.getByText(/Investor Bulletin/).first()).toBeVisible();
  await expect(dialog).not.toContainText("opens in a new tab");
});

test("closes when a result on the page itself is chosen, which only scrolls the page", async ({ page }) => {
  await open(page, "/strategies");
  await page.getByRole("button", { name: "Search the site" }).click();
  await page.getByLabel("Search terms").fill("barbell");
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  const here = dialog.locator('a[href^="/strategies#"]').first();
  await expect(here).toBeVisible();
  await here.click();
  await expect(page).toHaveURL(/\/strategies#/);
  await expect(dialog).toBeHidden();
});

test("says so when nothing matches", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("button", { name: "Search the site" }).click();
  await page.getByLabel("Search terms").fill("zzqxj");
  await expect(page.getByText("No results for “zzqxj”.")).toBeVisible();
});

test("the button opens and closes the dialog before the search script has loaded; what was typed is searched once it has", async ({
  page,
}) => {
  // The search script held back, as on a slow phone before the page is idle.
  const release = await holdBack(page, /\/_astro\/BaseLayout\.[^/]*\.js$/);
  await page.goto("/about");
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  const button = page.getByRole("button", { name: "Search the site" });
  await button.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveAttribute("data-enhanced");
  await dialog.getByRole("button", { name: "Close search" }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  const input = page.getByLabel("Search terms");
  await expect(input).toBeFocused();
  await input.pressSequentially("barbell");
  await expect(dialog).not.toHaveAttribute("data-enhanced");
  release();
  await enhanced(dialog);
  await expect(input).toHaveValue("barbell");
  const hrefs = () => dialog.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  await expect.poll(async () => (await hrefs()).some((href) => href?.startsWith("/strategies"))).toBe(true);
});

test("says so, with somewhere to go, when the search script cannot load; Enter keeps the page and the text", async ({
  page,
}) => {
  await page.route(/\/_astro\/BaseLayout\.[^/]*\.js$/, (route) => route.abort());
  await page.goto("/about");
  // The page's loader marks a script that failed (scripts/lib/defer-scripts.mjs).
  await expect(page.locator("html")).toHaveAttribute("data-script-failed", "");
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  const message = dialog.getByText("Search did not load.");
  await expect(message).toBeHidden(); // in the page, not shown until the dialog opens
  await page.getByRole("button", { name: "Search the site" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveAttribute("data-enhanced");
  await expect(message).toBeVisible();
  await expect(dialog.getByRole("link", { name: "glossary" })).toHaveAttribute("href", "/resources#bond-glossary");

  const input = page.getByLabel("Search terms");
  await input.fill("duration");
  await input.press("Enter");
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/about");
  await page.getByRole("button", { name: "Search the site" }).click();
  await expect(input).toHaveValue("duration");
});

test("shows no failure message when the search script has loaded, even if another script failed", async ({ page }) => {
  await page.route(/\/_astro\/SubscribeForm\.[^/]*\.js$/, (route) => route.abort());
  await open(page, "/contact");
  await expect(page.locator("html")).toHaveAttribute("data-script-failed", "");
  await page.getByRole("button", { name: "Search the site" }).click();
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Search did not load.")).toBeHidden();
});

test("shows the first 8 of many results, and the rest on request, where the keyboard goes on", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("button", { name: "Search the site" }).click();
  await page.getByLabel("Search terms").fill("bond");
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  const results = dialog.locator("[data-search-results] > li");
  const status = dialog.locator("[data-search-status]");
  await expect(status).toHaveText(/^\d+ pages found, the first 8 shown\.$/);
  const found = Number((await status.textContent())?.match(/\d+/)?.[0]);
  expect(found).toBeGreaterThan(8);
  await expect(results).toHaveCount(8);
  const more = dialog.getByRole("button", { name: /^Show (the other|8 more)/ });
  await more.click();
  await expect(results).toHaveCount(Math.min(found, 16));
  await expect(results.nth(8).getByRole("link").first()).toBeFocused();
  if (found <= 16) await expect(more).toBeHidden();
});

test("a search still running when the field is cleared shows nothing when it ends", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("button", { name: "Search the site" }).click();
  // The results' own files held back: the search for "bond" is still running when the field is cleared.
  const release = await holdBack(page, /\/pagefind\/fragment\//);
  const held: string[] = [];
  const finished = new Set<string>();
  page.on("request", (request) => request.url().includes("/pagefind/fragment/") && held.push(request.url()));
  page.on("requestfinished", (request) => finished.add(request.url()));
  const input = page.getByLabel("Search terms");
  await input.fill("bond");
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await input.fill("");
  release();
  await expect.poll(() => held.every((url) => finished.has(url))).toBe(true);
  // Two frames after the last file arrived, the running search has had its turn to write.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  await expect(dialog.locator("[data-search-results] > li")).toHaveCount(0);
  await expect(dialog.locator("[data-search-status]")).toHaveText("");
});

test("a search that could not load tries again on the next keystroke", async ({ page }) => {
  let offline = true;
  await page.route(/\/pagefind\/pagefind\.js$/, (route) => (offline ? route.abort() : route.continue()));
  await open(page, "/about");
  await page.getByRole("button", { name: "Search the site" }).click();
  const input = page.getByLabel("Search terms");
  await input.fill("barbell");
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  await expect(dialog.getByText("Search could not load. Check your connection, then type again.")).toBeVisible();
  offline = false;
  await input.press("End");
  await input.press("s");
  await expect(dialog.locator('a[href^="/strategies"]').first()).toBeVisible();
});

test("the button and the close button open and close the dialog once, with nothing in the console", async ({
  page,
}) => {
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  await open(page, "/about");
  const button = page.getByRole("button", { name: "Search the site" });
  // No tooltip of the browser's own (its delay is not the site's); the dialog names the shortcut.
  await expect(button).not.toHaveAttribute("title");
  await expect(button).toHaveAttribute("aria-keyshortcuts", "Control+K Meta+K");
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Search the site" });
  // Once the script is in (the shortcut works), where a mouse or a trackpad suggests a keyboard; not on a phone.
  const hint = dialog.getByText("Ctrl+K or ⌘K opens this on any page.");
  if (await page.evaluate(() => matchMedia("(any-pointer: fine)").matches)) await expect(hint).toBeVisible();
  else await expect(hint).toHaveCount(0);
  await expect(page.getByLabel("Search terms")).toBeFocused();
  await dialog.getByRole("button", { name: "Close search" }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  expect(messages).toEqual([]);
});
