import { describe, expect, test } from "vitest";
import {
  creditRisk,
  gradeLine,
  ladderRungs,
  pathThrough,
  plotRatings,
  pointLabel,
  requiredYield,
  shortRating,
} from "../../src/lib/risk-return";

const box = { width: 300, height: 200, left: 30, right: 10, top: 10, bottom: 30 };
const ratings = [
  { name: "AAA/Aaa", value: 100 },
  { name: "AA/Aa", value: 90 },
  { name: "A", value: 80 },
  { name: "BBB/Baa", value: 70 },
  { name: "BB/Ba", value: 60 },
  { name: "B", value: 50 },
  { name: "CCC/Caa", value: 40 },
  { name: "D", value: 20, defaulted: true },
];

describe("shortRating", () => {
  test("returns the S&P/Fitch part of a paired rating", () => {
    expect(shortRating("AAA/Aaa")).toBe("AAA");
    expect(shortRating("CCC/Caa")).toBe("CCC");
  });

  test("returns a single rating unchanged", () => {
    expect(shortRating("B")).toBe("B");
  });
});

describe("requiredYield", () => {
  test("returns 0 at no risk and 1 at full risk", () => {
    expect(requiredYield(0)).toBe(0);
    expect(requiredYield(1)).toBeCloseTo(1, 10);
  });

  test("returns a convex curve: the second half rises more than the first", () => {
    expect(requiredYield(1) - requiredYield(0.5)).toBeGreaterThan(requiredYield(0.5) - requiredYield(0));
  });
});

describe("plotRatings", () => {
  const points = plotRatings(ratings, box);

  test("leaves out ratings in default", () => {
    expect(points.map((point) => point.label)).toEqual(["AAA", "AA", "A", "BBB", "BB", "B", "CCC"]);
  });

  test("returns points that move right and up as quality falls", () => {
    for (let i = 1; i < points.length; i++) {
      expect(points[i]!.x).toBeGreaterThan(points[i - 1]!.x);
      expect(points[i]!.y).toBeLessThan(points[i - 1]!.y);
    }
  });

  test("returns points that span the inner box exactly", () => {
    expect(points[0]).toMatchObject({ x: box.left, y: box.height - box.bottom });
    expect(points.at(-1)).toMatchObject({ x: box.width - box.right, y: box.top });
  });

  test("returns x positions proportional to the credit-risk gaps", () => {
    const step = (box.width - box.left - box.right) / 6;
    points.forEach((point, index) => expect(point.x).toBeCloseTo(box.left + index * step, 0));
  });

  test("returns no points when every rating is in default, and no NaN for a single rating", () => {
    expect(plotRatings([{ name: "D", value: 20, defaulted: true }], box)).toEqual([]);
    const [only] = plotRatings([{ name: "A", value: 80 }], box);
    expect(Number.isFinite(only!.x) && Number.isFinite(only!.y)).toBe(true);
  });
});

describe("pointLabel", () => {
  // The chart's own box (src/components/charts/RiskReturnChart.astro) and the ratings of content/types.json.
  const chart = { width: 320, height: 236, left: 28, right: 18, top: 34, bottom: 40 };
  const floor = chart.height - chart.bottom;
  const points = plotRatings(ratings, chart);

  test("puts a label below and right of its point, the last one left of it", () => {
    expect(pointLabel({ x: 100, y: 100 }, false, floor)).toEqual({ x: 107, y: 112, anchor: "start" });
    expect(pointLabel({ x: 300, y: 40 }, true, floor)).toEqual({ x: 293, y: 44, anchor: "end" });
  });

  test("no label's capitals cross the x axis: one that would goes under it", () => {
    for (const [index, point] of points.entries()) {
      const { y } = pointLabel(point, index === points.length - 1, floor);
      // The capitals span from 9 units above the baseline to the baseline.
      expect(y <= floor - 1 || y - 9 >= floor + 2, point.label).toBe(true);
    }
    // AA, just above the axis, is moved under it, beside AAA's label.
    const aa = points.find((point) => point.label === "AA")!;
    expect(aa.y + 12).toBeGreaterThan(floor);
    expect(pointLabel(aa, false, floor).y).toBe(floor + 13);
  });
});

describe("pathThrough", () => {
  test("returns a move then a line to each further point", () => {
    expect(
      pathThrough([
        { x: 1, y: 2 },
        { x: 3, y: 4 },
        { x: 5, y: 6 },
      ]),
    ).toBe("M1 2 L3 4 L5 6");
  });
});

describe("gradeLine", () => {
  test("returns the midpoint between the last investment-grade and first high-yield positions", () => {
    expect(gradeLine(100, 140, 0)).toBe(120);
  });

  test("returns the fallback when either side is missing", () => {
    expect(gradeLine(undefined, 140, 7)).toBe(7);
    expect(gradeLine(100, undefined, 7)).toBe(7);
  });
});

describe("ladderRungs", () => {
  const investment = ratings.slice(0, 4);
  const high = ratings.slice(4);
  const { rungs, split } = ladderRungs(investment, high, { top: 20, bottom: 180 });

  test("returns every rating, defaults included, safest at the top and the riskiest at the bottom", () => {
    expect(rungs.map((rung) => rung.label)).toEqual(["AAA", "AA", "A", "BBB", "BB", "B", "CCC", "D"]);
    expect(rungs[0]!.y).toBe(20);
    expect(rungs.at(-1)).toMatchObject({ y: 180, defaulted: true, investmentGrade: false });
  });

  test("spaces the rungs by the same credit risk as the risk–return points", () => {
    // Credit risk runs 0–80: each 10 points is 20 units; D (risk 80) sits twice as far below CCC.
    expect(rungs.map((rung) => rung.y)).toEqual([20, 40, 60, 80, 100, 120, 140, 180]);
    expect(
      rungs.map((rung) => creditRisk({ value: ratings.find((r) => shortRating(r.name) === rung.label)!.value })),
    ).toEqual([0, 10, 20, 30, 40, 50, 60, 80]);
  });

  test("returns the grade line between BBB and BB", () => {
    expect(split).toBe(90);
  });

  test("returns no rungs for an empty scale", () => {
    expect(ladderRungs([], [], { top: 0, bottom: 10 }).rungs).toEqual([]);
  });
});
