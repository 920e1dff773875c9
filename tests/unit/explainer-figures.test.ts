/**
 * The numbers in the explainers' worked examples (content/pages/*.mdx) are the calculator's own numbers: every
 * price, yield (to maturity, call and worst) and duration is computed here with src/lib/bond-math, and found, as
 * written, in the page that quotes it. So that a mistake in the library cannot pass, each of those figures is also
 * checked against a source that shares none of its code: the textbook closed forms for a bond on a coupon date,
 * QuantLib's figures for the same bond (tests/unit/fixtures/bond-quantlib.json), or a regulator's published
 * example. The reinvestment sums on the Strategies page are arithmetic the library does not do; they are written
 * out next to the assertions that check them. A page that drifts from the tool, or a tool that drifts from the
 * textbook, fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import fixture from "./fixtures/bond-quantlib.json";
import { annuityPrice } from "./fixtures/bond-references";
import {
  analyse,
  cleanPrice,
  instrument,
  macaulayDuration,
  modifiedDuration,
  yieldFromCleanPrice,
  type Analysis,
  type Bond,
} from "../../src/lib/bond-math";
import { addMonths, fromYmd } from "../../src/lib/bond/dates";

const page = (name: string) => readFileSync(new URL(`../../content/pages/${name}.mdx`, import.meta.url), "utf-8");
const about = page("about");
const types = page("types");
const strategies = page("strategies");
const analysis = page("analysis");

// Every call into the calculator library goes through these five functions (bonds on a coupon date, semi-annual
// coupons, per 100 of face value), so a change to its interface changes this block only.
const SETTLEMENT = fromYmd(2026, 3, 16);
const yearsOn = (years: number) => addMonths(SETTLEMENT, Math.round(years * 12));
const terms = (couponRate: number, years: number): Bond => ({
  settlement: SETTLEMENT,
  maturity: yearsOn(years),
  couponRate,
  frequency: "semi-annual",
  basis: "30-360",
  redemption: 100,
});
const bond = (couponRate: number, years: number) => instrument(terms(couponRate, years));
const price = (couponRate: number, years: number, yieldPercent: number) =>
  cleanPrice(bond(couponRate, years), yieldPercent);
function ytm(couponRate: number, years: number, cleanPrice: number): number {
  const result = yieldFromCleanPrice(bond(couponRate, years), cleanPrice);
  if (result === null) throw new Error(`no yield for price ${cleanPrice}`);
  return result;
}
const macaulay = (couponRate: number, years: number, yieldPercent: number) =>
  macaulayDuration(bond(couponRate, years), yieldPercent);
const modified = (couponRate: number, years: number, yieldPercent: number) =>
  modifiedDuration(bond(couponRate, years), yieldPercent);
/** What the calculator shows for a bond at a clean price with a call at `callPrice` after `callYears`. */
function withCall(couponRate: number, years: number, clean: number, callYears: number, callPrice: number): Analysis {
  const result = analyse(terms(couponRate, years), { price: clean }, { date: yearsOn(callYears), price: callPrice });
  if (result === null) throw new Error(`no yield for price ${clean}`);
  return result;
}

/** The link a page prints to open a semi-annual 30/360 bond settling on 16 March 2026 in the calculator. */
const calculatorLink = (maturity: string, coupon: number, given: string) =>
  `](/calculator?settle=2026-03-16&maturity=${maturity}&coupon=${coupon}&freq=semi-annual&basis=30-360&face=1000&redemption=100&${given})`;

/** QuantLib's figures for the 7-year 5% bond at a 5% yield, computed from the same terms. */
const quantlibSevenYear = (() => {
  const found = fixture.cases.find(({ case: c }) => c.name === "seven-year 5% at 5%");
  if (!found) throw new Error("the QuantLib fixture has no seven-year 5% bond");
  return found;
})();

/**
 * Macaulay duration in years from the closed form for a bond on a coupon date
 * (per period y and c as decimals): D = (1 + y)/y − (1 + y + n(c − y)) / (c((1 + y)^n − 1) + y).
 */
function closedFormMacaulay(couponRate: number, years: number, yieldPercent: number, perYear = 2): number {
  const c = couponRate / 100 / perYear;
  const y = yieldPercent / 100 / perYear;
  const n = years * perYear;
  return ((1 + y) / y - (1 + y + n * (c - y)) / (c * ((1 + y) ** n - 1) + y)) / perYear;
}

/** The fixed-decimal text a page prints for a figure, e.g. 94.35196 → "94.35". */
const fixed = (value: number, digits = 2) => value.toFixed(digits);
const pct = (value: number, digits = 2) => `${Math.abs(value).toFixed(digits)}%`;

describe("About: duration and convexity of a 7-year 5% bond at par (semi-annual)", () => {
  const analysed = {
    price: price(5, 7, 5),
    macaulay: macaulay(5, 7, 5),
    modified: modified(5, 7, 5),
    priceIfYieldUp: price(5, 7, 6),
    priceIfYieldDown: price(5, 7, 4),
  };

  test("prices it at 100 and gives a Macaulay duration of 5.99 years and a modified duration of 5.85", () => {
    expect(analysed.price).toBeCloseTo(100, 10);
    expect(analysed.macaulay).toBeCloseTo(closedFormMacaulay(5, 7, 5), 10);
    expect(fixed(analysed.macaulay)).toBe("5.99");
    expect(fixed(analysed.modified)).toBe("5.85");
    expect(about).toContain("Macaulay duration: 5.99 years");
    expect(about).toContain("Modified duration: 5.85");
    // The sum as the page writes it must hold for a reader who redoes it (5.99 ÷ 1.025 gives 5.84, so the page
    // divides the Macaulay duration to three places), and its dividend must be this bond's duration.
    const sum = /([\d.]+) ÷ \(1 \+ 0\.05 ÷ 2\) = ([\d.]+)/.exec(about);
    expect(sum, "the About page writes out the division").not.toBeNull();
    const [, dividend, quotient] = sum!;
    expect(dividend).toBe(analysed.macaulay.toFixed(dividend!.split(".")[1]!.length));
    expect((Number(dividend) / (1 + 0.05 / 2)).toFixed(2)).toBe(quotient);
    expect(quotient).toBe(fixed(analysed.modified));
  });

  test("loses 5.65% when the yield rises a point and gains 6.05% when it falls a point", () => {
    const up = analysed.priceIfYieldUp;
    const down = analysed.priceIfYieldDown;
    expect(up).toBeCloseTo(annuityPrice(5, 7, 6), 10);
    expect(down).toBeCloseTo(annuityPrice(5, 7, 4), 10);
    expect(fixed(up)).toBe("94.35");
    expect(fixed(down)).toBe("106.05");
    expect(pct(up - 100)).toBe("5.65%");
    expect(pct(down - 100)).toBe("6.05%");
    // The gain beats the loss (convexity), and the duration estimate sits between them.
    expect(down - 100).toBeGreaterThan(100 - up);
    expect(analysed.modified).toBeGreaterThan(100 - up);
    expect(analysed.modified).toBeLessThan(down - 100);
    for (const text of ["94.35", "5.65%", "106.05", "6.05%", "$943.52", "$1,060.53", "about 0.4 of a point"]) {
      expect(about).toContain(text);
    }
    expect(fixed(up * 10)).toBe("943.52");
    expect(fixed(down * 10)).toBe("1060.53");
    expect(fixed(down - 100 - (100 - up), 1)).toBe("0.4");
  });

  test("matches QuantLib on the same bond: durations and the exact repricing 1 point each way", () => {
    const { case: c, quantlib: ql } = quantlibSevenYear;
    expect([c.settlement, c.maturity, c.coupon, c.frequency, c.basis, c.yield]).toEqual([
      "2026-03-16",
      "2033-03-16",
      5,
      "semi-annual",
      "30-360",
      5,
    ]);
    expect(analysed.macaulay).toBeCloseTo(ql.macaulay, 9);
    expect(analysed.modified).toBeCloseTo(ql.modified, 9);
    // At par, the percentage change is the change in price.
    expect(analysed.priceIfYieldUp - 100).toBeCloseTo(ql.changeUp, 6);
    expect(analysed.priceIfYieldDown - 100).toBeCloseTo(ql.changeDown, 6);
  });

  test("links the bond at the 6% yield", () => {
    expect(about).toContain(calculatorLink("2033-03-16", 5, "mode=yield&yield=6"));
  });

  test("agrees with FINRA's published example: a 10-year 3.5% bond, duration about 8.4, loses about 15% if rates rise 2 points", () => {
    // FINRA Investor Alert "Duration — What an Interest Rate Hike Could Do to Your Bond Portfolio" (2013).
    expect(modified(3.5, 10, 3.5)).toBeCloseTo(8.4, 1);
    const change = price(3.5, 10, 5.5) / price(3.5, 10, 3.5) - 1;
    expect(Math.round(change * 100)).toBe(-15);
  });
});

describe("About: present value", () => {
  test("the present-value example discounts its payment at its rate for one year", () => {
    const example = /at (\d+)% a year, \$([\d,]+) due in one year is worth \$([\d,]+) today/.exec(about);
    expect(example, "the About page's present-value example").not.toBeNull();
    const [rate, due, today] = example!.slice(1).map((figure) => Number(figure.replaceAll(",", "")));
    expect(due! / (1 + rate! / 100)).toBeCloseTo(today!, 2);
  });
});

describe("Types: a make-whole call and a fixed-price call", () => {
  test("a 5% bond with 8 years left, discounted at 4.00% + 0.25%, has a make-whole price of 105.04", () => {
    const makeWhole = price(5, 8, 4.25);
    expect(makeWhole).toBeCloseTo(annuityPrice(5, 8, 4.25), 10);
    expect(fixed(makeWhole)).toBe("105.04");
    expect(fixed(makeWhole * 10)).toBe("1050.42");
    expect(types).toContain("105.04");
    expect(types).toContain("$1,050.42");
    // The link prices that bond (8 years from the calculator's settlement date) at the discount rate.
    expect(types).toContain(calculatorLink("2034-03-16", 5, "mode=yield&yield=4.25"));
  });

  test("the conversion price example divides the face value by the conversion ratio", () => {
    const example =
      /a \$([\d,]+) bond that converts into (\d+) shares has a conversion price of \$([\d.]+) a share/.exec(types);
    expect(example, "the Types page's conversion price example").not.toBeNull();
    const [face, shares, conversionPrice] = example!.slice(1).map((figure) => Number(figure.replaceAll(",", "")));
    expect(face! / shares!).toBe(conversionPrice);
  });

  test("a 10-year 6% bond at 104, callable at 100 in 3 years, yields 5.48% to maturity and 4.56% to call and to worst", () => {
    const called = withCall(6, 10, 104, 3, 100);
    const toMaturity = called.yieldToMaturity;
    const toCall = called.yieldToCall!;
    expect(toMaturity).toBe(ytm(6, 10, 104));
    // Called at 100 on a coupon date, the bond is a 3-year bond repaid at 100: the closed form prices it so.
    expect(annuityPrice(6, 10, toMaturity)).toBeCloseTo(104, 8);
    expect(annuityPrice(6, 3, toCall)).toBeCloseTo(104, 8);
    expect(fixed(toMaturity)).toBe("5.48");
    expect(fixed(toCall)).toBe("4.56");
    expect(called.yieldToWorst).toBe(toCall);
    expect(fixed(called.yieldToWorst!)).toBe("4.56");
    expect(types).toContain("Yield to maturity, if it is never called: 5.48%");
    expect(types).toContain("Yield to call, if it is repaid at 100 in 3 years: 4.56%");
    expect(types).toContain("Yield to worst, the lower of the two: 4.56%");
    expect(types).toContain(calculatorLink("2036-03-16", 6, "mode=price&price=104&callDate=2029-03-16&callPrice=100"));
  });
});

describe("Strategies: buy and hold with coupons reinvested at 5% and at 2%", () => {
  const cost = price(4, 5, 5);
  /** Value at maturity of ten coupons of 2.00 reinvested at an annual rate compounded twice a year, plus 100. */
  const horizon = (reinvest: number) => {
    const r = reinvest / 100 / 2;
    return (2 * ((1 + r) ** 10 - 1)) / r + 100;
  };
  /** The annual rate, compounded twice a year, that grows the price to the horizon value in 10 half-years. */
  const realised = (value: number) => ((value / cost) ** (1 / 10) - 1) * 2 * 100;

  test("costs 95.62 for a 5.00% yield to maturity", () => {
    expect(cost).toBeCloseTo(annuityPrice(4, 5, 5), 10);
    expect(fixed(cost)).toBe("95.62");
    expect(ytm(4, 5, 95.62)).toBeCloseTo(5, 2);
    expect(strategies).toContain("costs 95.62 per 100 of face value");
    expect(strategies).toContain(calculatorLink("2031-03-16", 4, "mode=price&price=95.62"));
  });

  test("returns 5.00% a year with coupons reinvested at 5%, and 4.75% with coupons reinvested at 2%", () => {
    expect(fixed(horizon(5) - 100)).toBe("22.41");
    expect(fixed(horizon(5))).toBe("122.41");
    expect(fixed(realised(horizon(5)))).toBe("5.00");
    expect(fixed(horizon(2) - 100)).toBe("20.92");
    expect(fixed(horizon(2))).toBe("120.92");
    expect(fixed(realised(horizon(2)))).toBe("4.75");
    for (const text of ["22.41", "122.41", "5.00% a year", "20.92", "120.92", "4.75% a year"]) {
      expect(strategies).toContain(text);
    }
    // The rate per half-year the page prints for each: half the annual rate, compounded twice a year, and what a
    // reader gets redoing it from the printed, rounded figures.
    expect((realised(horizon(5)) / 2).toFixed(1)).toBe("2.5");
    expect((realised(horizon(2)) / 2).toFixed(3)).toBe("2.375");
    expect(strategies).toContain("The 95.62 has grown to 122.41 in ten half-years, 2.5% a half-year");
    expect(strategies).toContain("The 95.62 has grown to 120.92, 2.375% a half-year");
    // A reader who redoes each rate from the printed, rounded figures gets the rate as printed.
    const growths = [
      ...strategies.matchAll(/The ([\d.]+) has grown to ([\d.]+)(?: in ten half-years)?, ([\d.]+)% a half-year/g),
    ];
    expect(growths).toHaveLength(2);
    for (const [, from, to, rate] of growths) {
      const decimals = rate!.split(".")[1]!.length;
      expect((((Number(to) / Number(from)) ** (1 / 10) - 1) * 100).toFixed(decimals), `${from} → ${to}`).toBe(rate);
    }
  });
});

describe("Analysis: a 10-year 5.1% bond at par whose spread widens by 50 bps", () => {
  test("falls to 96.21 (−3.79%), against 3.88% predicted by its modified duration of 7.76", () => {
    const widened = price(5.1, 10, 5.6);
    const duration = modified(5.1, 10, 5.1);
    expect(widened).toBeCloseTo(annuityPrice(5.1, 10, 5.6), 10);
    expect(macaulay(5.1, 10, 5.1)).toBeCloseTo(closedFormMacaulay(5.1, 10, 5.1), 10);
    expect(fixed(widened)).toBe("96.21");
    expect(pct(widened - 100)).toBe("3.79%");
    expect(fixed(duration)).toBe("7.76");
    expect(fixed(duration * 0.5)).toBe("3.88");
    for (const text of [
      "96.21",
      "a loss of 3.79%",
      "modified duration at its 5.10% yield is 7.76",
      "7.76 × 0.50 = 3.88%",
    ]) {
      expect(analysis).toContain(text);
    }
    // The calculator link opens the bond at 5.60%, where it shows the duration there: the page names both.
    expect(fixed(modified(5.1, 10, 5.6))).toBe("7.69");
    expect(analysis).toContain("At 5.60%, where the calculator link below opens, its modified duration is 7.69");
    expect(analysis).toContain(calculatorLink("2036-03-16", 5.1, "mode=yield&yield=5.6"));
  });

  test("has a spread of 120 basis points over a 3.90% Treasury", () => {
    expect(Math.round((5.1 - 3.9) * 100)).toBe(120);
    expect(analysis).toContain("5.10% − 3.90% = 1.20 percentage points, or 120 basis points");
  });
});

/**
 * Figures the explainers' text repeats from the data files: an edit to `content/market.json` or to the glossary
 * that leaves the text saying the old figure fails here, naming both.
 */
describe("the text agrees with the data it repeats", () => {
  const market = JSON.parse(readFileSync(new URL("../../content/market.json", import.meta.url), "utf-8")) as {
    yields: { investmentGrade: number; highYield: number };
    spreads: { investmentGrade: number; highYield: number };
    indicators: { label: string; value: number; note: string }[];
  };
  const indicator = (label: string) => {
    const found = market.indicators.find((each) => each.label === label);
    if (!found) throw new Error(`content/market.json has no indicator "${label}", which analysis.mdx writes about`);
    return found;
  };

  test("Analysis: Fed Funds and CPI in the takeaways and the quiz are market.json's indicators", () => {
    const fedFunds = indicator("Fed Funds");
    // The indicator is the top of the Fed's target range, which its note and the text both spell out.
    expect(fedFunds.note, 'content/market.json → indicator "Fed Funds" → note').toContain(
      `–${fedFunds.value.toFixed(2)}% target range`,
    );
    expect(analysis, "analysis.mdx: the takeaway and the quiz on Fed Funds").toContain(
      `Fed Funds ${fedFunds.value}% is the top of the 5.25–${fedFunds.value.toFixed(2)}% target range`,
    );
    expect(analysis).toContain(`What does "Fed Funds ${fedFunds.value}%" mean on this page?`);
    expect(analysis, "analysis.mdx: the takeaway on CPI").toContain(`CPI ${indicator("CPI").value}% is the rise`);
  });

  test("Analysis: the averages that do not add up are market.json's yields, spread and 10-year Treasury", () => {
    const treasury = indicator("10-Year Treasury").value;
    const spread = market.spreads.investmentGrade / 100;
    const average = market.yields.investmentGrade;
    expect(indicator("Investment Grade").value, "market.json: the indicator and the yields disagree").toBe(average);
    expect(indicator("High Yield").value, "market.json: the indicator and the yields disagree").toBe(
      market.yields.highYield,
    );
    const sum = Math.round((treasury + spread) * 10) / 10;
    expect(sum, "the sum the text says falls short of the average must really fall short").not.toBe(average);
    expect(analysis).toContain(`(${treasury}% + ${spread.toFixed(2)}% = ${sum}%, not ${average}%)`);
    // The worked example's Treasury is the page's 10-year Treasury.
    expect(analysis).toContain(`The 10-year Treasury yields ${treasury.toFixed(2)}%.`);
  });

  test("Resources: the glossary's introduction counts its terms", () => {
    const terms = JSON.parse(
      readFileSync(new URL("../../content/glossary.json", import.meta.url), "utf-8"),
    ) as unknown[];
    const resources = JSON.parse(readFileSync(new URL("../../content/resources.json", import.meta.url), "utf-8")) as {
      glossary: { intro: string };
    };
    const words = [
      "zero",
      "one",
      "two",
      "three",
      "four",
      "five",
      "six",
      "seven",
      "eight",
      "nine",
      "ten",
      "eleven",
      "twelve",
      "thirteen",
      "fourteen",
      "fifteen",
      "sixteen",
      "seventeen",
      "eighteen",
      "nineteen",
    ];
    const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
    const inWords = (n: number) =>
      n < 20 ? words[n] : `${tens[Math.floor(n / 10)]}${n % 10 ? `-${words[n % 10]}` : ""}`;
    const count = terms.length;
    const intro = resources.glossary.intro.toLowerCase();
    expect(
      intro.startsWith(`${inWords(count)} terms`) || intro.startsWith(`${count} terms`),
      `content/resources.json → glossary → intro says "${resources.glossary.intro.split(" terms")[0]} terms", but content/glossary.json has ${count}`,
    ).toBe(true);
  });
});
