/** content/site.json: the owner's settings (docs/decisions.md, "The product and its owner's values"). */
import { z } from "astro/zod";
import { httpUrl, httpsUrl, linkSchema, nonEmpty, pathOrUrl } from "./fields";

/**
 * The longest logo that keeps to one line in the header at every width from a 390 px phone up (the design's logo,
 * 15 characters, is 281 px wide at 1024 px, where 352 px lie between the date and the links). A longer one may take
 * two lines there, and the layout allows for that (BaseLayout marks the page `long-logo`); a logo has at most
 * LOGO_MAX characters, two lines' worth.
 */
export const LOGO_ONE_LINE = 16;
export const LOGO_MAX = 32;

export const siteSchema = z.strictObject({
  /** Site name, used in titles and structured data. */
  name: nonEmpty,
  /** The text logo in the header (and the footer's heading), a short form of `name`. */
  logo: nonEmpty.refine((logo) => logo.length <= LOGO_MAX, {
    message: `at most ${LOGO_MAX} characters: the header has room for two lines of it (the full name goes in "name")`,
  }),
  /** The line printed at the foot of every share image, beside the site's address. */
  motto: nonEmpty,
  /**
   * Canonical origin of the deployed site (used for canonical URLs and the sitemap). An origin only: every link in
   * the site starts at its root, so a site served under a path would have canonical links that do not match it.
   */
  url: httpUrl.refine(
    (value) => {
      if (!URL.canParse(value)) return true; // said above: not an absolute URL
      const url = new URL(value);
      return url.pathname === "/" && !url.search && !url.hash;
    },
    { message: "must be the site's origin only, such as https://bonds.example.org (no path after it)" },
  ),
  /** Default meta description. */
  description: nonEmpty,
  /** Footer tagline (docs/decisions.md, "The product and its owner's values"). */
  tagline: nonEmpty,
  /** The one line at the foot of every page saying what the site is not, e.g. "Education, not investment advice." */
  disclaimer: nonEmpty,
  /** The headings of the footer's link lists and its ad box. */
  footerHeadings: z.strictObject({
    /** Over the main navigation repeated in the footer. */
    quickLinks: nonEmpty,
    /** Over the partner sites, the encyclopedia entry and the donation link. */
    relatedLinks: nonEmpty,
    /** Over the footer's ad slot. */
    sponsored: nonEmpty,
  }),
  /** BCP 47 language of the pages. */
  lang: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, { message: "must be a language tag such as en or en-US" }),
  contact: z.strictObject({
    email: z.email({ message: "must be an email address" }),
    /** Shown as written; dialled with its digits. */
    phone: z.string().regex(/^[+()\d\s.-]{7,}$/, { message: "must be a phone number (digits, spaces, + ( ) . -)" }),
    address: z.strictObject({
      street: nonEmpty,
      city: nonEmpty,
      region: nonEmpty,
      postalCode: nonEmpty,
      country: nonEmpty,
    }),
    supportHours: nonEmpty,
  }),
  /** The strategist quoted on /analysis. Without a name the quote is attributed to the title alone. */
  expert: z.strictObject({
    name: nonEmpty.optional(),
    title: nonEmpty,
  }),
  donation: linkSchema,
  /** Text of the donation dialog that opens after 30 s (docs/decisions.md, "Donation dialog"). */
  donationDialog: z.strictObject({
    /** Small label above the title, e.g. "A note from the editors"; leave it out for none. */
    kicker: nonEmpty.optional(),
    title: nonEmpty,
    subtitle: nonEmpty,
    body: nonEmpty,
    confirm: nonEmpty,
    dismiss: nonEmpty,
  }),
  /** Exactly two partner sites, shown in the footer's Related Links. */
  partners: z.array(linkSchema).length(2, { message: "must list exactly 2 partner sites" }),
  encyclopedia: linkSchema,
  photoProfile: linkSchema,
  retailer: z.strictObject({
    /** Shown as "View on {name} →". */
    name: nonEmpty,
    /** The author's page listing every book. */
    authorUrl: httpUrl,
  }),
  institution: z.strictObject({
    name: nonEmpty,
    url: httpUrl,
  }),
  /** Ad network settings. Leave a type out to show its dashed placeholder instead. */
  ads: z.strictObject({
    search: z.strictObject({ scriptUrl: httpsUrl, client: nonEmpty }).optional(),
    display: z.strictObject({ scriptUrl: httpsUrl, client: nonEmpty }).optional(),
  }),
  news: z.strictObject({
    /** The RSS feed widget shown in a frame on the home page. */
    widgetUrl: httpsUrl,
  }),
  contactForm: z.strictObject({
    /** The provider's form page, shown in a frame. */
    frameUrl: httpsUrl,
    /** The provider's embed script that sizes the frame. */
    scriptUrl: httpsUrl,
  }),
  newsletter: z.strictObject({
    /** Where the subscribe form posts (field `email`). */
    endpoint: httpsUrl,
  }),
  radio: z.strictObject({
    /** Same-origin stream path (proxied by the web server) or an absolute http(s) URL. */
    streamUrl: pathOrUrl.default("/api/stream?port=8076"),
    title: nonEmpty.default("Live Radio"),
    subtitle: nonEmpty.default("Streaming now"),
  }),
});
export type Site = z.infer<typeof siteSchema>;
