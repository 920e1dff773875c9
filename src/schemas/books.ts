/** content/books.json: the book catalogue. */
import { z } from "astro/zod";
import { httpUrl, nonEmpty, publicFileOrUrl } from "./fields";

export const bookSchema = z.strictObject({
  title: nonEmpty,
  /** The book's page at the retailer. */
  url: httpUrl,
  /** Cover image: a path under public/ or an absolute http(s) URL. */
  cover: publicFileOrUrl,
});

/** The whole file: /books shows every book in it, and without one its shelf would be empty. */
export const booksSchema = z
  .array(bookSchema)
  .min(1, { message: "lists no books (the shelf on /books would be empty)" });
