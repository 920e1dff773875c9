import { describe, expect, test } from "vitest";
import {
  DEFAULT_INPUT,
  evaluate,
  fromQuery,
  parseNumber,
  toQuery,
  type CalculatorInput,
} from "../../src/lib/calculator-form";

const input = (changes: Partial<CalculatorInput>): CalculatorInput => ({ ...DEFAULT_INPUT, ...changes });

describe("parseNumber", () => {
  test("reads numbers as people type them", () => {
    expect(parseNumber("1,000")).toBe(1000);
    expect(parseNumber(" 5.25 ")).toBe(5.25);
    expect(parseNumber("6%")).toBe(6);
    expect(parseNumber(".5")).toBe(0.5);
  });

  test("returns null for text that is not a plain number", () => {
    for (const bad of ["", "abc", "1e400", "1e3", "NaN", "Infinity", "1.2.3", "--1", "٣"])
      expect(parseNumber(bad), bad).toBeNull();
  });
});

describe("evaluate", () => {
  test("computes the textbook bond from its yield", () => {
    const outcome = evaluate(input({ mode: "yield", yield: "6" }));
    expect(outcome.ok && outcome.analysis.price).toBeCloseTo(957.35, 2);
  });

  test("computes the yield from a price", () => {
    const outcome = evaluate(input({ mode: "price", price: "1000" }));
    expect(outcome.ok && outcome.analysis.yieldToMaturity).toBeCloseTo(5, 8);
  });

  test("names every bad field with a message", () => {
    const outcome = evaluate({
      face: "-1",
      coupon: "abc",
      years: "0",
      frequency: "weekly",
      mode: "yield",
      yield: "",
      price: "",
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(Object.keys(outcome.errors).sort()).toEqual(["coupon", "face", "frequency", "years", "yield"]);
  });

  test("refuses a maturity that is not a whole number of coupon periods", () => {
    const outcome = evaluate(input({ years: "2.3", frequency: "semi-annual" }));
    expect(outcome.ok || outcome.errors.years).toBe(
      "With semi-annual coupons the maturity must be a multiple of 0.5 years.",
    );
  });

  test("explains a price no yield can give instead of showing NaN", () => {
    const outcome = evaluate(input({ mode: "price", price: "99999999" }));
    expect(outcome.ok || outcome.errors.price).toMatch(/No yield from -50% up gives this price/);
  });

  test("never returns a non-finite figure for odd but valid input", () => {
    for (const changes of [
      { years: "100", frequency: "quarterly", yield: "-50" },
      { coupon: "0", yield: "100" },
      { face: "0.01" },
    ]) {
      const outcome = evaluate(input(changes));
      expect(outcome.ok).toBe(true);
      if (outcome.ok) expect(Object.values(outcome.analysis).every(Number.isFinite)).toBe(true);
    }
  });
});

describe("fromQuery and toQuery", () => {
  test("round-trip a calculation through the URL", () => {
    const original = input({
      face: "500",
      coupon: "4.5",
      years: "10",
      frequency: "quarterly",
      mode: "price",
      price: "480",
    });
    expect(fromQuery(toQuery(original))).toEqual({ ...original, yield: DEFAULT_INPUT.yield });
  });

  test("fill anything missing with the defaults", () => {
    expect(fromQuery("")).toEqual(DEFAULT_INPUT);
  });

  test("cut overlong values so a crafted link cannot flood the form", () => {
    expect(fromQuery(`?face=${"9".repeat(5000)}`).face).toHaveLength(40);
  });
});
