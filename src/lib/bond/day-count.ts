/**
 * The four day counts the calculator offers: how many days a period holds and
 * what fraction of a year that is.
 */
import { toYmd, type DayNumber } from "./dates";

export const BASES = ["30-360", "act-act", "act-365", "act-360"] as const;
export type Basis = (typeof BASES)[number];

export const BASIS_LABELS: Record<Basis, string> = {
  "30-360": "30/360 US",
  "act-act": "Actual/Actual ICMA",
  "act-365": "Actual/365 Fixed",
  "act-360": "Actual/360",
};

/**
 * 30/360 as FINRA Rule 11620(b) prescribes for US corporate bonds (and MSRB
 * Rule G-33 for municipals): a 31st that starts a period counts as the 30th,
 * and a 31st that ends one counts as the 30th only when the period started on
 * the 30th or 31st. February gets no special rule (1 to 28 February is 27
 * days). This is the ISDA "30/360 Bond Basis", QuantLib's
 * Thirty360(Thirty360.BondBasis).
 */
function days30360(start: DayNumber, end: DayNumber): number {
  const a = toYmd(start);
  const b = toYmd(end);
  const d1 = a.day === 31 ? 30 : a.day;
  const d2 = b.day === 31 && d1 === 30 ? 30 : b.day;
  return 360 * (b.year - a.year) + 30 * (b.month - a.month) + (d2 - d1);
}

/** Days between two dates under the day count (actual days except for 30/360). */
export function dayCount(basis: Basis, start: DayNumber, end: DayNumber): number {
  return basis === "30-360" ? days30360(start, end) : end - start;
}

/**
 * The year fraction from `start` to `end`. Actual/Actual ICMA needs the
 * regular coupon period the dates fall in (`refStart`–`refEnd`) and the
 * number of coupons a year: the fraction is (days / days in the period) / frequency.
 */
export function yearFraction(
  basis: Basis,
  start: DayNumber,
  end: DayNumber,
  refStart: DayNumber,
  refEnd: DayNumber,
  frequency: number,
): number {
  switch (basis) {
    case "30-360":
      return days30360(start, end) / 360;
    case "act-360":
      return (end - start) / 360;
    case "act-365":
      return (end - start) / 365;
    case "act-act":
      return (end - start) / (refEnd - refStart) / frequency;
  }
}
