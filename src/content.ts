/** The collection queries every page shares. Astro caches collections, so these are cheap. */
import { getCollection, getEntry, render, type CollectionEntry, type CollectionKey } from "astro:content";
import { ContentFileError, parseContent } from "./build/content-errors";
import { inFileOrder } from "./build/json-loader";
import { teachingSchema, type Teaching } from "./schemas";
import type { Explainer } from "./lib/explainers";

/** A collection read from one JSON object file (entry id `main`), typed by its schema in content.config.ts. */
async function single<C extends CollectionKey>(collection: C) {
  const entry = await getEntry(collection, "main");
  if (!entry) throw new Error(`content/${collection}.json is missing`);
  return entry.data as CollectionEntry<C>["data"];
}

export const getSite = () => single("site");
export const getNavigation = () => single("navigation");
export const getMarket = () => single("market");
export const getAds = () => single("ads");
export const getHome = () => single("home");
export const getTypes = () => single("types");
export const getStrategies = () => single("strategies");
export const getResources = () => single("resources");
export const getBooksPage = () => single("books-page");
export const getContactPage = () => single("contact-page");
export const getLearnLabels = () => single("learn");

/** List collections come back in the order editors gave them in their JSON file. */
export const getFeatured = async () => inFileOrder(await getCollection("featured"));
export const getGlossary = async () => inFileOrder(await getCollection("glossary"));
export const getBooks = async () => inFileOrder(await getCollection("books"));

/** The MDX page for a route (`index` for /), with its rendered body. */
export async function getPage(id: string) {
  const entry = await getEntry("pages", id);
  if (!entry) throw new Error(`content/pages/${id}.mdx is missing`);
  const { Content, headings } = await render(entry);
  return { ...entry.data, Content, headings };
}

/**
 * An explainer page with its teaching fields, which the pages collection leaves optional (privacy, terms … have
 * none): an explainer without all four fails the build naming the file and the field.
 */
export async function getExplainer(id: Explainer) {
  const page = await getPage(id);
  const teaching: Teaching = parseContent(teachingSchema, page, `content/pages/${id}.mdx`);
  return { ...page, teaching };
}

/** Every lesson in its /learn order. Two lessons with the same `order` fail the build, naming both files. */
export async function getLessons() {
  const lessons = (await getCollection("lessons")).sort((a, b) => a.data.order - b.data.order);
  lessons.forEach((lesson, index) => {
    const previous = lessons[index - 1];
    if (previous && previous.data.order === lesson.data.order)
      throw new ContentFileError(`content/learn/${lesson.id}.mdx`, [
        `field "order": ${lesson.data.order} is also the order of content/learn/${previous.id}.mdx`,
      ]);
  });
  return lessons;
}

/** A lesson with its rendered body and headings. */
export async function renderLesson(lesson: CollectionEntry<"lessons">) {
  const { Content, headings } = await render(lesson);
  return { id: lesson.id, ...lesson.data, Content, headings };
}
