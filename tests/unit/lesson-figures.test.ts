/**
 * The numbers printed in the lessons (content/learn/*.mdx) are recomputed here
 * and looked for in the lesson's text, so a lesson can never disagree with the
 * calculator, and an edit to a figure that no longer adds up fails this test.
 *
 * What the calculator library (src/lib/bond-math.ts) can compute, it computes:
 * prices, yields, current yield and durations of bonds priced on a coupon date.
 * What it cannot yet (a bond between coupon dates, accrued interest on 30/360,
 * convexity), the textbook formulas below compute, and each is checked against
 * an independent source: QuantLib 1.29 (FixedRateBond, 30/360 bond basis,
 * yields compounded twice a year, run by hand on the same bonds) and a
 * published worked example. Plain arithmetic (markups, tax at an assumed rate,
 * recovery) is written out next to the assertion that checks it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  cleanPrice as cleanPriceAt,
  instrument,
  macaulayDuration,
  modifiedDuration,
  yieldFromCleanPrice,
  type Bond,
  type Frequency,
} from "../../src/lib/bond-math";
import { addMonths as shiftMonths, fromYmd } from "../../src/lib/bond/dates";

const SLUGS = ["buying-and-selling", "reading-a-bond-quote", "risks", "taxes", "bonds-vs-bond-funds"] as const;
type Slug = (typeof SLUGS)[number];

const lessons = Object.fromEntries(
  SLUGS.map((slug) => [slug, readFileSync(new URL(`../../content/learn/${slug}.mdx`, import.meta.url), "utf-8")]),
) as Record<Slug, string>;

// ---------------------------------------------------------------------------
// Formatting, as the lessons write numbers: a true minus sign, US thousands.

const num = (value: number, digits = 2) => (value < 0 ? "−" : "") + Math.abs(value).toFixed(digits);
const pct = (value: number, digits = 2) => `${num(value, digits)}%`;
const usd = (value: number, cents = true) =>
  (value < 0 ? "−$" : "$") +
  Math.abs(value).toLocaleString("en-US", {
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  });

// ---------------------------------------------------------------------------
// The calculator library, for bonds priced on a coupon date, per 100 of face.
// Every call into src/lib/bond-math.ts goes through these five functions.

interface Plain {
  couponRate: number;
  years: number;
  frequency: Frequency;
}
const plain = (couponRate: number, years: number, frequency: Frequency = "semi-annual"): Plain => ({
  couponRate,
  years,
  frequency,
});
// Priced on a coupon date: settlement 15 March 2026, maturity a whole number of coupon periods later, 30/360.
const SETTLEMENT = fromYmd(2026, 3, 15);
const asBond = (bond: Plain) =>
  instrument({
    settlement: SETTLEMENT,
    maturity: shiftMonths(SETTLEMENT, Math.round(bond.years * 12)),
    couponRate: bond.couponRate,
    frequency: bond.frequency,
    basis: "30-360",
    redemption: 100,
  } satisfies Bond);
const price = (bond: Plain, yieldPercent: number) => cleanPriceAt(asBond(bond), yieldPercent);
function ytm(bond: Plain, cleanPrice: number): number {
  const result = yieldFromCleanPrice(asBond(bond), cleanPrice);
  if (result === null) throw new Error(`no yield for price ${cleanPrice}`);
  return result;
}
const macaulay = (bond: Plain, yieldPercent: number) => macaulayDuration(asBond(bond), yieldPercent);
const modified = (bond: Plain, yieldPercent: number) => modifiedDuration(asBond(bond), yieldPercent);
// Current yield is the annual coupon over the clean price.
const currentYieldOf = (bond: Plain, cleanPrice: number) => (bond.couponRate / cleanPrice) * 100;

// ---------------------------------------------------------------------------
// Textbook formulas for what the library does not compute yet.

/** Convexity (1/P)·d²P/dy² in years², y a decimal rate compounded m times a year, for a bond on a coupon date. */
function convexity(couponRate: number, years: number, yieldPercent: number, m = 2): number {
  const r = yieldPercent / 100 / m;
  const n = Math.round(years * m);
  let weighted = 0;
  let total = 0;
  for (let k = 1; k <= n; k += 1) {
    const flow = couponRate / m + (k === n ? 100 : 0);
    weighted += (flow * k * (k + 1)) / (1 + r) ** (k + 2);
    total += flow / (1 + r) ** k;
  }
  return weighted / (total * m * m);
}

interface Ymd {
  y: number;
  m: number;
  d: number;
}
const ymd = (iso: string): Ymd => {
  const [y, m, d] = iso.split("-").map(Number);
  return { y: y!, m: m!, d: d! };
};
const serial = (date: Ymd) => date.y * 10000 + date.m * 100 + date.d;

/** Days between two dates on the 30/360 US (bond basis) count: day 31 counts as 30 (the end's only if the start's does). */
function days30360(start: Ymd, end: Ymd): number {
  const d1 = Math.min(start.d, 30);
  const d2 = end.d === 31 && d1 === 30 ? 30 : end.d;
  return 360 * (end.y - start.y) + 30 * (end.m - start.m) + (d2 - d1);
}

function addMonths(date: Ymd, months: number): Ymd {
  const index = date.y * 12 + (date.m - 1) + months;
  return { y: Math.floor(index / 12), m: (index % 12) + 1, d: date.d };
}

/**
 * A semi-annual 30/360 bond settling between coupon dates (coupon dates run back
 * from maturity; the lessons' bonds pay on the 1st or 15th, so no month-end rule
 * is needed). Repaid at `redemption` on `end`: maturity, or a call date that
 * falls on a coupon date. Times to each payment are 30/360 years.
 */
function datedBond(settle: string, maturity: string, couponRate: number, end = maturity, redemption = 100) {
  const s = ymd(settle);
  let previous = ymd(maturity);
  while (serial(previous) > serial(s)) previous = addMonths(previous, -6);
  const accrued = ((couponRate / 2) * days30360(previous, s)) / 180;
  const flows: Array<{ time: number; amount: number }> = [];
  for (let date = addMonths(previous, 6); serial(date) <= serial(ymd(end)); date = addMonths(date, 6)) {
    const last = serial(date) === serial(ymd(end));
    flows.push({ time: days30360(s, date) / 360, amount: couponRate / 2 + (last ? redemption : 0) });
  }
  const dirty = (yieldPercent: number) =>
    flows.reduce((sum, flow) => sum + flow.amount * (1 + yieldPercent / 200) ** (-2 * flow.time), 0);
  const yieldFromClean = (clean: number) => {
    let low = -50;
    let high = 100;
    for (let step = 0; step < 200; step += 1) {
      const mid = (low + high) / 2;
      if (dirty(mid) > clean + accrued) low = mid;
      else high = mid;
    }
    return (low + high) / 2;
  };
  return { accrued, dirty, yieldFromClean };
}

// ---------------------------------------------------------------------------
// "Try this bond" links: the calculator's URL contract, built the way the lessons write them.

interface Link {
  settle: string;
  maturity: string;
  coupon: number;
  mode: "price" | "yield";
  value: number;
  callDate?: string;
  callPrice?: number;
}
function tryLink(link: Link): string {
  const query = [
    `settle=${link.settle}`,
    `maturity=${link.maturity}`,
    `coupon=${link.coupon}`,
    "freq=semi-annual",
    "basis=30-360",
    "face=1000",
    "redemption=100",
    `mode=${link.mode}`,
    `${link.mode}=${link.value}`,
    ...(link.callDate ? [`callDate=${link.callDate}`, `callPrice=${link.callPrice}`] : []),
  ];
  return `](/calculator?${query.join("&")})`;
}

// ---------------------------------------------------------------------------

describe("the formulas this test adds to the library", () => {
  test("convexity and durations match a published worked example (5-year 8% annual bond at 10%)", () => {
    // Masaryk University, Faculty of Economics and Administration, course MPF_AFIN, "Bond_Calculation"
    // (https://is.muni.cz/el/econ/podzim2012/MPF_AFIN/um/36238392/Bond_Calculation.txt): price 92.41842646,
    // duration 4.281412086 years, modified duration 3.892192805, convexity 20.09731536.
    const bond = plain(8, 5, "annual");
    expect(price(bond, 10)).toBeCloseTo(92.41842646, 7);
    expect(macaulay(bond, 10)).toBeCloseTo(4.281412086, 8);
    expect(modified(bond, 10)).toBeCloseTo(3.892192805, 8);
    expect(convexity(8, 5, 10, 1)).toBeCloseTo(20.09731536, 7);
  });

  test("the dated 30/360 bond matches QuantLib: accrued interest, yield to maturity and to call", () => {
    // QuantLib 1.29: FixedRateBond(0, 100, Schedule(…, 2034-09-01, 6M, Backward), [0.0475], Thirty360(BondBasis)),
    // settlement 2026-03-15; bondYield(98.5, Thirty360(BondBasis), Compounded, Semiannual).
    const quote = datedBond("2026-03-15", "2034-09-01", 4.75);
    expect(quote.accrued).toBeCloseTo(0.184722222, 8);
    expect(quote.yieldFromClean(98.5)).toBeCloseTo(4.969010831, 5);
    const toCall = datedBond("2026-03-15", "2034-09-01", 4.75, "2029-09-01", 100);
    expect(toCall.yieldFromClean(98.5)).toBeCloseTo(5.228709221, 5);
  });

  test("the dated bond agrees with the library on a coupon date", () => {
    const dated = datedBond("2026-03-15", "2036-03-15", 6);
    expect(dated.accrued).toBe(0);
    expect(dated.yieldFromClean(106)).toBeCloseTo(ytm(plain(6, 10), 106), 8);
  });

  test("the 7-year 5% bond's convexity matches QuantLib (BondFunctions.convexity: 40.48788747711619)", () => {
    expect(convexity(5, 7, 5)).toBeCloseTo(40.487887477, 6);
  });
});

describe("every lesson", () => {
  test.each(SLUGS)("%s has a worked example and calculator links that follow the URL contract", (slug) => {
    const text = lessons[slug];
    expect(text).toMatch(/^## Worked example/m);
    const links = [...text.matchAll(/\]\(\/calculator\?([^)]*)\)/g)].map((match) => new URLSearchParams(match[1]));
    expect(links.length).toBeGreaterThan(0);
    for (const params of links) {
      const settle = params.get("settle") ?? "";
      const maturity = params.get("maturity") ?? "";
      expect(settle).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(maturity).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(settle < maturity).toBe(true);
      expect(["annual", "semi-annual", "quarterly", "monthly"]).toContain(params.get("freq"));
      expect(["30-360", "act-act", "act-365", "act-360"]).toContain(params.get("basis"));
      const mode = params.get("mode");
      expect(["price", "yield"]).toContain(mode);
      expect(Number.isFinite(Number(params.get(mode!)))).toBe(true);
      const callDate = params.get("callDate");
      if (callDate !== null) expect(settle < callDate && callDate < maturity).toBe(true);
    }
  });
});

describe("How to Buy and Sell Corporate Bonds", () => {
  const text = lessons["buying-and-selling"];
  const bond = plain(5, 5);

  test("prints the markup in points, dollars and as a share of the prevailing market price", () => {
    const points = 100.25 - 99;
    expect(text).toContain(`100.25 − 99.00 = ${num(points)} points`);
    expect(text).toContain(`${pct(points)} of $10,000 = ${usd((points / 100) * 10000, false)}`);
    expect(text).toContain(`${num(points)} ÷ 99.00 = ${pct((points / 99) * 100)}`);
  });

  test("prints the yields the calculator gives at the dealer's price and at the customer's price", () => {
    const atCost = ytm(bond, 99);
    const paid = ytm(bond, 100.25);
    expect(text).toContain(`At 99.00 the bond yields ${pct(atCost)} to maturity; at 100.25 it yields ${pct(paid)}.`);
    expect(text).toContain(`The markup costs ${num(atCost - paid)} percentage points of yield a year`);
  });

  test("prints what selling straight back at the bid brings", () => {
    expect(text).toContain(`would bring ${usd(98.75 * 100, false)}: ${usd((100.25 - 98.75) * 100, false)} less`);
    expect(text).toContain(`the ${usd(100.25 * 100, false)} you paid`);
  });

  test("links the same bond at both prices", () => {
    const link = { settle: "2026-03-15", maturity: "2031-03-15", coupon: 5, mode: "price" } as const;
    expect(text).toContain(tryLink({ ...link, value: 100.25 }));
    expect(text).toContain(tryLink({ ...link, value: 99 }));
  });

  test("answers the markup question", () => {
    expect(text).toContain(`or ${pct((1.5 / 98) * 100)} of the prevailing market price (1.50 ÷ 98.00)`);
  });
});

describe("Reading a Bond Quote", () => {
  const text = lessons["reading-a-bond-quote"];

  describe("a bond between coupon dates", () => {
    const quote = datedBond("2026-03-15", "2034-09-01", 4.75);
    const toCall = datedBond("2026-03-15", "2034-09-01", 4.75, "2029-09-01", 100);
    const yieldToMaturity = quote.yieldFromClean(98.5);
    const yieldToCall = toCall.yieldFromClean(98.5);

    test("prints the accrued interest on 30/360 and the dirty price", () => {
      expect(text).toContain(
        `2.375 × 14 ÷ 180 = ${num(quote.accrued, 4)} per 100, or ${usd(quote.accrued * 10)} per bond`,
      );
      expect(text).toContain(`98.50 + ${num(quote.accrued, 4)} = ${num(98.5 + quote.accrued, 4)}`);
      expect(text).toContain(`or ${usd((98.5 + quote.accrued) * 10)} per bond`);
    });

    test("prints the current yield the library computes", () => {
      expect(text).toContain(`4.75 ÷ 98.50 = ${pct(currentYieldOf(plain(4.75, 8.5), 98.5))}`);
    });

    test("prints the yields to maturity, call and worst", () => {
      expect(text).toContain(`**Yield to maturity:** ${pct(yieldToMaturity)}`);
      expect(text).toContain(`the yield to that call is ${pct(yieldToCall)}`);
      expect(text).toContain(`**Yield to worst:** ${pct(Math.min(yieldToMaturity, yieldToCall))}, the lower`);
    });

    test("prints the spread over the assumed Treasury yield", () => {
      const spread = yieldToMaturity - 4.1;
      expect(text).toContain(`${num(yieldToMaturity)} − 4.10 = ${num(spread)} percentage points`);
      expect(text).toContain(`or ${Math.round(spread * 100)} basis points`);
    });

    test("reads a quote line whose figures are this bond's: its yield to worst at the ask, the bid–ask gap, the minimum", () => {
      const line = `**XYZ Corp 4.750% 09/01/2034 · Baa2/BBB · Bid 98.25 · Ask 98.50 · Yield ${pct(Math.min(yieldToMaturity, yieldToCall))} (YTW) · Min 5**`;
      expect(text).toContain(line);
      expect(text).toContain(`The ${num(98.5 - 98.25)}-point gap is the bid–ask spread.`);
      expect(text).toContain(`in bonds of $1,000 face value: ${usd(5 * 1000, false)}.`);
      // Worst is maturity for this discount bond, so the screen's YTW is its yield to maturity.
      expect(yieldToMaturity).toBeLessThan(yieldToCall);
    });

    test("links the bond at the quoted price, with its call", () => {
      expect(text).toContain(
        tryLink({
          settle: "2026-03-15",
          maturity: "2034-09-01",
          coupon: 4.75,
          mode: "price",
          value: 98.5,
          callDate: "2029-09-01",
          callPrice: 100,
        }),
      );
    });
  });

  describe("a premium bond with a call", () => {
    const toMaturity = plain(6, 10);
    const toCall = plain(6, 5);

    test("prints the current yield, yield to maturity, to call and to worst", () => {
      expect(text).toContain(`6 ÷ 106.00 = ${pct(currentYieldOf(toMaturity, 106))}`);
      expect(text).toContain(`**Yield to maturity:** ${pct(ytm(toMaturity, 106))}. The buyer pays 6 points`);
      expect(text).toContain(`**Yield to call:** ${pct(ytm(toCall, 106))}, if the bond is called`);
      expect(text).toContain(`**Yield to worst:** ${pct(Math.min(ytm(toMaturity, 106), ytm(toCall, 106)))}.`);
    });

    test("is right that later call dates give yields between the first call's and maturity's", () => {
      for (let years = 5.5; years < 10; years += 0.5) {
        const y = ytm(plain(6, years), 106);
        expect(y).toBeGreaterThan(ytm(toCall, 106));
        expect(y).toBeLessThan(ytm(toMaturity, 106));
      }
    });

    test("links the bond with its first call", () => {
      expect(text).toContain(
        tryLink({
          settle: "2026-03-15",
          maturity: "2036-03-15",
          coupon: 6,
          mode: "price",
          value: 106,
          callDate: "2031-03-15",
          callPrice: 100,
        }),
      );
    });
  });

  test("answers the quiz with the right arithmetic", () => {
    expect(text).toContain(`${usd(1012.5)}: 101.25% of $1,000`);
    expect(text).toContain(`${num(5.4 - 4.15)} percentage points, or ${Math.round((5.4 - 4.15) * 100)} basis points`);
  });
});

describe("The Risks of Corporate Bonds, in One Place", () => {
  const text = lessons.risks;
  const bond = plain(5, 7);
  const duration = modified(bond, 5);
  const convex = convexity(5, 7, 5);
  const change = (yieldPercent: number) => price(bond, yieldPercent) - 100;

  test("prints the 7-year bond's Macaulay and modified durations", () => {
    expect(text).toContain(`For our bond it is ${num(macaulay(bond, 5))} years.`);
    expect(text).toContain(`For our bond it is ${num(duration)}, so a 1-point rise would cost about ${pct(duration)}.`);
  });

  test("prints the exact repricing 1 point up and down (semi-annual coupons; annual ones give −5.58% and +6.00%)", () => {
    expect(text).toContain(`At 6%, its price falls to ${num(price(bond, 6))}: a loss of ${pct(-change(6))}.`);
    expect(text).toContain(`At 4%, its price rises to ${num(price(bond, 4))}: a gain of ${pct(change(4))}.`);
    // The figures the lesson uses hold for a bond paying twice a year, as US corporate bonds do, not once.
    const annual = plain(5, 7, "annual");
    expect(num(price(annual, 6) - 100)).toBe("−5.58");
    expect(num(price(annual, 4) - 100)).toBe("6.00");
  });

  test("prints the convexity adjustment and the estimates with it", () => {
    const adjustment = 0.5 * convex * 0.01 ** 2 * 100;
    expect(text).toContain(`Modified duration alone predicts ${pct(duration)} both ways.`);
    // ΔP/P ≈ −D·Δy + ½·C·Δy², with Δy = 0.01: the correction is a fraction of the price, then a percentage.
    expect(text).toContain(
      `Our bond's convexity is ${num(convex, 1)}, so for a 1-point move (0.01) the correction is ½ × ${num(convex, 1)} × 0.01² = ${(0.5 * convex * 0.01 ** 2).toFixed(4)}, or ${pct(adjustment)} of the price.`,
    );
    // Redone by hand from the three-decimal figures printed, the sums give the printed results.
    const [d3, a3] = [num(duration, 3), num(adjustment, 3)];
    expect(text).toContain(
      `that gives −${d3}% + ${a3}% = ${pct(-Number(d3) + Number(a3))} and ${d3}% + ${a3}% = +${pct(Number(d3) + Number(a3))}`,
    );
    expect(pct(-Number(d3) + Number(a3))).toBe(pct(-duration + adjustment));
    expect(pct(Number(d3) + Number(a3))).toBe(pct(duration + adjustment));
    expect(Math.abs(-duration + adjustment - change(6))).toBeLessThan(0.01);
    expect(Math.abs(duration + adjustment - change(4))).toBeLessThan(0.01);
  });

  test("prints the downgrade's price change and its duration estimate", () => {
    expect(text).toContain(
      `Its price falls from 100 to ${num(price(bond, 5.75))}, a loss of ${pct(-change(5.75))}. Duration gives a close estimate: ${num(duration)} × 0.75 ≈ ${pct(Number(num(duration)) * 0.75)}.`,
    );
  });

  test("prints the event-risk repricing", () => {
    expect(text).toContain(`its price falls ${pct(-change(7.5))}, to ${num(price(bond, 7.5))}.`);
  });

  test("prints the recovery, expected loss, call, inflation and liquidity arithmetic", () => {
    expect(text).toContain(`gets back ${usd(10000 * 0.4, false)} and loses ${usd(10000 * 0.6, false)}`);
    expect(text).toContain(`2% × 60% = ${pct(2 * 0.6, 1)} a year`);
    expect(text).toContain(`from ${usd(10000 * 0.06, false)} a year to ${usd(10000 * 0.04, false)} a year`);
    expect(text).toContain(`1.05 ÷ 1.03 − 1 = ${pct((1.05 / 1.03 - 1) * 100)}`);
    expect(text).toContain(`buys only what ${usd(1000 / 1.03 ** 10)} buys today`);
    expect(text).toContain(`costs ${usd((100.25 - 99.25) * 100, false)}, or 1%`);
  });

  test("answers the quiz with the right arithmetic and the lesson's own figures", () => {
    expect(text).toContain(`About ${pct(-7 * 0.5, 1)} (7 × 0.5)`);
    expect(text).toContain(`1.05 ÷ 1.04 − 1 = ${pct((1.05 / 1.04 - 1) * 100)}`);
    expect(text).toContain(`gain ${pct(change(4))} when yields fall 1 point but lose only ${pct(-change(6))}`);
    expect(text).toContain(`Duration alone would predict ${pct(duration)} both ways.`);
  });

  test("links the 7-year bond at its 5% yield", () => {
    expect(text).toContain(
      tryLink({ settle: "2026-03-15", maturity: "2033-03-15", coupon: 5, mode: "yield", value: 5 }),
    );
  });
});

describe("Taxes on Corporate Bond Income (US)", () => {
  const text = lessons.taxes;

  test("says plainly that it is general information, not tax advice", () => {
    expect(text).toContain("**General information, not tax advice.**");
  });

  test("prints the federal and state tax on the interest", () => {
    expect(text).toContain(`22% × $500 = ${usd(500 * 0.22, false)}`);
    expect(text).toContain(`5% × $500 = ${usd(500 * 0.05, false)}`);
    expect(text).toContain(`Kept after tax: ${usd(500 - 110 - 25, false)}.`);
    expect(text).toContain(`leaving ${usd(500 - 110, false)}.`);
  });

  test("prints the zero-coupon bond's issue price and its OID by the constant yield method", () => {
    const zero = (years: number) => price(plain(0, years), 4) * 10;
    const issue = zero(10);
    expect(text).toContain(
      `issued at ${usd(issue)}, a yield of 4% compounded twice a year. Its OID is ${usd(1000 - issue)}`,
    );
    // Constant yield: the value grows by half the yield each half-year (IRS Publication 1212's accrual periods).
    expect(text).toContain(`grows 2%, to ${usd(issue * 1.02)}; after a year, to ${usd(zero(9))}.`);
    const firstYear = zero(9) - issue;
    expect(text).toContain(`${usd(zero(9))} − ${usd(issue)} = ${usd(firstYear)}`);
    expect(text).toContain(`that is ${usd(firstYear * 0.22)} of tax`);
    expect(text).toContain(`The second year's OID is larger, ${usd(zero(8) - zero(9))},`);
  });

  test("prints the premium bond's price and its first half-year of amortisation", () => {
    const bought = price(plain(6, 5), 5) * 10;
    const interest = 0.025 * bought;
    expect(text).toContain(`bought at issue for ${usd(bought)}, a yield of 5%. The premium is ${usd(bought - 1000)}.`);
    expect(text).toContain(`2.5% × ${usd(bought)} = ${usd(interest)}`);
    expect(text).toContain(`The ${usd(30 - interest)} difference`);
    expect(text).toContain(`your basis falls to ${usd(bought - (30 - interest))}`);
  });

  test("applies the de minimis rule (0.25% of the redemption amount per full year) as IRS Publication 550 states it", () => {
    const limit = (years: number) => 0.0025 * years * 1000;
    expect(text).toContain(`0.25% × 5 × $1,000 = ${usd(limit(5))}`);
    expect(1000 - 950).toBeGreaterThan(limit(5));
    expect(1000 - 990).toBeLessThan(limit(5));
    expect(text).toContain(`0.25% × 8 × $1,000 = ${usd(limit(8), false)}`);
    expect(1000 - 960).toBeGreaterThan(limit(8));
  });

  test("links the premium bond at its 5% yield", () => {
    expect(text).toContain(
      tryLink({ settle: "2026-03-15", maturity: "2031-03-15", coupon: 6, mode: "yield", value: 5 }),
    );
  });
});

describe("Individual Bonds vs Bond Funds and ETFs", () => {
  const text = lessons["bonds-vs-bond-funds"];

  test("prints the fund's duration estimate", () => {
    expect(text).toContain(`the NAV falls by about 6%, or ${usd(10000 * 0.06, false)}`);
    expect(text).toContain(`It falls by about 8% (4 × 2)`);
  });

  test("prints the 5-year bond's price after a 1-point rise", () => {
    const after = price(plain(5, 5), 6);
    expect(text).toContain(`its price falls to ${num(after)}, a loss of ${pct(100 - after)} on paper`);
  });

  test("prints the default, cost and ETF arithmetic", () => {
    expect(text).toContain(`60% × 10% = ${pct(60 * 0.1, 0)}`);
    expect(text).toContain(`60% × 0.2% = ${pct(0.6 * 0.2)}`);
    expect(text).toContain(`0.40% on $10,000 costs ${usd(10000 * 0.004, false)} a year`);
    expect(text).toContain(`costs ${usd(10000 * 0.01, false)}, paid once`);
    expect(text).toContain(`a discount of ${pct(((50 - 49.5) / 50) * 100, 0)}`);
    expect(text).toContain(`${pct((60 / 100) * 5, 0)}: each bond is 5% of the portfolio`);
  });

  test("links the 5-year bond at the higher yield", () => {
    expect(text).toContain(
      tryLink({ settle: "2026-03-15", maturity: "2031-03-15", coupon: 5, mode: "yield", value: 6 }),
    );
  });
});
