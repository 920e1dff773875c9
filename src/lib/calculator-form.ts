/**
 * The bond calculator's form: parsing and validating what the visitor typed,
 * and keeping it in the URL query so a calculation can be shared.
 */
import { FREQUENCIES, MIN_YIELD, analyse, type Analysis, type Bond, type Frequency } from "./bond-math";

export type Mode = "yield" | "price";
export type Field = "face" | "coupon" | "years" | "frequency" | "yield" | "price";

export interface CalculatorInput {
  face: string;
  coupon: string;
  years: string;
  frequency: string;
  /** Which of yield or price the visitor gives; the other is computed. */
  mode: Mode;
  yield: string;
  price: string;
}

export const DEFAULT_INPUT: CalculatorInput = {
  face: "1000",
  coupon: "5",
  years: "5",
  frequency: "semi-annual",
  mode: "yield",
  yield: "6",
  price: "1000",
};

export type Errors = Partial<Record<Field, string>>;

export type Outcome = { ok: true; bond: Bond; analysis: Analysis } | { ok: false; errors: Errors };

/** Reads a number as people type it: "1,000", " 5 ", "5.25". Returns null for anything else. */
export function parseNumber(text: string): number | null {
  const clean = text.replace(/[\s,_]/g, "").replace(/%$/, "");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(clean)) return null;
  const value = Number(clean);
  return Number.isFinite(value) ? value : null;
}

const isFrequency = (value: string): value is Frequency => Object.hasOwn(FREQUENCIES, value);

/** Validates the input and, when it is sound, computes every result. */
export function evaluate(input: CalculatorInput): Outcome {
  const errors: Errors = {};
  const face = parseNumber(input.face);
  const coupon = parseNumber(input.coupon);
  const years = parseNumber(input.years);
  if (face === null || face <= 0 || face > 1e9) errors.face = "Enter a face value greater than 0 (for example 1000).";
  if (coupon === null || coupon < 0 || coupon > 100) errors.coupon = "Enter a coupon rate from 0 to 100 percent.";
  if (!isFrequency(input.frequency)) errors.frequency = "Choose annual, semi-annual or quarterly coupons.";
  if (years === null || years <= 0 || years > 100)
    errors.years = "Enter a maturity greater than 0 and at most 100 years.";
  else if (isFrequency(input.frequency)) {
    const m = FREQUENCIES[input.frequency];
    if (Math.abs(years * m - Math.round(years * m)) > 1e-9) {
      errors.years = `With ${input.frequency} coupons the maturity must be a multiple of ${1 / m} year${m === 1 ? "" : "s"}.`;
    }
  }
  let given: { yield: number } | { price: number } | null = null;
  if (input.mode === "yield") {
    const value = parseNumber(input.yield);
    if (value === null || value < MIN_YIELD || value > 100)
      errors.yield = `Enter a yield from ${MIN_YIELD} to 100 percent.`;
    else given = { yield: value };
  } else {
    const value = parseNumber(input.price);
    if (value === null || value <= 0 || value > 1e10) errors.price = "Enter a price greater than 0.";
    else given = { price: value };
  }
  if (Object.keys(errors).length > 0 || given === null) return { ok: false, errors };
  const bond: Bond = { face: face!, couponRate: coupon!, years: years!, frequency: input.frequency as Frequency };
  const analysis = analyse(bond, given);
  if (analysis === null) {
    return {
      ok: false,
      errors:
        input.mode === "price"
          ? { price: `No yield from ${MIN_YIELD}% up gives this price: it is far above the bond's remaining payments.` }
          : { yield: "This yield gives no meaningful price for this bond." },
    };
  }
  return { ok: true, bond, analysis };
}

const KEYS: Record<keyof CalculatorInput, string> = {
  face: "face",
  coupon: "coupon",
  years: "years",
  frequency: "freq",
  mode: "solve",
  yield: "yield",
  price: "price",
};

/** The input a query string describes, with defaults for anything missing or unknown. */
export function fromQuery(search: string): CalculatorInput {
  const params = new URLSearchParams(search);
  const read = (key: keyof CalculatorInput) => params.get(KEYS[key])?.slice(0, 40) ?? DEFAULT_INPUT[key];
  const mode = params.get(KEYS.mode) === "price" ? "price" : "yield";
  return {
    face: read("face"),
    coupon: read("coupon"),
    years: read("years"),
    frequency: read("frequency"),
    mode,
    yield: read("yield"),
    price: read("price"),
  };
}

/** A query string for the input, holding only what the chosen mode needs. */
export function toQuery(input: CalculatorInput): string {
  const params = new URLSearchParams();
  params.set(KEYS.face, input.face);
  params.set(KEYS.coupon, input.coupon);
  params.set(KEYS.years, input.years);
  params.set(KEYS.frequency, input.frequency);
  params.set(KEYS.mode, input.mode);
  if (input.mode === "yield") params.set(KEYS.yield, input.yield);
  else params.set(KEYS.price, input.price);
  return `?${params.toString()}`;
}
