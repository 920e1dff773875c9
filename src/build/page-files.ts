/**
 * A page's text lives in content/pages/<name>.mdx, but its address comes from a route in src/pages/, which a
 * developer writes: a new file there makes no page by itself. After `astro build` this integration fails the build
 * on a file no built page came from, rather than let an editor's new page go missing without a word.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { builtPages } from "./built-pages";
import { ContentFileError } from "./content-errors";

/** Where the page made from content/pages/<id>.mdx is written in the build: index and 404 at the top. */
function builtFileOf(id: string): string {
  return id === "index" || id === "404" ? `${id}.html` : `${id}/index.html`;
}

/**
 * Fails on the first file of the pages' folder (its `.mdx` files) that no built page came from. `built` holds the
 * build's pages ("about/index.html").
 */
export function checkPageFiles(folder: string, built: readonly string[], label = "content/pages"): void {
  const pages = new Set(built);
  for (const name of readdirSync(folder).sort()) {
    if (name.startsWith(".")) continue;
    const id = name.replace(/\.mdx$/, "");
    if (id === name) {
      throw new ContentFileError(`${label}/${name}`, [
        "the pages' folder holds .mdx files only (this one would be left out without a word)",
      ]);
    }
    if (!pages.has(builtFileOf(id))) {
      throw new ContentFileError(`${label}/${name}`, [
        `no page shows this file: a page's address comes from a route in src/pages/, and none reads "${id}". ` +
          "To publish it, a developer adds the route; a lesson goes in content/learn/ instead, where the file " +
          "name is its address",
      ]);
    }
  }
}

/** The check, after the build has written its pages. */
export function pageFiles(): AstroIntegration {
  let root = "";
  return {
    name: "page-files",
    hooks: {
      "astro:config:done": ({ config }) => {
        root = fileURLToPath(config.root);
      },
      "astro:build:done": async ({ dir }) => {
        checkPageFiles(`${root}content/pages`, await builtPages(fileURLToPath(dir)));
      },
    },
  };
}
