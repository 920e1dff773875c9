/**
 * Plain-vanilla bond arithmetic for the calculator: a fixed-coupon bond priced
 * on a coupon date (no accrued interest), yields quoted as annual rates
 * compounded at the coupon frequency, as in the textbooks.
 */

export const FREQUENCIES = { annual: 1, "semi-annual": 2, quarterly: 4 } as const;
export type Frequency = keyof typeof FREQUENCIES;

export interface Bond {
  /** Face (par) value, e.g. 1000. */
  face: number;
  /** Annual coupon rate as a percentage, e.g. 5 for 5%. */
  couponRate: number;
  /** Years to maturity; together with the frequency it must give a whole number of periods. */
  years: number;
  frequency: Frequency;
}

function periods(bond: Bond): number {
  return Math.round(bond.years * FREQUENCIES[bond.frequency]);
}

/** Cash flows as [time in years, amount] pairs. */
function cashFlows(bond: Bond): Array<[number, number]> {
  const m = FREQUENCIES[bond.frequency];
  const n = periods(bond);
  const coupon = (bond.face * bond.couponRate) / 100 / m;
  return Array.from({ length: n }, (_, index) => {
    const k = index + 1;
    return [k / m, k === n ? coupon + bond.face : coupon];
  });
}

/** Price for an annual yield in percent. */
export function priceFromYield(bond: Bond, yieldPercent: number): number {
  const m = FREQUENCIES[bond.frequency];
  const r = yieldPercent / 100 / m;
  return cashFlows(bond).reduce((sum, [t, amount]) => sum + amount / (1 + r) ** (t * m), 0);
}

/** The lowest yield (annual, percent) the calculator solves for. */
export const MIN_YIELD = -50;

/**
 * Yield to maturity (annual, percent) for a price, by bisection on a bracket
 * where price falls monotonically with yield (widened upwards as needed).
 * Returns null when no yield from MIN_YIELD up gives that price.
 */
export function yieldFromPrice(bond: Bond, price: number): number | null {
  if (!(price > 0) || periods(bond) < 1) return null;
  let low = MIN_YIELD;
  let high = 100;
  if (priceFromYield(bond, low) < price) return null;
  while (priceFromYield(bond, high) > price) {
    high *= 2;
    if (high > 1e7) return null;
  }
  for (let step = 0; step < 200 && high - low > 1e-12; step += 1) {
    const mid = (low + high) / 2;
    if (priceFromYield(bond, mid) > price) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Annual coupon divided by price, in percent. */
export function currentYield(bond: Bond, price: number): number {
  return ((bond.face * bond.couponRate) / 100 / price) * 100;
}

/** Macaulay duration in years. */
export function macaulayDuration(bond: Bond, yieldPercent: number): number {
  const m = FREQUENCIES[bond.frequency];
  const r = yieldPercent / 100 / m;
  let weighted = 0;
  let total = 0;
  for (const [t, amount] of cashFlows(bond)) {
    const pv = amount / (1 + r) ** (t * m);
    weighted += t * pv;
    total += pv;
  }
  return weighted / total;
}

/** Modified duration: the percentage price change for a 1-point change in yield, approximately. */
export function modifiedDuration(bond: Bond, yieldPercent: number): number {
  const m = FREQUENCIES[bond.frequency];
  return macaulayDuration(bond, yieldPercent) / (1 + yieldPercent / 100 / m);
}

export interface Analysis {
  price: number;
  yieldToMaturity: number;
  currentYield: number;
  macaulay: number;
  modified: number;
  /** Exact repricing one percentage point up and down. */
  priceIfYieldUp: number;
  priceIfYieldDown: number;
}

/** Everything the calculator shows, from a bond and either its yield or its price. */
export function analyse(bond: Bond, given: { yield: number } | { price: number }): Analysis | null {
  const ytm = "yield" in given ? given.yield : yieldFromPrice(bond, given.price);
  if (ytm === null || !Number.isFinite(ytm)) return null;
  const price = "price" in given ? given.price : priceFromYield(bond, ytm);
  const result: Analysis = {
    price,
    yieldToMaturity: ytm,
    currentYield: currentYield(bond, price),
    macaulay: macaulayDuration(bond, ytm),
    modified: modifiedDuration(bond, ytm),
    priceIfYieldUp: priceFromYield(bond, ytm + 1),
    priceIfYieldDown: priceFromYield(bond, ytm - 1),
  };
  return Object.values(result).every(Number.isFinite) ? result : null;
}
