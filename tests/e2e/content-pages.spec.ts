/**
 * The content pages: Home, About, Types, Strategies, Analysis, Privacy Policy and
 * Terms of Service (docs/decisions.md, "The product and its owner's values",
 * "Routes", "Today's date"). Every figure is read from the same content file the
 * page is built from, so an edited figure still passes; a few literal checks pin
 * the headings the site's name requires.
 *
 * Prose that may hold a glossary term is read as the reader sees it (`useInnerText`): the term's hidden
 * definition popover stays out of the text. innerText also applies CSS text-transform, so text styled
 * in capitals (eyebrows, captions) is read without it.
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { formatBillions, formatDate, formatPercent } from "../../src/lib/format";
import { shortRating } from "../../src/lib/risk-return";
import { expect, hasHorizontalOverflow, test } from "./fixtures";

const read = (file: string) => JSON.parse(readFileSync(file, "utf-8"));
const site = read("content/site.json");
const home = read("content/home.json");
const featured: { title: string; excerpt: string; link: string }[] = read("content/featured.json");
const types = read("content/types.json");
const strategies = read("content/strategies.json");
const market = read("content/market.json");

type ScaleItem = { name: string; value: number; label: string; defaulted?: boolean };
type Scale = { measure: string; items: ScaleItem[] };
const scales: Record<"security" | "investmentGrade" | "highYield", Scale> = {
  security: types.security,
  investmentGrade: types.investmentGrade,
  highYield: types.highYield,
};

/** The front matter fields of a page's MDX file that land in the head. */
function frontMatter(route: string) {
  const file = readFileSync(`content/pages/${route === "/" ? "index" : route.slice(1)}.mdx`, "utf-8");
  const field = (name: string) => new RegExp(`^${name}: "(.*)"$`, "m").exec(file)?.[1] ?? "";
  return { title: field("title"), description: field("description") };
}

const PAGES = ["/", "/about", "/types", "/strategies", "/analysis", "/privacy", "/terms"] as const;
/** The pages with no interactive part of their own (the home page's news embed is tested in embeds.spec.ts). */
const STATIC_PAGES = PAGES.filter((route) => route !== "/");

/** Today's date as the page's inline script writes it, in the browser's own clock and time zone. */
const browserToday = (page: Page) =>
  page.evaluate(() => new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }));

/** The section that follows the heading named `name`, up to the next heading of the same level. */
function sectionAfter(page: Page, name: string, level: 2 | 3 = 2): Locator {
  const heading = page.getByRole("heading", { name, exact: true, level });
  return heading.locator(
    `xpath=following-sibling::*[not(self::h${level})][preceding-sibling::h${level}[1][. = "${name}"]]`,
  );
}

test.describe("every content page", () => {
  for (const route of PAGES) {
    test(`${route} has the title and description of its MDX front matter`, async ({ page }) => {
      const { title, description } = frontMatter(route);
      await page.goto(route);
      await expect(page).toHaveTitle(title === site.name ? title : `${title} | ${site.name}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
    });

    test(`${route} does not scroll sideways at 320px`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto(route);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await hasHorizontalOverflow(page), `${route} overflows at 320px`).toBe(false);
    });

    // axe on every route, in both colour schemes and at both widths, is the sweep in a11y.spec.ts.
  }

  for (const route of STATIC_PAGES) {
    test(`${route} ships no JavaScript of its own: no island, no script in its article or sidebar`, async ({
      page,
    }) => {
      await page.goto(route);
      await expect(page.locator("main astro-island")).toHaveCount(0);
      await expect(page.locator("main article script, main [data-sidebar-box] script")).toHaveCount(0);
    });
  }
});

test.describe("home", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("shows the hero: headline, standfirst, both buttons and the New banner", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Definitive Guide to Corporate Bonds");
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    for (const action of home.hero.actions) {
      await expect(hero.getByRole("link", { name: action.label, exact: true })).toHaveAttribute("href", action.href);
    }
    await expect(hero.getByRole("link", { name: "Learn About Corporate Bonds" })).toHaveAttribute("href", "/about");
    await expect(hero.getByRole("link", { name: "Explore Bond Types" })).toHaveAttribute("href", "/types");
    await expect(page.locator("[data-banner]")).toContainText(
      "New: How to read yields, credit spreads and sector performance",
    );
  });

  test('introduces "What Are Corporate Bonds?" with the encyclopedia link in a new tab', async ({ page }) => {
    const story = page.locator("[data-lead-story]");
    await expect(story.getByRole("heading", { level: 2 })).toHaveText("What Are Corporate Bonds?");
    const link = story.getByRole("link", { name: new RegExp(home.encyclopediaLabel) });
    await expect(link).toHaveAttribute("href", site.encyclopedia.url);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("shows the three featured articles in order, each with a static SVG icon, excerpt and link", async ({
    page,
  }) => {
    const cards = page.locator("[data-featured-card]");
    await expect(cards).toHaveCount(3);
    await expect(page.getByRole("heading", { name: home.featuredHeading })).toBeVisible();
    for (const [index, article] of featured.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("link", { name: article.title })).toHaveAttribute("href", article.link);
      await expect(card).toContainText(article.excerpt, { useInnerText: true });
      await expect(card.locator("svg[aria-hidden=true] path").first()).toBeAttached();
    }
  });

  test('has the sidebar "Why Corporate Bonds?" with 4 benefits and a link to /about', async ({ page }) => {
    const box = page.getByRole("region", { name: "Why Corporate Bonds?" });
    const items = box.locator("[data-benefits] > li");
    await expect(items).toHaveCount(4);
    for (const [index, benefit] of home.benefits.items.entries()) {
      await expect(items.nth(index)).toContainText(benefit.title, { useInnerText: true });
      await expect(items.nth(index)).toContainText(benefit.text, { useInnerText: true });
    }
    await expect(box.getByRole("link", { name: home.benefits.link.label })).toHaveAttribute("href", "/about");
  });

  test("heads the news section and closes with the call to action", async ({ page }) => {
    const news = page.getByRole("region", { name: "Latest Corporate Bond News" });
    await expect(news).toContainText("Updated regularly from trusted financial sources");
    const cta = page.getByRole("region", { name: "Ready to Explore Corporate Bonds?" });
    // "Learn More" alone tells a screen reader or a search engine nothing: its name carries a hidden continuation.
    const learnMore = cta.getByRole("link", { name: "Learn More about corporate bonds", exact: true });
    await expect(learnMore).toHaveAttribute("href", "/about");
    await expect(learnMore).toHaveText(/^Learn More/);
    expect((await learnMore.boundingBox())?.height).toBeLessThan(60);
    await expect(cta.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute("href", "/contact");
  });
});

test.describe("about", () => {
  test("covers the definition, key characteristics, history and ecosystem", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Corporate Bonds");
    const h2 = page.getByRole("article").getByRole("heading", { level: 2 });
    // In this order; other sections (the teaching boxes) may sit between them.
    await expect(h2).toContainText([
      "Definition",
      "Key Characteristics",
      "Historical Context",
      "Worked example",
      "The Corporate Bond Ecosystem",
    ]);
    const fact = (term: string) => page.locator(`[data-fact="${term}"]`);
    await expect(fact("Face Value")).toContainText("$1,000 typical");
    await expect(fact("Coupon Rate")).toContainText(/usually paid semi-annually/i, { useInnerText: true });
    await expect(fact("Maturity Date")).toBeVisible();
    await expect(fact("Credit Rating")).toContainText("opinion", { useInnerText: true });
    await expect(fact("Credit Rating")).toContainText(/issuer usually pays/, { useInnerText: true });
    for (const role of ["Issuers", "Investors", "Rating Agencies", "Underwriters"]) {
      await expect(fact(role)).toBeVisible();
    }
  });

  test("tells Macaulay from modified duration and shows convexity with numbers", async ({ page }) => {
    await page.goto("/about");
    const article = page.getByRole("article");
    await expect(article).toContainText(/Macaulay duration.{0,20} is a time, in years/s, { useInnerText: true });
    await expect(article).toContainText(/Modified duration.{0,120}percentage/s, { useInnerText: true });
    await expect(article).toContainText("convexity", { useInnerText: true });
    const example = sectionAfter(page, "Worked example");
    await expect(example.filter({ hasText: "Yield rises to 6%" })).toContainText("5.65%", { useInnerText: true });
    await expect(example.filter({ hasText: "Yield falls to 4%" })).toContainText("6.05%", { useInnerText: true });
    await expect(example.getByRole("link", { name: /calculator/ })).toHaveAttribute(
      "href",
      /^\/calculator\?.*coupon=5&/,
    );
  });

  test('links the sidebar "Corporate Bond Basics" to the other guides and the glossary', async ({ page }) => {
    await page.goto("/about");
    const box = page.getByRole("navigation", { name: "Corporate Bond Basics" });
    const links = box.getByRole("link");
    await expect(links).toHaveCount(4);
    const expected: [string, string][] = [
      ["Types of Corporate Bonds", "/types"],
      ["Investment Strategies", "/strategies"],
      ["Market Analysis", "/analysis"],
      ["Bond Glossary", "/resources"],
    ];
    for (const [name, href] of expected) {
      await expect(box.getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });
});

test.describe("types", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/types");
  });

  test("exposes every bar as a meter with its value, range and level", async ({ page }) => {
    for (const scale of Object.values(scales)) {
      for (const item of scale.items) {
        const meter = page.getByRole("meter", { name: `${item.name}: ${scale.measure.toLowerCase()}`, exact: true });
        await expect(meter).toHaveAttribute("aria-valuenow", String(item.value));
        await expect(meter).toHaveAttribute("aria-valuemin", "0");
        await expect(meter).toHaveAttribute("aria-valuemax", "100");
        await expect(meter).toHaveAttribute("aria-valuetext", `${item.value}%, ${item.label}`);
        const row = page.locator(`[data-scale-item="${item.name}"]`);
        await expect(row).toContainText(item.label, { useInnerText: true });
        await expect(meter).toContainText(`${item.value}%`, { useInnerText: true });
      }
    }
  });

  test("fills each bar to its value", async ({ page }) => {
    const meters = page.getByRole("meter");
    const all = Object.values(scales).flatMap((scale) => scale.items);
    await expect(meters).toHaveCount(all.length);
    for (const [index, item] of all.entries()) {
      const bar = (await meters.nth(index).locator("svg").boundingBox())!;
      const fill = (await meters.nth(index).locator("rect").last().boundingBox())!;
      expect(fill.width / bar.width, item.name).toBeCloseTo(item.value / 100, 2);
    }
  });

  test("says the security bars measure risk and the rating bars measure quality", async ({ page }) => {
    const legend = (measure: string) => page.locator(`[data-scale="${measure}"] [data-scale-legend]`);
    await expect(legend(scales.security.measure)).toHaveText(/measure risk: a longer bar means more risk/);
    await expect(legend(scales.investmentGrade.measure).first()).toHaveText(
      /measure quality: a longer bar means a stronger/,
    );
    await expect(page.locator("[data-scale-legend]")).toHaveCount(3);
  });

  test("explains make-whole and fixed-price calls, yield to call and yield to worst", async ({ page }) => {
    const callable = page
      .getByRole("heading", { name: "Callable Bonds", level: 3 })
      .locator("xpath=following-sibling::ul[1]");
    await expect(callable).toContainText(/make-whole call.{0,40}most US investment-grade\W*bonds/s, {
      useInnerText: true,
    });
    await expect(callable).toContainText(/fixed-price call.{0,40}typical of high-yield bonds/, { useInnerText: true });
    await expect(callable).toContainText(/yield to worst \(the lowest yield/);
    const example = sectionAfter(page, "Worked example");
    await expect(example.filter({ hasText: "Yield to worst, the lower of the two: 4.56%" })).toHaveCount(1);
  });

  test("captions the rating ladder with evenly spaced rungs and steeply rising default risk", async ({ page }) => {
    const caption = page.locator('figure[data-chart="rating-ladder"] figcaption');
    await expect(caption).toContainText("evenly spaced", { useInnerText: true });
    await expect(caption).toContainText(/default risk is not: it rises steeply/, { useInnerText: true });
    await expect(caption).toContainText("CCC+ or lower", { useInnerText: true });
  });

  test("explains the investment-grade line and each bond feature with a bullet list", async ({ page }) => {
    await expect(sectionAfter(page, "Investment Grade", 3).first()).toContainText(
      /BBB− \(Baa3 at Moody.s\) or higher/,
      { useInnerText: true },
    );
    for (const feature of ["Convertible Bonds", "Callable Bonds", "Zero-Coupon Bonds"]) {
      const list = page.getByRole("heading", { name: feature, level: 3 }).locator("xpath=following-sibling::ul[1]");
      expect(await list.getByRole("listitem").count(), feature).toBeGreaterThanOrEqual(3);
    }
  });

  test("draws the risk–return chart as inline SVG from the ratings, with no image request", async ({ page }) => {
    const chart = page.getByRole("img", { name: types.chart.title });
    await expect(chart).toBeVisible();
    expect(await chart.evaluate((node) => node.tagName.toLowerCase())).toBe("svg");
    const plotted = [...scales.investmentGrade.items, ...scales.highYield.items].filter((item) => !item.defaulted);
    await expect(chart.locator("circle")).toHaveCount(plotted.length);
    await expect(chart.locator("text")).toContainText(plotted.map((item) => shortRating(item.name)));
    await expect(page.locator("[data-sidebar] img")).toHaveCount(0);
    await expect(page.locator("[data-sidebar]")).toContainText(types.chart.caption, { useInnerText: true });
  });
});

test.describe("strategies", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/strategies");
  });

  test("explains the six strategies in order", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Corporate Bond Investment Strategies");
    // In this order; the worked example and the teaching boxes may sit between them.
    await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toContainText([
      "Ladder Strategy",
      "Barbell Strategy",
      "Buy and Hold",
      "Worked example",
      "Active Trading",
      "Defensive Strategy",
      "Strategic Asset Allocation",
    ]);
  });

  test("lists buy and hold's conditions and risks, and separates rate defence from credit defence", async ({
    page,
  }) => {
    const hold = sectionAfter(page, "Buy and Hold");
    await expect(page.getByRole("article")).toContainText(
      "only if three things hold: the bond is not called early, the issuer does not default, and every coupon is reinvested at that same yield",
    );
    for (const risk of ["Call risk:", "Reinvestment risk:", "Liquidity risk:"]) {
      await expect(hold.locator("li").filter({ hasText: risk })).toHaveCount(1);
    }
    const tactics = sectionAfter(page, "Defensive Strategy").locator("li");
    await expect(tactics.filter({ hasText: "(rate defence)" })).toHaveCount(1);
    await expect(tactics.filter({ hasText: "(credit defence)" })).toHaveCount(3);
    // In a downturn high-grade yields usually fall with Treasuries, but not in a sharp credit scare (2008, March 2020).
    const intro = sectionAfter(page, "Defensive Strategy").first();
    await expect(intro).toContainText("high-grade corporate yields usually follow", { useInnerText: true });
    await expect(intro).toContainText("high-grade spreads can widen by more than Treasury yields fall", {
      useInnerText: true,
    });
  });

  test("shows the barbell's two ends with their maturities and shares", async ({ page }) => {
    for (const end of strategies.barbell) {
      const figure = page.locator(`[data-barbell-end="${end.label}"]`);
      await expect(figure).toContainText(end.maturity, { useInnerText: true });
      await expect(figure).toContainText(`About ${end.share}%`, { useInnerText: true });
    }
  });

  test("lists the 4 active-trading components with a note and the 4 defensive tactics", async ({ page }) => {
    const active = sectionAfter(page, "Active Trading");
    await expect(active.locator("li")).toHaveCount(4);
    await expect(active.and(page.getByRole("note"))).toBeVisible();
    await expect(sectionAfter(page, "Defensive Strategy").locator("li")).toHaveCount(4);
  });

  test("shows the allocation models in a table", async ({ page }) => {
    const table = page.locator("[data-allocations]");
    await expect(table.getByRole("columnheader")).toHaveText(["Model", "Investment grade", "High yield"]);
    for (const model of strategies.allocations) {
      const row = table.getByRole("row", { name: new RegExp(`^${model.name}`) });
      await expect(row.getByRole("cell")).toHaveText([`${model.investmentGrade}%`, `${model.highYield}%`]);
    }
  });

  test('has 5 risk tips and the "Current Environment" guide in the sidebar', async ({ page }) => {
    const tips = page.getByRole("region", { name: strategies.riskTips.heading }).getByRole("listitem");
    await expect(tips).toHaveCount(5);
    const environment = page.getByRole("region", { name: "Current Environment" });
    await expect(environment.locator("[data-environment-note]")).toHaveText(strategies.environment.note);
    await expect(environment).toContainText("It does worse if the curve steepens.", { useInnerText: true });
    const items: { condition: string; approach: string }[] = strategies.environment.items;
    await expect(environment.locator("dt")).toHaveText(items.map((item) => item.condition));
    await expect(environment.locator("dt + dd")).toHaveText(items.map((item) => `→ ${item.approach}`));
  });
});

test.describe("analysis", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/analysis");
  });

  test("shows the yields with today's date and the spreads with their caption", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Corporate Bond Market Analysis");
    const [yields, spreads] = await page.locator("[data-key-figures]").all();
    await expect(yields!.locator("dd")).toHaveText([
      formatPercent(market.yields.investmentGrade),
      formatPercent(market.yields.highYield),
    ]);
    await expect(yields!).toContainText(`Last updated: ${await browserToday(page)}`, { useInnerText: true });
    await expect(yields!.locator("[data-snapshot]")).toHaveText(market.snapshot);
    await expect(spreads!.locator("[data-spreads-note]")).toHaveText(market.spreadsNote);
    // The figures are a dated snapshot, not today's market (docs/decisions.md, "Today's date"): it names its year.
    expect(market.snapshot).toMatch(/\b20\d\d\b/);
    expect(market.spreadsNote).toMatch(/against Treasury yields at its own maturity/);
    await expect(spreads!.locator("dd")).toHaveText([
      `${market.spreads.investmentGrade} bps`,
      `${market.spreads.highYield} bps`,
    ]);
    await expect(spreads!).toContainText("Basis points above Treasury securities", { useInnerText: true });
  });

  test("sets out the sector table with a caption, header cells, and trends in words and icons", async ({ page }) => {
    const table = page.locator("[data-sector-table]");
    await expect(table.locator("caption")).not.toBeEmpty();
    await expect(table.locator("caption [data-trend-note]")).toHaveText(market.trendNote);
    await expect(table.getByRole("columnheader")).toHaveText(["Sector", "YTD Return", "Avg. Yield", "Trend"]);
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(market.sectors.length);
    for (const [index, sector] of market.sectors.entries()) {
      const row = rows.nth(index);
      await expect(row.getByRole("rowheader")).toHaveText(sector.sector);
      const word = { up: "Up", down: "Down", flat: "Flat" }[sector.trend as "up" | "down" | "flat"];
      await expect(row.getByRole("cell")).toHaveText([
        formatPercent(sector.ytdReturn, { signed: true }),
        formatPercent(sector.avgYield),
        word,
      ]);
      await expect(row.getByRole("cell").last().locator("svg[aria-hidden=true]")).toBeAttached();
    }
    await expect(rows.first().getByRole("cell")).toHaveText(["+3.2%", "4.5%", "Up"]);
    await expect(rows.nth(2).getByRole("cell")).toHaveText(["\u22121.4%", "5.8%", "Down"]);
  });

  test("has the outlook cards with fund flows and the attributed expert quote", async ({ page }) => {
    const outlook = page.locator("[data-outlook]");
    await expect(outlook.getByRole("heading", { level: 3 })).toHaveText([
      "Interest Rates",
      "Credit Quality",
      "Technical Factors",
    ]);
    await expect(outlook.getByRole("heading", { level: 4 })).toHaveText([
      "Positive factors",
      "Items to watch",
      "Fund flows",
    ]);
    for (const text of [
      ...market.outlook.interestRates,
      ...market.outlook.creditPositives,
      ...market.outlook.creditWatch,
    ]) {
      await expect(outlook).toContainText(text, { useInnerText: true });
    }
    await expect(outlook.locator('[data-flow="investmentGrade"]')).toHaveText(
      formatBillions(market.fundFlows.investmentGrade),
    );
    await expect(outlook.locator('[data-flow="highYield"]')).toHaveText(formatBillions(market.fundFlows.highYield));
    await expect(outlook.locator("[data-flow]")).toHaveText(["+$4.2B", "+$1.8B"]);
    await expect(outlook.locator("[data-flow-period]")).toHaveText(market.fundFlows.period);
    // The outlook describes mid-2023, never as if it were today.
    await expect(outlook).not.toContainText(/\btoday/i, { useInnerText: true });
    await expect(sectionAfter(page, "Market Outlook").first()).toContainText("mid-2023", { useInnerText: true });
    const quote = page.locator("[data-expert-quote]");
    await expect(quote.locator("blockquote")).toContainText(market.quote, { useInnerText: true });
    const by = site.expert.name ? `${site.expert.name}, ${site.expert.title}` : site.expert.title;
    await expect(quote.locator("figcaption")).toHaveText(`— ${by}`);
  });

  test("lists the indicators with today's date and the three dated updates in the sidebar", async ({ page }) => {
    const indicators = page.getByRole("region", { name: "Key Indicators" });
    const indicatorList: { label: string; value: number; note?: string }[] = market.indicators;
    await expect(indicators.locator("dt")).toHaveText(
      indicatorList.map((indicator) => (indicator.note ? `${indicator.label} ${indicator.note}` : indicator.label)),
    );
    const note = (label: string) => indicatorList.find((indicator) => indicator.label === label)?.note;
    // The Fed sets a range, not a rate: the figure shown is the top of the range its note gives.
    const range = /^Top of the ([\d.]+)–([\d.]+)% target range/.exec(note("Fed Funds") ?? "");
    expect(range, "the Fed Funds note names its target range").not.toBeNull();
    expect(indicatorList.find((indicator) => indicator.label === "Fed Funds")?.value).toBe(Number(range![2]));
    // CPI is a year-over-year change: its note names the 12 months it covers.
    expect(note("CPI")).toMatch(/change over the 12 months to \w+ \d{4}/);
    await expect(indicators.locator("[data-snapshot]")).toHaveText(market.snapshot);
    await expect(indicators.locator("dd")).toHaveText(indicatorList.map((indicator) => formatPercent(indicator.value)));
    await expect(indicators).toContainText(`Data as of ${await browserToday(page)}`, { useInnerText: true });
    const updates = page.getByRole("region", { name: "Latest Updates" }).getByRole("listitem");
    await expect(updates).toHaveCount(3);
    for (const update of market.updates) {
      const item = updates.filter({ hasText: update.title });
      await expect(item.locator("time")).toHaveAttribute("datetime", update.date);
      await expect(item.locator("time")).toHaveText(formatDate(update.date));
      await expect(item).toContainText(update.summary, { useInnerText: true });
      expect(update.date).toMatch(/^2023-0[78]-/);
    }
  });
});

test.describe("legal pages", () => {
  test("the privacy policy has its five sections in order and tells the truth about this site", async ({ page }) => {
    await page.goto("/privacy");
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 2 })).toHaveText([
      "Introduction",
      "Information We Collect",
      "How We Use Your Information",
      "Data Protection",
      "Your Rights",
    ]);
    await expect(article).not.toContainText(/charging station/i, { useInnerText: true });
    await expect(article).toContainText("there are no accounts or sign-ins", { useInnerText: true });
    await expect(article).toContainText("we do not ask for your location or collect it", { useInnerText: true });
    for (const topic of [
      /advertising network/i,
      /RSS feed widget/,
      /form service/,
      /newsletter provider/,
      /server logs/i,
    ]) {
      await expect(article).toContainText(topic, { useInnerText: true });
    }
    await expect(article.getByRole("heading", { name: "Cookies and browser storage" })).toBeVisible();
    await expect(article.getByRole("link", { name: site.contact.email })).toHaveAttribute(
      "href",
      `mailto:${site.contact.email}`,
    );
  });

  test("the terms have their five sections in order and say this is not investment advice", async ({ page }) => {
    await page.goto("/terms");
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 2 })).toHaveText([
      "Agreement to Terms",
      "Use License",
      "User Responsibilities",
      "Disclaimer",
      "Limitation of Liability",
    ]);
    await expect(sectionAfter(page, "Disclaimer").first()).toContainText(
      "It is not investment, financial, legal or tax advice",
    );
    await expect(article).toContainText(site.name, { useInnerText: true });
  });

  test("the pages that discuss investing carry a not-investment-advice note", async ({ page }) => {
    for (const route of ["/types", "/strategies", "/analysis"]) {
      await page.goto(route);
      await expect(
        page
          .getByRole("note")
          .filter({ hasText: /not\s+investment\s+advice|nothing\s+here\s+is\s+investment\s+advice/ }),
      ).toHaveCount(1);
    }
  });
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("every content page shows its text, links, tables and figures", async ({ page }) => {
    for (const route of PAGES) {
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1 }), route).toBeVisible();
      expect(await page.locator("main a[href]").count(), `${route} links`).toBeGreaterThan(0);
    }
    await page.goto("/");
    await expect(page.locator("[data-featured-card]")).toHaveCount(featured.length);
    await expect(page.getByRole("link", { name: "Contact Us", exact: true })).toBeVisible();
    await page.goto("/types");
    await expect(page.getByRole("meter")).toHaveCount(
      Object.values(scales).reduce((sum, scale) => sum + scale.items.length, 0),
    );
    await expect(page.getByRole("img", { name: types.chart.title })).toBeVisible();
    await page.goto("/strategies");
    await expect(page.locator("[data-allocations]").getByRole("row")).toHaveCount(strategies.allocations.length + 1);
    await page.goto("/analysis");
    await expect(page.locator("[data-sector-table] tbody tr")).toHaveCount(market.sectors.length);
    await expect(page.locator("[data-sector-table]")).toBeVisible();
    // The build-time date stands in for today's until the inline script runs (docs/decisions.md, "Today's date").
    await expect(page.locator("[data-last-updated] time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page.locator("[data-data-as-of] time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await page.goto("/privacy");
    await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveCount(5);
  });
});
