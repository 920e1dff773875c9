/**
 * Found, shared, followed, printed: the RSS feed, the share images and cards, the
 * structured data, the web app manifest and icons, and the print stylesheet, on
 * the built site.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { parseXml, rssProblems } from "../helpers/rss-rules";
import { readMicrodata } from "../helpers/microdata";
import { nodesOf, structuredDataProblems, typesOf } from "../helpers/structured-data-rules";
import { EXPLAINERS } from "../../src/lib/explainers";
import { ROUTES, expect, test } from "./fixtures";

const site = JSON.parse(readFileSync("content/site.json", "utf-8"));
const market: { updates: { date: string; title: string }[] } = JSON.parse(readFileSync("content/market.json", "utf-8"));
// Several of these tests load more than one page (or a page and its image); on a shared, busy machine one page
// load has taken over 10 s, so each test gets three times the default time.
test.describe.configure({ timeout: 90_000 });

/** Width and height from a PNG's IHDR chunk (PNG specification, section 11.2.2). */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The site's own path of an absolute URL of the site. */
const localPath = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(new URL(site.url).origin);
  return `${parsed.pathname}${parsed.hash}`;
};

async function feedLinks(request: APIRequestContext) {
  const xml = await (await request.get("/rss.xml")).text();
  const channel = parseXml(xml).children.find((node) => node.name === "rss")!.children[0]!;
  return channel.children
    .filter((node) => node.name === "item")
    .map((item) => item.children.find((node) => node.name === "link")!.text.trim());
}

/** The lessons the feed lists. */
async function lessonRoutes(request: APIRequestContext) {
  return (await feedLinks(request)).map(localPath).filter((path) => path.startsWith("/learn/"));
}

async function jsonLdBlocks(page: Page) {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("the feed", () => {
  test("/rss.xml is RSS 2.0 that keeps the specification's rules", async ({ request }) => {
    const response = await request.get("/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    expect(rssProblems(await response.text())).toEqual([]);
  });

  test("each market update's item opens /analysis at that update", async ({ page, request }) => {
    const links = (await feedLinks(request)).map(localPath).filter((path) => path.startsWith("/analysis#"));
    expect(links).toHaveLength(market.updates.length);
    for (const update of market.updates) {
      const link = links.find((path) => path === `/analysis#update-${update.date}`);
      expect(link, update.title).toBeDefined();
      await page.goto(link!);
      const item = page.locator(`[id="update-${update.date}"]`);
      await expect(item.getByRole("heading", { name: update.title })).toBeVisible();
      await expect(item).toBeInViewport();
    }
  });

  test("each lesson's item opens its page", async ({ page, request }) => {
    for (const route of await lessonRoutes(request)) {
      expect((await page.goto(route))?.status()).toBe(200);
    }
  });
});

/** What every page's head says for sharing, feeds and search engines. */
async function checkHead(page: Page, request: APIRequestContext, route: string, lessons: string[]) {
  await page.goto(route);
  const feed = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  await expect(feed).toHaveAttribute("href", "/rss.xml");
  await expect(feed).toHaveAttribute("title", site.name);

  const meta = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");
  const image = (await meta("og:image"))!;
  const response = await request.get(localPath(image));
  expect(response.status(), `${route}: ${image}`).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
  expect(await meta("og:image:width")).toBe("1200");
  expect(await meta("og:image:height")).toBe("630");
  const title = (await page.title()).replace(` | ${site.name}`, "");
  expect(await meta("og:image:alt")).toContain(title);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

  const blocks = await jsonLdBlocks(page);
  for (const block of blocks) expect(structuredDataProblems(block), route).toEqual([]);
  const types = blocks.flatMap(typesOf);
  expect(types, route).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
  // The publisher in full (logo, contact, address) on the home page, where Google reads it; elsewhere the same
  // node by @id and name.
  const canonical = (await page.locator('link[rel="canonical"]').getAttribute("href"))!;
  const publisher = blocks.flatMap(nodesOf).find((node) => node["@type"] === "Organization")!;
  expect(publisher["@id"], route).toBe(new URL("/#organization", canonical).href);
  for (const detail of ["logo", "email", "telephone", "address"]) {
    expect(Object.hasOwn(publisher, detail), `${route}: the publisher's ${detail}`).toBe(route === "/");
  }
  const isArticle = (EXPLAINERS as readonly string[]).includes(route.slice(1)) || lessons.includes(route);
  expect(types.includes("Article"), `${route} has an Article`).toBe(isArticle);
  const nested = route.split("/").filter(Boolean).length > 1;
  expect(types.includes("BreadcrumbList"), `${route} has breadcrumbs`).toBe(nested);
  return image;
}

test.describe("every page's head", () => {
  for (const route of ROUTES) {
    test(`${route}: the feed, its own 1200×630 share image, a large-image card, valid structured data`, async ({
      page,
      request,
    }) => {
      const image = await checkHead(page, request, route, []);
      expect(localPath(image)).toBe(route === "/" ? "/og/index.png" : `/og${route}.png`);
    });
  }

  test("each lesson: the same, with an Article and breadcrumbs", async ({ page, request }) => {
    const lessons = await lessonRoutes(request);
    test.setTimeout(15_000 * (lessons.length + 1));
    for (const route of lessons) await checkHead(page, request, route, lessons);
  });

  test("the glossary keeps its DefinedTermSet (microdata on the glossary's text)", async ({ page }) => {
    await page.goto("/resources");
    expect((await page.evaluate(readMicrodata)).flatMap(typesOf)).toContain("DefinedTermSet");
  });
});

test.describe("install", () => {
  test("the manifest names the site and its icons, the maskable one too, and each icon is there", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const href = (await page.locator('link[rel="manifest"]').getAttribute("href"))!;
    const response = await request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest.name).toBe(site.name);
    expect(manifest.start_url).toBe("/");
    expect(manifest.display).toBe("standalone");
    const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons;
    expect(icons.some((icon) => icon.purpose === "maskable" && icon.sizes === "512x512")).toBe(true);
    expect(icons.some((icon) => icon.purpose === "any" && icon.sizes === "192x192")).toBe(true);
    const touch = (await page.locator('link[rel="apple-touch-icon"]').getAttribute("href"))!;
    for (const [src, sizes] of [...icons.map((icon) => [icon.src, icon.sizes]), [touch, "180x180"]]) {
      const png = await request.get(src!);
      expect(png.status(), src).toBe(200);
      const [width, height] = sizes!.split("x").map(Number);
      expect(pngSize(await png.body()), src).toEqual({ width, height });
    }
  });
});

test.describe("print", () => {
  test("the glossary prints every category open, without its search box", async ({ page }) => {
    await page.goto("/resources");
    const closed = page.locator("details[data-category]:not([open])");
    const count = await closed.count();
    expect(count, "closed categories").toBeGreaterThan(0);
    const terms = Array.from({ length: count }, (_, i) => closed.nth(i).locator("dt").first());
    for (const term of terms) await expect(term).toBeHidden();
    await page.emulateMedia({ media: "print" });
    for (const term of terms) await expect(term).toBeVisible();
    await expect(page.locator('[data-slot="glossary-search"]')).toBeHidden();
  });

  test("a printed contact page leaves out the subscribe box whole, its heading with its form", async ({ page }) => {
    await page.goto("/contact");
    const { subscribe, details } = JSON.parse(readFileSync("content/contact-page.json", "utf-8"));
    const heading = page.getByRole("heading", { name: subscribe.heading });
    await expect(heading).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(heading).toBeHidden();
    await expect(page.getByRole("heading", { name: details.heading })).toBeVisible();
  });

  test("a printed page is the article alone, ink on paper, with its title, address and review date on top", async ({
    page,
    request,
  }) => {
    const [route] = await lessonRoutes(request);
    if (!route) throw new Error("The feed lists no lesson to print.");
    await page.goto(route);
    const printHeader = page.locator("[data-print-header]");
    await expect(printHeader).toBeHidden();
    // A definition left open on screen: it would print over the top of every page.
    const button = page.locator(".glossary-tip-button").first();
    const tip = page.locator(`#${await button.getAttribute("popovertarget")}`);
    await button.click();
    await expect(tip).toBeVisible();
    const answer = page.locator("section:has(#check-yourself) details").first();
    await expect(answer.locator("p")).toBeHidden();

    await page.emulateMedia({ media: "print" });
    // Paper cannot open a <details>: the answers print under their questions, without the button that opens them.
    await expect(answer.locator("p")).toBeVisible();
    await expect(answer.locator("summary")).toBeHidden();
    for (const chrome of [
      page.locator("[data-header]"),
      page.getByRole("navigation"),
      page.getByRole("contentinfo"),
      page.locator("[data-ad-row], [data-ad-slot], [data-ad-stack]"),
      page.locator("dialog"),
      page.locator(".glossary-tip-button"),
      tip,
    ]) {
      for (const element of await chrome.all()) await expect(element).toBeHidden();
    }
    await expect(printHeader).toBeVisible();
    const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await expect(printHeader).toContainText(title);
    await expect(printHeader).toContainText(new URL(route, site.url).href);
    const reviewed = printHeader.locator("time");
    if ((await reviewed.count()) > 0) {
      await expect(printHeader).toContainText("Last reviewed");
      expect(await reviewed.getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }

    const colors = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const h1 = getComputedStyle(document.querySelector("h1")!);
      return { background: body.backgroundColor, text: body.color, heading: h1.color };
    });
    expect(colors).toEqual({ background: "rgb(255, 255, 255)", text: "rgb(0, 0, 0)", heading: "rgb(0, 0, 0)" });

    // An external link prints its address after it; a link of the site does not.
    const external = page.locator('main a[href^="https://"]').first();
    const href = (await external.getAttribute("href"))!;
    // A no-break space before it: a plain one at the start of the inline-block would be dropped.
    expect(await external.evaluate((a) => getComputedStyle(a, "::after").content)).toBe(`"\u00a0(${href})"`);
    const internal = page.locator('main a[href^="/"]').first();
    if ((await internal.count()) > 0)
      expect(await internal.evaluate((a) => getComputedStyle(a, "::after").content)).toBe("none");

    // Tables and charts are not split across pages.
    for (const selector of ["main table", "main figure"]) {
      for (const element of await page.locator(selector).all()) {
        expect(await element.evaluate((node) => getComputedStyle(node).breakInside)).toBe("avoid");
      }
    }

    // Nor is a source parted from its publisher; the sidebar keeps the article's measure, and its list of lessons,
    // navigation like the menus, stays off the paper.
    const sources = page.locator("section:has(#sources)");
    for (const source of await sources.getByRole("listitem").all()) {
      expect(await source.evaluate((node) => getComputedStyle(node).breakInside)).toBe("avoid");
    }
    const sidebar = await page.locator("[data-sidebar]").boundingBox();
    expect(sidebar!.width).toBeLessThanOrEqual((await sources.boundingBox())!.width);
    await expect(page.getByRole("heading", { name: "All lessons" })).toBeHidden();

    // The PDF a reader would get; kept in reports/ for a person to look at.
    const pdf = await page.pdf({ format: "A4", printBackground: true });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    mkdirSync("reports", { recursive: true });
    writeFileSync(`reports/print${route.replace(/\//g, "-")}.pdf`, pdf);
  });
});
