/**
 * The build-time charts: every chart is an <svg role="img">
 * named by its title, described in words and captioned, with its figures in a
 * real table nearby; its labels and bar lengths match the content file it is
 * drawn from; it stays readable at 390px and inside the screen at 320px; and
 * no chart code runs in the browser.
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { formatBps, formatPercent } from "../../src/lib/format";
import { shortRating } from "../../src/lib/risk-return";
import { expect, hasHorizontalOverflow, test } from "./fixtures";

const read = (file: string) => JSON.parse(readFileSync(file, "utf-8"));
const market = read("content/market.json");
const strategies = read("content/strategies.json");
const types = read("content/types.json");

const CHARTS = {
  "/analysis": [
    ["indicator-strip", "Key indicators at a glance"],
    ["grade-chart", "Investment grade and high yield compared"],
    ["sector-chart", "Year-to-date return by sector"],
  ],
  "/strategies": [
    ["ladder-chart", "A bond ladder"],
    ["barbell-chart", "A barbell portfolio"],
    ["allocation-chart", "Model allocations, as a share of the bond portfolio"],
  ],
  "/types": [
    ["rating-ladder", "The rating scale as a risk ladder"],
    ["risk-return", types.chart.title],
  ],
} as const;

const chart = (page: Page, name: string) => page.getByRole("img", { name, exact: true });
const widths = (bars: Locator) => bars.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().width));
const heights = (bars: Locator) =>
  bars.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height));

/** Asserts that measured lengths are proportional to the values (same ratio to within 1.5%). */
function expectProportional(lengths: number[], values: number[]) {
  expect(lengths).toHaveLength(values.length);
  const unit = lengths[values.indexOf(Math.max(...values))]! / Math.max(...values);
  lengths.forEach((length, index) => expect(length / unit, `bar ${index}`).toBeCloseTo(values[index]!, 1));
}

for (const [route, charts] of Object.entries(CHARTS)) {
  test.describe(route, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(route);
    });

    for (const [id, name] of charts) {
      test(`draws "${name}" as a named, described and captioned SVG`, async ({ page }) => {
        const svg = chart(page, name);
        await expect(svg).toBeVisible();
        expect(await svg.evaluate((node) => node.tagName.toLowerCase())).toBe("svg");
        await expect(svg.locator("title")).toHaveText(name);
        await expect(svg).toHaveAccessibleDescription(/.{20,}/);
        await expect(svg).toHaveAttribute("viewBox", /^0 0 \d+(\.\d+)? \d+(\.\d+)?$/);
        const figure = page.locator(`figure[data-chart="${id}"]`);
        await expect(figure.locator("figcaption")).not.toBeEmpty();
        // Drawn at build time: no script inside, no image to fetch, no inline style (the CSP forbids them).
        await expect(figure.locator("script, img, [style]")).toHaveCount(0);
      });
    }

    test("keeps every chart inside the screen at 320px", async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(route);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      for (const [, name] of charts) {
        const box = (await chart(page, name).boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(320);
      }
    });

    test("renders chart text at 11px or more on a 390px screen", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(route);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const sizes = await page.locator("figure[data-chart] svg text").evaluateAll((nodes) =>
        nodes.map((node) => {
          const text = node as SVGTextElement;
          const scale = text.ownerSVGElement!.getScreenCTM()!.a;
          return { text: text.textContent, px: parseFloat(getComputedStyle(text).fontSize) * scale };
        }),
      );
      expect(sizes.length).toBeGreaterThan(0);
      expect(sizes.filter((size) => size.px < 10.95)).toEqual([]);
    });

    test("draws each chart at its viewBox's aspect ratio", async ({ page }) => {
      for (const [, name] of charts) {
        const svg = chart(page, name);
        const [width, height] = (await svg.getAttribute("viewBox"))!.split(" ").slice(2).map(Number);
        const box = (await svg.boundingBox())!;
        expect(box.height / box.width, name).toBeCloseTo(height! / width!, 2);
      }
    });
  });
}

test.describe("/analysis numbers", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/analysis");
  });

  test("the indicator strip labels each panel with its value and scales the columns alike", async ({ page }) => {
    const svg = chart(page, "Key indicators at a glance");
    const indicators: { label: string; value: number }[] = market.indicators;
    const texts = await svg.locator("text").allTextContents();
    for (const indicator of indicators) expect(texts).toContain(formatPercent(indicator.value));
    expectProportional(
      await heights(svg.locator("rect.fill-ink")),
      indicators.map((indicator) => indicator.value),
    );
    // Each value's label inside its panel (the highest, near the top of the scale, inside its bar).
    const top = (nodes: Element[]) => nodes.map((node) => (node as SVGGraphicsElement).getBBox().y);
    const panels = await svg.locator("rect.fill-paper-2").evaluateAll(top);
    const labels = await svg.locator("text").filter({ hasText: /%$/ }).evaluateAll(top);
    expect(labels).toHaveLength(panels.length);
    labels.forEach((label, index) => expect(label, indicators[index]!.label).toBeGreaterThanOrEqual(panels[index]!));
    const table = page.getByRole("table", { name: "Key indicators at a glance" });
    await expect(table.getByRole("rowheader")).toHaveText(indicators.map((indicator) => indicator.label));
    await expect(table.locator("tbody td")).toHaveText(indicators.map((indicator) => formatPercent(indicator.value)));
  });

  test("the grade chart pairs investment grade with high yield for yields and spreads", async ({ page }) => {
    const svg = chart(page, "Investment grade and high yield compared");
    const { yields, spreads } = market;
    await expect(svg.locator("text.font-bold")).toHaveText([
      formatPercent(yields.investmentGrade),
      formatPercent(yields.highYield),
      formatBps(spreads.investmentGrade),
      formatBps(spreads.highYield),
    ]);
    const bars = await widths(svg.locator("rect"));
    expectProportional(bars.slice(0, 2), [yields.investmentGrade, yields.highYield]);
    expectProportional(bars.slice(2), [spreads.investmentGrade, spreads.highYield]);
    const table = page.getByRole("table", { name: "Investment grade and high yield compared" });
    await expect(table.getByRole("row", { name: /Average yield/ }).getByRole("cell")).toHaveText([
      formatPercent(yields.investmentGrade),
      formatPercent(yields.highYield),
    ]);
  });

  test("the sector chart grows gains right and losses left of zero, labelled with signed values", async ({ page }) => {
    const svg = chart(page, "Year-to-date return by sector");
    const sectors: { sector: string; ytdReturn: number }[] = market.sectors;
    await expect(svg.locator("text.font-bold")).toHaveText(
      sectors.map((sector) => formatPercent(sector.ytdReturn, { signed: true })),
    );
    const line = (await svg.locator("line").last().boundingBox())!;
    const zero = line.x + line.width / 2;
    const bars = svg.locator("rect");
    for (const [index, sector] of sectors.entries()) {
      const box = (await bars.nth(index).boundingBox())!;
      if (sector.ytdReturn >= 0) expect(box.x, sector.sector).toBeCloseTo(zero, 0);
      else expect(box.x + box.width, sector.sector).toBeCloseTo(zero, 0);
    }
    expectProportional(
      await widths(bars),
      sectors.map((sector) => Math.abs(sector.ytdReturn)),
    );
    for (const sector of sectors)
      await expect(svg.locator("text").filter({ hasText: sector.sector.split(" ")[0]! })).toHaveCount(1);
  });

  test("the sector chart's caption links to the sector table that holds its figures", async ({ page }) => {
    const link = page.locator('figure[data-chart="sector-chart"] figcaption').getByRole("link");
    await link.click();
    await expect(page.locator("[data-sector-table]")).toBeInViewport();
    await expect(page.locator("[data-sector-table] tbody tr")).toHaveCount(market.sectors.length);
  });
});

test.describe("/strategies numbers", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/strategies");
  });

  test("the ladder has a rung a year, each reaching its maturity with an equal share", async ({ page }) => {
    const { firstYear, lastYear } = strategies.ladder;
    const years = Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index);
    const svg = chart(page, "A bond ladder");
    expectProportional(await widths(svg.locator("rect")), years);
    const share = `${Math.round((100 / years.length) * 10) / 10}%`;
    const texts = await svg.locator("text").allTextContents();
    for (const year of years) expect(texts).toContain(`${year} yr`);
    expect(texts.filter((text) => text.startsWith(share))).toHaveLength(years.length);
    const table = page.getByRole("table", { name: /A bond ladder/ });
    await expect(table.locator("tbody td")).toHaveText(years.map(() => share));
  });

  test("the barbell puts each end over its maturities, as tall as its share", async ({ page }) => {
    const svg = chart(page, "A barbell portfolio");
    const ends: { label: string; maturity: string; share: number }[] = strategies.barbell;
    const blocks = svg.locator("[data-block] rect");
    await expect(blocks).toHaveCount(2);
    expectProportional(
      await heights(blocks),
      ends.map((end) => end.share),
    );
    // The short end spans 1–3 years: twice the width of one year on the axis, starting at the "1" tick.
    const tick = async (label: string) =>
      (await svg
        .locator("text.tabular-nums")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .boundingBox())!;
    const [one, three, ten] = await Promise.all(["1", "3", "10"].map(tick));
    const short = (await blocks.first().boundingBox())!;
    const long = (await blocks.last().boundingBox())!;
    expect(short.x).toBeCloseTo(one!.x + one!.width / 2, 0);
    expect(short.x + short.width).toBeCloseTo(three!.x + three!.width / 2, 0);
    expect(long.x).toBeCloseTo(ten!.x + ten!.width / 2, 0);
    for (const end of ends) {
      await expect(svg.locator(`[data-block="${end.label}"] text`)).toHaveText([
        end.label,
        end.maturity,
        `about ${end.share}%`,
      ]);
      await expect(page.locator(`tr[data-barbell-end="${end.label}"]`).getByRole("cell")).toHaveText([
        end.maturity,
        `About ${end.share}%`,
      ]);
    }
  });

  test("the allocation bars split each model by its shares, labelled in place", async ({ page }) => {
    const svg = chart(page, "Model allocations, as a share of the bond portfolio");
    const models: { name: string; investmentGrade: number; highYield: number }[] = strategies.allocations;
    for (const model of models) {
      const row = svg.locator(`[data-allocation-bar="${model.name}"]`);
      await expect(row.locator("text").first()).toHaveText(model.name);
      const [ig, hy] = await widths(row.locator("rect").filter({ hasNot: page.locator(".fill-paper") }));
      expect(ig! / (ig! + hy!)).toBeCloseTo(model.investmentGrade / 100, 2);
      await expect(row).toContainText(`${model.investmentGrade}%`);
      await expect(row).toContainText(`${model.highYield}%`);
    }
  });

  test("links the bond calculator from the text", async ({ page }) => {
    await expect(page.getByRole("article").getByRole("link", { name: "bond calculator" })).toHaveAttribute(
      "href",
      "/calculator",
    );
  });
});

test.describe("/types numbers", () => {
  test("the risk ladder lists every rating from AAA to D, spaced by credit-quality score, with its table", async ({
    page,
  }) => {
    await page.goto("/types");
    const svg = chart(page, "The rating scale as a risk ladder");
    const ratings: { name: string; value: number; label: string }[] = [
      ...types.investmentGrade.items,
      ...types.highYield.items,
    ];
    const labels = svg.locator("text.font-bold");
    await expect(labels).toHaveText(ratings.map((rating) => shortRating(rating.name)));
    const ys = await labels.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().y));
    // Each gap between rungs is proportional to the gap in credit-quality score.
    const unit = (ys.at(-1)! - ys[0]!) / (ratings[0]!.value - ratings.at(-1)!.value);
    ratings.forEach((rating, index) =>
      expect(ys[index]! - ys[0]!, rating.name).toBeCloseTo((ratings[0]!.value - rating.value) * unit, 0),
    );
    const table = page.getByRole("table", { name: "The rating scale as a risk ladder" });
    await expect(table.getByRole("rowheader")).toHaveText(ratings.map((rating) => rating.name));
    await expect(table.locator("tbody td:last-child")).toHaveText(ratings.map((rating) => rating.label));
  });
});

test("/about links the bond calculator from the text", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("article").getByRole("link", { name: "bond calculator" })).toHaveAttribute(
    "href",
    "/calculator",
  );
});
