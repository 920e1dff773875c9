/**
 * /resources (docs/decisions.md, "Glossary"): the glossary's static panels,
 * live search, empty state and suggestions, deep links, the glossary without
 * JavaScript, structured data, the resource links, and axe on the search's states.
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { slugify } from "../../src/lib/slug";
import { readMicrodata } from "../helpers/microdata";
import { structuredDataProblems } from "../helpers/structured-data-rules";
import { expect, frames, hasHorizontalOverflow, holdBack, hydrated, test, axe } from "./fixtures";

interface Term {
  term: string;
  category: string;
  definition: string;
}
const glossary: Term[] = JSON.parse(readFileSync("content/glossary.json", "utf-8"));
const resources = JSON.parse(readFileSync("content/resources.json", "utf-8"));
/** The glossary's categories in page order, each with its number of terms in content/glossary.json. */
const CATEGORIES: [string, number][] = [
  "Basic Terms",
  "Bond Characteristics",
  "Credit Analysis",
  "Market Mechanics",
].map((category) => [category, glossary.filter((term) => term.category === category).length]);

const list = (page: Page) => page.locator("[data-glossary]");
const panel = (page: Page, category: string) => page.locator(`details[data-category="${category}"]`);
const summary = (page: Page, category: string) => panel(page, category).locator("summary");
const visibleTerms = (page: Page) => list(page).locator("[data-term-id]:visible");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search the bond glossary" });
const status = (page: Page) => page.getByRole("status").filter({ hasText: /./ });

/** Opens /resources and waits until the search island has hydrated. */
async function openGlossary(page: Page, path = "/resources") {
  await page.goto(path);
  await hydrated(page, "GlossarySearch");
}

async function openStates(page: Page) {
  return Object.fromEntries(
    await Promise.all(
      CATEGORIES.map(async ([category]) => [
        category,
        await panel(page, category).evaluate((d) => d.hasAttribute("open")),
      ]),
    ),
  );
}

async function inViewport(locator: Locator) {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  });
}

test.describe("static glossary", () => {
  test("shows the page title, the glossary heading and four panels with their counts", async ({ page }) => {
    await page.goto("/resources");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resources");
    await expect(page.getByRole("heading", { level: 2, name: "Bond Glossary" })).toBeVisible();
    for (const [category, count] of CATEGORIES) {
      await expect(summary(page, category)).toHaveText(`${category} (${count} terms)`);
    }
    expect(await openStates(page)).toEqual({
      "Basic Terms": true,
      "Bond Characteristics": false,
      "Credit Analysis": false,
      "Market Mechanics": false,
    });
  });

  test("holds every term of content/glossary.json with their definitions, each under its stable anchor id", async ({
    page,
  }) => {
    await page.goto("/resources");
    await expect(list(page).locator("[data-term-id]")).toHaveCount(glossary.length);
    for (const { term, category, definition } of glossary) {
      const item = panel(page, category).locator(`[id="${slugify(term)}"]`);
      await expect(item.locator("dt")).toHaveText(term);
      await expect(item.locator("[data-term-definition]")).toHaveText(definition);
    }
    await expect(page.locator("#yield-to-maturity-ytm dt")).toHaveText("Yield to Maturity (YTM)");
  });

  test("opens and closes a panel on its header", async ({ page }) => {
    await page.goto("/resources");
    const definition = page.locator("#credit-spread [data-term-definition]");
    await expect(definition).toBeHidden();
    await summary(page, "Credit Analysis").click();
    await expect(definition).toBeVisible();
    await summary(page, "Credit Analysis").click();
    await expect(definition).toBeHidden();
    await summary(page, "Basic Terms").click();
    await expect(page.locator("#bond [data-term-definition]")).toBeHidden();
  });

  test("toggles a panel from the keyboard", async ({ page }) => {
    await page.goto("/resources");
    await summary(page, "Market Mechanics").focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#bond-ladder")).toBeVisible();
    await page.keyboard.press("Space");
    await expect(page.locator("#bond-ladder")).toBeHidden();
  });

  test("the intro and, with JavaScript, the search hint read as one paragraph", async ({ page }) => {
    await page.goto("/resources");
    const { intro, searchHint } = resources.glossary;
    await expect(page.locator("#bond-glossary > p").first()).toHaveText(`${intro} ${searchHint}`);
  });

  test("describes the glossary as a DefinedTermSet in microdata on its own text, written once", async ({ page }) => {
    await page.goto("/resources");
    const items = await page.evaluate(readMicrodata);
    const data = (items.find((item) => item["@type"] === "DefinedTermSet") ?? {}) as Record<string, any>;
    expect(structuredDataProblems(data)).toEqual([]);
    expect(data["@id"]).toMatch(/^https:\/\/[^/]+\/resources#bond-glossary$/);
    expect(data.name).toBe(resources.glossary.heading);
    expect(data.description).toBe(resources.glossary.intro);
    expect(data.hasDefinedTerm).toHaveLength(glossary.length);
    const duration = data.hasDefinedTerm.find((t: { name: string }) => t.name === "Duration");
    expect(duration["@type"]).toBe("DefinedTerm");
    expect(duration["@id"]).toMatch(/^https:\/\/[^/]+\/resources#duration$/);
    expect(duration.description).toBe(glossary.find((t) => t.term === "Duration")?.definition);
    // Not a second copy in JSON-LD.
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks.join("")).not.toContain("DefinedTerm");
  });
});

test.describe("glossary search", () => {
  test("has a labelled search box with the placeholder from content/resources.json", async ({ page }) => {
    await openGlossary(page);
    await expect(searchBox(page)).toHaveAttribute("placeholder", resources.glossary.search.placeholder);
    await expect(page.getByText(`${glossary.length} terms in ${CATEGORIES.length} categories`)).toBeVisible();
  });

  test("filters on every keystroke, case-insensitively, and counts matches per category", async ({ page }) => {
    await openGlossary(page);
    await searchBox(page).pressSequentially("DEBEN");
    await expect(visibleTerms(page)).toHaveCount(1);
    await expect(visibleTerms(page).locator("dt")).toHaveText("Unsecured Bond (Debenture)");
    await expect(summary(page, "Bond Characteristics")).toHaveText("Bond Characteristics (1 term)");
    for (const [category] of CATEGORIES.filter(([c]) => c !== "Bond Characteristics")) {
      await expect(panel(page, category)).toBeHidden();
    }
    await expect(visibleTerms(page).locator("dt mark")).toHaveText("Deben");

    for (let i = 0; i < 4; i++) await searchBox(page).press("Backspace");
    // "D": every category has matches again, and each header counts only its matches.
    for (const [category] of CATEGORIES) {
      const shown = await panel(page, category).locator("[data-term-id]:visible").count();
      await expect(summary(page, category)).toHaveText(`${category} (${shown} ${shown === 1 ? "term" : "terms"})`);
    }
  });

  test("shows matching categories expanded, and matches on the definition alone", async ({ page }) => {
    await openGlossary(page);
    await searchBox(page).fill("collateral");
    const secured = page.locator("#secured-bond");
    await expect(secured).toBeVisible();
    await expect(secured.locator("dt mark")).toHaveCount(0);
    await expect(secured.locator("[data-term-definition] mark").first()).toHaveText("collateral");
    await expect(panel(page, "Bond Characteristics")).toHaveAttribute("open", "");
    await expect(panel(page, "Basic Terms")).toBeHidden();
    await expect(status(page)).toHaveText(/^\d+ terms? found in \d categor(y|ies)$/);
  });

  test("announces the results count to screen readers", async ({ page }) => {
    await openGlossary(page);
    await searchBox(page).fill("debenture");
    await expect(page.getByRole("status")).toHaveText("1 term found in 1 category");
    await expect(page.getByRole("status")).toHaveAttribute("aria-live", "polite");
  });

  test("restores the initial state when the text is emptied", async ({ page }) => {
    await openGlossary(page);
    const before = await openStates(page);
    await searchBox(page).fill("spread");
    await expect(panel(page, "Basic Terms")).toBeHidden();
    await searchBox(page).fill("");
    expect(await openStates(page)).toEqual(before);
    for (const [category, count] of CATEGORIES) {
      await expect(summary(page, category)).toHaveText(`${category} (${count} terms)`);
    }
    await expect(list(page).locator("mark")).toHaveCount(0);
    await expect(list(page).locator("[data-term-id][hidden]")).toHaveCount(0);
    await expect(page.getByText(`${glossary.length} terms in ${CATEGORIES.length} categories`)).toBeVisible();
  });

  test("clears with Escape", async ({ page }) => {
    await openGlossary(page);
    await searchBox(page).fill("spread");
    await searchBox(page).press("Escape");
    await expect(searchBox(page)).toHaveValue("");
    await expect(panel(page, "Basic Terms")).toBeVisible();
  });

  test('shows "No terms found" when nothing matches', async ({ page }) => {
    await openGlossary(page);
    await searchBox(page).fill("xylophone");
    await expect(page.getByText("No terms found", { exact: true })).toBeVisible();
    await expect(page.getByText("Try a different search term", { exact: true })).toBeVisible();
    await expect(visibleTerms(page)).toHaveCount(0);
    for (const [category] of CATEGORIES) await expect(panel(page, category)).toBeHidden();
    await expect(page.getByText("Did you mean")).toHaveCount(0);
  });

  test('offers "Did you mean" for a typo and goes to the term on a click', async ({ page }) => {
    await openGlossary(page);
    await searchBox(page).fill("durattion");
    await expect(page.getByText("No terms found", { exact: true })).toBeVisible();
    const suggestion = page.getByRole("button", { name: "Duration", exact: true });
    await expect(suggestion).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Did you mean Duration");
    await suggestion.click();
    await expect(searchBox(page)).toHaveValue("Duration");
    await expect(searchBox(page)).toBeFocused();
    await expect(page.locator("#duration")).toBeVisible();
    await expect(page.locator("#duration dt mark")).toHaveText("Duration");
  });

  test("takes any input safely: regular-expression characters, emoji, right-to-left text, 10,000 characters", async ({
    page,
  }) => {
    await openGlossary(page);
    await searchBox(page).fill("(YTM)");
    await expect(visibleTerms(page).locator("dt")).toHaveText(["Yield to Maturity (YTM)"]);
    for (const text of [".*", "[", "\\", "$^|?+", "📈💵", "سندات الشركات", "<img src=x onerror=alert(1)>"]) {
      await searchBox(page).fill(text);
      await expect(page.getByText("No terms found", { exact: true })).toBeVisible();
    }
    await expect(page.locator("[data-glossary] img")).toHaveCount(0);
    await searchBox(page).fill("a".repeat(10_000));
    await expect(page.getByText("No terms found", { exact: true })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await searchBox(page).fill("");
    await expect(visibleTerms(page)).toHaveCount(5);
  });

  test("searches what was typed before the page's island code arrived, though no event reached it", async ({
    page,
  }) => {
    // Astro's island code (the directive that listens for a first touch or key) is held back, as on a slow network.
    const release = await holdBack(page, /\/_astro\/islands\.[\w-]+\.js$/);
    // Not waiting for `load`, nor DOMContentLoaded: both wait for that deferred file.
    await page.goto("/resources", { waitUntil: "commit" });
    await page.locator('[data-glossary-search] input[type="search"]').fill("ladder");
    release();
    await expect(visibleTerms(page).locator("dt")).toHaveText(["Bond Ladder"]);
  });

  test("keeps what was typed before the island hydrated", async ({ page }) => {
    // The island's code is held back until the text is in (a slow phone's network).
    const release = await holdBack(page, /GlossarySearch\.[\w-]+\.js$/);
    await page.goto("/resources");
    await page.locator('[data-glossary-search] input[type="search"]').fill("ladder");
    const island = page.locator('astro-island[component-export="GlossarySearch"]');
    await expect(island).toHaveAttribute("ssr", "");
    release();
    await expect(island).not.toHaveAttribute("ssr", "");
    await expect(visibleTerms(page).locator("dt")).toHaveText(["Bond Ladder"]);
  });
});

test.describe("deep links", () => {
  test("/resources#term opens the term's panel and scrolls to it", async ({ page }) => {
    await page.goto("/resources#credit-spread");
    await expect(panel(page, "Credit Analysis")).toHaveAttribute("open", "");
    await expect(page.locator("#credit-spread")).toBeVisible();
    await expect.poll(() => inViewport(page.locator("#credit-spread"))).toBe(true);
  });

  test("a link to a term in other letter case (#Credit-Spread) finds it too", async ({ page }) => {
    await page.goto("/resources#Credit-Spread");
    await expect(panel(page, "Credit Analysis")).toHaveAttribute("open", "");
    await expect.poll(() => inViewport(page.locator("#credit-spread"))).toBe(true);
  });

  test('a "See also" link opens a closed panel and scrolls to the term', async ({ page }) => {
    await openGlossary(page);
    await page.locator("#bond").getByRole("link", { name: "Maturity" }).click();
    await expect(page).toHaveURL(/#maturity$/);
    await page.locator("#maturity").getByRole("link", { name: "Bond Ladder" }).click();
    await expect(panel(page, "Market Mechanics")).toHaveAttribute("open", "");
    await expect.poll(() => inViewport(page.locator("#bond-ladder"))).toBe(true);
  });

  test("a link to a term hidden by the search clears the search first", async ({ page }) => {
    await openGlossary(page);
    await searchBox(page).fill("yield to maturity");
    await page.locator("#yield-to-maturity-ytm").getByRole("link", { name: "Yield Curve" }).click();
    await expect(searchBox(page)).toHaveValue("");
    await expect(page.locator("#yield-curve")).toBeVisible();
    await expect.poll(() => inViewport(page.locator("#yield-curve"))).toBe(true);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole glossary reads and toggles, and the search box is hidden, and not offered", async ({ page }) => {
    await page.goto("/resources");
    await expect(page.locator('[data-glossary-search] input[type="search"]')).toBeHidden();
    const { glossary: text } = JSON.parse(readFileSync("content/resources.json", "utf-8"));
    await expect(page.getByText(text.intro)).toBeVisible();
    await expect(page.getByText(text.searchHint)).toBeHidden();
    await expect(list(page).locator("[data-term-id]")).toHaveCount(glossary.length);
    await expect(page.locator("#bond [data-term-definition]")).toBeVisible();
    await summary(page, "Bond Characteristics").click();
    await expect(page.locator("#duration [data-term-definition]")).toBeVisible();
  });

  test("a deep link still opens the term's panel (the browser expands <details> for the target)", async ({ page }) => {
    await page.goto("/resources#default");
    await expect(page.locator("#default [data-term-definition]")).toBeVisible();
    await expect(panel(page, "Credit Analysis")).toHaveAttribute("open", "");
  });
});

test.describe("resource links", () => {
  test("cards lead to /about, /strategies and encyclopedia articles", async ({ page }) => {
    await page.goto("/resources");
    const section = page.getByRole("region", { name: "Educational Resources" });
    await expect(section.getByRole("link", { name: /About Corporate Bonds/ })).toHaveAttribute("href", "/about");
    await expect(section.getByRole("link", { name: /Investment Strategies/ })).toHaveAttribute("href", "/strategies");
    const external = section.locator('a[href^="https://"]');
    await expect(external).toHaveCount(2);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute("href", /^https:\/\/en\.wikipedia\.org\/wiki\//);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("the sidebars list the recommended reading and market resources, opening in a new tab", async ({ page }) => {
    await page.goto("/resources");
    for (const { heading, links } of resources.sidebar) {
      const section = page.getByRole("region", { name: heading });
      await expect(section.getByRole("heading", { level: 2 })).toHaveText(heading);
      const anchors = section.getByRole("link");
      await expect(anchors).toHaveCount(links.length);
      for (const link of await anchors.all()) {
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      }
    }
    const market = page.getByRole("region", { name: "Market Resources" });
    for (const host of ["home.treasury.gov", "www.spglobal.com", "ratings.moodys.com", "www.fitchratings.com"]) {
      await expect(market.locator(`a[href^="https://${host}/"]`)).toHaveCount(1);
    }
  });
});

test("@desktop a sidebar link's arrow stays on its title's last line, at any width", async ({ page }) => {
  await page.goto("/resources");
  const links = page.locator('section[aria-labelledby^="sidebar-"] a');
  await expect(links).toHaveCount(resources.sidebar.flatMap((list: { links: unknown[] }) => list.links).length);
  // 1280 px wrapped "Interest Rate Risk: … fixed-rate bonds fall" before its arrow, which stood alone on a line.
  for (const width of [320, 360, 390, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const apart = await links.evaluateAll((anchors) =>
      anchors.flatMap((anchor) => {
        const arrow = anchor.querySelector('[aria-hidden="true"]')!;
        const title = arrow.previousSibling!;
        const lastLetter = document.createRange();
        lastLetter.setStart(title, title.textContent!.trimEnd().length - 1);
        lastLetter.setEnd(title, title.textContent!.trimEnd().length);
        const letter = lastLetter.getBoundingClientRect();
        const mark = arrow.getBoundingClientRect();
        return mark.top < letter.bottom && mark.bottom > letter.top ? [] : [anchor.textContent];
      }),
    );
    expect(apart, `at ${width} px`).toEqual([]);
  }
});

test.describe("layout and accessibility", () => {
  test("has no horizontal scroll and no layout shift while the search hydrates", async ({ page }) => {
    // Every shift from before the first paint, summed as it is reported.
    await page.addInitScript(() => {
      const record = window as unknown as { __shift: number };
      record.__shift = 0;
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as (PerformanceEntry & { value: number })[]) {
          record.__shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/resources");
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await hydrated(page, "GlossarySearch");
    // Two frames after hydration: a shift the island's first render causes has been laid out and reported.
    await frames(page);
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    expect(shift).toBeLessThan(0.01);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  // At rest the page is part of the sweep in a11y.spec.ts; here the states only a search produces.
  test("has no axe violations while searching and with no results", async ({ page }) => {
    const scan = () =>
      axe(page)
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        // What a search changes: the search box with its status, and the glossary it filters.
        .include("[data-glossary-search]")
        .include("[data-glossary]")
        .analyze()
        .then((result) => result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`));
    await openGlossary(page);
    await searchBox(page).fill("bond");
    await expect(page.locator("[data-glossary] mark").first()).toBeVisible();
    expect(await scan()).toEqual([]);
    await searchBox(page).fill("durattion");
    await expect(page.getByRole("button", { name: "Duration" })).toBeVisible();
    expect(await scan()).toEqual([]);
  });
});
