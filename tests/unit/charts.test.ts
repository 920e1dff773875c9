import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  divergingBars,
  estimateTextWidth,
  horizontalBars,
  ladderRungs,
  linear,
  niceTicks,
  maturityBlocks,
  smallMultiples,
  stackedSegments,
  wrapLabel,
} from "../../src/lib/charts";
import { parseMaturity } from "../../src/lib/maturity";
import { strategiesSchema } from "../../src/schemas";

const strategies = JSON.parse(readFileSync("content/strategies.json", "utf-8"));

describe("niceTicks", () => {
  test("marks round values inside the range, the largest step of 1, 2 or 5 × a power of ten that gives enough", () => {
    // The calculator's axes: 3 points either side of a 4.969% yield, every whole percent; a price range, every 5.
    expect(niceTicks(1.969, 7.969, 4)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(niceTicks(83.3, 109.2)).toEqual([85, 90, 95, 100, 105]);
    expect(niceTicks(0, 165.1)).toEqual([0, 50, 100, 150]);
    // A bond days from maturity moves by hundredths; decimals come out as written, not as binary fractions.
    expect(niceTicks(99.97, 100.02)).toEqual([99.98, 100, 100.02]);
    expect(niceTicks(0.05, 0.35)).toEqual([0.1, 0.2, 0.3]);
    expect(niceTicks(-50, -44)).toEqual([-50, -48, -46, -44]);
  });

  test("gives the one value of a range with no width, and never loops on a range that is not finite", () => {
    expect(niceTicks(96.2, 96.2)).toEqual([96.2]);
    expect(niceTicks(0, Number.POSITIVE_INFINITY)).toEqual([0]);
  });
});

describe("linear", () => {
  test("maps the domain onto the range, rounded to 0.1", () => {
    const x = linear([0, 3], [10, 20]);
    expect(x(0)).toBe(10);
    expect(x(3)).toBe(20);
    expect(x(1)).toBe(13.3);
  });
});

describe("estimateTextWidth", () => {
  test("returns a width that grows with the text, the font size and bold weight", () => {
    expect(estimateTextWidth("abcd", 10)).toBe(24);
    expect(estimateTextWidth("abcd", 20)).toBe(48);
    expect(estimateTextWidth("abcd", 10, { bold: true })).toBeGreaterThan(estimateTextWidth("abcd", 10));
  });

  test("spaced, allows for WCAG 1.4.12's 0.12 em more a character and 0.16 em more a space", () => {
    // 5 characters at 0.6 em, then 5 × 0.12 em and 1 × 0.16 em: 3.76 em at 10 px.
    expect(estimateTextWidth("ab cd", 10, { spaced: true })).toBe(37.6);
  });
});

describe("wrapLabel", () => {
  test("returns one line when the label fits", () => {
    expect(wrapLabel("Fed Funds", 10)).toEqual(["Fed Funds"]);
  });

  test("breaks at spaces so no line passes the limit, keeping a long word whole", () => {
    expect(wrapLabel("Consumer Discretionary", 13)).toEqual(["Consumer", "Discretionary"]);
    expect(wrapLabel("10-Year Treasury", 10)).toEqual(["10-Year", "Treasury"]);
    expect(wrapLabel("Supercalifragilistic", 5)).toEqual(["Supercalifragilistic"]);
  });
});

describe("horizontalBars", () => {
  const items = [
    { label: "Investment grade", value: 120 },
    { label: "High yield", value: 380 },
  ];

  test("returns the largest value at the full span and the others in proportion", () => {
    const bars = horizontalBars(items, { x0: 100, span: 200, top: 10, step: 30 });
    expect(bars.map((bar) => bar.width)).toEqual([63.2, 200]);
    expect(bars.map((bar) => bar.x)).toEqual([100, 100]);
    expect(bars.map((bar) => bar.y)).toEqual([10, 40]);
  });

  test("returns widths on a given maximum, and no negative width", () => {
    const bars = horizontalBars([...items, { label: "Loss", value: -5 }], {
      x0: 0,
      span: 100,
      top: 0,
      step: 1,
      max: 400,
    });
    expect(bars.map((bar) => bar.width)).toEqual([30, 95, 0]);
  });
});

describe("divergingBars", () => {
  const items = [
    { label: "Gain", value: 3 },
    { label: "Loss", value: -1 },
  ];
  const { zeroX, bars } = divergingBars(items, { x0: 100, x1: 300, top: 0, step: 20, labelRoom: 20 });

  test("puts zero where the data put it, leaving room for labels on both sides", () => {
    // The plot runs 120–280 for the values −1 to 3: zero sits a quarter of the way.
    expect(zeroX).toBe(160);
  });

  test("returns positive bars starting at zero and negative ones ending there, lengths in proportion", () => {
    const [gain, loss] = bars;
    expect(gain).toMatchObject({ x: 160, width: 120, positive: true, valueAnchor: "start" });
    expect(loss).toMatchObject({ x: 120, width: 40, positive: false, valueAnchor: "end" });
    expect(gain!.width / loss!.width).toBe(3);
  });

  test("places each value label past the bar's far end, away from zero", () => {
    const [gain, loss] = bars;
    expect(gain!.valueX).toBeGreaterThan(gain!.x + gain!.width);
    expect(loss!.valueX).toBeLessThan(loss!.x);
  });

  test("returns zero at the left edge when every value is positive", () => {
    const result = divergingBars([{ label: "A", value: 2 }], { x0: 0, x1: 100, top: 0, step: 10, labelRoom: 10 });
    expect(result.zeroX).toBe(0);
    expect(result.bars[0]!.width).toBe(90);
  });
});

describe("stackedSegments", () => {
  test("lays the parts end to end over the span in proportion", () => {
    const segments = stackedSegments(
      [
        { label: "Investment grade", value: 80 },
        { label: "High yield", value: 20 },
      ],
      { x0: 10, span: 200 },
    );
    expect(segments.map((segment) => [segment.x, segment.width, segment.mid])).toEqual([
      [10, 160, 90],
      [170, 40, 190],
    ]);
  });

  test("says whether a label fits inside each part", () => {
    const segments = stackedSegments(
      [
        { label: "Big", value: 95 },
        { label: "Small", value: 5 },
      ],
      { x0: 0, span: 100, minLabelWidth: 20 },
    );
    expect(segments.map((segment) => segment.fits)).toEqual([true, false]);
  });
});

describe("smallMultiples", () => {
  const items = [
    { label: "A", value: 4 },
    { label: "B", value: 8 },
  ];
  const panels = smallMultiples(items, { width: 210, baseline: 100, height: 80, gap: 10 });

  test("returns equal panels across the width with the gap between them", () => {
    expect(panels.map((panel) => [panel.x, panel.width])).toEqual([
      [0, 100],
      [110, 100],
    ]);
  });

  test("returns columns on one shared scale, rising from the baseline", () => {
    expect(panels.map((panel) => panel.barY)).toEqual([60, 20]);
    const onEight = smallMultiples(items, { width: 210, baseline: 100, height: 80, max: 16 });
    expect(onEight.map((panel) => 100 - panel.barY)).toEqual([20, 40]);
  });
});

describe("ladderRungs", () => {
  const { rungs, x } = ladderRungs({ firstYear: 1, lastYear: 10 }, { x0: 40, x1: 240, top: 5, step: 10 });

  test("returns one rung a year with an equal share each", () => {
    expect(rungs.map((rung) => rung.years)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(rungs.map((rung) => rung.share))).toEqual(new Set([10]));
  });

  test("returns rungs reaching from today to their maturity, the longest at the full width", () => {
    expect(rungs.map((rung) => rung.width)).toEqual([20, 40, 60, 80, 100, 120, 140, 160, 180, 200]);
    expect(x(10)).toBe(240);
    expect(rungs.map((rung) => rung.y)).toEqual([5, 15, 25, 35, 45, 55, 65, 75, 85, 95]);
  });

  test("rounds uneven shares", () => {
    expect(ladderRungs({ firstYear: 1, lastYear: 3 }, { x0: 0, x1: 3, top: 0, step: 1 }).rungs[0]!.share).toBe(33.3);
  });
});

describe("parseMaturity", () => {
  test("reads ranges with an en dash or hyphen, open ends and single years", () => {
    expect(parseMaturity("1–3 years")).toEqual({ from: 1, to: 3 });
    expect(parseMaturity("1-3 years")).toEqual({ from: 1, to: 3 });
    expect(parseMaturity("10+ years")).toEqual({ from: 10, to: undefined });
    expect(parseMaturity("1 year")).toEqual({ from: 1, to: 1 });
  });

  test("returns undefined for text it cannot draw", () => {
    expect(parseMaturity("long term")).toBeUndefined();
    expect(parseMaturity("5–3 years")).toBeUndefined();
    expect(parseMaturity("")).toBeUndefined();
  });
});

describe("maturityBlocks", () => {
  const ends = [
    { label: "Short", share: 50, range: { from: 1, to: 3 } },
    { label: "Long", share: 50, range: { from: 10, to: undefined } },
  ];
  const { axisMax, x, blocks } = maturityBlocks(ends, { x0: 0, x1: 150, baseline: 100, height: 60 });

  test("runs the axis half again past the last year named", () => {
    expect(axisMax).toBe(15);
    expect(x(15)).toBe(150);
  });

  test("returns blocks as wide as their years and as tall as their share", () => {
    expect(blocks[0]).toMatchObject({ x: 10, width: 20, y: 40, height: 60, open: false });
    expect(blocks[1]).toMatchObject({ x: 100, width: 50, open: true });
  });
});

describe("strategiesSchema (chart fields)", () => {
  test("accepts the shipped ladder and barbell", () => {
    expect(strategiesSchema.safeParse(strategies).success).toBe(true);
  });

  test("refuses a barbell maturity the chart cannot read", () => {
    const broken = structuredClone(strategies);
    broken.barbell[0].maturity = "short term";
    const result = strategiesSchema.safeParse(broken);
    expect(result.error?.issues[0]?.path).toEqual(["barbell", 0, "maturity"]);
  });

  test("refuses a ladder that ends before it starts", () => {
    const broken = structuredClone(strategies);
    broken.ladder = { firstYear: 5, lastYear: 2 };
    expect(strategiesSchema.safeParse(broken).error?.issues[0]?.message).toBe("lastYear must come after firstYear");
  });
});
