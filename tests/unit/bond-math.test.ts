import { describe, expect, test } from "vitest";
import {
  analyse,
  currentYield,
  macaulayDuration,
  modifiedDuration,
  priceFromYield,
  yieldFromPrice,
  type Bond,
} from "../../src/lib/bond-math";

const fiveYear: Bond = { face: 1000, couponRate: 5, years: 5, frequency: "semi-annual" };

describe("priceFromYield", () => {
  test("prices a 5-year 5% semi-annual bond at a 6% yield at 957.35", () => {
    expect(priceFromYield(fiveYear, 6)).toBeCloseTo(957.35, 2);
  });

  test("prices a bond at par when its yield equals its coupon", () => {
    for (const frequency of ["annual", "semi-annual", "quarterly"] as const) {
      expect(priceFromYield({ ...fiveYear, frequency }, 5)).toBeCloseTo(1000, 8);
    }
  });

  test("prices a zero-coupon bond as its discounted face value", () => {
    const zero: Bond = { face: 1000, couponRate: 0, years: 10, frequency: "annual" };
    expect(priceFromYield(zero, 4)).toBeCloseTo(1000 / 1.04 ** 10, 8);
  });

  test("sums the cash flows at a zero yield", () => {
    expect(priceFromYield(fiveYear, 0)).toBeCloseTo(1250, 8);
  });

  test("falls as the yield rises, for many bonds", () => {
    for (let coupon = 0; coupon <= 12; coupon += 3) {
      for (const years of [0.5, 2, 10, 30]) {
        const bond: Bond = { face: 1000, couponRate: coupon, years, frequency: "semi-annual" };
        let previous = Infinity;
        for (let y = -2; y <= 20; y += 0.5) {
          const price = priceFromYield(bond, y);
          expect(price).toBeLessThan(previous);
          previous = price;
        }
      }
    }
  });
});

describe("yieldFromPrice", () => {
  test("finds the coupon rate for a par bond", () => {
    expect(yieldFromPrice(fiveYear, 1000)).toBeCloseTo(5, 8);
  });

  test("finds 6% for the textbook bond priced at 957.35", () => {
    expect(yieldFromPrice(fiveYear, 957.349)).toBeCloseTo(6, 4);
  });

  test("round-trips price(yield(price)) across prices, coupons and maturities", () => {
    for (const coupon of [0, 2.5, 7, 15]) {
      for (const years of [1, 7.5, 30]) {
        for (const frequency of ["annual", "semi-annual", "quarterly"] as const) {
          const bond: Bond = { face: 1000, couponRate: coupon, years, frequency };
          for (const price of [150, 800, 1000, 1300]) {
            const y = yieldFromPrice(bond, price);
            expect(y, `${coupon}% ${years}y ${frequency} at ${price}`).not.toBeNull();
            expect(priceFromYield(bond, y!)).toBeCloseTo(price, 6);
          }
        }
      }
    }
  });

  test("returns null for a price no yield can give", () => {
    expect(yieldFromPrice(fiveYear, 0)).toBeNull();
    expect(yieldFromPrice(fiveYear, -5)).toBeNull();
    expect(yieldFromPrice(fiveYear, Number.NaN)).toBeNull();
  });
});

describe("currentYield", () => {
  test("divides the annual coupon by the price", () => {
    expect(currentYield(fiveYear, 800)).toBeCloseTo(6.25, 10);
  });
});

describe("macaulayDuration", () => {
  test("equals the maturity for a zero-coupon bond", () => {
    expect(macaulayDuration({ face: 1000, couponRate: 0, years: 7, frequency: "annual" }, 5)).toBeCloseTo(7, 10);
  });

  test("matches the textbook 3-year 10% annual bond at 10%: 2.7355 years", () => {
    expect(macaulayDuration({ face: 1000, couponRate: 10, years: 3, frequency: "annual" }, 10)).toBeCloseTo(2.7355, 4);
  });
});

describe("modifiedDuration", () => {
  test("divides Macaulay duration by one plus the periodic yield", () => {
    const bond: Bond = { face: 1000, couponRate: 10, years: 3, frequency: "annual" };
    expect(modifiedDuration(bond, 10)).toBeCloseTo(2.7355 / 1.1, 4);
  });

  test("predicts a small price change closely", () => {
    const p0 = priceFromYield(fiveYear, 6);
    const p1 = priceFromYield(fiveYear, 6.01);
    const predicted = -modifiedDuration(fiveYear, 6) * 0.0001 * p0;
    expect(p1 - p0).toBeCloseTo(predicted, 2);
  });
});

describe("analyse", () => {
  test("gives the same numbers from the yield or from the price", () => {
    const fromYield = analyse(fiveYear, { yield: 6 })!;
    const fromPrice = analyse(fiveYear, { price: fromYield.price })!;
    expect(fromPrice.yieldToMaturity).toBeCloseTo(6, 8);
    expect(fromPrice.macaulay).toBeCloseTo(fromYield.macaulay, 8);
    expect(fromYield.priceIfYieldUp).toBeLessThan(fromYield.price);
    expect(fromYield.priceIfYieldDown).toBeGreaterThan(fromYield.price);
  });

  test("returns null when no yield fits the price", () => {
    expect(analyse(fiveYear, { price: 0 })).toBeNull();
  });
});
