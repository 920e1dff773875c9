/** Field pieces every content schema shares: URLs, site paths, links, non-empty text. */
import { z } from "astro/zod";
import { nearest, pagePart, publicFiles, sitePages } from "../build/site-paths";
import { daysInMonth } from "../lib/bond/dates";

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

/** A day written YYYY-MM-DD, and one the calendar has: 2026-02-30 is refused as the day it is not. */
export const isoDay = z.string().superRefine((value, context) => {
  const [, year, month, day] = (/^(\d{4})-(\d{2})-(\d{2})$/.exec(value) ?? []).map(Number);
  if (!year || !month || !day) {
    context.addIssue({ code: "custom", message: "must be a date written YYYY-MM-DD" });
  } else if (month > 12) {
    context.addIssue({ code: "custom", message: `has no month ${month}: months are 01 to 12 (YYYY-MM-DD)` });
  } else if (day > daysInMonth(year, month)) {
    const name = new Date(Date.UTC(year, month - 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    context.addIssue({
      code: "custom",
      message: `is not a day of the calendar: ${name} ${year} has ${daysInMonth(year, month)} days`,
    });
  }
});

/**
 * An absolute https URL, for what a page loads or posts to (a frame, a script, the subscribe form's endpoint): a page
 * served over https is refused an http:// one (mixed content), and the visitor would be told of a failure that is
 * not theirs.
 */
export const httpsUrl = httpUrl.refine((value) => !URL.canParse(value) || new URL(value).protocol !== "http:", {
  message: "must be an https:// URL: a page served over https may not load or post to an http:// address",
});

/** A path on this site, such as `/about` or `/resources#duration`. */
export const sitePath = z
  .string()
  .regex(/^\/[\w\-./#?=&%]*$/, { message: "must be a path on this site starting with /" });

/** Either a path on this site or an absolute http(s) URL. */
export const pathOrUrl = z.union([sitePath, httpUrl], {
  error: "must be a path starting with / or an absolute http(s) URL",
});

/** Refuses a path (not a URL) to a page or file the site does not have: a misspelt link would 404. */
function checkPage(path: string, ctx: z.core.$RefinementCtx<string>) {
  if (!path.startsWith("/")) return;
  const page = pagePart(path);
  const pages = sitePages();
  if (pages.has(page) || publicFiles().has(page)) return;
  const near = nearest(page, pages);
  ctx.addIssue({
    code: "custom",
    input: path,
    message:
      `no page of this site is at ${page}${near ? ` (did you mean ${near}?)` : ""}: write the address of one, such ` +
      "as /about or /learn/taxes (a page's address comes from its file in content/pages or content/learn)",
  });
}

/** A path to a page of this site (`/about`, `/resources#duration`): one that exists. */
export const pagePath = sitePath.superRefine(checkPage);

/** A page of this site that exists, or an absolute http(s) URL. */
export const pageOrUrl = pathOrUrl.superRefine(checkPage);

/** A file of public/ by its path (`/covers/a.svg` is public/covers/a.svg), or an absolute http(s) URL. */
export const publicFileOrUrl = pathOrUrl.superRefine((path, ctx) => {
  if (!path.startsWith("/") || publicFiles().has(pagePart(path))) return;
  ctx.addIssue({
    code: "custom",
    input: path,
    message: `there is no file public${pagePart(path)}: put the image there, or correct the path (a path here names a file in public/)`,
  });
});
/** An HTML tag, Markdown emphasis or a Markdown link: none means anything in a plain text field. */
const MARKUP = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?>|\*\*\S|__\S|\]\(/i;

/** Plain text, not empty; `nonEmpty` and `withPlaceholders` add what each says about placeholders. */
const plainText = z
  .string()
  .trim()
  .min(1, { message: "must not be empty" })
  .refine((text) => !MARKUP.test(text), {
    message: "is plain text: HTML or Markdown here is shown as written (links and emphasis go in a page's MDX)",
  });

/** Anything in braces, `{n}` or a slip like `{totl}` or `{ n }`: a word the page is meant to fill in. */
const BRACED = /\{[^{}\n]*\}/g;
/** What looks like a placeholder in a text that takes none: braces around a word (not "{1, 2}"). */
const PLACEHOLDER_LIKE = /\{\s*[A-Za-z][\w -]*\}/;

/**
 * Text an editor writes: not empty, and plain (the page shows it exactly as written, escaped). A `{name}` in it
 * would be shown as written too: only the few texts made with `withPlaceholders` have words filled in.
 */
export const nonEmpty = plainText.superRefine((text, ctx) => {
  const placeholder = PLACEHOLDER_LIKE.exec(text)?.[0];
  if (placeholder) {
    ctx.addIssue({
      code: "custom",
      input: text,
      message: `${placeholder} would be shown as written: nothing is filled in here (this text takes no placeholders)`,
    });
  }
});

/**
 * Text in which the page replaces each `{name}` with a value (the lesson's number, the retailer's name). A
 * misspelt placeholder would be shown as written, braces and all, and a missing one leaves out what the text is
 * for, so both fail the build; the message lists the placeholders the text takes and what each becomes.
 * `names` maps each placeholder to what it becomes, `required` lists those the text must have, and `once` those
 * it may have only once (the page splits the text there).
 */
export function withPlaceholders(
  names: Record<string, string>,
  { required = [], once = [] }: { required?: string[]; once?: string[] } = {},
) {
  const known = Object.keys(names).map((name) => `{${name}}`);
  const described = Object.entries(names).map(([name, meaning]) => `{${name}} for ${meaning}`);
  const hint =
    described.length > 1
      ? `write ${described.slice(0, -1).join(", ")} and ${described.at(-1)}`
      : `write ${described[0]}`;
  return plainText.superRefine((text, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: "custom", input: text, message });
    const braced: string[] = text.match(BRACED) ?? [];
    for (const placeholder of new Set(braced.filter((found) => !known.includes(found)))) {
      problem(`unknown placeholder ${placeholder}: ${hint}`);
    }
    // A placeholder with a brace left off ("{n of {total}") is named by this, not again as a missing one.
    if (/[{}]/.test(text.replace(BRACED, ""))) problem(`has a { or } that is not part of a placeholder: ${hint}`);
    else {
      for (const name of required) {
        if (!braced.includes(`{${name}}`)) problem(`must contain {${name}}, which becomes ${names[name]}`);
      }
    }
    for (const name of once) {
      const count = braced.filter((found) => found === `{${name}}`).length;
      if (count > 1) problem(`has {${name}} ${count} times: write it once`);
    }
  });
}

export const linkSchema = z.strictObject({
  /** Visible text of the link. */
  title: nonEmpty,
  /** Where the link goes. */
  url: httpUrl,
});

export const navItemSchema = z.strictObject({
  title: nonEmpty,
  path: pagePath,
});

/** A link to a page of this site with its visible text. */
export const pageLinkSchema = z.strictObject({
  label: nonEmpty,
  href: pagePath,
  /** Read after the label by screen readers and search engines, not shown: for a label like "Learn More". */
  hiddenText: nonEmpty.optional(),
});
export type PageLink = z.infer<typeof pageLinkSchema>;

/** A titled item of short text: a benefit, a tip, a tactic. */
export const noteSchema = z.strictObject({ title: nonEmpty, text: nonEmpty });

/** A whole-number share or score from 0 to 100. */
export const share = z.number().int().min(0).max(100);
