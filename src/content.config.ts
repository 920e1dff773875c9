/**
 * Every collection, one line each: the content file (or folder) editors change and the schema that checks it.
 * A JSON object file has one entry, `main`; a JSON list keeps its entries in the editor's order; an MDX folder
 * has an entry per file, named by the file.
 */
import { defineCollection } from "astro:content";
import type { z } from "astro/zod";
import { jsonList, jsonObject, position } from "./build/json-loader";
import { mdxLoader } from "./build/mdx-loader";
import { checkLessonFiles } from "./build/lesson-files";
import { slugify } from "./lib/slug";
import {
  adsSchema,
  booksSchema,
  booksPageSchema,
  contactPageSchema,
  featuredSchema,
  glossarySchema,
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

/** content/<name>.json holding one object. */
const jsonFile = <S extends z.ZodType>(name: string, schema: S) =>
  defineCollection({ loader: jsonObject({ file: `content/${name}.json`, schema }), schema });

/**
 * content/<name>.json holding a list (`list` checks the whole file, its entries and how many); each entry's id is
 * the slug of its `key` field (unique in the file). The shape's keys are the parsed entry's keys, which TypeScript
 * cannot see through the generic, hence the cast.
 */
const listFile = <T extends z.ZodRawShape>(name: string, list: z.ZodArray<z.ZodObject<T>>, key: keyof T & string) =>
  defineCollection({
    loader: jsonList({
      file: `content/${name}.json`,
      schema: list,
      key: key as keyof z.infer<typeof list.element> & string,
      id: slugify,
    }),
    schema: list.element.extend(position),
  });

/** content/<folder>/*.mdx: an entry per file, named by the file (src/build/mdx-loader.ts). */
const mdxFolder = <S extends z.ZodType>(folder: string, schema: S, check?: (path: string) => void) =>
  defineCollection({ loader: mdxLoader(folder, schema, check), schema });

export const collections = {
  /** Owner settings (docs/decisions.md, "The product and its owner's values"). */
  site: jsonFile("site", siteSchema),
  navigation: jsonFile("navigation", navigationSchema),
  featured: listFile("featured", featuredSchema, "title"),
  /** Entry ids are the term's slug, used as its anchor on /resources. */
  glossary: listFile("glossary", glossarySchema, "term"),
  books: listFile("books", booksSchema, "title"),
  market: jsonFile("market", marketSchema),
  ads: jsonFile("ads", adsSchema),
  home: jsonFile("home", homeSchema),
  types: jsonFile("types", typesSchema),
  strategies: jsonFile("strategies", strategiesSchema),
  resources: jsonFile("resources", resourcesSchema),
  "books-page": jsonFile("books-page", booksPageSchema),
  "contact-page": jsonFile("contact-page", contactPageSchema),
  /** The words around Key takeaways, Check yourself, Sources and Last reviewed, and the lessons' navigation. */
  learn: jsonFile("learn", learnLabelsSchema),
  /** Long-form page text; the file name is the route (index = /). */
  pages: mdxFolder("pages", pageSchema),
  /**
   * The lessons under /learn; the file name is the address (content/learn/taxes.mdx → /learn/taxes), once every file
   * there is named as one (src/build/lesson-files.ts).
   */
  lessons: mdxFolder("learn", lessonSchema, checkLessonFiles),
};
