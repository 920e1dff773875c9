/** content/home.json: the home page's hero, benefits, news heading and call to action. */
import { z } from "astro/zod";
import { nonEmpty, noteSchema, pageLinkSchema, pagePath } from "./fields";

/** content/home.json: the home page's hero, sidebar, news heading and closing call to action. */
export const homeSchema = z.strictObject({
  hero: z.strictObject({
    /** The buttons under the headline, in order. */
    actions: z.array(pageLinkSchema).min(1).max(3),
    /** The "New: …" banner; `label` is the bold word before the colon. */
    banner: z.strictObject({ label: nonEmpty, text: nonEmpty, href: pagePath.optional() }),
  }),
  /** Text of the link to the encyclopedia article (its URL is in site.json). */
  encyclopediaLabel: nonEmpty,
  featuredHeading: nonEmpty,
  benefits: z.strictObject({ heading: nonEmpty, items: z.array(noteSchema).min(1), link: pageLinkSchema }),
  news: z.strictObject({ heading: nonEmpty, note: nonEmpty }),
  cta: z.strictObject({ heading: nonEmpty, text: nonEmpty, actions: z.array(pageLinkSchema).min(1).max(3) }),
});
export type Home = z.infer<typeof homeSchema>;
