import { describe, expect, test } from "vitest";
import { flights } from "../../scripts/lib/slow-start.mjs";

describe("flights", () => {
  test("sends a body that fits the initial window, with its headers, in one round trip", () => {
    // 10 segments of 1,460 bytes (RFC 6928) = 14,600 bytes, 250 of them headers.
    expect(flights(14_350, 250)).toEqual([14_350]);
    expect(flights(0, 250)).toEqual([0]);
  });

  test("doubles the window each round trip after the first", () => {
    expect(flights(14_351, 250)).toEqual([14_350, 1]);
    // 14,350 + 29,200 + 58,400 = 101,950
    expect(flights(120_000, 250)).toEqual([14_350, 29_200, 58_400, 18_050]);
  });

  test("leaves less of the body to the first round trip when the headers are larger", () => {
    // A production host's CSP and other headers, about 1.5 KB: a 13.5 KB page no longer fits.
    expect(flights(13_500, 1_500)).toEqual([13_100, 400]);
  });
});
