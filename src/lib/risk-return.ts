/**
 * Geometry of the risk–return picture on /types (docs/decisions.md, "Charts"), computed from the rating
 * scale in content/types.json. Credit risk is the complement of the rating's
 * credit-quality score; the curve is the textbook shape (required yield rises
 * faster as quality falls), not actual yields, so the y axis carries no numbers.
 */
export interface RatingPoint {
  /** The rating as written in content, e.g. "AAA/Aaa". */
  name: string;
  /** Credit-quality score, 0–100. */
  value: number;
  defaulted?: boolean | undefined;
}

export interface PlottedPoint {
  /** The short rating shown on the chart, e.g. "AAA". */
  label: string;
  name: string;
  x: number;
  y: number;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Inner margins for the axes and labels. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** "AAA/Aaa" → "AAA": the S&P/Fitch form, short enough to label a point. */
export function shortRating(name: string): string {
  return name.split("/")[0]!.trim();
}

/** Credit risk of a rating, 0–100: the complement of its credit-quality score. */
export const creditRisk = (rating: Pick<RatingPoint, "value">): number => 100 - rating.value;

/** Relative yield demanded for a credit risk of 0–1: convex, 0 at no risk, 1 at full risk. */
export function requiredYield(risk: number): number {
  const k = 2.2;
  return (Math.exp(k * risk) - 1) / (Math.exp(k) - 1);
}

/**
 * Places each rating that is not in default on the curve, in the order given.
 * x grows with credit risk (100 − quality) and y with the yield demanded; both
 * are scaled to the span of the ratings plotted so the picture fills the box.
 */
export function plotRatings(ratings: readonly RatingPoint[], box: ChartBox): PlottedPoint[] {
  const live = ratings.filter((rating) => !rating.defaulted);
  if (live.length === 0) return [];
  const risks = live.map(creditRisk);
  const min = Math.min(...risks);
  const span = Math.max(...risks) - min || 1;
  const innerWidth = box.width - box.left - box.right;
  const innerHeight = box.height - box.top - box.bottom;
  return live.map((rating, index) => {
    const risk = (risks[index]! - min) / span;
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      label: shortRating(rating.name),
      name: rating.name,
      x: round(box.left + risk * innerWidth),
      y: round(box.top + (1 - requiredYield(risk)) * innerHeight),
    };
  });
}

/** A point's label: 12 px capitals, their top this far above the baseline. */
const LABEL_CAP_HEIGHT = 9;

/**
 * Where a point's label goes: below and to the right of its point, the last one (the top right) to its left; a
 * label that would cross the x axis at `floor` (a point just above it) goes under the axis, as the first point's
 * does, rather than have the axis strike through its letters.
 */
export function pointLabel(point: { x: number; y: number }, last: boolean, floor: number) {
  if (last) return { x: point.x - 7, y: point.y + 4, anchor: "end" as const };
  const baseline = point.y + 12;
  const crosses = baseline > floor - 1 && baseline - LABEL_CAP_HEIGHT < floor + 2;
  return { x: point.x + 7, y: crosses ? floor + LABEL_CAP_HEIGHT + 4 : baseline, anchor: "start" as const };
}

/** An SVG path through the points: straight segments are enough at this density. */
export function pathThrough(points: readonly { x: number; y: number }[]): string {
  return points.map((point, index) => `${index === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" ");
}

/** Midway between the last investment-grade position and the first high-yield one: where the zones meet. */
export function gradeLine(lastInvestment: number | undefined, firstHighYield: number | undefined, fallback: number) {
  return lastInvestment !== undefined && firstHighYield !== undefined
    ? (lastInvestment + firstHighYield) / 2
    : fallback;
}

export interface LadderRung {
  label: string;
  name: string;
  /** Vertical position: the higher the credit risk, the lower the rung. */
  y: number;
  defaulted: boolean;
  investmentGrade: boolean;
}

/**
 * The rating scale as a risk ladder on /types: every rating, defaults
 * included, from the safest at `top` to the riskiest at `bottom`, spaced by
 * the same credit risk (100 − quality) that places the risk–return points.
 */
export function ladderRungs(
  investmentGrade: readonly RatingPoint[],
  highYield: readonly RatingPoint[],
  { top, bottom }: { top: number; bottom: number },
): { rungs: LadderRung[]; split: number } {
  const all = [
    ...investmentGrade.map((rating) => ({ rating, investmentGrade: true })),
    ...highYield.map((rating) => ({ rating, investmentGrade: false })),
  ];
  if (all.length === 0) return { rungs: [], split: bottom };
  const risks = all.map(({ rating }) => creditRisk(rating));
  const min = Math.min(...risks);
  const span = Math.max(...risks) - min || 1;
  const rungs = all.map(({ rating, investmentGrade }, index) => ({
    label: shortRating(rating.name),
    name: rating.name,
    y: Math.round((top + ((risks[index]! - min) / span) * (bottom - top)) * 10) / 10,
    defaulted: rating.defaulted === true,
    investmentGrade,
  }));
  const split = gradeLine(rungs[investmentGrade.length - 1]?.y, rungs[investmentGrade.length]?.y, bottom);
  return { rungs, split };
}
