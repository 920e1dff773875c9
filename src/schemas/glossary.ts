/** content/glossary.json: the bond glossary's terms, in four categories. */
import { z } from "astro/zod";
import { slugify } from "../lib/slug";
import { nonEmpty } from "./fields";

export const glossaryCategories = [
  "Basic Terms",
  "Bond Characteristics",
  "Credit Analysis",
  "Market Mechanics",
] as const;

export const glossaryTermSchema = z.strictObject({
  /** Its letters and digits make its address: "Yield to Maturity (YTM)" is /resources#yield-to-maturity-ytm. */
  term: nonEmpty.refine((term) => slugify(term) !== "", {
    message: "needs at least one letter a–z or digit 0–9, which make the term's address on /resources (#…)",
  }),
  category: z.enum(glossaryCategories, {
    error: `must be one of: ${glossaryCategories.join(", ")}`,
  }),
  definition: nonEmpty,
  /** Other terms (by their exact name) worth reading next. */
  related: z.array(nonEmpty).optional(),
});

/** The whole file: without a term, /resources would show an empty glossary and the lessons would define none. */
export const glossarySchema = z.array(glossaryTermSchema).min(1, {
  message: "lists no terms (/resources would show an empty glossary, and the lessons would link no term to one)",
});
