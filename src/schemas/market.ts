/** content/market.json: every figure on /analysis. */
import { z } from "astro/zod";
import { isoDay, nonEmpty } from "./fields";

/** At most `places` decimal places: the page shows that many, and would round a figure with more without a word. */
const shownTo = (places: number) => (value: number) => Number(value.toFixed(places)) === value;
const oneDecimal = {
  message: "at most one decimal place: the page shows one, so 5.25 would show as 5.3 (write 5.3, or 5.2)",
};
const percent = z.number().min(-100).max(100).refine(shownTo(1), oneDecimal);
const trend = z.enum(["up", "down", "flat"]);

export const marketSchema = z.strictObject({
  /**
   * Said beside the yields and the indicators: what period the figures describe and that they are not live,
   * e.g. "Illustrative snapshot of mid-2023 market levels, rounded; not live data."
   */
  snapshot: nonEmpty,
  yields: z.strictObject({ investmentGrade: percent, highYield: percent }),
  /** Option-adjusted spreads in basis points. */
  spreads: z.strictObject({
    investmentGrade: z.number().int().nonnegative(),
    highYield: z.number().int().nonnegative(),
  }),
  /** Said under the spreads: what each spread is measured against. */
  spreadsNote: nonEmpty,
  sectors: z.array(z.strictObject({ sector: nonEmpty, ytdReturn: percent, avgYield: percent, trend })).min(1),
  /** What the sector table's Trend column means, shown with the table. */
  trendNote: nonEmpty,
  fundFlows: z.strictObject({
    /** Billions of US dollars. */
    investmentGrade: z.number().refine(shownTo(1), oneDecimal),
    highYield: z.number().refine(shownTo(1), oneDecimal),
    /** What was measured and over what period, e.g. "Net flows into … over one week". */
    period: nonEmpty,
  }),
  indicators: z
    .array(
      z.strictObject({
        label: nonEmpty,
        value: percent,
        /** What the figure is, shown under its label: "top of the 5.25–5.50% target range", "12-month change". */
        note: nonEmpty.optional(),
      }),
    )
    .min(1),
  outlook: z.strictObject({
    interestRates: z.array(nonEmpty).min(1),
    creditPositives: z.array(nonEmpty).min(1),
    creditWatch: z.array(nonEmpty).min(1),
    technical: nonEmpty,
  }),
  quote: nonEmpty,
  /**
   * The words around the figures: the sidebar's and the outlook's headings, the yields' date line, the grades'
   * names, the sector table's column names.
   */
  labels: z.strictObject({
    indicators: nonEmpty,
    dataAsOf: nonEmpty,
    /** Before today's date beside the yields. */
    lastUpdated: nonEmpty,
    /** The two grades' names over the yields and the spreads. */
    investmentGrade: nonEmpty,
    highYield: nonEmpty,
    updates: nonEmpty,
    outlook: z.strictObject({
      interestRates: nonEmpty,
      creditQuality: nonEmpty,
      creditPositives: nonEmpty,
      creditWatch: nonEmpty,
      technical: nonEmpty,
      fundFlows: nonEmpty,
      investmentGrade: nonEmpty,
      highYield: nonEmpty,
    }),
    sectorColumns: z.strictObject({ sector: nonEmpty, ytdReturn: nonEmpty, avgYield: nonEmpty, trend: nonEmpty }),
  }),
  updates: z.array(z.strictObject({ date: isoDay, title: nonEmpty, summary: nonEmpty })).min(1),
});
export type Market = z.infer<typeof marketSchema>;
