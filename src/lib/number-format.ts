/**
 * Numbers written exactly as `Intl.NumberFormat("en-US")` writes them, without Intl. The first Intl formatter a page
 * makes loads the browser's locale data: 19–96 ms of one task on the build machine, 41–250 ms with its CPU slowed 4×
 * (Chromium 156, 2026-11-29; the low ends with the machine quiet), whatever the options. The calculator's island made
 * one as it hydrated, at idle with a visitor about to type, and the radio's as a visitor reached for Play: each held
 * the main thread that long. The radio now writes its one whole number by hand (src/lib/now-playing.ts), and the page's
 * inline script today's date (src/components/shell/ShellScript.astro), for the same reason.
 *
 * Both functions round as ICU does: half away from zero, on the shortest decimal that reads back as the same
 * number (what `String(x)` gives), so 1.005 to two places is "1.01", where `(1.005).toFixed(2)` is "1.00".
 * tests/unit/number-format.test.ts holds them to Node's own Intl on edge cases and thousands of random values.
 */

/** A number's decimal digits: `0.digits × 10^exponent`, without leading or trailing zeros ("" for zero). */
interface Decimal {
  digits: string;
  exponent: number;
}

function decimalOf(value: number): Decimal {
  const [mantissa = "", power = "0"] = String(value).split("e");
  const [whole = "", fraction = ""] = mantissa.split(".");
  const all = whole + fraction;
  const significant = all.replace(/^0+/, "");
  const digits = significant.replace(/0+$/, "");
  return digits ? { digits, exponent: whole.length + Number(power) - (all.length - significant.length) } : ZERO;
}

const ZERO: Decimal = { digits: "", exponent: 0 };

/** `decimal` rounded to its first `keep` digits, half away from zero. */
function roundTo(decimal: Decimal, keep: number): Decimal {
  const { digits, exponent } = decimal;
  if (digits.length <= keep) return decimal;
  if (keep < 0) return ZERO;
  const kept = digits.slice(0, keep);
  if (digits.charAt(keep) < "5") {
    const trimmed = kept.replace(/0+$/, "");
    return trimmed ? { digits: trimmed, exponent } : ZERO;
  }
  // Up by one in the last kept place: the nines before it become zeros, which a Decimal does not keep.
  const last = kept.search(/9*$/) - 1;
  if (last < 0) return { digits: "1", exponent: exponent + 1 };
  return { digits: `${kept.slice(0, last)}${Number(kept.charAt(last)) + 1}`, exponent };
}

/** The whole part's digits with a comma between each group of three, once there are `from` digits or more. */
function grouped(whole: string, from: number): string {
  return whole.length < from ? whole : whole.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** `decimal` written out in full: its whole part grouped (from `groupFrom` digits), its fraction to `places`. */
function written(decimal: Decimal, places: number, groupFrom: number): string {
  const { digits, exponent } = decimal;
  const whole = exponent <= 0 ? "0" : digits.slice(0, exponent).padEnd(exponent, "0");
  const fraction = (exponent >= 0 ? digits.slice(exponent) : "0".repeat(-exponent) + digits).padEnd(places, "0");
  return fraction ? `${grouped(whole, groupFrom)}.${fraction}` : grouped(whole, groupFrom);
}

/** What Intl writes for a number that is not finite, or the sign it puts before one that is. */
function special(value: number): string | undefined {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value < 0 ? "-∞" : "∞";
  return undefined;
}

const sign = (value: number) => (value < 0 || Object.is(value, -0) ? "-" : "");

/**
 * `value` with exactly `places` decimals and thousands separators, as
 * `Intl.NumberFormat("en-US", { minimumFractionDigits: places, maximumFractionDigits: places })`:
 * 1234.5 → "1,234.50", -0.004 → "-0.00" (a hyphen: callers that want a true minus sign put their own).
 */
export function fixedNumber(value: number, places: number): string {
  const other = special(value);
  if (other !== undefined) return other;
  const decimal = decimalOf(Math.abs(value));
  return `${sign(value)}${written(roundTo(decimal, decimal.exponent + places), places, 4)}`;
}

/** What each power of a thousand is called, in short (en-US compact notation); past trillions, trillions. */
const THOUSANDS = ["", "K", "M", "B", "T"];

/**
 * `value` to three significant digits in short form, as
 * `Intl.NumberFormat("en-US", { notation: "compact", maximumSignificantDigits: 3 })`:
 * 1234567 → "1.23M", 999999 → "1M", 1.5e17 → "150,000T".
 */
export function compactNumber(value: number): string {
  const other = special(value);
  if (other !== undefined) return other;
  const rounded = roundTo(decimalOf(Math.abs(value)), 3);
  const power = rounded.digits ? Math.min(Math.max(Math.floor((rounded.exponent - 1) / 3), 0), 4) : 0;
  // Compact notation groups a whole part only from five digits on: "1000T", "10,000T".
  return `${sign(value)}${written({ ...rounded, exponent: rounded.exponent - 3 * power }, 0, 5)}${THOUSANDS[power]}`;
}
