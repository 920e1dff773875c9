/**
 * The bond library against QuantLib: every case in the fixture was computed by
 * QuantLib's FixedRateBond (scripts/quantlib/make-fixtures.py), an independent
 * implementation: hand-picked bonds and 300 random ones. Tolerances: prices and
 * accrued 1e-6 per 100 of face value, yields 1e-6 percentage points, durations
 * and convexity 1e-6 relative.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import committed from "./fixtures/bond-quantlib.json";
import { analyse, instrument, type Bond, type Frequency } from "../../src/lib/bond-math";
import { parseIsoDate, toIsoDate } from "../../src/lib/bond/dates";
import type { Basis } from "../../src/lib/bond/day-count";

interface Case {
  name: string;
  settlement: string;
  maturity: string;
  issue?: string;
  coupon: number;
  frequency: string;
  basis: string;
  redemption: number;
  yield?: number;
  price?: number;
  call?: { date: string; price: number };
}

const day = (iso: string) => {
  const value = parseIsoDate(iso);
  if (value === null) throw new Error(`bad date ${iso}`);
  return value;
};

const toBond = (c: Case): Bond => ({
  settlement: day(c.settlement),
  maturity: day(c.maturity),
  issue: c.issue ? day(c.issue) : undefined,
  couponRate: c.coupon,
  frequency: c.frequency as Frequency,
  basis: c.basis as Basis,
  redemption: c.redemption,
});

/** The committed cases, or a wider set the same script wrote elsewhere (see its docstring). */
const wider = process.env["QUANTLIB_FIXTURE"];
const fixture: typeof committed = wider ? JSON.parse(readFileSync(wider, "utf8")) : committed;

const relative = (actual: number, expected: number) => Math.abs(actual - expected) / Math.abs(expected);

describe.each(fixture.cases.map(({ case: c, quantlib }) => [c.name, c as Case, quantlib] as const))(
  "%s",
  (_name, c, ql) => {
    const bond = toBond(c);
    const given = c.yield === undefined ? { price: c.price! } : { yield: c.yield };
    const call = c.call ? { date: day(c.call.date), price: c.call.price } : undefined;
    const a = analyse(bond, given, call)!;

    test("prices, accrued interest and yield match QuantLib", () => {
      expect(a).not.toBeNull();
      expect(Math.abs(a.accrued - ql.accrued)).toBeLessThan(1e-6);
      expect(Math.abs(a.cleanPrice - ql.cleanPrice)).toBeLessThan(1e-6);
      expect(Math.abs(a.dirtyPrice - ql.dirtyPrice)).toBeLessThan(1e-6);
      expect(Math.abs(a.yieldToMaturity - ql.yield)).toBeLessThan(1e-6);
      expect(Math.abs(a.dv01 - ql.dv01)).toBeLessThan(1e-8);
    });

    test("the exact repricing for a 1-point move matches QuantLib", () => {
      const [up, down] = a.shocks;
      expect(Math.abs(up!.exact - ql.changeUp)).toBeLessThan(1e-6);
      expect(Math.abs(down!.exact - ql.changeDown)).toBeLessThan(1e-6);
    });

    test("durations and convexity match QuantLib", () => {
      expect(relative(a.macaulay, ql.macaulay)).toBeLessThan(1e-6);
      expect(relative(a.modified, ql.modified)).toBeLessThan(1e-6);
      expect(relative(a.convexity, ql.convexity)).toBeLessThan(1e-6);
    });

    test("the coupon schedule and cash flows match QuantLib", () => {
      expect(toIsoDate(a.nextCoupon)).toBe(ql.nextCoupon);
      expect(a.couponsRemaining).toBe(ql.couponsRemaining);
      expect(a.daysAccrued).toBe(ql.daysAccrued);
      // The random bonds are stored without their cash flows, to keep the file small.
      const flows = ql.flows;
      if (!flows) return;
      const ours = instrument(bond).flows.flatMap((flow) => [
        { date: toIsoDate(flow.date), amount: flow.coupon },
        ...(flow.principal ? [{ date: toIsoDate(flow.date), amount: flow.principal }] : []),
      ]);
      expect(ours.map((flow) => flow.date)).toEqual(flows.map((flow) => flow.date));
      ours.forEach((flow, index) => expect(Math.abs(flow.amount - flows[index]!.amount)).toBeLessThan(1e-9));
    });

    if ("yieldToCall" in ql) {
      test("yield to call and yield to worst match QuantLib", () => {
        expect(Math.abs(a.yieldToCall! - ql.yieldToCall!)).toBeLessThan(1e-6);
        expect(a.yieldToWorst).toBe(Math.min(a.yieldToMaturity, a.yieldToCall!));
      });
    }
  },
);
