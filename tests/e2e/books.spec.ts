/**
 * /books (docs/decisions.md, "Books"): the back link,
 * the partner banner, the shelf's heading and author link, the grid of every
 * book at every width, the cover fallback and new-tab links.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, hasHorizontalOverflow, test } from "./fixtures";

const site = JSON.parse(readFileSync("content/site.json", "utf-8"));
const books: { title: string; url: string; cover: string }[] = JSON.parse(readFileSync("content/books.json", "utf-8"));
const retailer: string = site.retailer.name;

const cards = (page: Page) => page.locator("[data-books] > li");

async function expectNewTab(link: ReturnType<Page["locator"]>, href: string) {
  await expect(link).toHaveAttribute("href", href);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
}

test.describe("page", () => {
  test("links back home", async ({ page }) => {
    await page.goto("/books");
    const back = page.getByRole("link", { name: "Back to Home" });
    await expect(back).toHaveText("← Back to Home");
    await expect(back).toHaveAttribute("href", "/");
  });

  test("shows the partner banner with both buttons opening the institution's site in a new tab", async ({ page }) => {
    await page.goto("/books");
    const banner = page.getByRole("region", { name: "Transform Your Life with Ancient Wisdom" });
    await expect(banner.getByRole("heading", { level: 2 })).toHaveText("Transform Your Life with Ancient Wisdom");
    await expect(banner).toContainText(site.institution.name);
    const apply = banner.getByRole("link", { name: /^Apply for Admission/ });
    await expect(apply).toContainText("Apply for Admission →");
    await expectNewTab(apply, site.institution.url);
    await expectNewTab(banner.getByRole("link", { name: /^Learn More/ }), site.institution.url);
    await expect(banner).toContainText("Accredited Programs • Expert Instructors • Rich Curriculum");
  });

  test("explains where the books are sold and links to the author's page in a new tab", async ({ page }) => {
    await page.goto("/books");
    const section = page.getByRole("region", { name: "Books" });
    await expect(section.getByRole("heading", { level: 1 })).toHaveText("Books");
    await expect(section.locator("header")).toContainText(new RegExp(`author.s page at ${retailer}`));
    const all = section.getByRole("link", { name: new RegExp(`^View All Books on ${retailer}`) });
    await expect(all).toContainText(`View All Books on ${retailer} →`);
    await expectNewTab(all, site.retailer.authorUrl);
  });

  test("hydrates no framework code for the shelf", async ({ page }) => {
    await page.goto("/books");
    await expect(page.locator("main astro-island")).toHaveCount(0);
  });
});

test.describe("grid", () => {
  test("holds every book of content/books.json, each card one new-tab link with its cover, title and retailer label", async ({
    page,
  }) => {
    await page.goto("/books");
    await expect(cards(page)).toHaveCount(books.length);
    const byUrl = new Map(books.map((book) => [book.url, book]));
    for (const card of await cards(page).all()) {
      const links = card.getByRole("link");
      await expect(links).toHaveCount(1);
      const href = (await links.getAttribute("href")) ?? "";
      const book = byUrl.get(href);
      expect(book, `card links to a book of content/books.json: ${href}`).toBeDefined();
      await expectNewTab(links, href);
      await expect(card.locator("[data-book-title]")).toHaveText(book!.title);
      await expect(card).toContainText(`View on ${retailer} →`);
      // The title names the link once; the cover beside it is decorative.
      await expect(links).toHaveAccessibleName(
        new RegExp(`^${book!.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} View on`),
      );
      await expect(card.locator("[data-book-title]")).toHaveAttribute("title", book!.title);
      const cover = card.locator("img");
      await expect(cover).toHaveAttribute("src", book!.cover);
      await expect(cover).toHaveAttribute("alt", "");
      await expect(cover).toHaveAttribute("loading", "lazy");
      await expect(cover).toHaveAttribute("width", "300");
      await expect(cover).toHaveAttribute("height", "400");
    }
  });

  test("shows 3:4 covers and clamps titles to two lines", async ({ page }) => {
    await page.goto("/books");
    const sizes = await cards(page).evaluateAll((items) =>
      items.map((item) => {
        const img = item.querySelector("img")!.getBoundingClientRect();
        const title = item.querySelector<HTMLElement>("[data-book-title]")!;
        const lineHeight = parseFloat(getComputedStyle(title).lineHeight);
        return { ratio: img.height / img.width, lines: title.getBoundingClientRect().height / lineHeight };
      }),
    );
    for (const { ratio, lines } of sizes) {
      expect(ratio).toBeCloseTo(4 / 3, 1);
      expect(lines).toBeLessThanOrEqual(2.05);
    }
    // The longest sample titles need more than two lines on a phone, so the clamp is really in use.
    expect(Math.max(...sizes.map((size) => size.lines))).toBeGreaterThan(1.5);
  });

  for (const [width, columns] of [
    [500, 2],
    [700, 3],
    [1000, 4],
    [1300, 5],
    [1600, 5],
  ] as const) {
    test(`shows ${columns} columns at ${width}px @desktop`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/books");
      const perRow = await cards(page).evaluateAll((items) => {
        const top = items[0]!.getBoundingClientRect().top;
        return items.filter((item) => Math.abs(item.getBoundingClientRect().top - top) < 1).length;
      });
      expect(perRow).toBe(columns);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });
  }

  test("loads covers lazily", async ({ page }) => {
    const requested = new Set<string>();
    page.on("request", (request) => {
      if (request.url().includes("/covers/")) requested.add(new URL(request.url()).pathname);
    });
    await page.goto("/books");
    await page.waitForLoadState("networkidle");
    expect(requested.size).toBeGreaterThan(0);
    expect(requested.size).toBeLessThan(books.length);
  });
});

test.describe("cover fallback", () => {
  // A cover routed to 404 makes Chromium log "Failed to load resource"; those are the only errors allowed here.
  test.use({ allowErrors: true });

  /** Loads /books once to learn the first card's cover, then reloads with that cover answering 404. */
  async function breakFirstCover(page: Page, placeholderStatus: number) {
    await page.goto("/books");
    const first = cards(page).first().locator("img");
    const cover = (await first.getAttribute("src"))!;
    // The first load is done with the cover (a lazy image is not part of `load`): else, on a busy machine, its
    // request could meet the routes below and its fallback count against the reloaded page's.
    await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
    let placeholderRequests = 0;
    await page.route(`**${cover}`, (route) => route.fulfill({ status: 404, body: "" }));
    await page.route("**/placeholder.svg", (route) => {
      placeholderRequests += 1;
      return placeholderStatus === 200 ? route.continue() : route.fulfill({ status: placeholderStatus, body: "" });
    });
    await page.reload();
    return { cover, placeholderRequests: () => placeholderRequests };
  }

  test("replaces a cover that fails to load with /placeholder.svg, once", async ({ page, errors }) => {
    const { placeholderRequests } = await breakFirstCover(page, 200);
    const img = cards(page).first().locator("img");
    await expect(img).toHaveAttribute("src", "/placeholder.svg");
    // The placeholder's load event has fired: the only event after which the handler could have asked again.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(placeholderRequests()).toBe(1);
    await expect(cards(page).nth(1).locator("img")).not.toHaveAttribute("src", "/placeholder.svg");
    expect(errors.every((error) => /404/.test(error))).toBe(true);
  });

  test("does not loop when the placeholder fails too", async ({ page, errors }) => {
    const { placeholderRequests } = await breakFirstCover(page, 404);
    const img = cards(page).first().locator("img");
    await expect(img).toHaveAttribute("src", "/placeholder.svg");
    // The placeholder's own error event has fired (a broken image is complete with no width): that is the
    // event a looping handler would answer with another request.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 0)).toBe(true);
    expect(placeholderRequests()).toBe(1);
    await expect(img).toHaveAttribute("src", "/placeholder.svg");
    expect(errors.every((error) => /404/.test(error))).toBe(true);
  });
});

test.describe("layout and accessibility", () => {
  test("has no horizontal scroll at 320px @mobile", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/books");
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expect(cards(page).first()).toBeVisible();
  });

  // axe on /books, in both colour schemes and at both widths, is part of the sweep in a11y.spec.ts.
});
