/**
 * Geometry of the risk–return picture on /types (D6), computed from the rating
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
  const risks = live.map((rating) => 100 - rating.value);
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

/** An SVG path through the points: straight segments are enough at this density. */
export function pathThrough(points: readonly { x: number; y: number }[]): string {
  return points.map((point, index) => `${index === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" ");
}
