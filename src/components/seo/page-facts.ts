/**
 * What the head and the print header need to know about the page being built,
 * found from its route alone, so the layout passes nothing new: whether it is an
 * article (an explainer or a lesson), its section label, its last review date and
 * its breadcrumb trail.
 *
 * The `lastReviewed` field is read loosely: a page without it (privacy, terms …)
 * has no date, and nothing fails.
 */
import { getCollection, getEntry } from "astro:content";
import { EXPLAINERS } from "../../lib/explainers";
import type { Navigation } from "../../schemas";

const LESSON_ROUTE = /^\/learn\/([^/]+)$/;

interface LooseEntry {
  id: string;
  data: { title?: string; description?: string; kicker?: string; lastReviewed?: unknown };
}

async function entryFor(route: string): Promise<LooseEntry | undefined> {
  const lesson = LESSON_ROUTE.exec(route);
  if (lesson) return getEntry("lessons", lesson[1]!);
  // The list, not getEntry: a route without a page file (the 404 page) is not worth a warning.
  const id = route === "/" ? "index" : route.slice(1);
  return (await getCollection("pages")).find((entry) => entry.id === id) as LooseEntry | undefined;
}

/** A YYYY-MM-DD day from front matter: YAML reads an unquoted date as a Date, a quoted one as text. */
function isoDay(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return undefined;
}

export interface PageFacts {
  /** An explainer or a lesson: gets an Article and og:type article. */
  article: boolean;
  /** The page's kicker ("Explainer", "Lesson"), for og's article:section and the share image. */
  section?: string | undefined;
  /** YYYY-MM-DD. */
  lastReviewed?: string | undefined;
}

export async function pageFacts(route: string): Promise<PageFacts> {
  const entry = await entryFor(route);
  const isLesson = LESSON_ROUTE.test(route);
  const article = entry !== undefined && (isLesson || (EXPLAINERS as readonly string[]).includes(route.slice(1)));
  return {
    article,
    section: entry?.data.kicker ?? (isLesson && entry ? "Lesson" : undefined),
    lastReviewed: isoDay(entry?.data.lastReviewed),
  };
}

/**
 * The breadcrumb trail of a page below the top level, from Home to the page itself
 * (empty for / and top-level pages). A parent is named as the navigation names it,
 * else by its page's title, else by its path segment.
 */
export async function breadcrumbTrail(
  route: string,
  title: string,
  navigation: Navigation,
): Promise<{ name: string; path: string }[]> {
  const segments = route.split("/").filter(Boolean);
  if (segments.length < 2) return [];
  const items = [...navigation.main, ...navigation.secondary, ...navigation.legal];
  const nameOf = async (path: string) => {
    const item = items.find((entry) => entry.path === path);
    if (item) return item.title;
    const page = (await entryFor(path))?.data.title;
    const segment = path.split("/").pop() ?? path;
    return page ?? segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, " ");
  };
  const parents = await Promise.all(
    segments.slice(0, -1).map(async (_, index) => {
      const path = `/${segments.slice(0, index + 1).join("/")}`;
      return { name: await nameOf(path), path };
    }),
  );
  return [{ name: await nameOf("/"), path: "/" }, ...parents, { name: title, path: route }];
}
