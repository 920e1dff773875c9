/** content/glossary.json: the bond glossary's terms, in four categories. */
import { z } from "astro/zod";
import { nonEmpty } from "./fields";

export const glossaryCategories = [
  "Basic Terms",
  "Bond Characteristics",
  "Credit Analysis",
  "Market Mechanics",
] as const;

export const glossaryTermSchema = z.strictObject({
  term: nonEmpty,
  category: z.enum(glossaryCategories, {
    error: `must be one of: ${glossaryCategories.join(", ")}`,
  }),
  definition: nonEmpty,
  /** Other terms (by their exact name) worth reading next. */
  related: z.array(nonEmpty).optional(),
});
