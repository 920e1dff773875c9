/** content/resources.json: the texts, cards and link lists of /resources. */
import { z } from "astro/zod";
import { linkSchema, nonEmpty, pageOrUrl } from "./fields";

/** A card in "Educational Resources" on /resources. */
export const resourceCardSchema = z.strictObject({
  title: nonEmpty,
  /** One or two sentences saying what the reader will find. */
  description: nonEmpty,
  /** A page of this site (`/about`) or an absolute http(s) URL, which opens in a new tab. */
  href: pageOrUrl,
});

/** An external link in a /resources sidebar list. */
export const resourceLinkSchema = linkSchema.extend({
  /** Who publishes it, shown under the title, e.g. "U.S. Securities and Exchange Commission". */
  source: nonEmpty.optional(),
});

/** content/resources.json: the headings, search labels, cards and sidebar lists of /resources. */
export const resourcesSchema = z.strictObject({
  glossary: z.strictObject({
    /** "Bond Glossary". */
    heading: nonEmpty,
    intro: nonEmpty,
    /** A sentence after the intro about the search box, shown only with JavaScript (the box needs it). */
    searchHint: nonEmpty,
    /** Texts of the search box (shown only with JavaScript). */
    search: z.strictObject({
      /** The field's label for screen readers. */
      label: nonEmpty,
      /** "Search terms...". */
      placeholder: nonEmpty,
      /** "No terms found". */
      noResults: nonEmpty,
      /** "Try a different search term". */
      noResultsHint: nonEmpty,
      /** "Did you mean", followed by suggestion buttons and "?". */
      didYouMean: nonEmpty,
    }),
  }),
  education: z.strictObject({ heading: nonEmpty, cards: z.array(resourceCardSchema).min(1) }),
  /** Sidebar sections in order: "Recommended Reading", "Market Resources". */
  sidebar: z.array(z.strictObject({ heading: nonEmpty, links: z.array(resourceLinkSchema).min(1) })).min(1),
});
export type Resources = z.infer<typeof resourcesSchema>;
