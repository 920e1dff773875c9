/**
 * The bond calculator's form: reading and checking what the visitor typed,
 * and the URL query that holds it so a calculation can be shared, bookmarked
 * and walked through with back and forward.
 *
 * The query (lessons link to it, so it is a contract):
 * ?settle=2026-03-16&maturity=2034-09-01&coupon=4.75&freq=semi-annual&basis=30-360
 *  &face=1000&redemption=100&mode=price&price=98.5&callDate=2029-09-01&callPrice=100
 * Any omitted parameter takes its default.
 */
import {
  FREQUENCIES,
  MAX_YIELD,
  MIN_YIELD,
  analyse,
  instrument,
  type Analysis,
  type Bond,
  type Frequency,
} from "./bond-math";
import { addMonths, daysInMonth, parseIsoDate, toIsoDate, type DayNumber } from "./bond/dates";
import { BASES, type Basis } from "./bond/day-count";

export interface CalculatorInput {
  settle: string;
  maturity: string;
  coupon: string;
  freq: string;
  basis: string;
  face: string;
  redemption: string;
  /** "yield" (the visitor gives the yield) or "price" (the clean price); anything else is an error. */
  mode: string;
  yield: string;
  price: string;
  /** Empty when the bond has no call. */
  callDate: string;
  callPrice: string;
}

export type Field = keyof CalculatorInput;
export type Errors = Partial<Record<Field, string>>;

/** The query parameters, in the order they are written. */
export const FIELDS: readonly Field[] = [
  "settle",
  "maturity",
  "coupon",
  "freq",
  "basis",
  "face",
  "redemption",
  "mode",
  "yield",
  "price",
  "callDate",
  "callPrice",
];

/** Each field as the results line names it, the field's label without its unit. */
const FIELD_NAMES: Record<Field, string> = {
  settle: "settlement date",
  maturity: "maturity date",
  coupon: "coupon rate",
  freq: "coupon frequency",
  basis: "day count",
  face: "face value",
  redemption: "redemption",
  mode: "choice of yield or price",
  yield: "yield",
  price: "clean price",
  callDate: "call date",
  callPrice: "call price",
};

/**
 * The results line while some field stops them, naming each in the form's order, so a visitor who hears the
 * line, or reads it beside the empty results, knows where to go: "Fix the coupon rate and the call date to see
 * the results."
 */
export function fixFieldsLine(errors: Errors): string {
  const names = FIELDS.filter((field) => errors[field] !== undefined).map((field) => `the ${FIELD_NAMES[field]}`);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return `Fix ${listed ?? "the highlighted field"} to see the results.`;
}

/** The defaults: a 5% bond settling `today` and maturing 5 years later, at a 6% yield. */
export function defaultInput(today: DayNumber): CalculatorInput {
  return {
    settle: toIsoDate(today),
    maturity: toIsoDate(addMonths(today, 60)),
    coupon: "5",
    freq: "semi-annual",
    basis: "30-360",
    face: "1000",
    redemption: "100",
    mode: "yield",
    yield: "6",
    price: "100",
    callDate: "",
    callPrice: "100",
  };
}

export interface Result {
  bond: Bond;
  /** Face value in dollars; the library works per 100 of face value. */
  face: number;
  call: { date: DayNumber; price: number } | undefined;
  analysis: Analysis;
}

export type Outcome = { ok: true; result: Result } | { ok: false; errors: Errors };

/**
 * Reads a number as people type it: "1,000", " 5 ", "5.25", "4.75%", and a decimal comma ("5,2", "98,5", "0,125").
 * A comma is a thousands separator only between groups of three digits after a first group that does not start
 * with 0 ("1,000", "12,500.5"); a single comma anywhere else is the decimal mark, as on a keypad set to a language
 * that writes one. Null for anything else ("1.000,5", "5,2,1").
 */
export function parseNumber(text: string): number | null {
  let clean = text
    .replace(/[\s_]/g, "")
    .replace(/%$/, "")
    .replace(/^\u2212/, "-");
  if (/^[+-]?[1-9]\d{0,2}(,\d{3})+(\.\d*)?$/.test(clean)) clean = clean.replaceAll(",", "");
  else if (/^[+-]?\d*,\d+$/.test(clean)) clean = clean.replace(",", ".");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(clean)) return null;
  const value = Number(clean);
  return Number.isFinite(value) ? value : null;
}

const isFrequency = (value: string): value is Frequency => Object.hasOwn(FREQUENCIES, value);
const isBasis = (value: string): value is Basis => (BASES as readonly string[]).includes(value);

const MAX_FACE = 1e10;
const MAX_REDEMPTION = 1000;

/** True when the text reads as a number, only one larger than `max`: the message then says what the limit is. */
const tooLarge = (text: string, max: number) => (parseNumber(text) ?? 0) > max;

/** A number within [min, max] (or above min when `above`), else null. */
function bounded(text: string, min: number, max: number, above = false): number | null {
  const value = parseNumber(text);
  if (value === null || value > max || (above ? value <= min : value < min)) return null;
  return value;
}

const NO_TIME_TO_MATURITY =
  "Under 30/360 the days accrued at settlement already fill the last period, so the bond has no time left to earn a yield: choose a later maturity date or another day count.";
const NO_TIME_TO_CALL =
  "Under 30/360 the days accrued at settlement already reach the call date, so a call then leaves no time to earn a yield: choose a later call date or another day count.";

/** Validates the input and, when it is sound, computes every result. */
export function evaluate(input: CalculatorInput): Outcome {
  const errors: Errors = {};
  const settle = parseIsoDate(input.settle);
  const maturity = parseIsoDate(input.maturity);
  if (settle === null) errors.settle = "Enter the settlement date as a real date (YYYY-MM-DD), from 1900 to 2200.";
  if (maturity === null) errors.maturity = "Enter the maturity date as a real date (YYYY-MM-DD), from 1900 to 2200.";
  else if (settle !== null && maturity <= settle)
    errors.maturity = "The maturity date must be after the settlement date.";
  else if (settle !== null && maturity > addMonths(settle, 100 * 12))
    errors.maturity = "The maturity date must be at most 100 years after settlement.";

  const coupon = bounded(input.coupon, 0, 100);
  if (coupon === null) errors.coupon = "Enter a coupon rate from 0 to 100 percent, for example 4.75.";
  if (!isFrequency(input.freq))
    errors.freq = "Choose how often the bond pays: annual, semi-annual, quarterly or monthly.";
  if (!isBasis(input.basis))
    errors.basis = "Choose a day count: 30/360 US, Actual/Actual ICMA, Actual/365 Fixed or Actual/360.";
  const face = bounded(input.face, 0, MAX_FACE, true);
  if (face === null)
    errors.face = tooLarge(input.face, MAX_FACE)
      ? "Enter a face value of at most $10,000,000,000."
      : "Enter a face value in dollars greater than 0, in digits, for example 1000.";
  const redemption = bounded(input.redemption, 0, MAX_REDEMPTION, true);
  if (redemption === null)
    errors.redemption = tooLarge(input.redemption, MAX_REDEMPTION)
      ? "Enter a redemption of at most 1,000 (% of par); it is usually 100."
      : "Enter the redemption as a percentage of par greater than 0, usually 100.";

  let given: { yield: number } | { price: number } | null = null;
  if (input.mode === "yield") {
    const value = bounded(input.yield, MIN_YIELD, MAX_YIELD);
    if (value === null)
      errors.yield = `Enter a yield from \u2212${-MIN_YIELD} to ${MAX_YIELD} percent, for example 5.2.`;
    else given = { yield: value };
  } else if (input.mode === "price") {
    const value = bounded(input.price, 0, 1e9, true);
    if (value === null) errors.price = "Enter the clean price as a percentage of par, for example 98.5.";
    else given = { price: value };
  } else {
    errors.mode = "Choose whether you know the bond’s yield or its price.";
  }

  let call: Result["call"];
  if (input.callDate.trim() !== "") {
    const date = parseIsoDate(input.callDate);
    const price = bounded(input.callPrice, 0, 1e9, true);
    if (date === null)
      errors.callDate =
        "Enter the call date as a real date (YYYY-MM-DD), or leave it empty for a bond that cannot be called.";
    else if (settle !== null && maturity !== null && (date <= settle || date >= maturity))
      errors.callDate = "The call date must fall after the settlement date and before the maturity date.";
    if (price === null) errors.callPrice = "Enter the call price as a percentage of par, for example 100.";
    if (date !== null && price !== null) call = { date, price };
  }

  if (Object.keys(errors).length > 0 || given === null) return { ok: false, errors };
  const bond: Bond = {
    settlement: settle!,
    maturity: maturity!,
    couponRate: coupon!,
    frequency: input.freq as Frequency,
    basis: input.basis as Basis,
    redemption: redemption!,
  };
  // Under 30/360 the days accrued at settlement can already fill the period of a repayment the next day (the 30th
  // to the 31st, or the 31st to the 1st after a period from the 1st): every payment is then due at once and every
  // yield gives the same price, so there is no yield to show (QuantLib counts the time the same way).
  const noTimeLeft = (redeem?: { date: DayNumber; price: number }) => instrument(bond, redeem).flows.at(-1)!.time <= 0;
  if (noTimeLeft()) return { ok: false, errors: { maturity: NO_TIME_TO_MATURITY } };
  if (call && noTimeLeft(call)) return { ok: false, errors: { callDate: NO_TIME_TO_CALL } };
  const analysis = analyse(bond, given, call);
  if (analysis === null) return { ok: false, errors: explainFailure(bond, given) };
  return { ok: true, result: { bond, face: face!, call, analysis } };
}

/** Says which field to fix when the library found no yield for the figures given, and which way the price is off. */
function explainFailure(bond: Bond, given: { yield: number } | { price: number }): Errors {
  if ("yield" in given) return { yield: "This yield gives no meaningful price for this bond." };
  // The lowest price the yields allow is the one at the highest yield: a price under it is too low.
  const lowest = analyse(bond, { yield: MAX_YIELD })?.cleanPrice;
  const low = lowest !== undefined && given.price < lowest;
  return {
    price: low
      ? `No yield up to ${MAX_YIELD}% gives a price this low. Enter it as a percentage of par (98.5, not 0.985).`
      : `No yield down to \u2212${-MIN_YIELD}% gives a price this high. Enter it as a percentage of par (98.5, not 985).`,
  };
}

/**
 * Whether a date field's value can stay in the browser's date picker: empty, or a date string it accepts (a real
 * day, years 1 to 275760). Anything else (a link's "2029-9-1") would show as an empty picker that cannot be cleared.
 */
export function pickerCanShow(value: string): boolean {
  const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value === "";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && year <= 275_760 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * The input a query string describes; anything missing takes its default, anything present is kept as typed, up
 * to 40 characters. A longer value is cut to 39 and ends in "…", so the form says it is not a number or a date
 * rather than reading what the cut left ("5", then 39 spaces and "x", would otherwise read as 5).
 */
export function fromQuery(search: string, today: DayNumber): CalculatorInput {
  const params = new URLSearchParams(search);
  const defaults = defaultInput(today);
  const input = { ...defaults };
  for (const field of FIELDS) {
    const value = params.get(field);
    if (value !== null) input[field] = value.length > 40 ? `${value.slice(0, 39)}…` : value;
  }
  return input;
}

/** A query string for the input: every field the calculation uses, and the call only when there is one. */
export function toQuery(input: CalculatorInput): string {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    if (field === "yield" && input.mode === "price") continue;
    if (field === "price" && input.mode === "yield") continue;
    if ((field === "callDate" || field === "callPrice") && input.callDate.trim() === "") continue;
    params.set(field, input[field]);
  }
  return `?${params.toString()}`;
}
