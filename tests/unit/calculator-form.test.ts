/** The calculator form: parsing, every bad input's message, and the URL contract lessons link to. */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  defaultInput,
  evaluate,
  FIELDS,
  fixFieldsLine,
  fromQuery,
  parseNumber,
  pickerCanShow,
  toQuery,
  type CalculatorInput,
} from "../../src/lib/calculator-form";
import { parseIsoDate } from "../../src/lib/bond/dates";

const today = parseIsoDate("2026-03-16")!;
const example =
  "?settle=2026-03-16&maturity=2034-09-01&coupon=4.75&freq=semi-annual&basis=30-360&face=1000&redemption=100&mode=price&price=98.5&callDate=2029-09-01&callPrice=100";
const exampleInput = fromQuery(example, today);
const errorsOf = (changes: Partial<CalculatorInput>) => {
  const outcome = evaluate({ ...exampleInput, ...changes });
  return outcome.ok ? {} : outcome.errors;
};

describe("parseNumber", () => {
  test("reads numbers as people type them", () => {
    expect(parseNumber("1,000")).toBe(1000);
    expect(parseNumber(" 4.75 ")).toBe(4.75);
    expect(parseNumber("4.75%")).toBe(4.75);
    expect(parseNumber("\u22120.5")).toBe(-0.5);
    expect(parseNumber(".5")).toBe(0.5);
    expect(parseNumber("12,500.5")).toBe(12500.5);
  });
  test("reads a comma that cannot separate thousands as the decimal mark", () => {
    expect(parseNumber("5,2")).toBe(5.2);
    expect(parseNumber("98,5")).toBe(98.5);
    expect(parseNumber("101,25")).toBe(101.25);
    expect(parseNumber("0,125")).toBe(0.125);
    expect(parseNumber("\u22120,5")).toBe(-0.5);
    expect(parseNumber("4,7500")).toBe(4.75);
  });
  test("rejects what is not a number", () => {
    for (const text of ["", "abc", "1e3", "5..2", "NaN", "Infinity", "--1", "1.000,5", "5,2,1", "1,00,000", "5,"])
      expect(parseNumber(text)).toBeNull();
  });
});

describe("pickerCanShow", () => {
  test("keeps an empty field or a real date in the browser's date picker", () => {
    for (const value of ["", "2026-03-16", "2024-02-29", "2300-01-01", "0001-01-01"])
      expect(pickerCanShow(value)).toBe(true);
  });
  test("shows anything the picker would blank out as text", () => {
    for (const value of ["2029-9-1", "garbage", "2026-02-30", "2025-02-29", "0000-01-01", "2026-13-01", " 2026-03-16"])
      expect(pickerCanShow(value), value).toBe(false);
  });
});

describe("a repayment no time after settlement", () => {
  // 30/360 (FINRA Rule 11620) counts from the period's start: the 30th to the 31st is 0 days, and so is the 31st to
  // the 1st when the period began on the 1st (30 days accrued of 30). Every flow would be due at once, and every yield
  // from −50% to 100% would give the same price (QuantLib's BondFunctions count the time the same way).
  const noTime = /Under 30\/360 the days accrued at settlement already/;
  const cases = [
    { settle: "2026-03-30", maturity: "2026-03-31" },
    { settle: "2023-01-31", maturity: "2023-02-01" },
  ];

  test.each(cases)("maturity $maturity after settlement on $settle gets a message under 30/360 only", (dates) => {
    const bond = { ...dates, callDate: "", mode: "price", price: "100" };
    expect(errorsOf(bond)).toEqual({ maturity: expect.stringMatching(noTime) });
    for (const basis of ["act-act", "act-365", "act-360"]) {
      expect(evaluate({ ...exampleInput, ...bond, basis }).ok).toBe(true);
    }
    expect(evaluate({ ...exampleInput, ...bond, maturity: "2026-04-02" }).ok).toBe(true);
  });

  test("so does a call on the 31st after settlement on the 30th", () => {
    const bond = { settle: "2026-03-30", maturity: "2030-09-30", callDate: "2026-03-31", callPrice: "101" };
    expect(errorsOf(bond)).toEqual({ callDate: expect.stringMatching(/already reach the call date/) });
    expect(evaluate({ ...exampleInput, ...bond, callDate: "2026-04-01" }).ok).toBe(true);
  });
});

describe("fixFieldsLine", () => {
  test("names the field in error, as its label says it", () => {
    expect(fixFieldsLine(errorsOf({ coupon: "-2" }))).toBe("Fix the coupon rate to see the results.");
    expect(fixFieldsLine(errorsOf({ price: "" }))).toBe("Fix the clean price to see the results.");
  });

  test("names every field in error in the form's order, however they were found", () => {
    const errors = errorsOf({ callPrice: "", coupon: "", settle: "soon" });
    expect(fixFieldsLine(errors)).toBe(
      "Fix the settlement date, the coupon rate and the call price to see the results.",
    );
    expect(fixFieldsLine({ callDate: "Finish the date.", face: "Enter a face value." })).toBe(
      "Fix the face value and the call date to see the results.",
    );
  });
});

describe("defaultInput", () => {
  test("settles today and matures five years on", () => {
    const input = defaultInput(today);
    expect(input.settle).toBe("2026-03-16");
    expect(input.maturity).toBe("2031-03-16");
    expect(input.freq).toBe("semi-annual");
    expect(input.basis).toBe("30-360");
    expect(evaluate(input).ok).toBe(true);
  });
});

describe("fromQuery and toQuery", () => {
  test("read the documented link and write it back unchanged", () => {
    expect(exampleInput).toMatchObject({ settle: "2026-03-16", maturity: "2034-09-01", mode: "price", price: "98.5" });
    expect(toQuery(exampleInput)).toBe(example);
  });
  test("fill what the link leaves out with the defaults, and leave out an absent call", () => {
    const input = fromQuery("?coupon=7", today);
    expect(input).toEqual({ ...defaultInput(today), coupon: "7" });
    expect(toQuery(input)).not.toContain("callDate");
    expect(toQuery(input)).toContain("yield=6");
    expect(toQuery(input)).not.toContain("price=");
  });
  test("keep a malformed parameter as given, so the form can say what is wrong", () => {
    expect(fromQuery("?freq=weekly", today).freq).toBe("weekly");
    expect(fromQuery(`?coupon=${"9".repeat(100)}`, today).coupon).toHaveLength(40);
  });
  test("refuse a parameter too long to keep whole, rather than read what is left of it", () => {
    const padded = fromQuery(`?coupon=5${"%20".repeat(39)}x`, today);
    expect(padded.coupon).toHaveLength(40);
    const outcome = evaluate({ ...exampleInput, coupon: padded.coupon });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.coupon).toBeDefined();
    expect(fromQuery(`?coupon=${"5".padEnd(40, " ")}`, today).coupon).toBe("5".padEnd(40, " "));
  });
});

describe("evaluate", () => {
  test("computes the example bond", () => {
    const outcome = evaluate(exampleInput);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.face).toBe(1000);
    expect(outcome.result.analysis.cleanPrice).toBe(98.5);
    expect(outcome.result.analysis.yieldToCall).not.toBeNull();
  });

  test("a call whose yield is out of range still gets every figure, and says which side the yield is on", () => {
    const outcome = evaluate({ ...exampleInput, price: "80", callDate: "2026-04-15", callPrice: "100" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.analysis.yieldToCallBeyond).toBe("above");
    expect(outcome.result.analysis.yieldToWorst).toBe(outcome.result.analysis.yieldToMaturity);
  });

  test("a decimal comma is read as the decimal mark, not dropped", () => {
    const outcome = evaluate({ ...exampleInput, price: "98,5" });
    expect(outcome.ok && outcome.result.analysis.cleanPrice).toBe(98.5);
  });

  test.each<[string, Partial<CalculatorInput>, keyof CalculatorInput, string]>([
    ["settlement after maturity", { settle: "2035-01-01" }, "maturity", "after the settlement date"],
    ["settlement on maturity", { settle: "2034-09-01" }, "maturity", "after the settlement date"],
    ["a malformed date", { settle: "2026-02-30" }, "settle", "real date"],
    ["an empty maturity", { maturity: "" }, "maturity", "real date"],
    ["a call before settlement", { callDate: "2025-01-01" }, "callDate", "after the settlement date and before"],
    ["a call after maturity", { callDate: "2035-01-01" }, "callDate", "after the settlement date and before"],
    ["a negative coupon", { coupon: "-1" }, "coupon", "from 0 to 100 percent"],
    ["an absurd coupon", { coupon: "150" }, "coupon", "from 0 to 100 percent"],
    ["an empty coupon", { coupon: "" }, "coupon", "from 0 to 100 percent"],
    [
      "a price no yield explains",
      { price: "50000" },
      "price",
      "price this high. Enter it as a percentage of par (98.5, not 985)",
    ],
    [
      "a price too low for any yield",
      { price: "0.0001" },
      "price",
      "price this low. Enter it as a percentage of par (98.5, not 0.985)",
    ],
    ["a face value over the limit", { face: "20000000000" }, "face", "at most $10,000,000,000"],
    ["a face value in exponent form", { face: "1e5" }, "face", "in digits, for example 1000"],
    ["a redemption over the limit", { redemption: "1001" }, "redemption", "at most 1,000 (% of par)"],
    ["a zero price", { price: "0" }, "price", "percentage of par"],
    ["an empty face value", { face: "" }, "face", "greater than 0"],
    ["a yield out of range", { mode: "yield", yield: "150" }, "yield", "from \u221250 to 100"],
    ["an unknown frequency", { freq: "weekly" }, "freq", "annual, semi-annual"],
    ["an unknown day count", { basis: "act-999" }, "basis", "30/360 US"],
    ["an unknown mode", { mode: "guess" }, "mode", "yield or its price"],
    ["a zero redemption", { redemption: "0" }, "redemption", "greater than 0"],
  ])("%s gets a message at its field and no result", (_label, changes, field, message) => {
    const errors = errorsOf(changes);
    expect(errors[field]).toContain(message);
  });
});

test("any link gets either figures or a message at each field to fix, and never throws", () => {
  // Values a link may carry: plausible ones, near misses, and anything at all.
  const value = fc.oneof(
    fc.constantFrom("", "0", "-1", "100", "1e3", "98.5", "1,000", "4.75%", "2026-02-29", "2026-03-16", "2100-01-01"),
    fc.constantFrom("annual", "semi-annual", "quarterly", "monthly", "weekly", "30-360", "act-act", "act-365"),
    fc.constantFrom("act-360", "yield", "price", "1900-01-01", "9999-12-31", "2034-09-01", "NaN", "-0"),
    fc.double({ noNaN: true }).map(String),
    fc.integer({ min: -100000, max: 100000 }).map(String),
    fc.string({ maxLength: 50 }),
  );
  const link = fc.dictionary(fc.constantFrom(...FIELDS), value).map((params) => `?${new URLSearchParams(params)}`);
  fc.assert(
    fc.property(link, (query) => {
      const outcome = evaluate(fromQuery(query, today));
      if (outcome.ok) {
        const { analysis, face } = outcome.result;
        const { yieldToCall, yieldToWorst, flows, shocks } = analysis;
        const figures = [face, analysis.cleanPrice, analysis.accrued, analysis.dirtyPrice, analysis.yieldToMaturity];
        figures.push(analysis.currentYield, analysis.macaulay, analysis.modified, analysis.convexity, analysis.dv01);
        figures.push(...[yieldToCall, yieldToWorst].filter((figure): figure is number => figure !== null));
        figures.push(...flows.map((flow) => flow.presentValue), ...shocks.map((shock) => shock.exact));
        for (const figure of figures) expect(Number.isFinite(figure), query).toBe(true);
        return;
      }
      const messages = Object.entries(outcome.errors);
      expect(messages.length, query).toBeGreaterThan(0);
      for (const [field, message] of messages) {
        expect(FIELDS, query).toContain(field);
        expect(message.length, query).toBeGreaterThan(10);
      }
    }),
    { numRuns: 3000 },
  );
});
