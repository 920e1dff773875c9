/**
 * Formatting of the finance figures shown on the pages. Negative numbers use a
 * true minus sign (U+2212), which screen readers announce as "minus".
 */
const MINUS = "\u2212";

/** Number with a fixed count of decimals and a true minus sign: -1.4 → "−1.4". */
function fixed(value: number, decimals: number): string {
  const text = Math.abs(value).toFixed(decimals);
  return value < 0 && Number(text) !== 0 ? `${MINUS}${text}` : text;
}

/** A percentage: 4.8 → "4.8%"; with `signed`, 3.2 → "+3.2%" and -1.4 → "−1.4%". */
export function formatPercent(value: number, { signed = false, decimals = 1 } = {}): string {
  const text = fixed(value, decimals);
  return `${signed && !text.startsWith(MINUS) && Number(text) !== 0 ? "+" : ""}${text}%`;
}

/** Basis points: 120 → "120 bps". */
export function formatBps(value: number): string {
  return `${fixed(value, 0)} bps`;
}

/** Billions of US dollars with a sign: 4.2 → "+$4.2B", -0.6 → "−$0.6B". */
export function formatBillions(value: number): string {
  const text = Math.abs(value).toFixed(1);
  if (Number(text) === 0) return "$0.0B";
  return `${value < 0 ? MINUS : "+"}$${text}B`;
}

/** A calendar date written YYYY-MM-DD, in US style: "2023-07-26" → "July 26, 2023" (no time-zone drift). */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
