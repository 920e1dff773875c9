/** content/books.json: the book catalogue. */
import { z } from "astro/zod";
import { httpUrl, nonEmpty, pathOrUrl } from "./fields";

export const bookSchema = z.strictObject({
  title: nonEmpty,
  /** The book's page at the retailer. */
  url: httpUrl,
  /** Cover image: a path under public/ or an absolute http(s) URL. */
  cover: pathOrUrl,
});
