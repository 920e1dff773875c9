/**
 * Fixed-coupon bond arithmetic on real dates, as a trading desk does it:
 * coupon dates counted back from maturity, accrued interest to the settlement
 * date, clean and dirty prices, yield to maturity / call / worst, durations,
 * convexity and DV01.
 *
 * Conventions (the same as QuantLib's FixedRateBond, against which the unit
 * tests check every figure):
 * - Coupon dates run backwards from maturity in whole coupon periods, never
 *   moved for weekends. When maturity is the last day of a month, every coupon
 *   date is the last day of its month. An optional issue date after the last
 *   regular date before settlement makes a short first period.
 * - Prices are per 100 of face value ("% of par"). Clean price = dirty price −
 *   accrued interest. A coupon paid on the settlement date belongs to the seller.
 * - Each coupon is rate × the day count's year fraction of its period: exactly
 *   rate / frequency for Actual/Actual ICMA, and for 30/360 but on month-end
 *   schedules through February, where FINRA's count (no February rule) makes
 *   periods of 178 and 183 days (31 August to 28 February and back), as
 *   QuantLib's does.
 * - Yields are annual rates compounded at the coupon frequency f. A payment t
 *   years away (t measured with the bond's day count, so the first period is
 *   fractional) is discounted by (1 + y/f)^(−f·t).
 * - Macaulay duration = Σ t·PV / dirty price; modified = Macaulay / (1 + y/f);
 *   convexity = (1/P)·d²P/dy², in years².
 */
import { addMonths, isEndOfMonth, type DayNumber } from "./bond/dates";
import { dayCount, yearFraction, type Basis } from "./bond/day-count";

export type { Basis } from "./bond/day-count";

export const FREQUENCIES = { annual: 1, "semi-annual": 2, quarterly: 4, monthly: 12 } as const;
export type Frequency = keyof typeof FREQUENCIES;

/** The yields the solver searches, in percent a year. */
export const MIN_YIELD = -50;
export const MAX_YIELD = 100;

export interface Bond {
  settlement: DayNumber;
  maturity: DayNumber;
  /** Annual coupon rate in percent, e.g. 4.75. */
  couponRate: number;
  frequency: Frequency;
  basis: Basis;
  /** What is repaid at maturity, per 100 of face value (usually 100). */
  redemption: number;
  /** Optional issue (dated) date; only matters when it falls in the current coupon period. */
  issue?: DayNumber | undefined;
}

export interface CashFlow {
  date: DayNumber;
  /** Per 100 of face value. */
  coupon: number;
  principal: number;
  /** Years from settlement, in the bond's day count. */
  time: number;
}

/** Everything the pricing needs: the remaining cash flows and the current coupon period. */
export interface Instrument {
  frequency: number;
  flows: CashFlow[];
  /** Accrued interest at settlement, per 100 of face value. */
  accrued: number;
  /** Start of the current coupon period (the last coupon date, or the issue date). */
  accrualStart: DayNumber;
  daysAccrued: number;
}

/**
 * The remaining cash flows of a bond, redeemed at maturity or, with `redeem`,
 * on an earlier date at another price (a call): the coupon schedule is the
 * bond's own, cut at that date (a call between coupon dates pays the part
 * coupon then).
 */
export function instrument(bond: Bond, redeem?: { date: DayNumber; price: number }): Instrument {
  const f = FREQUENCIES[bond.frequency];
  const months = 12 / f;
  const eom = isEndOfMonth(bond.maturity);
  const end = redeem?.date ?? bond.maturity;
  const price = redeem?.price ?? bond.redemption;
  // Regular dates back from maturity until one is on or before settlement.
  const dates: DayNumber[] = [];
  for (let k = 0; ; k += 1) {
    const date = addMonths(bond.maturity, -k * months, eom);
    dates.unshift(date);
    if (date <= bond.settlement) break;
  }
  const flows: CashFlow[] = [];
  let time = 0;
  let accrued = 0;
  let accrualStart = dates[0]!;
  let daysAccrued = 0;
  for (let i = 1; i < dates.length; i += 1) {
    const refStart = dates[i - 1]!;
    const refEnd = dates[i]!;
    const first = i === 1;
    const start = first && bond.issue !== undefined && bond.issue > refStart ? bond.issue : refStart;
    const stop = Math.min(refEnd, end);
    const fraction = (a: DayNumber, b: DayNumber) => yearFraction(bond.basis, a, b, refStart, refEnd, f);
    const period = fraction(start, stop);
    if (first) {
      accrualStart = start;
      accrued = bond.couponRate * fraction(start, bond.settlement);
      daysAccrued = dayCount(bond.basis, start, bond.settlement);
      // The time to the first payment is the period less the part already accrued.
      time = period - fraction(start, bond.settlement);
    } else {
      time += period;
    }
    const last = stop >= end;
    flows.push({ date: stop, coupon: bond.couponRate * period, principal: last ? price : 0, time });
    if (last) break;
  }
  return { frequency: f, flows, accrued, accrualStart, daysAccrued };
}

const discount = (yieldPercent: number, f: number, time: number) => (1 + yieldPercent / 100 / f) ** (-f * time);

/** Dirty (full) price per 100 of face value at an annual yield in percent. */
export function dirtyPrice(bond: Instrument, yieldPercent: number): number {
  let sum = 0;
  for (const flow of bond.flows)
    sum += (flow.coupon + flow.principal) * discount(yieldPercent, bond.frequency, flow.time);
  return sum;
}

export function cleanPrice(bond: Instrument, yieldPercent: number): number {
  return dirtyPrice(bond, yieldPercent) - bond.accrued;
}

/**
 * The yield (annual, percent) at which the bond is worth `dirty`, by bisection
 * between MIN_YIELD and MAX_YIELD, where the price falls steadily as the yield
 * rises. Null when no yield in that range gives the price.
 */
export function yieldFromDirtyPrice(bond: Instrument, dirty: number): number | null {
  if (!Number.isFinite(dirty) || dirty <= 0) return null;
  let low = MIN_YIELD;
  let high = MAX_YIELD;
  if (dirtyPrice(bond, low) < dirty || dirtyPrice(bond, high) > dirty) return null;
  for (let step = 0; step < 200 && high - low > 1e-13; step += 1) {
    const mid = (low + high) / 2;
    if (dirtyPrice(bond, mid) > dirty) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export function yieldFromCleanPrice(bond: Instrument, clean: number): number | null {
  return yieldFromDirtyPrice(bond, clean + bond.accrued);
}

/** Macaulay duration in years: the present-value-weighted average time of the payments. */
export function macaulayDuration(bond: Instrument, yieldPercent: number): number {
  let weighted = 0;
  let total = 0;
  for (const flow of bond.flows) {
    const pv = (flow.coupon + flow.principal) * discount(yieldPercent, bond.frequency, flow.time);
    weighted += flow.time * pv;
    total += pv;
  }
  return weighted / total;
}

/** Modified duration: −(1/P)·dP/dy, the % price change for a 1-point yield change, to first order. */
export function modifiedDuration(bond: Instrument, yieldPercent: number): number {
  return macaulayDuration(bond, yieldPercent) / (1 + yieldPercent / 100 / bond.frequency);
}

/** Convexity (1/P)·d²P/dy² in years², with y as a decimal rate. */
export function convexity(bond: Instrument, yieldPercent: number): number {
  const f = bond.frequency;
  const base = 1 + yieldPercent / 100 / f;
  let second = 0;
  let total = 0;
  for (const flow of bond.flows) {
    const pv = (flow.coupon + flow.principal) * discount(yieldPercent, f, flow.time);
    second += (pv * flow.time * (f * flow.time + 1)) / (f * base * base);
    total += pv;
  }
  return second / total;
}

export interface YieldShock {
  /** Yield change in percentage points (+1 or −1). */
  change: number;
  /** Clean price per 100 at the new yield, exactly repriced. */
  cleanPrice: number;
  /** % change of the dirty price: exact, by modified duration, and with the convexity term added. */
  exact: number;
  durationEstimate: number;
  convexityEstimate: number;
}

export interface Analysis {
  cleanPrice: number;
  accrued: number;
  dirtyPrice: number;
  yieldToMaturity: number;
  /** Null without a call, or when no yield from MIN_YIELD to MAX_YIELD gives the price to the call date. */
  yieldToCall: number | null;
  /**
   * With a call whose yield is out of the solver's range, which side it is on: "above" (a price far below what the
   * call would pay soon: the yield to worst is then the yield to maturity) or "below" (the yield to worst too).
   */
  yieldToCallBeyond: "above" | "below" | null;
  /** The lower of the two; null without a call, or when the yield to call is below the range. */
  yieldToWorst: number | null;
  /** Annual coupon ÷ clean price, percent. */
  currentYield: number;
  macaulay: number;
  modified: number;
  convexity: number;
  /** Dirty price gain per 100 of face value for a 1 basis point fall in yield. */
  dv01: number;
  nextCoupon: DayNumber;
  daysAccrued: number;
  couponsRemaining: number;
  accrualStart: DayNumber;
  /** The remaining payments with their present value at the yield to maturity (per 100). */
  flows: Array<CashFlow & { presentValue: number }>;
  shocks: YieldShock[];
}

export type Given = { yield: number } | { price: number };

/**
 * Everything the calculator shows, from a bond and its yield or clean price,
 * with an optional call. Null when no yield in range explains the price, or a
 * result is not a finite number. A yield to call out of range is reported as
 * which side of it the yield is on, not as a failure: the bond's yield to
 * maturity and everything else still stand.
 */
export function analyse(bond: Bond, given: Given, call?: { date: DayNumber; price: number }): Analysis | null {
  const toMaturity = instrument(bond);
  const ytm = "yield" in given ? given.yield : yieldFromCleanPrice(toMaturity, given.price);
  if (ytm === null || !Number.isFinite(ytm) || ytm < MIN_YIELD || ytm > MAX_YIELD) return null;
  const dirty = dirtyPrice(toMaturity, ytm);
  const clean = "price" in given ? given.price : dirty - toMaturity.accrued;
  let ytc: number | null = null;
  let beyond: Analysis["yieldToCallBeyond"] = null;
  if (call) {
    const toCall = instrument(bond, call);
    const paid = clean + toMaturity.accrued;
    ytc = yieldFromDirtyPrice(toCall, paid);
    // The price falls as the yield rises: worth more at the highest yield than paid, the yield is above the range.
    if (ytc === null) beyond = dirtyPrice(toCall, MAX_YIELD) > paid ? "above" : "below";
  }
  const modified = modifiedDuration(toMaturity, ytm);
  const convex = convexity(toMaturity, ytm);
  const shocks = [1, -1].map((change): YieldShock => {
    const shocked = dirtyPrice(toMaturity, ytm + change);
    const dy = change / 100;
    return {
      change,
      cleanPrice: shocked - toMaturity.accrued,
      exact: ((shocked - dirty) / dirty) * 100,
      durationEstimate: -modified * dy * 100,
      convexityEstimate: (-modified * dy + 0.5 * convex * dy * dy) * 100,
    };
  });
  const analysis: Analysis = {
    cleanPrice: clean,
    accrued: toMaturity.accrued,
    dirtyPrice: dirty,
    yieldToMaturity: ytm,
    yieldToCall: ytc,
    yieldToCallBeyond: beyond,
    yieldToWorst: ytc !== null ? Math.min(ytm, ytc) : beyond === "above" ? ytm : null,
    currentYield: (bond.couponRate / clean) * 100,
    macaulay: macaulayDuration(toMaturity, ytm),
    modified,
    convexity: convex,
    dv01: dirtyPrice(toMaturity, ytm - 0.01) - dirty,
    nextCoupon: toMaturity.flows[0]!.date,
    daysAccrued: toMaturity.daysAccrued,
    couponsRemaining: toMaturity.flows.length,
    accrualStart: toMaturity.accrualStart,
    flows: toMaturity.flows.map((flow) => ({
      ...flow,
      presentValue: (flow.coupon + flow.principal) * discount(ytm, toMaturity.frequency, flow.time),
    })),
    shocks,
  };
  const numbers = [
    clean,
    dirty,
    analysis.currentYield,
    analysis.macaulay,
    modified,
    convex,
    analysis.dv01,
    ...shocks.flatMap((s) => [s.cleanPrice, s.exact]),
  ];
  return clean > 0 && numbers.every(Number.isFinite) ? analysis : null;
}

/**
 * The clean price at yields `span` points either side of the analysis's yield to maturity (kept within the
 * solver's range), in `samples` even steps, beside the straight line modified duration predicts through today's
 * price: for a bond without a call the curve lies on or above the line, and the gap is convexity. The calculator's
 * price–yield chart draws both.
 */
export function priceYieldCurve(bond: Bond, analysis: Analysis, { span = 3, samples = 31 } = {}) {
  const flows = instrument(bond);
  const y0 = analysis.yieldToMaturity;
  const low = Math.max(MIN_YIELD, y0 - span);
  const high = Math.min(MAX_YIELD, y0 + span);
  const yields = Array.from({ length: samples }, (_, i) => low + ((high - low) * i) / (samples - 1));
  return {
    low,
    high,
    yields,
    prices: yields.map((y) => dirtyPrice(flows, y) - analysis.accrued),
    durationLine: yields.map((y) => analysis.cleanPrice - (analysis.dirtyPrice * analysis.modified * (y - y0)) / 100),
  };
}
