import { describe, expect, test } from "vitest";
import { formatBillions, formatBps, formatDate, formatPercent } from "../../src/lib/format";

describe("formatPercent", () => {
  test("returns one decimal and a percent sign", () => {
    expect(formatPercent(4.8)).toBe("4.8%");
    expect(formatPercent(5)).toBe("5.0%");
  });

  test("returns a plus sign for gains and a true minus sign for losses when signed", () => {
    expect(formatPercent(3.2, { signed: true })).toBe("+3.2%");
    expect(formatPercent(-1.4, { signed: true })).toBe("\u22121.4%");
    expect(formatPercent(-0.5, { signed: true })).toBe("\u22120.5%");
  });

  test("returns no sign for zero, even a negative value that rounds to zero", () => {
    expect(formatPercent(0, { signed: true })).toBe("0.0%");
    expect(formatPercent(-0.01, { signed: true })).toBe("0.0%");
  });

  test("returns a minus sign for a negative value when not signed", () => {
    expect(formatPercent(-2.25, { decimals: 2 })).toBe("\u22122.25%");
  });
});

describe("formatBps", () => {
  test("returns whole basis points", () => {
    expect(formatBps(120)).toBe("120 bps");
    expect(formatBps(380)).toBe("380 bps");
  });
});

describe("formatBillions", () => {
  test("returns a signed dollar amount in billions", () => {
    expect(formatBillions(4.2)).toBe("+$4.2B");
    expect(formatBillions(1.8)).toBe("+$1.8B");
    expect(formatBillions(-0.6)).toBe("\u2212$0.6B");
    expect(formatBillions(0)).toBe("$0.0B");
  });
});

describe("formatDate", () => {
  test("returns a US-style date for an ISO calendar date", () => {
    expect(formatDate("2023-07-26")).toBe("July 26, 2023");
    expect(formatDate("2023-08-01")).toBe("August 1, 2023");
  });

  test("returns the calendar day it was given, at the end of a month", () => {
    expect(formatDate("2023-08-31")).toBe("August 31, 2023");
  });
});
