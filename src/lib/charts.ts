/**
 * Geometry of the build-time charts on /analysis and /strategies: scales, bar
 * positions and label placement, in SVG user units. Pure functions of the
 * content figures; d3-scale is used here at build time only (no chart code
 * reaches the browser). Every number is rounded to 0.1 so the markup is short.
 */
import { scaleLinear } from "d3-scale";
import type { MaturityRange } from "./maturity";

/** The words every chart takes from the page's MDX file, where the chart is placed. */
export interface ChartText {
  /** The chart's name: its accessible name and the heading of its table. */
  title: string;
  /** The visible line under the chart. */
  caption: string;
}

/** Every chart's width in SVG user units; it scales to its column, so this sets the text size against the bars. */
export const CHART_WIDTH = 340;

/** Rounds to one decimal: enough precision for SVG, short markup. */
export const round = (n: number): number => Math.round(n * 10) / 10;

/** A linear scale from `domain` to `range` that returns rounded positions. */
export function linear(domain: [number, number], range: [number, number]): (value: number) => number {
  const scale = scaleLinear().domain(domain).range(range);
  return (value) => round(scale(value));
}

/**
 * A generous estimate of a label's width in user units (0.6 em a character,
 * 0.66 em in bold: wide enough for the widest fallback sans, DejaVu Sans), for
 * sizing label gutters and deciding whether a label fits inside a bar. With
 * `spaced`, it also allows for the letter and word spacing a reader may set
 * (WCAG 1.4.12: 0.12 em more a character, 0.16 em more a space), for room that
 * a label which grows towards another must leave.
 */
export function estimateTextWidth(text: string, fontSize: number, { bold = false, spaced = false } = {}): number {
  const spacing = spaced ? text.length * 0.12 + (text.match(/ /g)?.length ?? 0) * 0.16 : 0;
  return round((text.length * (bold ? 0.66 : 0.6) + spacing) * fontSize);
}

/**
 * Splits a label into lines of at most `maxChars` characters at spaces (a
 * single longer word stays whole), so labels fit narrow columns.
 */
export function wrapLabel(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export interface Bar {
  label: string;
  value: number;
  /** Top of the bar. */
  y: number;
  /** Left edge and width of the bar. */
  x: number;
  width: number;
}

/**
 * Horizontal bars on one scale from 0 to `max` (default: the largest value),
 * starting at `x0` and at most `span` long, one row every `step` from `top`.
 */
export function horizontalBars(
  items: readonly { label: string; value: number }[],
  { x0, span, top, step, max }: { x0: number; span: number; top: number; step: number; max?: number },
): Bar[] {
  const scale = linear([0, max ?? (Math.max(0, ...items.map((item) => item.value)) || 1)], [0, span]);
  return items.map((item, index) => ({
    label: item.label,
    value: item.value,
    x: x0,
    y: round(top + index * step),
    width: Math.max(0, scale(Math.max(0, item.value))),
  }));
}

export interface DivergingBar extends Bar {
  /** Where the value label goes and how it is anchored: past the bar's end, away from zero. */
  valueX: number;
  valueAnchor: "start" | "end";
  positive: boolean;
}

/**
 * Bars growing right of a zero line for positive values and left of it for
 * negative ones. The plot runs from `x0` to `x1`, leaving `labelRoom` on each
 * side for the value labels; zero sits where the data put it.
 */
export function divergingBars(
  items: readonly { label: string; value: number }[],
  { x0, x1, top, step, labelRoom }: { x0: number; x1: number; top: number; step: number; labelRoom: number },
): { zeroX: number; bars: DivergingBar[] } {
  const values = items.map((item) => item.value);
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const left = min < 0 ? x0 + labelRoom : x0;
  const right = max > 0 ? x1 - labelRoom : x1;
  const scale = linear([min, max === min ? 1 : max], [left, right]);
  const zeroX = scale(0);
  const gap = 4;
  return {
    zeroX,
    bars: items.map((item, index) => {
      const end = scale(item.value);
      const positive = item.value >= 0;
      return {
        label: item.label,
        value: item.value,
        y: round(top + index * step),
        x: Math.min(zeroX, end),
        width: round(Math.abs(end - zeroX)),
        positive,
        valueX: round(positive ? end + gap : end - gap),
        valueAnchor: positive ? "start" : "end",
      };
    }),
  };
}

export interface Segment {
  label: string;
  value: number;
  x: number;
  width: number;
  /** Centre of the segment, for a label inside it. */
  mid: number;
  /** True when a label of `minLabelWidth` fits inside the segment. */
  fits: boolean;
}

/** Parts of a whole laid end to end from `x0` over `span` (a stacked bar), in the order given. */
export function stackedSegments(
  parts: readonly { label: string; value: number }[],
  { x0, span, minLabelWidth = 36 }: { x0: number; span: number; minLabelWidth?: number },
): Segment[] {
  const total = parts.reduce((sum, part) => sum + part.value, 0) || 1;
  let start = 0;
  return parts.map((part) => {
    const x = x0 + (start / total) * span;
    const width = (part.value / total) * span;
    start += part.value;
    return {
      label: part.label,
      value: part.value,
      x: round(x),
      width: round(width),
      mid: round(x + width / 2),
      fits: width >= minLabelWidth,
    };
  });
}

export interface Panel {
  label: string;
  value: number;
  /** Left edge and width of the panel, and of the column inside it. */
  x: number;
  width: number;
  barX: number;
  barWidth: number;
  /** Top of the column (its base is the strip's baseline). */
  barY: number;
  /** Centre of the panel, for its labels. */
  mid: number;
}

/**
 * Small multiples: one equal panel per item across `width`, each with a
 * column on the same 0–`max` scale (default: the largest value) rising from
 * `baseline` by at most `height`.
 */
export function smallMultiples(
  items: readonly { label: string; value: number }[],
  {
    width,
    baseline,
    height,
    gap = 6,
    max,
  }: { width: number; baseline: number; height: number; gap?: number; max?: number },
): Panel[] {
  const count = Math.max(items.length, 1);
  const panelWidth = (width - gap * (count - 1)) / count;
  const barWidth = Math.min(28, panelWidth * 0.5);
  const scale = linear([0, max ?? Math.max(...items.map((item) => item.value), 1)], [0, height]);
  return items.map((item, index) => {
    const x = index * (panelWidth + gap);
    const barHeight = scale(Math.max(0, item.value));
    return {
      label: item.label,
      value: item.value,
      x: round(x),
      width: round(panelWidth),
      barX: round(x + (panelWidth - barWidth) / 2),
      barWidth: round(barWidth),
      barY: round(baseline - barHeight),
      mid: round(x + panelWidth / 2),
    };
  });
}

export interface MaturityBlock {
  label: string;
  share: number;
  x: number;
  width: number;
  y: number;
  height: number;
  /** True when the range has no upper end and the block runs off the axis. */
  open: boolean;
}

/**
 * The barbell on a maturity axis: one block per range, as wide as its years
 * and as tall as its share. An open range runs to the axis end, which is half
 * again past the last year named (so "10+" reads as running on).
 */
export function maturityBlocks(
  ends: readonly { label: string; range: MaturityRange; share: number }[],
  { x0, x1, baseline, height }: { x0: number; x1: number; baseline: number; height: number },
): { axisMax: number; x: (years: number) => number; blocks: MaturityBlock[] } {
  const lastYear = Math.max(...ends.map((end) => end.range.to ?? end.range.from), 1);
  const axisMax = Math.ceil(lastYear * 1.5);
  const x = linear([0, axisMax], [x0, x1]);
  const y = linear([0, Math.max(...ends.map((end) => end.share), 1)], [0, height]);
  return {
    axisMax,
    x,
    blocks: ends.map((end) => {
      const left = x(end.range.from);
      const right = x(end.range.to ?? axisMax);
      return {
        label: end.label,
        share: end.share,
        x: left,
        width: round(right - left),
        y: round(baseline - y(end.share)),
        height: y(end.share),
        open: end.range.to === undefined,
      };
    }),
  };
}

export interface Rung {
  /** Years to maturity of this rung's bonds. */
  years: number;
  /** Share of the money in this rung, in percent. */
  share: number;
  y: number;
  x: number;
  width: number;
}

/**
 * A ladder: equal amounts maturing every year from `firstYear` to `lastYear`,
 * each rung a bar from today (x0) to its maturity, one row every `step`.
 */
export function ladderRungs(
  { firstYear, lastYear }: { firstYear: number; lastYear: number },
  { x0, x1, top, step }: { x0: number; x1: number; top: number; step: number },
): { x: (years: number) => number; rungs: Rung[] } {
  const count = Math.max(lastYear - firstYear + 1, 1);
  const x = linear([0, lastYear], [x0, x1]);
  const share = round(100 / count);
  const rungs = Array.from({ length: count }, (_, index) => {
    const years = firstYear + index;
    return { years, share, y: round(top + index * step), x: x0, width: round(x(years) - x0) };
  });
  return { x, rungs };
}

/**
 * Round values to mark an axis from `min` to `max` with: the multiples of one step (1, 2 or 5 × a power of ten)
 * that fall inside, the largest step that gives at least `least` of them.
 */
export function niceTicks(min: number, max: number, least = 3): number[] {
  const span = max - min;
  if (!(span > 0) || !Number.isFinite(span)) return [min];
  const within = (step: number) => {
    const first = Math.ceil(min / step - 1e-9);
    const last = Math.floor(max / step + 1e-9);
    return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => (first + i) * step);
  };
  for (let power = Math.ceil(Math.log10(span)); ; power--) {
    for (const multiple of [5, 2, 1]) {
      const step = multiple * 10 ** power;
      const ticks = within(step);
      // Written to the step's own decimals, so 0.1 × 3 reads 0.3, not 0.30000000000000004.
      if (ticks.length >= least) return ticks.map((tick) => Number(tick.toFixed(Math.max(0, -power))));
    }
  }
}
