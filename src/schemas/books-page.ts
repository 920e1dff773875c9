/** content/books-page.json: the texts of /books around the catalogue. */
import { z } from "astro/zod";
import { nonEmpty } from "./fields";

/**
 * content/books-page.json: the texts of /books around the catalogue.
 * `{retailer}` and `{institution}` are replaced by the names in content/site.json.
 */
export const booksPageSchema = z.strictObject({
  /** "Back to Home" (the arrow is added). */
  backLabel: nonEmpty,
  /** The partner institution's promotional banner. */
  banner: z.strictObject({
    /** Small label above the heading, e.g. "From our partner". */
    kicker: nonEmpty.optional(),
    heading: nonEmpty,
    paragraphs: z.array(nonEmpty).min(1),
    /** "Apply for Admission" (the arrow is added). */
    applyLabel: nonEmpty,
    learnMoreLabel: nonEmpty,
    tagline: nonEmpty,
  }),
  shelf: z.strictObject({
    /** "View All Books on {retailer}" (the arrow is added). */
    viewAllLabel: nonEmpty,
    /** "View on {retailer}", on every card (the arrow is added). */
    viewOneLabel: nonEmpty,
    /** Optional line above the grid, e.g. to say the catalogue is a sample. */
    notice: nonEmpty.optional(),
  }),
});
