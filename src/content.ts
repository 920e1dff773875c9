/** The collection queries every page shares. Astro caches collections, so these are cheap. */
import { getCollection, getEntry, render, type CollectionEntry } from "astro:content";
import { inFileOrder } from "./build/json-loader";

async function single<
  C extends "site" | "navigation" | "market" | "ads" | "home" | "types" | "strategies" | "resources" | "books-page",
>(collection: C) {
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
