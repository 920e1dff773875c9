/** content/strategies.json: the figures on /strategies. */
import { z } from "astro/zod";
import { parseMaturity } from "../lib/maturity";
import { nonEmpty, noteSchema, share } from "./fields";

const sumsTo100 = (parts: number[]) => parts.reduce((sum, part) => sum + part, 0) === 100;

/** content/strategies.json: the figures on /strategies and its sidebar. */
export const strategiesSchema = z.strictObject({
  /** The ladder drawn on /strategies: equal amounts maturing every year from `firstYear` to `lastYear`. */
  ladder: z
    .strictObject({ firstYear: z.number().int().min(1), lastYear: z.number().int().max(30) })
    .refine((ladder) => ladder.lastYear > ladder.firstYear, { message: "lastYear must come after firstYear" }),
  /** The barbell's two ends; shares must add up to 100. `maturity` is drawn too: "1–3 years", "10+ years". */
  barbell: z
    .array(
      z.strictObject({
        label: nonEmpty,
        maturity: nonEmpty.refine((text) => parseMaturity(text) !== undefined, {
          message: 'write the maturity as "1–3 years", "10+ years" or "5 years"',
        }),
        share,
      }),
    )
    .length(2, { message: "must list the 2 ends of the barbell" })
    .refine((ends) => sumsTo100(ends.map((end) => end.share)), { message: "shares must add up to 100" }),
  /** Model mixes of investment grade and high yield; each must add up to 100. */
  allocations: z
    .array(z.strictObject({ name: nonEmpty, investmentGrade: share, highYield: share, text: nonEmpty }))
    .min(1)
    .superRefine((models, ctx) =>
      models.forEach((model, index) => {
        if (!sumsTo100([model.investmentGrade, model.highYield]))
          ctx.addIssue({ code: "custom", path: [index], message: "investmentGrade + highYield must add up to 100" });
      }),
    ),
  riskTips: z.strictObject({ heading: nonEmpty, items: z.array(noteSchema).min(1) }),
  environment: z.strictObject({
    heading: nonEmpty,
    items: z.array(z.strictObject({ condition: nonEmpty, approach: nonEmpty, text: nonEmpty })).min(1),
    /** Said under the items: what the rules assume (rates moving by more than the market expects). */
    note: nonEmpty.optional(),
  }),
});
export type Strategies = z.infer<typeof strategiesSchema>;
