/** Field pieces every content schema shares: URLs, site paths, links, non-empty text. */
import { z } from "astro/zod";

/** An absolute http(s) URL. `javascript:`, `data:` and `ftp:` are refused. */
export const httpUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: "must be an absolute http:// or https:// URL" },
  );

/** A path on this site, such as `/about` or `/resources#duration`. */
export const sitePath = z
  .string()
  .regex(/^\/[\w\-./#?=&%]*$/, { message: "must be a path on this site starting with /" });

/** Either a path on this site or an absolute http(s) URL. */
export const pathOrUrl = z.union([sitePath, httpUrl], {
  error: "must be a path starting with / or an absolute http(s) URL",
});

/** An HTML tag, Markdown emphasis or a Markdown link: none means anything in a plain text field. */
const MARKUP = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?>|\*\*\S|__\S|\]\(/i;

/** Text an editor writes: not empty, and plain (the page shows it exactly as written, escaped). */
export const nonEmpty = z
  .string()
  .trim()
  .min(1, { message: "must not be empty" })
  .refine((text) => !MARKUP.test(text), {
    message: "is plain text: HTML or Markdown here is shown as written (links and emphasis go in a page's MDX)",
  });

export const linkSchema = z.strictObject({
  /** Visible text of the link. */
  title: nonEmpty,
  /** Where the link goes. */
  url: httpUrl,
});

export const navItemSchema = z.strictObject({
  title: nonEmpty,
  path: sitePath,
});

/** A link to a page of this site with its visible text. */
export const pageLinkSchema = z.strictObject({
  label: nonEmpty,
  href: sitePath,
  /** Read after the label by screen readers and search engines, not shown: for a label like "Learn More". */
  hiddenText: nonEmpty.optional(),
});
export type PageLink = z.infer<typeof pageLinkSchema>;

/** A titled item of short text: a benefit, a tip, a tactic. */
export const noteSchema = z.strictObject({ title: nonEmpty, text: nonEmpty });

/** A whole-number share or score from 0 to 100. */
export const share = z.number().int().min(0).max(100);
