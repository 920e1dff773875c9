/** The shared shell on every route: head, header, navigation, footer, 404 (docs/decisions.md, "Routes", "Today's date", "Mobile menu"). */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { PREFETCH_ATTRIBUTE, SPECULATION_RULES } from "../../src/lib/speculation-rules";
import { ROUTES, enhanced, expect, test } from "./fixtures";

const site = JSON.parse(readFileSync("content/site.json", "utf-8"));
const navigation = JSON.parse(readFileSync("content/navigation.json", "utf-8"));
const mainNav: { title: string; path: string }[] = navigation.main;

test.describe("every route", () => {
  for (const route of ROUTES) {
    test(`${route} renders the shell with its own title, description and canonical link`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", site.lang);
      const title = await page.title();
      expect(title.length).toBeGreaterThan(5);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length).toBeGreaterThanOrEqual(50);
      const canonical = new URL(site.url);
      canonical.pathname = route;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical.href);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toContainText(site.tagline);
    });
  }

  test("each page has a unique title and description", async ({ page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of ROUTES) {
      await page.goto(route);
      titles.add(await page.title());
      descriptions.add((await page.locator('meta[name="description"]').getAttribute("content")) ?? "");
    }
    expect(titles.size).toBe(ROUTES.length);
    expect(descriptions.size).toBe(ROUTES.length);
  });
});

test.describe("header", () => {
  test("shows the text logo linking home and marks the current page", async ({ page }) => {
    await page.goto("/strategies");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: site.logo, exact: true })).toHaveAttribute("href", "/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    const isMobile = (page.viewportSize()?.width ?? 0) < 768;
    if (isMobile) await page.getByRole("button", { name: "Toggle menu" }).click();
    const menu = isMobile ? page.getByRole("navigation", { name: "Main menu" }) : nav;
    const current = menu.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText("Strategies");
  });

  test("on a lesson, marks Learn as the section the page is in, as it marks a current page", async ({ page }) => {
    const isMobile = (page.viewportSize()?.width ?? 0) < 768;
    // Where the secondary links are: beside the logo from 768 px, in the phone menu under it.
    const learnLink = async (route: string) => {
      await page.goto(route);
      if (isMobile) await page.getByRole("button", { name: "Toggle menu" }).click();
      const links = isMobile
        ? page.getByRole("navigation", { name: "Main menu" })
        : page.getByRole("banner").getByRole("list", { name: "More" });
      return links.getByRole("link", { name: "Learn", exact: true });
    };
    const look = (link: Awaited<ReturnType<typeof learnLink>>) =>
      link.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.color, style.fontWeight, style.textDecorationLine].join(" ");
      });
    const onIndex = await learnLink("/learn");
    await expect(onIndex).toHaveAttribute("aria-current", "page");
    const current = await look(onIndex);
    const onLesson = await learnLink("/learn/risks");
    await expect(onLesson).toHaveAttribute("aria-current", "true");
    expect(await look(onLesson)).toBe(current);
    const elsewhere = await learnLink("/strategies");
    await expect(elsewhere).not.toHaveAttribute("aria-current");
    expect(await look(elsewhere)).not.toBe(current);
  });

  test("shows the visitor's date, long form, as the browser's own en-US formatting writes it @desktop", async ({
    page,
  }) => {
    // A date other than the build's, so the page's script must have rewritten it; a Saturday in a one-digit day.
    await page.clock.setFixedTime(new Date(2031, 1, 8, 12));
    await page.goto("/about");
    const date = page.getByRole("banner").locator("time[data-today]");
    const expected = await page.evaluate(() =>
      new Date().toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" }),
    );
    expect(expected).toBe("Saturday, February 8, 2031");
    await expect(date).toHaveText(expected);
    await expect(date).toHaveAttribute("datetime", "2031-02-08");
  });

  test("stays at the top and gains a shadow only past 10px of scroll", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header).not.toHaveAttribute("data-scrolled");
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute("data-scrolled", "");
    const shadow = await header.evaluate((el) => getComputedStyle(el).boxShadow);
    expect(shadow).not.toBe("none");
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).not.toHaveAttribute("data-scrolled");
    await page.evaluate(() => window.scrollTo(0, 600));
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
  });
});

test.describe("desktop navigation @desktop", () => {
  test("lists the 7 main items in order, then Books, Radio, Calculator and Learn, and hides the menu toggle", async ({
    page,
  }) => {
    await page.goto("/");
    const links = page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link");
    await expect(links).toHaveText(["Home", "About", "Types", "Strategies", "Analysis", "Resources", "Contact"]);
    for (const [index, item] of mainNav.entries()) await expect(links.nth(index)).toHaveAttribute("href", item.path);
    const more = page.getByRole("banner").getByRole("list", { name: "More" }).getByRole("link");
    await expect(more).toHaveText(["Books", "Radio", "Calculator", "Learn"]);
    for (const [index, path] of ["/books", "/radio", "/calculator", "/learn"].entries())
      await expect(more.nth(index)).toHaveAttribute("href", path);
    await expect(page.getByRole("button", { name: "Toggle menu" })).toBeHidden();
  });
});

test("a content page loads no React at either width: the mobile menu is a few lines of inline script", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/about", { waitUntil: "networkidle" });
  expect(scripts.filter((url) => /client|react/i.test(url))).toEqual([]);
});

test("the shell's code is one file, asked for only once the page has loaded and its first paint is on screen", async ({
  page,
}) => {
  for (const route of ["/terms", "/learn/taxes"]) {
    const files: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") files.push(new URL(request.url()).pathname);
    });
    await page.goto(route);
    // It runs: the search dialog is enhanced by it.
    await expect(page.locator("[data-search-dialog]")).toHaveAttribute("data-enhanced", "");
    const shell = files.filter((path) => /^\/_astro\/BaseLayout\.[^/]*\.js$/.test(path));
    expect(shell).toHaveLength(1);
    const times = await page.evaluate((path) => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return {
        load: navigation?.loadEventStart ?? Number.NaN,
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        asked: performance.getEntriesByName(new URL(path, location.href).href, "resource")[0]?.startTime ?? Number.NaN,
      };
    }, shell[0] ?? "");
    // A request started before the first frame is shown competes with it, however small.
    expect(times.asked).toBeGreaterThan(times.paint);
    expect(times.asked).toBeGreaterThanOrEqual(times.load);
    page.removeAllListeners("request");
  }
});

test("in forced colours, the main navigation still marks the current page, and only it @desktop", async ({ page }) => {
  await page.emulateMedia({ forcedColors: "active" });
  await page.goto("/strategies");
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  const border = (name: string) =>
    nav.getByRole("link", { name, exact: true }).evaluate((link) => {
      const style = getComputedStyle(link);
      return style.borderBottomStyle === "none" ? "none" : style.borderBottomColor;
    });
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const current = await border("Strategies");
  const other = await border("Types");
  expect(current).not.toBe(other);
  expect(current).not.toBe(background);
  expect(other).toBe(background);
});

/** The spacing a visitor's own style sheet may set (WCAG 1.4.12), applied through the CSSOM (the page's policy refuses a <style>). */
const spaceText = (page: Page) =>
  page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      element.style.setProperty("line-height", "1.5", "important");
      element.style.setProperty("letter-spacing", "0.12em", "important");
      element.style.setProperty("word-spacing", "0.16em", "important");
    }
  });

/** Waits until the page has scrolled to the element with `id` and it stands below the sticky header. */
const belowHeader = async (page: Page, id: string) => {
  await expect
    .poll(() =>
      page.evaluate((target) => {
        const header = document.querySelector("header[data-header]")!.getBoundingClientRect();
        const heading = document.getElementById(target)!.getBoundingClientRect();
        return window.scrollY > 0 && heading.top >= header.bottom;
      }, id),
    )
    .toBe(true);
};

test("with the text spacing WCAG 1.4.12 allows, the site name stays whole inside the header @mobile", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  await spaceText(page);
  const header = (await page.locator("header[data-header]").boundingBox())!;
  const name = (await page.locator("header[data-header] > div > a").first().boundingBox())!;
  expect(name.y).toBeGreaterThanOrEqual(header.y);
  expect(name.y + name.height).toBeLessThanOrEqual(header.y + header.height);
});

test("a link to a heading further down the page stops it below the sticky header, arriving or clicked", async ({
  page,
}) => {
  await page.goto("/learn/risks#check-yourself");
  await belowHeader(page, "check-yourself");
  await page.goto("/resources");
  const term = page.locator('main a[href^="#"]:not([href="#"])').filter({ visible: true }).last();
  const id = (await term.getAttribute("href"))!.slice(1);
  await term.click();
  await belowHeader(page, id);
});

test("with the text spacing WCAG 1.4.12 allows, a heading linked to still stops below the taller header @mobile", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/learn/risks");
  // The shell's code (the donation dialog's is in the same file) has run: it follows the header's height.
  await enhanced(page.locator("dialog[data-donation-dialog]"));
  const designed = (await page.locator("header[data-header]").boundingBox())!.height;
  await spaceText(page);
  // The site name takes another line: the header grows past the height the style sheet allows for.
  await expect
    .poll(async () => (await page.locator("header[data-header]").boundingBox())!.height)
    .toBeGreaterThan(designed + 16);
  await page.evaluate(() => (location.hash = "#check-yourself"));
  await belowHeader(page, "check-yourself");
});

test("a site name too long for the room beside the header's links takes more lines and covers nothing @desktop", async ({
  page,
}) => {
  await page.goto("/learn/risks");
  // The longest logo content/site.json may hold, and one with a word wider than a 320 px phone has room for.
  const long = ["Corporate Bonds Education Centre", "Internationalisation Bonds"];
  for (const width of [320, 390, 768, 900, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const logo of [site.logo, ...long]) {
      // An editor's logo, written into the page as the build would write it.
      const placed = await page.evaluate((text) => {
        const header = document.querySelector("header[data-header]")!;
        const name = header.querySelector<HTMLElement>('a[href="/"]')!;
        name.textContent = text;
        const box = (element: Element) => element.getBoundingClientRect();
        // The text's own extent: a word too long for the line would run out of the link's box.
        const range = document.createRange();
        range.selectNodeContents(name);
        const named = range.getBoundingClientRect();
        const others = [...header.querySelectorAll(":scope > div > :not(a), nav")].filter(
          (element) => box(element).width > 0,
        );
        const overlaps = others
          .filter((element) => {
            const other = box(element);
            return (
              named.left < other.right &&
              other.left < named.right &&
              named.top < other.bottom &&
              other.top < named.bottom
            );
          })
          .map((element) => element.outerHTML.slice(0, 40));
        return {
          overlaps,
          inside: named.left >= 0 && named.right <= innerWidth,
          scrolls: document.documentElement.scrollWidth > innerWidth,
          lines: Math.round(named.height / parseFloat(getComputedStyle(name).fontSize)),
        };
      }, logo);
      const at = `${logo} at ${width} px`;
      expect(placed.overlaps, at).toEqual([]);
      expect(placed.inside, at).toBe(true);
      expect(placed.scrolls, at).toBe(false);
      // The site's own name keeps to one line from 768 px (two on a 320 px phone).
      if (logo === site.logo && width >= 768) expect(placed.lines, at).toBe(1);
    }
  }
});

test.describe("mobile menu @mobile", () => {
  test("opens and closes with the toggle, reporting aria-expanded", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    const all = [...mainNav, ...navigation.secondary].map((item: { title: string }) => item.title);
    await expect(menu.getByRole("link")).toHaveText(all);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
  });

  test("marks the current page by an underline as well as its colour", async ({ page }) => {
    await page.goto("/strategies");
    await page.getByRole("button", { name: "Toggle menu" }).click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    const line = (name: string) =>
      menu.getByRole("link", { name, exact: true }).evaluate((link) => getComputedStyle(link).textDecorationLine);
    expect(await line("Strategies")).toBe("underline");
    expect(await line("Types")).toBe("none");
  });

  test("closes on Escape and returns focus to the toggle", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    await toggle.click();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "About" }).focus();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("closes when an item is chosen and the new page starts closed", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    await toggle.click();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Types" }).click();
    await expect(page).toHaveURL(/\/types$/);
    await expect(page.getByRole("button", { name: "Toggle menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  });

  test("closes when the focus is tabbed out of it, rather than cover where the focus went", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    await toggle.click();
    const links = page.getByRole("navigation", { name: "Main menu" }).getByRole("link");
    await links.last().focus();
    await page.keyboard.press("Tab");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // Within it, it stays open.
    await toggle.click();
    await links.first().focus();
    await page.keyboard.press("Tab");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  });

  test("scrolls within itself on a short screen, so its last item can be reached", async ({ page }) => {
    await page.setViewportSize({ width: 667, height: 375 });
    await page.goto("/");
    await page.getByRole("button", { name: "Toggle menu" }).click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect((await menu.boundingBox())!.y + (await menu.boundingBox())!.height).toBeLessThanOrEqual(375);
    const last = menu.getByRole("link").last();
    await last.scrollIntoViewIfNeeded();
    const box = (await last.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(375);
    await expect(last).toBeInViewport();
  });

  test("closes on a tap outside the menu", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    await toggle.click();
    await page.mouse.click(200, 700);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every main item is reachable as a plain link", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await expect(nav).toBeVisible();
    for (const item of mainNav) await expect(nav.getByRole("link", { name: item.title, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Toggle menu" })).toBeHidden();
  });
});

test.describe("footer", () => {
  test("holds the tagline, quick links, related links in new tabs, sponsored slot, year, disclaimer and legal links", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(site.tagline)).toBeVisible();
    const quick = footer.getByRole("navigation", { name: site.footerHeadings.quickLinks }).getByRole("link");
    await expect(quick).toHaveText(mainNav.map((item) => item.title));
    const related = footer.getByRole("navigation", { name: site.footerHeadings.relatedLinks }).getByRole("link");
    const expected = [...site.partners, site.encyclopedia, site.donation];
    await expect(related).toHaveCount(expected.length);
    for (const [index, link] of expected.entries()) {
      await expect(related.nth(index)).toHaveAttribute("href", link.url);
      await expect(related.nth(index)).toHaveAttribute("target", "_blank");
      await expect(related.nth(index)).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(footer.getByRole("heading", { name: site.footerHeadings.sponsored })).toBeVisible();
    await expect(footer.getByText("Advertisement Space")).toBeVisible();
    const year = String(new Date().getFullYear());
    await expect(footer.getByText(`© ${year} ${site.name}. All rights reserved.`)).toBeVisible();
    await expect(footer.getByText("Education, not investment advice.")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Learn", exact: true })).toHaveAttribute("href", "/learn");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    const photo = footer.getByRole("link", { name: new RegExp(site.photoProfile.title) });
    await expect(photo).toHaveAttribute("href", site.photoProfile.url);
    await expect(photo).toHaveAttribute("target", "_blank");
  });

  test("shows the visitor's current year even when the build is older", async ({ page }) => {
    await page.clock.setFixedTime(new Date("2031-03-04T10:00:00"));
    await page.goto("/");
    await expect(page.getByRole("contentinfo").getByText(`© 2031 ${site.name}. All rights reserved.`)).toBeVisible();
  });
});

test.describe("not found", () => {
  test.use({ allowErrors: true });

  test("answers an unknown path with status 404, the message and the path in the console", async ({ page, errors }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    // Its words are content/pages/404.mdx's: the heading from the front matter, the link from the body.
    const file = readFileSync("content/pages/404.mdx", "utf-8");
    const heading = /^heading: "(.*)"$/m.exec(file)![1]!;
    const [, label, href] = /^\[(.+)\]\((.+)\)$/m.exec(file)!;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const link = page.getByRole("main").getByRole("link", { name: label! });
    await expect(link).toHaveAttribute("href", href!);
    await expect(link).toHaveClass(/\bbutton\b/);
    await expect(page).toHaveTitle(new RegExp(`^${/^title: "(.*)"$/m.exec(file)![1]}`));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    // It answers any unknown address, so it names none as its own (not "/404", which is not a page).
    await expect(page.locator('link[rel="canonical"], meta[property="og:url"]')).toHaveCount(0);
    expect(errors.some((line) => line.includes("/no-such-page"))).toBe(true);
  });
});

test("every page is served under its own Content-Security-Policy, so code it does not allow fails any test", async ({
  page,
  errors,
}) => {
  const response = await page.goto("/about");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self'[^;]* 'sha256-/);
  expect(policy).not.toContain("unsafe-");
  // A style the policy does not allow is refused, and the refusal is a console error: the fixture's failure.
  await page.evaluate(() =>
    document.head.append(
      Object.assign(document.createElement("style"), { textContent: "body{outline:9px solid red}" }),
    ),
  );
  await expect.poll(() => errors.filter((error) => /Content Security Policy/.test(error)).length).toBe(1);
  expect(await page.evaluate(() => getComputedStyle(document.body).outlineStyle)).toBe("none");
  errors.length = 0;
});

test.describe("site files", () => {
  test("robots.txt points at the sitemap, which lists every route", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${new URL("sitemap-index.xml", site.url).href}`);
    const sitemap = await (await request.get("/sitemap-0.xml")).text();
    for (const route of ROUTES) expect(sitemap).toContain(`<loc>${new URL(route, site.url).href}`);
    expect(sitemap).not.toContain("404");
  });

  test("serves the favicon and the cover placeholder", async ({ request }) => {
    expect((await request.get("/favicon.svg")).status()).toBe(200);
    expect((await request.get("/placeholder.svg")).status()).toBe(200);
  });
});

/**
 * The files `entries` import, and what those import, as the served code says (static imports: `from"./x.js"` or
 * `import"./x.js"`, as the build writes them), without `entries`.
 */
async function importedFiles(request: APIRequestContext, entries: string[]): Promise<string[]> {
  const found = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const code = await (await request.get(queue.shift()!)).text();
    for (const [, name] of code.matchAll(/\b(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) {
      const file = `/_astro/${name}`;
      if (found.has(file) || entries.includes(file)) continue;
      found.add(file);
      queue.push(file);
    }
  }
  return [...found];
}

test.describe("an island reached for", () => {
  for (const [route, component] of [
    ["/radio", "RadioPlayer"],
    ["/resources", "GlossarySearch"],
    ["/calculator", "BondCalculator"],
  ] as const) {
    test(`${route}: asks for every file its code needs at once, not a round trip after its first two`, async ({
      page,
      request,
    }) => {
      // The island's two files, as the page names them (the calculator's may be asked for at idle after `load`).
      const html = await (await request.get(route)).text();
      const tag = html.match(new RegExp(`<astro-island[^>]*component-export="${component}"[^>]*>`))![0];
      const entries = ["component-url", "renderer-url"].map((name) => tag.match(new RegExp(`${name}="([^"]+)"`))![1]!);
      const imported = await importedFiles(request, entries);
      expect(imported.length).toBeGreaterThan(0);
      // The island's own two files are held back: what the browser asks for meanwhile, it did not learn from them.
      const asked: string[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/_astro\/[^/]+\.js$/, async (route) => {
        const path = new URL(route.request().url()).pathname;
        asked.push(path);
        if (entries.includes(path)) await held;
        await route.continue();
      });
      await page.goto(route);
      const island = page.locator(`astro-island[component-export="${component}"]`);
      await island.dispatchEvent("pointerover");
      await expect.poll(() => asked.filter((path) => entries.includes(path)).length).toBe(2);
      await expect.poll(() => imported.filter((path) => !asked.includes(path))).toEqual([]);
      release();
      await expect(page.locator(`astro-island[component-export="${component}"]:not([ssr])`)).toHaveCount(1);
      // Each asked for once: what was asked for ahead is what the island's code then used.
      for (const path of [...entries, ...imported]) expect(asked.filter((each) => each === path)).toEqual([path]);
    });
  }

  test("React's modules come wrapped in function expressions, which Chromium compiles as the file arrives", async ({
    request,
  }) => {
    // The bundler's wrapper of each CommonJS module, in parentheses, as the minified files have it:
    // `e((function(e,t){…}))` (src/build/eager-wrappers.ts), never `e(((e,t)=>{…}))`, compiled at its first call.
    const html = await (await request.get("/calculator")).text();
    const tag = html.match(/<astro-island[^>]*component-export="BondCalculator"[^>]*>/)![0];
    const entries = ["component-url", "renderer-url"].map((name) => tag.match(new RegExp(`${name}="([^"]+)"`))![1]!);
    let wrappers = 0;
    for (const file of [...entries, ...(await importedFiles(request, entries))]) {
      const code = await (await request.get(file)).text();
      expect(code.match(/\(\((?:[\w$]+|\([\w$,]*\))=>\{/g) ?? [], file).toEqual([]);
      wrappers += code.match(/\(\(function\(/g)?.length ?? 0;
    }
    // React, react-dom, its client and the scheduler at least.
    expect(wrappers).toBeGreaterThanOrEqual(4);
  });
});

test.describe("the next page", () => {
  test("is fetched while the pointer rests on a link to it, and the click finds it in hand @desktop", async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const prefetched: string[] = [];
    const documents = new Map<string, boolean>();
    cdp.on("Network.requestWillBeSent", ({ type, request }) => {
      if (type === "Prefetch") prefetched.push(new URL(request.url).pathname);
    });
    cdp.on("Network.responseReceived", ({ type, response }) => {
      if (type === "Document") documents.set(new URL(response.url).pathname, response.fromPrefetchCache === true);
    });
    await page.goto("/learn");
    // The shell's code writes the rules once the page has loaded.
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
    const link = page.getByRole("main").locator('a[href^="/learn/"]').first();
    const target = (await link.getAttribute("href"))!;
    expect(prefetched).toEqual([]);
    await link.hover();
    await expect.poll(() => prefetched).toEqual([target]);
    await link.click();
    await expect(page).toHaveURL(target);
    expect(documents.get(target)).toBe(true);
  });

  test("is prefetched only from a page whose policy allows the rules' exact text", async ({ request }) => {
    const hash = `'sha256-${createHash("sha256").update(SPECULATION_RULES).digest("base64")}'`;
    const marked = new RegExp(`<html\\b[^>]*\\s${PREFETCH_ATTRIBUTE}[\\s=>]`);
    const prefetching: string[] = [];
    for (const route of ROUTES) {
      const response = await request.get(route);
      const policy = response.headers()["content-security-policy"] ?? "";
      const allowed = policy
        .split(";")
        .some((directive) => /^\s*script-src\s/.test(directive) && directive.includes(hash));
      const writes = marked.test(await response.text());
      expect(allowed, route).toBe(writes);
      if (writes) prefetching.push(route);
    }
    // A page goes without only where the rules' hash would cost it a round trip (/about, built on its review day).
    expect(prefetching).toEqual(expect.arrayContaining(["/", "/learn", "/resources", "/calculator", "/strategies"]));
  });

  test("is not written into a page whose <html> does not ask for it", async ({ page }) => {
    await page.route("**/learn", async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(` ${PREFETCH_ATTRIBUTE}`, "");
      await route.fulfill({ response, body });
    });
    await page.goto("/learn");
    await expect(page.locator("html")).not.toHaveAttribute(PREFETCH_ATTRIBUTE);
    await enhanced(page.locator("[data-search-dialog]"));
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
  });
});

test.describe("a failing island", () => {
  test.use({ allowErrors: true });

  test("shows its fallback in place and leaves the rest of the page working", async ({ page }) => {
    // Make the calculator's effect throw once it hydrates: listening for back/forward (which it does first) fails.
    await page.addInitScript(() => {
      const listen = window.addEventListener;
      window.addEventListener = function (this: Window, ...args: Parameters<typeof listen>) {
        if (args[0] === "popstate") throw new Error("simulated island failure");
        return listen.apply(this, args);
      } as typeof listen;
    });
    await page.goto("/calculator");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Unexpected Application Error!");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });
});
