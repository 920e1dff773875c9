/**
 * Indexes the built site with Pagefind after `astro build`, writing the index
 * and its search script to dist/pagefind/. Nothing of it loads until a visitor
 * opens the search dialog.
 */
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { close, createIndex } from "pagefind";

export function pagefind(): AstroIntegration {
  return {
    name: "pagefind",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const { index, errors } = await createIndex({});
        if (!index) throw new Error(`Pagefind could not start: ${errors.join("; ")}`);
        const added = await index.addDirectory({ path: site });
        if (added.errors.length > 0) throw new Error(`Pagefind indexing failed: ${added.errors.join("; ")}`);
        const written = await index.writeFiles({ outputPath: `${site}/pagefind` });
        if (written.errors.length > 0)
          throw new Error(`Pagefind could not write its index: ${written.errors.join("; ")}`);
        logger.info(`indexed ${added.page_count} pages`);
        await close();
      },
    },
  };
}
