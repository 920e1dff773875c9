/** content/pages/*.mdx: the front matter of every page. */
import { z } from "astro/zod";
import { description, frontMatter, teachingSchema } from "./lesson";
import { nonEmpty, pageOrUrl } from "./fields";

/** Front matter of every MDX page under content/pages. */
export const pageSchema = frontMatter({
  /** The <title> and the page's main heading unless `heading` is set. */
  title: nonEmpty,
  heading: nonEmpty.optional(),
  /** Meta description, 50–170 characters (search results show about 160). */
  description,
  /** Small label above the headline, such as "Explainer". */
  kicker: nonEmpty.optional(),
  /** The standfirst under the headline: one or two sentences that sum the page up. */
  dek: nonEmpty.optional(),
  /** A sidebar box of links (About's "Corporate Bond Basics", the related links on /types). */
  links: z
    .strictObject({
      heading: nonEmpty,
      items: z.array(z.strictObject({ label: nonEmpty, href: pageOrUrl, text: nonEmpty.optional() })).min(1),
    })
    .optional(),
  /**
   * The teaching fields of the explainers (about, types, strategies, analysis): Last reviewed, Key takeaways,
   * Check yourself, Sources. Optional here; src/content.ts (getExplainer) requires all four on those pages.
   */
  ...teachingSchema.partial().shape,
});
