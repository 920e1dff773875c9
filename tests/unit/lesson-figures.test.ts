/**
 * The numbers printed in the lessons (content/learn/*.mdx) are recomputed here
 * and looked for in the lesson's text, so a lesson can never disagree with the
 * calculator, and an edit to a figure that no longer adds up fails this test.
 *
 * Every bond figure comes from the calculator's own code: the days and amount
 * of accrued interest, clean and dirty prices, current yield, yields to
 * maturity, call and worst, durations, convexity and the exact repricing for a
 * 1-point move. Each bond is written as the query of a calculator link and read
 * the way the calculator page reads it (src/lib/calculator-form.ts), which
 * prices it with src/lib/bond-math.ts; a bond a lesson links to is computed
 * from the very link the lesson prints.
 *
 * A test that only agreed with the library would also agree with a mistake in
 * it, so the first block checks the same bonds against sources that share none
 * of its code: QuantLib's figures for them (tests/unit/fixtures/bond-quantlib.json,
 * written by scripts/quantlib/make-fixtures.py), the textbook annuity formula
 * for a bond priced on a coupon date, and a published worked example. Plain
 * arithmetic (markups, tax at an assumed rate, recovery) is written out next to
 * the assertion that checks it.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { annuityPrice, quantlibFor } from "./fixtures/bond-references";
import type { Analysis, Frequency } from "../../src/lib/bond-math";
import { addMonths, parseIsoDate, toIsoDate } from "../../src/lib/bond/dates";
import { evaluate, fromQuery } from "../../src/lib/calculator-form";

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
/** Dollars for one $1,000 bond from a figure per 100 of face value. */
const perBond = (perHundred: number) => usd(perHundred * 10);

// ---------------------------------------------------------------------------
// Bonds as calculator links: the URL contract, built the way the lessons write them.

interface Link {
  settle: string;
  maturity: string;
  coupon: number;
  /** Semi-annual unless given, as US corporate bonds pay. */
  freq?: Frequency | undefined;
  mode: "price" | "yield";
  value: number;
  callDate?: string;
  callPrice?: number;
}
const query = (link: Link) =>
  "?" +
  [
    `settle=${link.settle}`,
    `maturity=${link.maturity}`,
    `coupon=${link.coupon}`,
    `freq=${link.freq ?? "semi-annual"}`,
    "basis=30-360",
    "face=1000",
    "redemption=100",
    `mode=${link.mode}`,
    `${link.mode}=${link.value}`,
    ...(link.callDate ? [`callDate=${link.callDate}`, `callPrice=${link.callPrice}`] : []),
  ].join("&");
const tryLink = (link: Link) => `](/calculator${query(link)})`;

const day = (iso: string) => {
  const value = parseIsoDate(iso);
  if (value === null) throw new Error(`bad date ${iso}`);
  return value;
};

/** What the calculator shows for a link, per 100 of face value: its form code reads the query, its library prices the bond. */
function calculate(link: Link): Analysis {
  const outcome = evaluate(fromQuery(query(link), day(link.settle)));
  if (!outcome.ok) throw new Error(`the calculator rejects ${query(link)}: ${JSON.stringify(outcome.errors)}`);
  return outcome.result.analysis;
}

// The lessons' bonds settle on Monday 16 March 2026. Those not between coupon dates mature a whole number of
// coupon periods later, so they are priced on a coupon date.
const SETTLE = "2026-03-16";
const yearsOn = (years: number) => toIsoDate(addMonths(day(SETTLE), Math.round(years * 12)));
const atYield = (coupon: number, years: number, value: number, freq?: Frequency): Link => ({
  settle: SETTLE,
  maturity: yearsOn(years),
  coupon,
  freq,
  mode: "yield",
  value,
});
const atPrice = (coupon: number, years: number, value: number): Link => ({
  settle: SETTLE,
  maturity: yearsOn(years),
  coupon,
  mode: "price",
  value,
});

// The bonds the lessons link to.
const FIVE_YEAR_AT_COST = atPrice(5, 5, 99);
const FIVE_YEAR_PAID = atPrice(5, 5, 100.25);
const QUOTE: Link = {
  settle: SETTLE,
  maturity: "2034-09-01",
  coupon: 4.75,
  mode: "price",
  value: 98.5,
  callDate: "2029-09-01",
  callPrice: 100,
};
const PREMIUM_CALLABLE: Link = { ...atPrice(6, 10, 106), callDate: yearsOn(5), callPrice: 100 };
const SEVEN_YEAR = atYield(5, 7, 5);
const TAX_PREMIUM = atYield(6, 5, 5);
const FIVE_YEAR_AFTER_RISE = atYield(5, 5, 6);

// ---------------------------------------------------------------------------
// Independent sources.

/** QuantLib's figures for a fixture case, once the case is shown to be the bond of the link. */
const quantlib = (name: string, link: Link) => quantlibFor(name, new URLSearchParams(query(link)));

const relative = (actual: number, expected: number) => Math.abs(actual - expected) / Math.abs(expected);

// ---------------------------------------------------------------------------

describe("the library, on the lessons' bonds, against sources that share none of its code", () => {
  test("reproduces a published worked example: price, durations and convexity of a 5-year 8% annual bond at 10%", () => {
    // Masaryk University, Faculty of Economics and Administration, course MPF_AFIN, "Bond_Calculation"
    // (https://is.muni.cz/el/econ/podzim2012/MPF_AFIN/um/36238392/Bond_Calculation.txt): price 92.41842646,
    // duration 4.281412086 years, modified duration 3.892192805, convexity 20.09731536.
    const a = calculate(atYield(8, 5, 10, "annual"));
    expect(a.cleanPrice).toBeCloseTo(92.41842646, 7);
    expect(a.macaulay).toBeCloseTo(4.281412086, 8);
    expect(a.modified).toBeCloseTo(3.892192805, 8);
    expect(a.convexity).toBeCloseTo(20.09731536, 7);
  });

  test("matches QuantLib on the quote lesson's bond between coupon dates: accrued interest, yields to maturity and call", () => {
    const ql = quantlib("callable discount, call on a coupon date", QUOTE);
    const a = calculate(QUOTE);
    expect(a.daysAccrued).toBe(ql.daysAccrued);
    expect(Math.abs(a.accrued - ql.accrued)).toBeLessThan(1e-9);
    expect(Math.abs(a.dirtyPrice - ql.dirtyPrice)).toBeLessThan(1e-6);
    expect(Math.abs(a.yieldToMaturity - ql.yield)).toBeLessThan(1e-6);
    expect(Math.abs(a.yieldToCall! - ql.yieldToCall!)).toBeLessThan(1e-6);
  });

  test("matches QuantLib on the risks lesson's 7-year bond: durations, convexity and the repricing 1 point each way", () => {
    const ql = quantlib("seven-year 5% at 5%", SEVEN_YEAR);
    const a = calculate(SEVEN_YEAR);
    expect(relative(a.macaulay, ql.macaulay)).toBeLessThan(1e-6);
    expect(relative(a.modified, ql.modified)).toBeLessThan(1e-6);
    expect(relative(a.convexity, ql.convexity)).toBeLessThan(1e-6);
    const [up, down] = a.shocks;
    expect(Math.abs(up!.exact - ql.changeUp)).toBeLessThan(1e-6);
    expect(Math.abs(down!.exact - ql.changeDown)).toBeLessThan(1e-6);
  });

  // Every bond the lessons price on a coupon date at a given yield.
  test.each([
    [5, 7, 6, 2],
    [5, 7, 4, 2],
    [5, 7, 5.75, 2],
    [5, 7, 7.5, 2],
    [5, 7, 6, 1],
    [5, 7, 4, 1],
    [0, 10, 4, 2],
    [0, 9, 4, 2],
    [0, 8, 4, 2],
    [6, 5, 5, 2],
    [5, 5, 6, 2],
  ])(
    "prices a %s% %s-year bond at %s% as the annuity formula does (%s coupons a year)",
    (coupon, years, y, perYear) => {
      const freq = perYear === 1 ? "annual" : "semi-annual";
      expect(calculate(atYield(coupon, years, y, freq)).cleanPrice).toBeCloseTo(
        annuityPrice(coupon, years, y, perYear),
        9,
      );
    },
  );

  test("finds yields at which the annuity formula gives back the quoted prices", () => {
    for (const link of [FIVE_YEAR_AT_COST, FIVE_YEAR_PAID]) {
      expect(annuityPrice(5, 5, calculate(link).yieldToMaturity)).toBeCloseTo(link.value, 8);
    }
    const premium = calculate(PREMIUM_CALLABLE);
    expect(annuityPrice(6, 10, premium.yieldToMaturity)).toBeCloseTo(106, 8);
    // Called at 100 on a coupon date 5 years out, the bond is a 5-year bond repaid at 100.
    expect(annuityPrice(6, 5, premium.yieldToCall!)).toBeCloseTo(106, 8);
  });
});

describe("every lesson", () => {
  test("in content/learn has its figures checked in this file", () => {
    const onDisk = readdirSync(new URL("../../content/learn/", import.meta.url))
      .filter((file) => file.endsWith(".mdx"))
      .map((file) => file.replace(/\.mdx$/, ""))
      .sort();
    expect(
      onDisk,
      "a lesson added to content/learn/ needs its worked figures checked here, in SLUGS and a block of its own",
    ).toEqual([...SLUGS].sort());
  });

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

  test("prints the markup in points, dollars and as a share of the prevailing market price", () => {
    const points = 100.25 - 99;
    expect(text).toContain(`100.25 − 99.00 = ${num(points)} points`);
    expect(text).toContain(`${pct(points)} of $10,000 = ${usd((points / 100) * 10000, false)}`);
    expect(text).toContain(`${num(points)} ÷ 99.00 = ${pct((points / 99) * 100)}`);
  });

  test("prints the yields the calculator gives at the dealer's price and at the customer's price", () => {
    const atCost = calculate(FIVE_YEAR_AT_COST).yieldToMaturity;
    const paid = calculate(FIVE_YEAR_PAID).yieldToMaturity;
    expect(text).toContain(`At 99.00 the bond yields ${pct(atCost)} to maturity; at 100.25 it yields ${pct(paid)}.`);
    expect(text).toContain(`The markup costs ${num(atCost - paid)} percentage points of yield a year`);
  });

  test("says no interest has accrued when the bond matures in exactly five years", () => {
    expect(calculate(FIVE_YEAR_PAID).accrued).toBe(0);
    expect(text).toContain("matures in exactly five years, so no interest has accrued");
  });

  test("prints what selling straight back at the bid brings", () => {
    expect(text).toContain(`would bring ${usd(98.75 * 100, false)}: ${usd((100.25 - 98.75) * 100, false)} less`);
    expect(text).toContain(`the ${usd(100.25 * 100, false)} you paid`);
  });

  test("links the same bond at both prices", () => {
    expect(text).toContain(tryLink(FIVE_YEAR_PAID));
    expect(text).toContain(tryLink(FIVE_YEAR_AT_COST));
  });

  test("answers the markup question", () => {
    expect(text).toContain(`or ${pct((1.5 / 98) * 100)} of the prevailing market price (1.50 ÷ 98.00)`);
  });
});

describe("Reading a Bond Quote", () => {
  const text = lessons["reading-a-bond-quote"];

  describe("a bond between coupon dates", () => {
    const a = calculate(QUOTE);
    const halfCoupon = num(a.flows[0]!.coupon, 3);

    test("prints the price per bond", () => {
      expect(text).toContain(`98.50% of $1,000 = ${perBond(a.cleanPrice)} per bond`);
    });

    test("prints the days and the accrued interest on 30/360, and the dirty price", () => {
      expect(toIsoDate(a.accrualStart)).toBe("2026-03-01");
      expect(text).toContain(
        `the last coupon was on 1 March 2026. On 30/360, 1 March to 16 March is ${a.daysAccrued} days.`,
      );
      expect(text).toContain(
        `Half a year's coupon is ${halfCoupon} per 100, so accrued interest is ${halfCoupon} × ${a.daysAccrued} ÷ 180 = ${num(a.accrued, 4)} per 100, or ${perBond(a.accrued)} per bond`,
      );
      // The sum as printed, redone by hand, is the calculator's figure.
      expect((Number(halfCoupon) * a.daysAccrued) / 180).toBeCloseTo(a.accrued, 12);
      expect(text).toContain(
        `98.50 + ${num(a.accrued, 4)} = ${num(a.dirtyPrice, 4)}, or ${perBond(a.dirtyPrice)} per bond`,
      );
    });

    test("prints the current yield the library computes", () => {
      expect(text).toContain(`4.75 ÷ 98.50 = ${pct(a.currentYield)}`);
    });

    test("prints the yields to maturity, call and worst", () => {
      expect(text).toContain(`**Yield to maturity:** ${pct(a.yieldToMaturity)}. It is higher than the current yield`);
      expect(a.yieldToMaturity).toBeGreaterThan(a.currentYield);
      expect(text).toContain(`the buyer also gains ${num(100 - a.cleanPrice)} points as the price rises to 100`);
      expect(text).toContain(`the yield to that call is ${pct(a.yieldToCall!)}`);
      expect(text).toContain(`**Yield to worst:** ${pct(a.yieldToWorst!)}, the lower`);
    });

    test("prints the spread over the assumed Treasury yield", () => {
      const spread = a.yieldToMaturity - 4.1;
      expect(text).toContain(`${num(a.yieldToMaturity)} − 4.10 = ${num(spread)} percentage points`);
      expect(text).toContain(`or ${Math.round(spread * 100)} basis points`);
    });

    test("reads a quote line whose figures are this bond's: its yield to worst at the ask, the bid–ask gap, the minimum", () => {
      const line = `**XYZ Corp 4.750% 09/01/2034 · Baa2/BBB · Bid 98.25 · Ask 98.50 · Yield ${pct(a.yieldToWorst!)} (YTW) · Min 5**`;
      expect(text).toContain(line);
      expect(text).toContain(`The ${num(98.5 - 98.25)}-point gap is the bid–ask spread.`);
      expect(text).toContain(`in bonds of $1,000 face value: ${usd(5 * 1000, false)}.`);
      // Worst is maturity for this discount bond, so the screen's YTW is its yield to maturity, as the line says.
      expect(a.yieldToWorst).toBe(a.yieldToMaturity);
      expect(text).toContain("for this bond the two are the same");
    });

    test("links the bond at the quoted price, with its call", () => {
      expect(text).toContain(tryLink(QUOTE));
    });
  });

  describe("a premium bond with a call", () => {
    const a = calculate(PREMIUM_CALLABLE);

    test("has accrued nothing on its coupon date", () => {
      expect(a.accrued).toBe(0);
      expect(text).toContain("for settlement on 16 March 2026, a coupon date, so no interest has accrued");
    });

    test("prints the current yield, yield to maturity, to call and to worst", () => {
      expect(text).toContain(`6 ÷ 106.00 = ${pct(a.currentYield)}`);
      expect(text).toContain(`**Yield to maturity:** ${pct(a.yieldToMaturity)}. The buyer pays 6 points`);
      expect(text).toContain(`**Yield to call:** ${pct(a.yieldToCall!)}, if the bond is called`);
      expect(text).toContain(`**Yield to worst:** ${pct(a.yieldToWorst!)}.`);
      expect(a.yieldToWorst).toBe(a.yieldToCall);
      expect(text).toContain(`The current yield, ${pct(a.currentYield)}, is the highest figure here`);
    });

    test("is right that later call dates give yields between the first call's and maturity's", () => {
      for (let years = 5.5; years < 10; years += 0.5) {
        const y = calculate({ ...PREMIUM_CALLABLE, callDate: yearsOn(years) }).yieldToCall!;
        expect(y).toBeGreaterThan(a.yieldToCall!);
        expect(y).toBeLessThan(a.yieldToMaturity);
      }
    });

    test("links the bond with its first call", () => {
      expect(text).toContain(tryLink(PREMIUM_CALLABLE));
    });
  });

  test("answers the quiz with the right arithmetic", () => {
    expect(text).toContain(`${usd(1012.5)}: 101.25% of $1,000`);
    expect(text).toContain(`${num(5.4 - 4.15)} percentage points, or ${Math.round((5.4 - 4.15) * 100)} basis points`);
  });
});

describe("The Risks of Corporate Bonds, in One Place", () => {
  const text = lessons.risks;
  const a = calculate(SEVEN_YEAR);
  const [up, down] = a.shocks as [Analysis["shocks"][number], Analysis["shocks"][number]];
  const priceAt = (yieldPercent: number) => calculate({ ...SEVEN_YEAR, value: yieldPercent }).cleanPrice;
  // Bought at 100, a point of price is 1% of it.
  const change = (yieldPercent: number) => priceAt(yieldPercent) - 100;

  test("prices the bond at 100 at its 5% yield", () => {
    expect(a.cleanPrice).toBeCloseTo(100, 10);
    expect(text).toContain("bought at 100 to yield 5%");
  });

  test("prints the 7-year bond's Macaulay and modified durations", () => {
    expect(text).toContain(`For our bond it is ${num(a.macaulay)} years.`);
    expect(text).toContain(
      `For our bond it is ${num(a.modified)}, so a 1-point rise would cost about ${pct(a.modified)}.`,
    );
  });

  test("prints the exact repricing 1 point up and down (semi-annual coupons; annual ones give −5.58% and +6.00%)", () => {
    expect([up.change, down.change]).toEqual([1, -1]);
    expect(text).toContain(`At 6%, its price falls to ${num(up.cleanPrice)}: a loss of ${pct(-up.exact)}.`);
    expect(text).toContain(`At 4%, its price rises to ${num(down.cleanPrice)}: a gain of ${pct(down.exact)}.`);
    // The figures the lesson uses hold for a bond paying twice a year, as US corporate bonds do, not once.
    expect(num(calculate(atYield(5, 7, 6, "annual")).cleanPrice - 100)).toBe("−5.58");
    expect(num(calculate(atYield(5, 7, 4, "annual")).cleanPrice - 100)).toBe("6.00");
  });

  test("prints the convexity adjustment and the estimates with it", () => {
    const adjustment = 0.5 * a.convexity * 0.01 ** 2 * 100;
    expect(num(-up.durationEstimate)).toBe(num(a.modified));
    expect(text).toContain(`Modified duration alone predicts ${pct(a.modified)} both ways.`);
    // ΔP/P ≈ −D·Δy + ½·C·Δy², with Δy = 0.01: the correction is a fraction of the price, then a percentage.
    expect(text).toContain(
      `Our bond's convexity is ${num(a.convexity, 1)}, so for a 1-point move (0.01) the correction is ½ × ${num(a.convexity, 1)} × 0.01² = ${(0.5 * a.convexity * 0.01 ** 2).toFixed(4)}, or ${pct(adjustment)} of the price.`,
    );
    // Redone by hand from the three-decimal figures printed, the sums give the calculator's estimates.
    const [d3, a3] = [num(a.modified, 3), num(adjustment, 3)];
    expect(text).toContain(
      `that gives −${d3}% + ${a3}% = ${pct(-Number(d3) + Number(a3))} and ${d3}% + ${a3}% = +${pct(Number(d3) + Number(a3))}`,
    );
    expect(pct(-Number(d3) + Number(a3))).toBe(pct(up.convexityEstimate));
    expect(pct(Number(d3) + Number(a3))).toBe(pct(down.convexityEstimate));
    expect(text).toContain("within 0.01 point of the exact answers");
    expect(Math.abs(up.convexityEstimate - up.exact)).toBeLessThan(0.01);
    expect(Math.abs(down.convexityEstimate - down.exact)).toBeLessThan(0.01);
  });

  test("prints the downgrade's price change and its duration estimate", () => {
    expect(text).toContain(
      `Its price falls from 100 to ${num(priceAt(5.75))}, a loss of ${pct(-change(5.75))}. Duration gives a close estimate: ${num(a.modified)} × 0.75 ≈ ${pct(Number(num(a.modified)) * 0.75)}.`,
    );
  });

  test("prints the event-risk repricing", () => {
    expect(text).toContain(`its price falls ${pct(-change(7.5))}, to ${num(priceAt(7.5))}.`);
  });

  test("prints the recovery, expected loss, call, inflation and liquidity arithmetic", () => {
    expect(text).toContain(`gets back ${usd(10000 * 0.4, false)} and loses ${usd(10000 * 0.6, false)}`);
    expect(text).toContain(`2% × 60% = ${pct(2 * 0.6, 1)} a year`);
    expect(text).toContain(`from ${usd(10000 * 0.06, false)} a year to ${usd(10000 * 0.04, false)} a year`);
    // The real yield divides a year's growth by a year's inflation: a 5% semi-annual yield grows 1.025² in a year.
    expect(text).toContain(
      `1.025² = ${1.025 ** 2} in a year, and ${1.025 ** 2} ÷ 1.03 − 1 = ${pct((1.025 ** 2 / 1.03 - 1) * 100)}`,
    );
    expect(text).toContain(`buys only what ${usd(1000 / 1.03 ** 10)} buys today`);
    expect(text).toContain(`costs ${usd((100.25 - 99.25) * 100, false)}, or 1%`);
  });

  test("answers the quiz with the right arithmetic and the lesson's own figures", () => {
    expect(text).toContain(`About ${pct(-7 * 0.5, 1)} (7 × 0.5)`);
    expect(text).toContain(`1.025² ÷ 1.04 − 1 = ${pct((1.025 ** 2 / 1.04 - 1) * 100)}`);
    expect(text).toContain(`gain ${pct(down.exact)} when yields fall 1 point but lose only ${pct(-up.exact)}`);
    expect(text).toContain(`Duration alone would predict ${pct(a.modified)} both ways.`);
  });

  test("links the 7-year bond at its 5% yield", () => {
    expect(text).toContain(tryLink(SEVEN_YEAR));
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
    /** Dollars for a $1,000 zero-coupon bond with `years` left, at its 4% yield. */
    const zero = (years: number) => calculate(atYield(0, years, 4)).cleanPrice * 10;
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
    const bought = calculate(TAX_PREMIUM).cleanPrice * 10;
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
    expect(text).toContain(tryLink(TAX_PREMIUM));
  });
});

describe("Individual Bonds vs Bond Funds and ETFs", () => {
  const text = lessons["bonds-vs-bond-funds"];

  test("prints the fund's duration estimate", () => {
    expect(text).toContain(`the NAV falls by about 6%, or ${usd(10000 * 0.06, false)}`);
    expect(text).toContain(`It falls by about 8% (4 × 2)`);
  });

  test("prints the 5-year bond's price after a 1-point rise", () => {
    const after = calculate(FIVE_YEAR_AFTER_RISE).cleanPrice;
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
    expect(text).toContain(tryLink(FIVE_YEAR_AFTER_RISE));
  });
});
