/**
 * The calculator page (content/pages/calculator.mdx) opens with "Try this bond" links, each followed by the figures
 * the calculator shows for it. Each link is read here the way the calculator page reads it
 * (src/lib/calculator-form.ts, which prices the bond with src/lib/bond-math.ts), and each figure printed beside it is
 * computed from that result and looked for, as written, in the text. So that a mistake in the library cannot pass,
 * the printed figures are also checked against sources that share none of its code: QuantLib's figures for the same
 * bonds (tests/unit/fixtures/bond-quantlib.json) and the closed-form price of a bond between coupon dates, worked
 * out below from dates counted by hand.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { quantlibFor as quantlib } from "./fixtures/bond-references";
import type { Analysis } from "../../src/lib/bond-math";
import { parseIsoDate } from "../../src/lib/bond/dates";
import { evaluate, fromQuery } from "../../src/lib/calculator-form";

const page = readFileSync(new URL("../../content/pages/calculator.mdx", import.meta.url), "utf-8");

interface Example {
  label: string;
  params: URLSearchParams;
  analysis: Analysis;
  /** What the page says about the bond after its link. */
  text: string;
}

/** The "Try this bond" list: each item a link to the calculator, then what the calculator shows for it. */
const examples: Example[] = (() => {
  const section = page.split(/^## Try this bond$/m)[1]!.split(/^## /m)[0]!;
  return [...section.matchAll(/^- \[([^\]]+)\]\(\/calculator(\?[^)]+)\): (.+)$/gm)].map(([, label, query, text]) => {
    const params = new URLSearchParams(query);
    const outcome = evaluate(fromQuery(query!, parseIsoDate(params.get("settle") ?? "")!));
    if (!outcome.ok) throw new Error(`the calculator rejects ${query}: ${JSON.stringify(outcome.errors)}`);
    return { label: label!, params, analysis: outcome.result.analysis, text: text! };
  });
})();

const pct = (value: number) => `${value.toFixed(2)}%`;
const MONTHS = "January February March April May June July August September October November December".split(" ");
/** A date as the page writes it: 2034-09-01 → "1 September 2034". */
const longDate = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
};
/** The number the text prints in place of `(…)` in the pattern, e.g. the 4.97 of "(about 4.97%)". */
const printed = (text: string, pattern: RegExp) => {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no ${pattern} in: ${text}`);
  return Number(match[1]);
};

/**
 * Dirty price per 100 of a semi-annual bond `w` of a period before its next coupon, from the closed form
 * v^w · (c·(1 − vⁿ)/(1 − v) + R·vⁿ⁻¹), with v = 1/(1 + y/2): n coupons of c, the first in w periods and one a
 * period after that, and R repaid with the last. The textbook sum of a geometric series, not the library's loop.
 */
function closedFormDirty(c: number, n: number, redemption: number, w: number, yieldPercent: number): number {
  const v = 1 / (1 + yieldPercent / 200);
  return v ** w * ((c * (1 - v ** n)) / (1 - v) + redemption * v ** (n - 1));
}

/**
 * Whether a printed yield, to two decimals, is right for a bond whose dirty price is `dirty`: the closed-form
 * prices half a hundredth of a point either side of it must bracket that price (the price falls as the yield rises).
 */
const roundsTo = (yieldPercent: number, dirty: number, price: (y: number) => number) =>
  price(yieldPercent - 0.005) > dirty && dirty > price(yieldPercent + 0.005);

// Both bonds between coupon dates settle on Monday 16 March 2026 and pay on 1 March and 1 September. On 30/360,
// 1 March to 16 March is 15 days of the 180 in the period, so the next coupon is 165/180 of a period away; from
// 1 September 2026 to 1 September 2034 they pay 17 coupons, and to a call on 1 September 2029, 7.
const DAYS = 15;
const W = (180 - DAYS) / 180;

test("the page offers three example bonds, each a link the calculator accepts", () => {
  expect(examples).toHaveLength(3);
});

describe("a 4.75% note bought below par between coupon dates", () => {
  const { label, params, analysis: a, text } = examples[0]!;

  test("is the bond its label describes", () => {
    expect(label).toBe(
      `A ${params.get("coupon")}% note maturing ${longDate(params.get("maturity")!)}, bought for settlement on ${longDate(params.get("settle")!)} at ${params.get("price")}`,
    );
  });

  test("prints the yield to maturity the calculator gives, above the coupon because the price is below par", () => {
    expect(a.cleanPrice).toBeLessThan(100);
    expect(a.yieldToMaturity).toBeGreaterThan(Number(params.get("coupon")));
    expect(text).toContain(
      `the price is below par, so the yield to maturity (about ${pct(a.yieldToMaturity)}) is above the coupon`,
    );
  });

  test("prints the days of accrued interest the buyer pays", () => {
    expect(a.daysAccrued).toBe(DAYS);
    expect(text).toContain(`the buyer also pays ${a.daysAccrued} days of accrued interest`);
  });

  test("prints a yield to maturity that QuantLib and the closed form both give", () => {
    const ql = quantlib("30-360 yield from price 98.5", params);
    expect(Math.abs(a.yieldToMaturity - ql.yield)).toBeLessThan(1e-6);
    expect(Math.abs(a.accrued - ql.accrued)).toBeLessThan(1e-9);
    // By hand: accrued is half the coupon times 15/180, and the buyer pays 98.5 plus that.
    const dirty = 98.5 + (2.375 * DAYS) / 180;
    const price = (y: number) => closedFormDirty(2.375, 17, 100, W, y);
    expect(price(a.yieldToMaturity)).toBeCloseTo(dirty, 9);
    expect(roundsTo(printed(text, /yield to maturity \(about ([\d.]+)%\)/), dirty, price)).toBe(true);
  });
});

describe("a 6.5% bond bought at a premium, callable in 2029", () => {
  const { label, params, analysis: a, text } = examples[1]!;

  test("is the bond its label describes", () => {
    expect(label).toBe(
      `A ${params.get("coupon")}% bond at ${params.get("price")}, callable on ${longDate(params.get("callDate")!)} at ${params.get("callPrice")}`,
    );
  });

  test("prints the yield to call as the yield to worst, well below the yield to maturity", () => {
    expect(a.cleanPrice).toBeGreaterThan(100);
    expect(a.yieldToWorst).toBe(a.yieldToCall);
    expect(a.yieldToMaturity - a.yieldToCall!).toBeGreaterThan(1);
    expect(text).toContain(
      `so its yield to call (about ${pct(a.yieldToCall!)}) is the lowest and the yield to worst, well below the yield to maturity (about ${pct(a.yieldToMaturity)})`,
    );
  });

  test("prints yields to call and to maturity that QuantLib and the closed form both give", () => {
    const ql = quantlib("callable premium, call on a coupon date", params);
    expect(Math.abs(a.yieldToMaturity - ql.yield)).toBeLessThan(1e-6);
    expect(Math.abs(a.yieldToCall! - ql.yieldToCall!)).toBeLessThan(1e-6);
    const dirty = 108.25 + (3.25 * DAYS) / 180;
    const toMaturity = (y: number) => closedFormDirty(3.25, 17, 100, W, y);
    const toCall = (y: number) => closedFormDirty(3.25, 7, 101, W, y);
    expect(toMaturity(a.yieldToMaturity)).toBeCloseTo(dirty, 9);
    expect(toCall(a.yieldToCall!)).toBeCloseTo(dirty, 9);
    expect(roundsTo(printed(text, /yield to maturity \(about ([\d.]+)%\)/), dirty, toMaturity)).toBe(true);
    expect(roundsTo(printed(text, /yield to call \(about ([\d.]+)%\)/), dirty, toCall)).toBe(true);
  });
});

describe("a 7-year 5% bond at a 5% yield", () => {
  const { label, params, analysis: a, text } = examples[2]!;
  const [up, down] = a.shocks as [Analysis["shocks"][number], Analysis["shocks"][number]];

  test("is the bond its label describes", () => {
    const years = Number(params.get("maturity")!.slice(0, 4)) - Number(params.get("settle")!.slice(0, 4));
    expect(params.get("maturity")!.slice(4)).toBe(params.get("settle")!.slice(4));
    expect(label).toBe(`A ${years}-year ${params.get("coupon")}% bond at a ${params.get("yield")}% yield`);
  });

  test("prints the exact price changes for a 1-point move each way, the gain larger than the loss", () => {
    expect([up.change, down.change]).toEqual([1, -1]);
    expect(text).toContain(
      `a 1-point rise in yields costs about ${pct(-up.exact)} of its price, a 1-point fall gains about ${pct(down.exact)}. The gap is convexity.`,
    );
    expect(down.exact + up.exact).toBeGreaterThan(0);
    expect(a.convexity).toBeGreaterThan(0);
  });

  test("prints price changes that QuantLib and the annuity formula both give", () => {
    const ql = quantlib("seven-year 5% at 5%", params);
    expect(Math.abs(up.exact - ql.changeUp)).toBeLessThan(1e-6);
    expect(Math.abs(down.exact - ql.changeDown)).toBeLessThan(1e-6);
    // On a coupon date (w = 1) and at par, the change in percent is the closed-form price less 100.
    const price = (y: number) => closedFormDirty(2.5, 14, 100, 1, y);
    expect(price(5)).toBeCloseTo(100, 9);
    expect(pct(100 - price(6))).toBe(`${printed(text, /costs about ([\d.]+)% of its price/).toFixed(2)}%`);
    expect(pct(price(4) - 100)).toBe(`${printed(text, /fall gains about ([\d.]+)%/).toFixed(2)}%`);
  });
});

test("the clean price section's example turns a price per 100 into dollars for a $1,000 bond", () => {
  expect(page).toContain(`a price of 98.5 means $${(98.5 * 10).toFixed(0)} for a $1,000 bond`);
});
