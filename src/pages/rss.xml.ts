/**
 * /rss.xml: an RSS 2.0 feed of the market updates (each linking to its anchor on
 * /analysis) and the lessons (each linking to its page), newest first.
 */
import rss from "@astrojs/rss";
import type { APIContext } from "astro";
import { getMarket, getSite } from "../content";
import { getLessonEntries, isoDay } from "../components/seo/page-facts";
import { feedItems } from "../lib/feed";

export async function GET(context: APIContext) {
  const [site, market, lessons] = await Promise.all([getSite(), getMarket(), getLessonEntries()]);
  const origin = (context.site ?? new URL(site.url)).href;
  const items = feedItems({
    origin,
    updates: market.updates,
    lessons: lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.data.title ?? lesson.id,
      description: lesson.data.description ?? "",
      lastReviewed: isoDay(lesson.data.lastReviewed),
    })),
  });
  return rss({
    title: site.name,
    description: site.description,
    site: origin,
    xmlns: { atom: "http://www.w3.org/2005/Atom" },
    customData: [
      `<language>${site.lang.toLowerCase()}</language>`,
      `<atom:link href="${new URL("/rss.xml", origin).href}" rel="self" type="application/rss+xml"/>`,
      items[0]?.pubDate ? `<lastBuildDate>${items[0].pubDate.toUTCString()}</lastBuildDate>` : "",
    ].join(""),
    items: items.map((item) => ({
      title: item.title,
      link: item.link,
      description: item.description,
      categories: item.categories,
      ...(item.pubDate ? { pubDate: item.pubDate } : {}),
    })),
  });
}
