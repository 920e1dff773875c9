import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { jsonList, jsonObject, position } from "./build/json-loader";
import { slugify } from "./lib/slug";
import {
  adsSchema,
  bookSchema,
  booksPageSchema,
  featuredArticleSchema,
  glossaryTermSchema,
  homeSchema,
  learnLabelsSchema,
  lessonSchema,
  marketSchema,
  navigationSchema,
  pageSchema,
  resourcesSchema,
  siteSchema,
  strategiesSchema,
  typesSchema,
} from "./schemas";

/** Every collection reads the top-level content/ folder, where editors work. */
export const collections = {
  /** Owner settings (docs/decisions.md, "The product and its owner's values"): one object, entry id `main`. */
  site: defineCollection({ loader: jsonObject({ file: "content/site.json", schema: siteSchema }), schema: siteSchema }),
  navigation: defineCollection({
    loader: jsonObject({ file: "content/navigation.json", schema: navigationSchema }),
    schema: navigationSchema,
  }),
  featured: defineCollection({
    loader: jsonList({ file: "content/featured.json", schema: featuredArticleSchema, key: "title", id: slugify }),
    schema: featuredArticleSchema.extend(position),
  }),
  /** Entry ids are the term's slug, used as its anchor on /resources. */
  glossary: defineCollection({
    loader: jsonList({ file: "content/glossary.json", schema: glossaryTermSchema, key: "term", id: slugify }),
    schema: glossaryTermSchema.extend(position),
  }),
  books: defineCollection({
    loader: jsonList({ file: "content/books.json", schema: bookSchema, key: "title", id: slugify }),
    schema: bookSchema.extend(position),
  }),
  market: defineCollection({
    loader: jsonObject({ file: "content/market.json", schema: marketSchema }),
    schema: marketSchema,
  }),
  ads: defineCollection({ loader: jsonObject({ file: "content/ads.json", schema: adsSchema }), schema: adsSchema }),
  /** The home page's hero, benefits, news heading and call to action. */
  home: defineCollection({ loader: jsonObject({ file: "content/home.json", schema: homeSchema }), schema: homeSchema }),
  /** The risk and credit-quality bars on /types and its risk–return chart. */
  types: defineCollection({
    loader: jsonObject({ file: "content/types.json", schema: typesSchema }),
    schema: typesSchema,
  }),
  /** The barbell, allocation models, risk tips and rate environments on /strategies. */
  strategies: defineCollection({
    loader: jsonObject({ file: "content/strategies.json", schema: strategiesSchema }),
    schema: strategiesSchema,
  }),
  /** /resources: glossary headings and search texts, "Educational Resources" cards, sidebar link lists. */
  resources: defineCollection({
    loader: jsonObject({ file: "content/resources.json", schema: resourcesSchema }),
    schema: resourcesSchema,
  }),
  /** /books: back link, the institution's banner and the shelf's labels. */
  "books-page": defineCollection({
    loader: jsonObject({ file: "content/books-page.json", schema: booksPageSchema }),
    schema: booksPageSchema,
  }),
  /** Long-form page text; the file name is the route (index = /). */
  pages: defineCollection({ loader: glob({ base: "content/pages", pattern: "**/*.mdx" }), schema: pageSchema }),
  /** The words around Key takeaways, Check yourself, Sources and Last reviewed, and the lessons' navigation. */
  learn: defineCollection({
    loader: jsonObject({ file: "content/learn.json", schema: learnLabelsSchema }),
    schema: learnLabelsSchema,
  }),
  /** The lessons under /learn; the file name is the address (content/learn/taxes.mdx → /learn/taxes). */
  lessons: defineCollection({ loader: glob({ base: "content/learn", pattern: "*.mdx" }), schema: lessonSchema }),
};
