import { describe, expect, test } from "vitest";
import { compactNumber, fixedNumber } from "../../src/lib/number-format";

// The reference: Node's own Intl (ICU), which is what the browser's Intl would have written.
const intlFixed = (places: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: places, maximumFractionDigits: places });
const intlCompact = new Intl.NumberFormat("en-US", { notation: "compact", maximumSignificantDigits: 3 });

/** A fixed sequence of pseudo-random numbers (mulberry32), so a failure names the same values every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Numbers across many magnitudes, some cut to a few decimals (where halves and nines live). */
function samples(count: number, seed: number, from: number, to: number): number[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const value = 10 ** (from + next() * (to - from)) * (next() < 0.2 ? -1 : 1);
    return i % 3 === 0 ? Number(value.toFixed(Math.floor(next() * 5))) : value;
  });
}

const EDGES = [
  0,
  -0,
  1,
  -1,
  0.5,
  0.125,
  1.005,
  2.675,
  1.125,
  0.045,
  9.995,
  99.995,
  999.995,
  0.0049,
  0.005,
  0.0051,
  1234.5,
  -1234.5,
  999_999.995,
  1_000_000,
  123_456_789.123,
  5e-7,
  1e-7,
  1.5e-10,
  1e21,
  1.2345e21,
  1e300,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  Number.MAX_VALUE,
  0.1 + 0.2,
  4.35,
  1.45,
  8.575,
  100,
  99.95,
  999.5,
  999_499,
  999_500,
  999_999,
  1e15,
  1.234e17,
  1e30,
  -123_456,
  -1e15,
  95.734_9,
  104.212_5,
];

describe("fixedNumber", () => {
  test("writes what Intl writes: fixed decimals, thousands separators", () => {
    expect(fixedNumber(1234.5, 2)).toBe("1,234.50");
    expect(fixedNumber(1_000_000, 0)).toBe("1,000,000");
    expect(fixedNumber(0.125, 3)).toBe("0.125");
    expect(fixedNumber(999, 0)).toBe("999");
  });

  test("rounds half away from zero on the shortest decimal, as ICU does, not on the binary value", () => {
    expect(fixedNumber(1.005, 2)).toBe("1.01");
    expect(fixedNumber(9.995, 2)).toBe("10.00");
    expect(fixedNumber(999_999.995, 2)).toBe("1,000,000.00");
    expect(fixedNumber(0.0049, 2)).toBe("0.00");
  });

  test("writes a negative value, negative zero and the non-finite ones as Intl does", () => {
    expect(fixedNumber(-1234.5, 2)).toBe("-1,234.50");
    expect(fixedNumber(-0.004, 2)).toBe("-0.00");
    expect(fixedNumber(-0, 2)).toBe("-0.00");
    expect(fixedNumber(Infinity, 2)).toBe("∞");
    expect(fixedNumber(-Infinity, 2)).toBe("-∞");
    expect(fixedNumber(NaN, 2)).toBe("NaN");
  });

  test.each([0, 1, 2, 3, 4, 6])(
    "agrees with Intl on edge cases and 4,000 random values, with %i decimals",
    (places) => {
      const reference = intlFixed(places);
      for (const value of [...EDGES, ...samples(4000, 7 + places, -8, 16)])
        expect(fixedNumber(value, places), String(value)).toBe(reference.format(value));
    },
  );
});

describe("compactNumber", () => {
  test("writes three significant digits with K, M, B or T", () => {
    expect(compactNumber(123_456)).toBe("123K");
    expect(compactNumber(1_234_567)).toBe("1.23M");
    expect(compactNumber(999_500)).toBe("1M");
    expect(compactNumber(2.5e9)).toBe("2.5B");
    expect(compactNumber(-123_456)).toBe("-123K");
  });

  test("past trillions, counts trillions, grouped from five digits", () => {
    expect(compactNumber(1e15)).toBe("1000T");
    expect(compactNumber(1.234e17)).toBe("123,000T");
  });

  test("agrees with Intl on edge cases and 8,000 random values", () => {
    for (const value of [...EDGES, Infinity, -Infinity, NaN, ...samples(8000, 3, -6, 40)])
      expect(compactNumber(value), String(value)).toBe(intlCompact.format(value));
  });
});
