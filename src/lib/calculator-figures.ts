/** How the calculator writes its figures: fixed decimals, a true minus sign, US dollars. */
import { toYmd, type DayNumber } from "./bond/dates";
import { fixedNumber } from "./number-format";

const MINUS = "\u2212";

/** A number with fixed decimals and thousands separators: -1234.5 → "−1,234.50". */
export function num(value: number, decimals: number): string {
  const text = fixedNumber(Math.abs(value), decimals);
  return value < 0 && /[1-9]/.test(text) ? `${MINUS}${text}` : text;
}

export const dollars = (value: number) => (value < 0 ? `${MINUS}$${num(-value, 2)}` : `$${num(value, 2)}`);
export const percent = (value: number, decimals = 3) => `${num(value, decimals)}%`;
export const signed = (value: number, decimals = 2) =>
  `${value > 0 && /[1-9]/.test(num(value, decimals)) ? "+" : ""}${num(value, decimals)}%`;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 20697 → "1 Sep 2026": unambiguous in every English-speaking country. */
export function longDate(day: DayNumber): string {
  const { year, month, day: dom } = toYmd(day);
  return `${dom} ${MONTHS[month - 1]} ${year}`;
}
