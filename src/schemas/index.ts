/**
 * Zod schemas for every content file under `content/`.
 *
 * They live here, not in `content.config.ts`, so unit tests can parse good and
 * bad inputs without the Astro runtime. Each field carries a description that
 * editors see on hover in editors that read JSON schemas.
 */
import { z } from "astro/zod";
import { parseMaturity } from "../lib/maturity";
import { teachingSchema } from "./lesson";

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

/** A path on this site or a same-origin stream path (query allowed). */
const nonEmpty = z.string().trim().min(1, { message: "must not be empty" });

export const linkSchema = z.object({
  /** Visible text of the link. */
  title: nonEmpty,
  /** Where the link goes. */
  url: httpUrl,
});

export const navItemSchema = z.object({
  title: nonEmpty,
  path: sitePath,
});

export const siteSchema = z.object({
  /** Site name, used in titles and structured data. */
  name: nonEmpty,
  /** The text logo in the header. */
  logo: nonEmpty,
  /** Small line under the logo. */
  motto: nonEmpty,
  /** Canonical origin of the deployed site (used for canonical URLs and the sitemap). */
  url: httpUrl,
  /** Default meta description. */
  description: nonEmpty,
  /** Footer tagline (docs/decisions.md, "The product and its owner's values"). */
  tagline: nonEmpty,
  /** The one line at the foot of every page saying what the site is not, e.g. "Education, not investment advice." */
  disclaimer: nonEmpty,
  /** BCP 47 language of the pages. */
  lang: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, { message: "must be a language tag such as en or en-US" }),
  contact: z.object({
    email: z.email({ message: "must be an email address" }),
    /** Shown as written; dialled with its digits. */
    phone: z.string().regex(/^[+()\d\s.-]{7,}$/, { message: "must be a phone number (digits, spaces, + ( ) . -)" }),
    address: z.object({
      street: nonEmpty,
      city: nonEmpty,
      region: nonEmpty,
      postalCode: nonEmpty,
      country: nonEmpty,
    }),
    supportHours: nonEmpty,
  }),
  /** The strategist quoted on /analysis. Without a name the quote is attributed to the title alone. */
  expert: z.object({
    name: z.string().trim().min(1).optional(),
    title: nonEmpty,
  }),
  donation: linkSchema,
  /** Text of the donation dialog that opens after 30 s (docs/decisions.md, "Donation dialog"). */
  donationDialog: z.object({
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
  retailer: z.object({
    /** Shown as "View on {name} →". */
    name: nonEmpty,
    /** The author's page listing every book. */
    authorUrl: httpUrl,
  }),
  institution: z.object({
    name: nonEmpty,
    url: httpUrl,
  }),
  /** Ad network settings. Leave a type out to show its dashed placeholder instead. */
  ads: z.object({
    search: z.object({ scriptUrl: httpUrl, client: nonEmpty }).optional(),
    display: z.object({ scriptUrl: httpUrl, client: nonEmpty }).optional(),
  }),
  news: z.object({
    /** The RSS feed widget shown in a frame on the home page. */
    widgetUrl: httpUrl,
  }),
  contactForm: z.object({
    /** The provider's form page, shown in a frame. */
    frameUrl: httpUrl,
    /** The provider's embed script that sizes the frame. */
    scriptUrl: httpUrl,
  }),
  newsletter: z.object({
    /** Where the subscribe form posts (field `email`). */
    endpoint: httpUrl,
  }),
  radio: z.object({
    /** Same-origin stream path (proxied by the web server) or an absolute http(s) URL. */
    streamUrl: pathOrUrl.default("/api/stream?port=8076"),
    title: nonEmpty.default("Live Radio"),
    subtitle: nonEmpty.default("Streaming now"),
  }),
});
export type Site = z.infer<typeof siteSchema>;

export const navigationSchema = z.object({
  /** The 7 main items, in order. */
  main: z.array(navItemSchema).min(1),
  /** Secondary header links (Books, Radio, Calculator, Learn), also in the footer. */
  secondary: z.array(navItemSchema),
  /** Footer legal links. */
  legal: z.array(navItemSchema),
});
export type Navigation = z.infer<typeof navigationSchema>;

export const iconNames = ["ratings", "trends", "strategy", "book", "shield", "chart", "scale", "coins"] as const;
export const iconName = z.enum(iconNames);

export const featuredArticleSchema = z.object({
  title: nonEmpty,
  excerpt: nonEmpty,
  link: sitePath,
  icon: iconName,
});
export type FeaturedArticle = z.infer<typeof featuredArticleSchema>;

export const glossaryCategories = [
  "Basic Terms",
  "Bond Characteristics",
  "Credit Analysis",
  "Market Mechanics",
] as const;

export const glossaryTermSchema = z.object({
  term: nonEmpty,
  category: z.enum(glossaryCategories, {
    error: `must be one of: ${glossaryCategories.join(", ")}`,
  }),
  definition: nonEmpty,
  /** Other terms (by their exact name) worth reading next. */
  related: z.array(nonEmpty).optional(),
});
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

export const bookSchema = z.object({
  title: nonEmpty,
  /** The book's page at the retailer. */
  url: httpUrl,
  /** Cover image: a path under public/ or an absolute http(s) URL. */
  cover: pathOrUrl,
});
export type Book = z.infer<typeof bookSchema>;

export const adTypes = ["search", "display"] as const;
export const adSlotSchema = z.object({
  id: z.number().int().positive(),
  /** Height the slot always reserves, in CSS pixels. */
  minHeight: z.number().int().min(50).max(1200),
  type: z.enum(adTypes),
});

export const adsSchema = z
  .object({
    /** Human label per ad type, shown in the placeholder. */
    labels: z.object({ search: nonEmpty, display: nonEmpty }),
    slots: z.array(adSlotSchema).min(1),
    /** Slot shown in the footer's "Sponsored Content" box. */
    footer: z.number().int(),
    /** Route → the slot ids shown on it, in order (two per row on desktop). */
    placements: z.record(sitePath, z.array(z.number().int())),
    /** Route → the slot ids stacked in that page's sidebar (where the tall 600px slot fits). */
    sidebars: z.record(sitePath, z.array(z.number().int())).default({}),
    /** Type label of the placeholder shown between a row's two slots from 768px. */
    between: z.enum(adTypes).default("search"),
  })
  .superRefine((ads, ctx) => {
    const ids = new Set(ads.slots.map((slot) => slot.id));
    const check = (id: number, path: (string | number)[]) => {
      if (!ids.has(id)) ctx.addIssue({ code: "custom", path, message: `slot ${id} is not listed in slots` });
    };
    check(ads.footer, ["footer"]);
    for (const [route, list] of Object.entries(ads.placements)) {
      list.forEach((id, index) => check(id, ["placements", route, index]));
    }
    for (const [route, list] of Object.entries(ads.sidebars)) {
      list.forEach((id, index) => check(id, ["sidebars", route, index]));
    }
  });
export type Ads = z.infer<typeof adsSchema>;

const percent = z.number().min(-100).max(100);
const trend = z.enum(["up", "down", "flat"]);
const isoDate = z.iso.date({ message: "must be a date written YYYY-MM-DD" });

export const marketSchema = z.object({
  /**
   * Said beside the yields and the indicators: what period the figures describe and that they are not live,
   * e.g. "Illustrative snapshot of mid-2023 market levels, rounded; not live data."
   */
  snapshot: nonEmpty,
  yields: z.object({ investmentGrade: percent, highYield: percent }),
  /** Option-adjusted spreads in basis points. */
  spreads: z.object({ investmentGrade: z.number().int().nonnegative(), highYield: z.number().int().nonnegative() }),
  /** Said under the spreads: what each spread is measured against. */
  spreadsNote: nonEmpty,
  sectors: z.array(z.object({ sector: nonEmpty, ytdReturn: percent, avgYield: percent, trend })).min(1),
  /** What the sector table's Trend column means, shown with the table. */
  trendNote: nonEmpty,
  fundFlows: z.object({
    /** Billions of US dollars. */
    investmentGrade: z.number(),
    highYield: z.number(),
    /** What was measured and over what period, e.g. "Net flows into … over one week". */
    period: nonEmpty,
  }),
  indicators: z
    .array(
      z.object({
        label: nonEmpty,
        value: percent,
        /** What the figure is, shown under its label: "top of the 5.25–5.50% target range", "12-month change". */
        note: z.string().trim().min(1).optional(),
      }),
    )
    .min(1),
  outlook: z.object({
    interestRates: z.array(nonEmpty).min(1),
    creditPositives: z.array(nonEmpty).min(1),
    creditWatch: z.array(nonEmpty).min(1),
    technical: nonEmpty,
  }),
  quote: nonEmpty,
  updates: z.array(z.object({ date: isoDate, title: nonEmpty, summary: nonEmpty })).min(1),
});
export type Market = z.infer<typeof marketSchema>;

/** Front matter of every MDX page under content/pages. */
export const pageSchema = z.object({
  /** The <title> and the page's main heading unless `heading` is set. */
  title: nonEmpty,
  heading: z.string().trim().min(1).optional(),
  /** Meta description: 50–160 characters read best in search results. */
  description: z.string().trim().min(50).max(170),
  /** Small label above the headline, such as "Explainer". */
  kicker: z.string().trim().min(1).optional(),
  /** The standfirst under the headline: one or two sentences that sum the page up. */
  dek: z.string().trim().min(1).optional(),
  /** A sidebar box of links (About's "Corporate Bond Basics", the related links on /types). */
  links: z
    .object({
      heading: nonEmpty,
      items: z.array(z.object({ label: nonEmpty, href: pathOrUrl, text: z.string().trim().min(1).optional() })).min(1),
    })
    .optional(),
  /**
   * The teaching fields of the explainers (about, types, strategies, analysis): Last reviewed, Key takeaways,
   * Check yourself, Sources. Optional here; src/content.ts (getExplainer) requires all four on those pages.
   */
  ...teachingSchema.partial().shape,
});
export type Page = z.infer<typeof pageSchema>;

/** A link to a page of this site with its visible text. */
export const pageLinkSchema = z.object({
  label: nonEmpty,
  href: sitePath,
  /** Read after the label by screen readers and search engines, not shown: for a label like "Learn More". */
  hiddenText: nonEmpty.optional(),
});
export type PageLink = z.infer<typeof pageLinkSchema>;

/** A titled item of short text: a benefit, a tip, a tactic. */
const noteSchema = z.object({ title: nonEmpty, text: nonEmpty });

/** A whole-number share or score from 0 to 100. */
const share = z.number().int().min(0).max(100);

/** content/home.json: the home page's hero, sidebar, news heading and closing call to action. */
export const homeSchema = z.object({
  hero: z.object({
    /** The buttons under the headline, in order. */
    actions: z.array(pageLinkSchema).min(1).max(3),
    /** The "New: …" banner; `label` is the bold word before the colon. */
    banner: z.object({ label: nonEmpty, text: nonEmpty, href: sitePath.optional() }),
  }),
  /** Text of the link to the encyclopedia article (its URL is in site.json). */
  encyclopediaLabel: nonEmpty,
  featuredHeading: nonEmpty,
  benefits: z.object({ heading: nonEmpty, items: z.array(noteSchema).min(1), link: pageLinkSchema }),
  news: z.object({ heading: nonEmpty, note: nonEmpty }),
  cta: z.object({ heading: nonEmpty, text: nonEmpty, actions: z.array(pageLinkSchema).min(1).max(3) }),
});
export type Home = z.infer<typeof homeSchema>;

/** One bar of a risk or credit-quality scale on /types. */
export const scaleItemSchema = z.object({
  /** "Secured Bonds", or a rating as "S&P-Fitch/Moody's", e.g. "AAA/Aaa". */
  name: nonEmpty,
  /** How full the bar is, 0–100. */
  value: share,
  /** Short verbal level shown with the bar, e.g. "Lower Risk". */
  label: nonEmpty,
  /** A sentence or two explaining the item, shown under its bar. */
  text: z.string().trim().min(1).optional(),
  /** True for a rating that means the issuer has defaulted (left off the risk–return chart). */
  defaulted: z.boolean().optional(),
});

/** A group of bars measuring one thing ("Risk level", "Credit quality"). */
const scaleSchema = z.object({
  measure: nonEmpty,
  /** How to read the bars, shown above them, e.g. "A longer bar means more risk of loss." */
  legend: z.string().trim().min(1).optional(),
  items: z.array(scaleItemSchema).min(1),
});

/** content/types.json: the bars on /types and the sidebar's risk–return chart. */
export const typesSchema = z.object({
  security: scaleSchema,
  investmentGrade: scaleSchema,
  highYield: scaleSchema,
  chart: z.object({ title: nonEmpty, caption: nonEmpty, xLabel: nonEmpty, yLabel: nonEmpty }),
});
export type Types = z.infer<typeof typesSchema>;

const sumsTo100 = (parts: number[]) => parts.reduce((sum, part) => sum + part, 0) === 100;

/** content/strategies.json: the figures on /strategies and its sidebar. */
export const strategiesSchema = z.object({
  /** The ladder drawn on /strategies: equal amounts maturing every year from `firstYear` to `lastYear`. */
  ladder: z
    .object({ firstYear: z.number().int().min(1), lastYear: z.number().int().max(30) })
    .refine((ladder) => ladder.lastYear > ladder.firstYear, { message: "lastYear must come after firstYear" }),
  /** The barbell's two ends; shares must add up to 100. `maturity` is drawn too: "1–3 years", "10+ years". */
  barbell: z
    .array(
      z.object({
        label: nonEmpty,
        maturity: nonEmpty.refine((text) => parseMaturity(text) !== undefined, {
          message: 'write the maturity as "1–3 years", "10+ years" or "5 years"',
        }),
        share,
      }),
    )
    .length(2, { message: "must list the 2 ends of the barbell" })
    .refine((ends) => sumsTo100(ends.map((end) => end.share)), { message: "shares must add up to 100" }),
  /** Model mixes of investment grade and high yield; each must add up to 100. */
  allocations: z
    .array(z.object({ name: nonEmpty, investmentGrade: share, highYield: share, text: nonEmpty }))
    .min(1)
    .superRefine((models, ctx) =>
      models.forEach((model, index) => {
        if (!sumsTo100([model.investmentGrade, model.highYield]))
          ctx.addIssue({ code: "custom", path: [index], message: "investmentGrade + highYield must add up to 100" });
      }),
    ),
  riskTips: z.object({ heading: nonEmpty, items: z.array(noteSchema).min(1) }),
  environment: z.object({
    heading: nonEmpty,
    items: z.array(z.object({ condition: nonEmpty, approach: nonEmpty, text: nonEmpty })).min(1),
    /** Said under the items: what the rules assume (rates moving by more than the market expects). */
    note: z.string().trim().min(1).optional(),
  }),
});
export type Strategies = z.infer<typeof strategiesSchema>;

/** A card in "Educational Resources" on /resources. */
export const resourceCardSchema = z.object({
  title: nonEmpty,
  /** One or two sentences saying what the reader will find. */
  description: nonEmpty,
  /** A page of this site (`/about`) or an absolute http(s) URL, which opens in a new tab. */
  href: pathOrUrl,
});

/** An external link in a /resources sidebar list. */
export const resourceLinkSchema = linkSchema.extend({
  /** Who publishes it, shown under the title, e.g. "U.S. Securities and Exchange Commission". */
  source: nonEmpty.optional(),
});

/** content/resources.json: the headings, search labels, cards and sidebar lists of /resources. */
export const resourcesSchema = z.object({
  glossary: z.object({
    /** "Bond Glossary". */
    heading: nonEmpty,
    intro: nonEmpty,
    /** Texts of the search box (shown only with JavaScript). */
    search: z.object({
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
  education: z.object({ heading: nonEmpty, cards: z.array(resourceCardSchema).min(1) }),
  /** Sidebar sections in order: "Recommended Reading", "Market Resources". */
  sidebar: z.array(z.object({ heading: nonEmpty, links: z.array(resourceLinkSchema).min(1) })).min(1),
});
export type Resources = z.infer<typeof resourcesSchema>;

/**
 * content/books-page.json: the texts of /books around the catalogue.
 * `{retailer}` and `{institution}` are replaced by the names in content/site.json.
 */
export const booksPageSchema = z.object({
  /** "Back to Home" (the arrow is added). */
  backLabel: nonEmpty,
  /** The partner institution's promotional banner. */
  banner: z.object({
    /** Small label above the heading, e.g. "From our partner". */
    kicker: nonEmpty.optional(),
    heading: nonEmpty,
    paragraphs: z.array(nonEmpty).min(1),
    /** "Apply for Admission" (the arrow is added). */
    applyLabel: nonEmpty,
    learnMoreLabel: nonEmpty,
    tagline: nonEmpty,
  }),
  shelf: z.object({
    /** "View All Books on {retailer}" (the arrow is added). */
    viewAllLabel: nonEmpty,
    /** "View on {retailer}", on every card (the arrow is added). */
    viewOneLabel: nonEmpty,
    /** Optional line above the grid, e.g. to say the catalogue is a sample. */
    notice: nonEmpty.optional(),
  }),
});
export type BooksPage = z.infer<typeof booksPageSchema>;

export * from "./lesson";
