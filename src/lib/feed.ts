/**
 * The RSS feed's items: the market updates (each linking to its anchor on
 * /analysis) and the lessons (each linking to its page), newest first.
 * Pure: the route (src/pages/rss.xml.ts) reads the content and hands it in.
 */
import { anchoredUpdates, type MarketUpdate } from "./market-updates";

export interface FeedLesson {
  /** The lesson's slug: /learn/<id>. */
  id: string;
  title: string;
  description: string;
  /** YYYY-MM-DD, the lesson's last review; the item's date (an item without one has no date and comes last). */
  lastReviewed?: string | undefined;
}

export interface FeedItem {
  title: string;
  /** Absolute URL. */
  link: string;
  description: string;
  pubDate?: Date | undefined;
  categories: string[];
}

/** A YYYY-MM-DD day as a Date at noon UTC, so the day reads the same in every time zone near it. */
const dayToDate = (day: string) => new Date(`${day}T12:00:00Z`);

export function feedItems(input: {
  /** The site's canonical origin, e.g. https://corporate-bonds.example.com. */
  origin: string;
  updates: readonly MarketUpdate[];
  lessons: readonly FeedLesson[];
}): FeedItem[] {
  const updates = anchoredUpdates(input.updates).map((update) => ({
    title: update.title,
    link: new URL(`/analysis#${update.id}`, input.origin).href,
    description: update.summary,
    pubDate: dayToDate(update.date),
    categories: ["Market update"],
  }));
  const lessons = input.lessons.map((lesson) => ({
    title: lesson.title,
    link: new URL(`/learn/${lesson.id}`, input.origin).href,
    description: lesson.description,
    pubDate: lesson.lastReviewed ? dayToDate(lesson.lastReviewed) : undefined,
    categories: ["Lesson"],
  }));
  return [...updates, ...lessons].sort((a, b) => (b.pubDate?.getTime() ?? 0) - (a.pubDate?.getTime() ?? 0));
}

export interface FeedSite {
  name: string;
  description: string;
  /** BCP 47, e.g. en-US. */
  lang: string;
}

/**
 * The options @astrojs/rss turns into the feed: channel title, link and description
 * (the three RSS 2.0 requires), its language, its own address (atom:link rel="self",
 * which feed readers and validators look for) and the items, each with a permalink guid.
 */
export function feedOptions(input: { site: FeedSite; origin: string; items: readonly FeedItem[] }) {
  const { site, origin, items } = input;
  const newest = items.find((item) => item.pubDate)?.pubDate;
  return {
    title: site.name,
    description: site.description,
    site: new URL("/", origin).href,
    xmlns: { atom: "http://www.w3.org/2005/Atom" },
    customData: [
      `<language>${site.lang.toLowerCase()}</language>`,
      `<atom:link href="${new URL("/rss.xml", origin).href}" rel="self" type="application/rss+xml"/>`,
      newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : "",
    ].join(""),
    items: items.map((item) => ({
      title: item.title,
      link: item.link,
      description: item.description,
      categories: item.categories,
      ...(item.pubDate ? { pubDate: item.pubDate } : {}),
    })),
  };
}
