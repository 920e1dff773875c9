import { readFileSync } from "node:fs";
import { z } from "astro/zod";
import { siteSchema } from "../schemas/site";
import { parseContent, parseJsonText } from "./content-errors";

/**
 * The canonical origin (content/site.json → url), which Astro's config needs before the content loader runs. It
 * is read and checked here as the loader would check it, so a slip in the file (a trailing comma, a URL without
 * its https://) names the file and the field rather than "your Astro config".
 */
export function readSiteUrl(file: URL): string {
  const name = "content/site.json";
  const data = parseJsonText(readFileSync(file, "utf-8"), name);
  return parseContent(z.object({ url: siteSchema.shape.url }), data, name).url;
}
