/**
 * Indexes the built site with Pagefind after `astro build`, writing the index
 * and its search script to dist/pagefind/. Nothing of it loads until a visitor
 * opens the search dialog. Each page is read with a space between adjacent
 * elements and without what no visitor reads as its text (src/lib/search-index-html.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { close, createIndex } from "pagefind";
import { builtPages } from "./built-pages";
import { searchIndexExcludes, spaceBetweenElements } from "../lib/search-index-html";

export function pagefind(): AstroIntegration {
  return {
    name: "pagefind",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const { index, errors } = await createIndex({ excludeSelectors: searchIndexExcludes });
        if (!index) throw new Error(`Pagefind could not start: ${errors.join("; ")}`);
        let indexed = 0;
        for (const sourcePath of await builtPages(site)) {
          const content = spaceBetweenElements(await readFile(join(site, sourcePath), "utf8"));
          const added = await index.addHTMLFile({ sourcePath, content });
          if (added.errors.length > 0)
            throw new Error(`Pagefind could not index ${sourcePath}: ${added.errors.join("; ")}`);
          if (added.file) indexed += 1;
        }
        const written = await index.writeFiles({ outputPath: `${site}/pagefind` });
        if (written.errors.length > 0)
          throw new Error(`Pagefind could not write its index: ${written.errors.join("; ")}`);
        logger.info(`indexed ${indexed} pages`);
        await close();
      },
    },
  };
}
