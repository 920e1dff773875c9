/** content/featured.json: the home page's featured article cards. */
import { z } from "astro/zod";
import { nonEmpty, pagePath } from "./fields";

export const iconNames = ["ratings", "trends", "strategy", "book", "shield", "chart", "scale", "coins"] as const;
export const iconName = z.enum(iconNames);

export const featuredArticleSchema = z.strictObject({
  title: nonEmpty,
  excerpt: nonEmpty,
  link: pagePath,
  icon: iconName,
});
export type FeaturedArticle = z.infer<typeof featuredArticleSchema>;

/** The whole file: the home page shows every card in it, under a heading that would otherwise stand alone. */
export const featuredSchema = z.array(featuredArticleSchema).min(1, {
  message: "lists no articles (the home page's featured articles would be a heading with nothing under it)",
});
