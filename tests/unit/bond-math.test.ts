/**
 * The bond library against published worked examples (each with its source)
 * and properties any correct bond pricer has. Reference values computed by
 * QuantLib are in bond-math-quantlib.test.ts.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  analyse,
  cleanPrice,
  dirtyPrice,
  instrument,
  macaulayDuration,
  MIN_YIELD,
  priceYieldCurve,
  yieldFromCleanPrice,
  type Bond,
  type Frequency,
} from "../../src/lib/bond-math";
import { addMonths, fromYmd, parseIsoDate, toIsoDate } from "../../src/lib/bond/dates";
import { BASES, dayCount } from "../../src/lib/bond/day-count";

const d = (iso: string) => parseIsoDate(iso)!;

describe("30/360 day count", () => {
  // FINRA Rule 11620(b) (Uniform Practice Code, "Computation of Interest"), its table of elapsed days.
  test.each([
    ["2026-05-01", "2026-05-30", 29],
    ["2026-05-01", "2026-05-31", 30],
    ["2026-05-01", "2026-06-01", 30],
    ["2026-02-01", "2026-02-28", 27],
    ["2026-02-23", "2026-03-03", 10],
    ["2026-05-15", "2026-06-06", 21],
    ["2026-05-31", "2026-06-01", 1],
    ["2026-05-30", "2026-06-30", 30],
    ["2026-05-31", "2026-07-31", 60],
  ])("%s to %s is %i days", (start, end, days) => {
    expect(dayCount("30-360", d(start), d(end))).toBe(days);
  });
});

describe("dates", () => {
  test("reject what is not a real calendar day", () => {
    for (const text of ["2026-02-29", "2026-13-01", "2026-1-5", "15/03/2026", "", "2026-03-15x"]) {
      expect(parseIsoDate(text)).toBeNull();
    }
    expect(toIsoDate(d("2024-02-29"))).toBe("2024-02-29");
  });

  test("move by months, keeping month ends", () => {
    expect(toIsoDate(addMonths(d("2031-08-31"), -6))).toBe("2031-02-28");
    expect(toIsoDate(addMonths(d("2031-08-31"), -18))).toBe("2030-02-28");
    expect(toIsoDate(addMonths(d("2033-02-28"), -6, true))).toBe("2032-08-31");
    expect(addMonths(fromYmd(2026, 1, 15), 12)).toBe(fromYmd(2027, 1, 15));
  });
});

describe("published worked examples", () => {
  // Microsoft's documentation of the Excel PRICE function: settlement 15 Feb 2008, maturity 15 Nov 2017,
  // 5.75% semi-annual coupon, 6.50% yield, redemption 100, basis 0 (30/360) → 94.63436162.
  test("Excel PRICE example", () => {
    const bond = instrument({
      settlement: d("2008-02-15"),
      maturity: d("2017-11-15"),
      couponRate: 5.75,
      frequency: "semi-annual",
      basis: "30-360",
      redemption: 100,
    });
    expect(cleanPrice(bond, 6.5)).toBeCloseTo(94.63436162, 7);
  });

  // Microsoft's documentation of the Excel YIELD function: settlement 15 Feb 2008, maturity 15 Nov 2016,
  // 5.75% semi-annual, price 95.04287, redemption 100, basis 0 → 6.5% (the price is given to 5 decimals).
  test("Excel YIELD example", () => {
    const bond = instrument({
      settlement: d("2008-02-15"),
      maturity: d("2016-11-15"),
      couponRate: 5.75,
      frequency: "semi-annual",
      basis: "30-360",
      redemption: 100,
    });
    expect(yieldFromCleanPrice(bond, 95.04287)).toBeCloseTo(6.5, 4);
  });

  // Microsoft's documentation of the Excel DURATION function: settlement 1 Jul 2018, maturity 1 Jan 2048,
  // 8% semi-annual coupon, 9% yield, basis 1 (actual/actual) → 10.9191453 years.
  test("Excel DURATION example", () => {
    const bond = instrument({
      settlement: d("2018-07-01"),
      maturity: d("2048-01-01"),
      couponRate: 8,
      frequency: "semi-annual",
      basis: "act-act",
      redemption: 100,
    });
    expect(macaulayDuration(bond, 9)).toBeCloseTo(10.9191453, 6);
  });

  // Microsoft's documentation of the Excel MDURATION function: settlement 1 Jan 2008, maturity 1 Jan 2016,
  // 8% semi-annual coupon, 9% yield, basis 1 → 5.7357 (as published, to 4 decimals).
  test("Excel MDURATION example", () => {
    const bond: Bond = {
      settlement: d("2008-01-01"),
      maturity: d("2016-01-01"),
      couponRate: 8,
      frequency: "semi-annual",
      basis: "act-act",
      redemption: 100,
    };
    expect(analyse(bond, { yield: 9 })!.modified).toBeCloseTo(5.7357, 4);
  });

  // Microsoft's documentation of the Excel ACCRINT function: issued 1 Mar 2008, first interest 31 Aug 2008,
  // settlement 1 May 2008, 10% semi-annual, par 1,000, basis 0 → 16.666667 dollars of accrued interest.
  test("Excel ACCRINT example (a short first period from the issue date)", () => {
    const bond = instrument({
      settlement: d("2008-05-01"),
      maturity: d("2012-08-31"),
      issue: d("2008-03-01"),
      couponRate: 10,
      frequency: "semi-annual",
      basis: "30-360",
      redemption: 100,
    });
    expect(bond.accrued * 10).toBeCloseTo(16.666667, 6);
    expect(toIsoDate(bond.flows[0]!.date)).toBe("2008-08-31");
  });
});

const frequencies: Frequency[] = ["annual", "semi-annual", "quarterly", "monthly"];

/** Random plain bonds: settlement 2000–2060, 1 day to 40 years to maturity, any coupon, day count, frequency. */
const bonds = fc
  .record({
    settlement: fc.integer({ min: fromYmd(2000, 1, 1), max: fromYmd(2060, 1, 1) }),
    days: fc.integer({ min: 1, max: 40 * 365 }),
    couponRate: fc.double({ min: 0, max: 20, noNaN: true }),
    frequency: fc.constantFrom(...frequencies),
    basis: fc.constantFrom(...BASES),
    redemption: fc.constantFrom(100, 100, 101, 105),
  })
  .map(({ settlement, days, ...rest }): Bond => ({ settlement, maturity: settlement + days, ...rest }));

const yields = fc.double({ min: -5, max: 40, noNaN: true });

describe("properties", () => {
  test("price → yield → price round-trips", () => {
    fc.assert(
      fc.property(bonds, yields, (bond, y) => {
        const i = instrument(bond);
        const price = cleanPrice(i, y);
        const solved = yieldFromCleanPrice(i, price);
        expect(solved).not.toBeNull();
        expect(Math.abs(cleanPrice(i, solved!) - price)).toBeLessThan(1e-9);
      }),
    );
  });

  test("the price falls as the yield rises", () => {
    fc.assert(
      fc.property(bonds, yields, fc.double({ min: 0.001, max: 10, noNaN: true }), (bond, y, step) => {
        const i = instrument(bond);
        // Every payment due now (30/360 counts the 30th to the 31st as no time): no yield changes its value.
        fc.pre(i.flows.some((flow) => flow.time > 0));
        expect(dirtyPrice(i, y + step)).toBeLessThan(dirtyPrice(i, y));
      }),
    );
  });

  test("dirty price = clean price + accrued interest, and accrued is within one coupon", () => {
    fc.assert(
      fc.property(bonds, yields, (bond, y) => {
        const a = analyse(bond, { yield: y })!;
        expect(a.dirtyPrice).toBeCloseTo(a.cleanPrice + a.accrued, 9);
        expect(a.accrued).toBeGreaterThanOrEqual(0);
        expect(a.accrued).toBeLessThanOrEqual(a.flows[0]!.coupon + 1e-12);
      }),
    );
  });

  test("the Macaulay duration of a zero-coupon bond is its time to maturity", () => {
    fc.assert(
      fc.property(bonds, yields, (bond, y) => {
        const zero = instrument({ ...bond, couponRate: 0 });
        const years = zero.flows.at(-1)!.time;
        expect(macaulayDuration(zero, y)).toBeCloseTo(years, 9);
        // Under Actual/365 Fixed the time is plainly the days to maturity over 365.
        if (bond.basis === "act-365") expect(years).toBeCloseTo((bond.maturity - bond.settlement) / 365, 12);
      }),
    );
  });

  test("a bond priced at its coupon rate on a coupon date is at par", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...frequencies),
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0.5, max: 15, noNaN: true }),
        (frequency, periods, rate) => {
          const maturity = d("2040-06-15");
          const months = { annual: 12, "semi-annual": 6, quarterly: 3, monthly: 1 }[frequency];
          const settlement = addMonths(maturity, -periods * months);
          const i = instrument({ settlement, maturity, couponRate: rate, frequency, basis: "30-360", redemption: 100 });
          expect(cleanPrice(i, rate)).toBeCloseTo(100, 9);
        },
      ),
    );
  });
});

describe("the solver fails clearly", () => {
  const bond: Bond = {
    settlement: d("2026-03-15"),
    maturity: d("2034-09-01"),
    couponRate: 4.75,
    frequency: "semi-annual",
    basis: "30-360",
    redemption: 100,
  };
  test("for a price no yield from −50% to +100% explains", () => {
    expect(analyse(bond, { price: 50_000 })).toBeNull();
    expect(analyse(bond, { price: 0.01 })).toBeNull();
    expect(analyse(bond, { price: 0 })).toBeNull();
  });
});

describe("a yield to call out of the solver's range", () => {
  // A 4.75% bond callable at 100 a month after settlement. Reference figures from QuantLib 1.29 (FixedRateBond,
  // Thirty360 BondBasis, bondYield; the yield to call by bisection on the bond cut at the call date): at 80, yield
  // to maturity 8.055869744%, to call 615.61%; at 150, −0.920528971% and −183.40%.
  const bond: Bond = {
    settlement: d("2026-03-16"),
    maturity: d("2034-09-01"),
    couponRate: 4.75,
    frequency: "semi-annual",
    basis: "30-360",
    redemption: 100,
  };
  const call = { date: d("2026-04-15"), price: 100 };
  test("above it, is reported as above, and the yield to worst is the yield to maturity", () => {
    const a = analyse(bond, { price: 80 }, call)!;
    expect(a.yieldToMaturity).toBeCloseTo(8.055869744, 6);
    expect(a.yieldToCall).toBeNull();
    expect(a.yieldToCallBeyond).toBe("above");
    expect(a.yieldToWorst).toBe(a.yieldToMaturity);
  });
  test("below it, is reported as below, and so is the yield to worst", () => {
    const a = analyse(bond, { price: 150 }, call)!;
    expect(a.yieldToMaturity).toBeCloseTo(-0.920528971, 6);
    expect(a.yieldToCall).toBeNull();
    expect(a.yieldToCallBeyond).toBe("below");
    expect(a.yieldToWorst).toBeNull();
  });
  test("in range, is a number and nothing is beyond", () => {
    const a = analyse(bond, { price: 99.9 }, call)!;
    expect(a.yieldToCall).not.toBeNull();
    expect(a.yieldToCallBeyond).toBeNull();
  });
});

describe("priceYieldCurve, the calculator's price–yield chart", () => {
  // A 7-year 5% semi-annual bond at a 5% yield: QuantLib (FixedRateBond, 30/360 Bond Basis) prices it at
  // 106.0531 at 4% and 94.3520 at 6%, the figures the About page teaches.
  const bond: Bond = {
    settlement: d("2026-03-16"),
    maturity: d("2033-03-16"),
    couponRate: 5,
    frequency: "semi-annual",
    basis: "30-360",
    redemption: 100,
  };
  const analysis = analyse(bond, { yield: 5 })!;
  const curve = priceYieldCurve(bond, analysis);

  test("spans 3 points either side of the yield in 31 steps, through the library's prices", () => {
    expect([curve.low, curve.high, curve.yields.length]).toEqual([2, 8, 31]);
    expect(curve.yields[10]).toBeCloseTo(4, 12);
    expect(curve.prices[10]).toBeCloseTo(106.0531, 4);
    expect(curve.prices[15]).toBeCloseTo(100, 10);
    expect(curve.prices[20]).toBeCloseTo(94.352, 4);
  });

  test("the duration line touches the curve at today's yield and lies below it elsewhere", () => {
    expect(curve.durationLine[15]).toBeCloseTo(curve.prices[15]!, 10);
    curve.prices.forEach((price, i) => {
      if (i !== 15) expect(price).toBeGreaterThan(curve.durationLine[i]!);
    });
  });

  test("stays within the solver's range", () => {
    const low = priceYieldCurve(bond, analyse(bond, { yield: -49 })!);
    expect(low.low).toBe(MIN_YIELD);
    expect(low.high).toBe(-46);
  });
});
