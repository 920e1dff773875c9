/**
 * /rss.xml: an RSS 2.0 feed of the market updates (each linking to its anchor on
 * /analysis) and the lessons (each linking to its page), newest first.
 */
import rss from "@astrojs/rss";
import type { APIContext } from "astro";
import { getLessons, getMarket, getSite } from "../content";
import { feedItems, feedOptions } from "../lib/feed";

export async function GET(context: APIContext) {
  const [site, market, lessons] = await Promise.all([getSite(), getMarket(), getLessons()]);
  const origin = (context.site ?? new URL(site.url)).href;
  const items = feedItems({
    origin,
    updates: market.updates,
    lessons: lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.data.title,
      description: lesson.data.description,
      lastReviewed: lesson.data.lastReviewed,
    })),
  });
  return rss(feedOptions({ site, origin, items }));
}
