import { describe, expect, test } from "vitest";
import { dollars, longDate, num, percent, signed } from "../../src/lib/calculator-figures";

const MINUS = "\u2212";

describe("num", () => {
  test("returns fixed decimals with thousands separators and a true minus sign", () => {
    expect(num(1234.5, 2)).toBe("1,234.50");
    expect(num(-1234.5, 2)).toBe(`${MINUS}1,234.50`);
    expect(num(1_000_000, 0)).toBe("1,000,000");
    expect(num(0.125, 3)).toBe("0.125");
  });

  test("returns no minus sign for a negative value that rounds to zero", () => {
    expect(num(-0.004, 2)).toBe("0.00");
    expect(num(-0, 2)).toBe("0.00");
  });
});

describe("dollars, percent and signed", () => {
  test("returns US dollars with the minus sign before the dollar sign", () => {
    expect(dollars(1025.5)).toBe("$1,025.50");
    expect(dollars(-45)).toBe(`${MINUS}$45.00`);
  });

  test("returns a percentage with three decimals unless told otherwise", () => {
    expect(percent(4.5)).toBe("4.500%");
    expect(percent(-0.25, 2)).toBe(`${MINUS}0.25%`);
  });

  test("returns a change with its sign, and none for a change that rounds to zero", () => {
    expect(signed(1.234)).toBe("+1.23%");
    expect(signed(-1.236)).toBe(`${MINUS}1.24%`);
    expect(signed(0.001)).toBe("0.00%");
    expect(signed(-0.001)).toBe("0.00%");
  });
});

describe("longDate", () => {
  test("returns day, short month and year for a count of days since 1 January 1970", () => {
    // 1 September 2026 is 20,697 days after 1 January 1970: 56 years (14 of them leap years: 1972 … 2024) are
    // 56 × 365 + 14 = 20,454 days to 1 January 2026, and January to August 2026 have 243 days.
    expect(longDate(20_697)).toBe("1 Sep 2026");
    expect(longDate(0)).toBe("1 Jan 1970");
    // 29 February 2024: 54 years (13 leap) = 19,723 days to 1 January 2024, then 31 + 28 days.
    expect(longDate(19_782)).toBe("29 Feb 2024");
  });
});
