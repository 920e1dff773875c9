/** content/books-page.json: the texts of /books around the catalogue. */
import { z } from "astro/zod";
import { nonEmpty, withPlaceholders } from "./fields";

/**
 * The texts in which /books replaces `{retailer}` and `{institution}` with the names in content/site.json: the
 * banner's paragraphs and the shelf's two link labels. Either may be left out (a label may name the retailer
 * itself); anywhere else on the page, braces are shown as written.
 */
const filled = withPlaceholders({
  retailer: "the retailer's name (content/site.json → retailer)",
  institution: "the partner institution's name (content/site.json → institution)",
});

/** content/books-page.json: the texts of /books around the catalogue. */
export const booksPageSchema = z.strictObject({
  /** "Back to Home" (the arrow is added). */
  backLabel: nonEmpty,
  /** The partner institution's promotional banner. */
  banner: z.strictObject({
    /** Small label above the heading, e.g. "From our partner". */
    kicker: nonEmpty.optional(),
    heading: nonEmpty,
    paragraphs: z.array(filled).min(1),
    /** "Apply for Admission" (the arrow is added). */
    applyLabel: nonEmpty,
    learnMoreLabel: nonEmpty,
    tagline: nonEmpty,
  }),
  shelf: z.strictObject({
    /** "View All Books on {retailer}" (the arrow is added). */
    viewAllLabel: filled,
    /** "View on {retailer}", on every card (the arrow is added). */
    viewOneLabel: filled,
    /** Optional line above the grid, e.g. to say the catalogue is a sample. */
    notice: nonEmpty.optional(),
  }),
});
