/** The HTML pages of a finished build, for the integrations that read them after `astro build`. */
import { readdir } from "node:fs/promises";

/** Each page's path under `dist` ("about/index.html", "404.html"), sorted; Pagefind's own files left out. */
export async function builtPages(dist: string): Promise<string[]> {
  const files = await readdir(dist, { recursive: true });
  return files.filter((file) => file.endsWith(".html") && !file.startsWith("pagefind")).sort();
}
