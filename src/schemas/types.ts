/** content/types.json: the bars on /types and its risk–return chart. */
import { z } from "astro/zod";
import { nonEmpty, share } from "./fields";

/** One bar of a risk or credit-quality scale on /types. */
export const scaleItemSchema = z.strictObject({
  /** "Secured Bonds", or a rating as "S&P-Fitch/Moody's", e.g. "AAA/Aaa". */
  name: nonEmpty,
  /** How full the bar is, 0–100. */
  value: share,
  /** Short verbal level shown with the bar, e.g. "Lower Risk". */
  label: nonEmpty,
  /** A sentence or two explaining the item, shown under its bar. */
  text: nonEmpty.optional(),
  /** True for a rating that means the issuer has defaulted (left off the risk–return chart). */
  defaulted: z.boolean().optional(),
});

/** A group of bars measuring one thing ("Risk level", "Credit quality"). */
const scaleSchema = z.strictObject({
  measure: nonEmpty,
  /** How to read the bars, shown above them, e.g. "A longer bar means more risk of loss." */
  legend: nonEmpty.optional(),
  items: z.array(scaleItemSchema).min(1),
});

/** content/types.json: the bars on /types and the sidebar's risk–return chart. */
export const typesSchema = z.strictObject({
  security: scaleSchema,
  investmentGrade: scaleSchema,
  highYield: scaleSchema,
  chart: z.strictObject({ title: nonEmpty, caption: nonEmpty, xLabel: nonEmpty, yLabel: nonEmpty }),
});
