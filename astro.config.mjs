// @ts-check
import { defineConfig } from "astro/config";
import mdx from "@astrojs/mdx";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import { clientDirectives } from "./src/build/client-directives";
import { eagerWrappers } from "./src/build/eager-wrappers";
import { pageFiles } from "./src/build/page-files";
import { pagefind } from "./src/build/pagefind";
import { shareImages } from "./src/build/share-images";
import { glossaryTerms } from "./src/build/glossary-terms";
import { readSiteUrl } from "./src/build/site-url";
import { EXPLAINERS } from "./src/lib/explainers";

/** The canonical origin comes from the one site setting editors change (content/site.json → url). */
const site = readSiteUrl(new URL("./content/site.json", import.meta.url));

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "ignore",
  build: {
    format: "directory",
    // The stylesheet goes into each page's <style>, not a request: a page paints after one round trip, not two
    // (scripts/postbuild.mjs hashes it into the Content-Security-Policy like every inline style).
    inlineStylesheets: "always",
  },
  integrations: [
    mdx(),
    // The lessons and the four explainers link each glossary term they name, with its definition in a popover.
    glossaryTerms({
      glossary: new URL("./content/glossary.json", import.meta.url),
      include: ["/content/learn/", ...EXPLAINERS.map((id) => `/content/pages/${id}.mdx`)],
    }),
    react(),
    // Sitemap URLs match the canonical links: no trailing slash except the root.
    sitemap({ serialize: (item) => ({ ...item, url: item.url.replace(/(?<=[^/])\/$/, "") }) }),
    clientDirectives(),
    // A content/pages file that no route made a page of fails the build, naming the file.
    pageFiles(),
    pagefind(),
    shareImages(),
  ],
  vite: {
    // React's CommonJS modules wrapped so that Chromium compiles them as their files load (src/build/eager-wrappers.ts).
    plugins: [tailwindcss(), eagerWrappers()],
    build: {
      // Every bundled <script> becomes a file, never inline: scripts/postbuild.mjs has each page import its files
      // once it has loaded, so their bytes leave the HTML (the first round trip) for the browser's cache, shared
      // by every page. Other assets keep Vite's rule (inlined under 4 KB).
      assetsInlineLimit: (file) => (file.endsWith(".js") ? false : undefined),
      rolldownOptions: {
        // Astro's own MDX modules carry a "use astro:head-inject" directive the bundler warns about; it is harmless.
        onwarn(warning, warn) {
          if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
        },
      },
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            // A component's <script> file is named for the component ("BaseLayout.DXFBZacG.js"), not for the
            // bundler's id of it ("BaseLayout.astro_astro_type_script_index_0_lang.DXFBZacG.js"): each page lists its
            // script files in its first round trip (scripts/lib/defer-scripts.mjs), 37 characters fewer each.
            output: { entryFileNames: scriptFileName, chunkFileNames: scriptFileName },
          },
        },
      },
    },
  },
});

/** @param {{ name: string }} chunk */
function scriptFileName({ name }) {
  const component = name.replace(/\.astro_astro_type_script_index_\d+_lang$/, "");
  return `_astro/${component.replace(/[^\w.-]/g, "_")}.[hash].js`;
}
