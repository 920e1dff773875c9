/**
 * The files an island's code imports, named on the island so that its loader can ask for them all at once.
 *
 * An island that hydrates when the visitor reaches for it (src/browser/hydrate-on-interaction.ts) starts from
 * two files, its component's and its renderer's. The browser learns what those import (React's runtime, the
 * pieces the islands share) only once it has them and has read them: one more round trip before the island can
 * run. On an emulated slow phone the radio and the glossary search are ready 0.3–0.4 s sooner without it
 * (docs/performance-log.md, thirty-sixth session). So the build writes
 * every file the two import, directly or through each other, into a `data-imports` attribute on the island, and
 * the loader asks for those as `<link rel="modulepreload">` at the moment it asks for the two.
 *
 * Static imports only: a file the island's code loads later with `import()` is asked for when that code runs.
 */
import { init, parse } from "es-module-lexer";
import { attribute, scanHtml } from "./html-scan.ts";

/** Where the build writes its script files, and so where their relative imports point. */
const ASTRO = "/_astro/";

/**
 * The files that `entries` (URLs under /_astro/) import statically, directly or through each other, breadth
 * first, without `entries` themselves. `read(name)` gives a file's code by its name under /_astro/, or undefined
 * if there is none: a file that cannot be read is still listed (the browser would ask for it), but not followed.
 * @param {string[]} entries
 * @param {(name: string) => string | undefined} read
 * @returns {Promise<string[]>} their URLs
 */
export async function staticImports(entries, read) {
  await init;
  const seen = new Set(entries);
  const found = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const url = String(queue.shift());
    if (!url.startsWith(ASTRO)) continue;
    const code = read(url.slice(ASTRO.length));
    if (code === undefined) continue;
    const [imports] = parse(code, url);
    for (const { n: specifier, d: dynamic } of imports) {
      // -1: a static `import … from "…"` or `export … from "…"`; a dynamic import or import.meta is not one.
      if (dynamic !== -1 || specifier === undefined) continue;
      const target = new URL(specifier, `https://build.invalid${url}`);
      if (target.origin !== "https://build.invalid") continue;
      const imported = target.pathname;
      if (seen.has(imported)) continue;
      seen.add(imported);
      found.push(imported);
      queue.push(imported);
    }
  }
  return found;
}

/**
 * `html` with a `data-imports` attribute on each island hydrated by `client:interaction`: the files its
 * component and renderer import (staticImports), separated by spaces. An island that imports nothing beyond
 * the two, or one another directive hydrates, is left as it is.
 * @param {string} html
 * @param {(name: string) => string | undefined} read
 * @returns {Promise<string>}
 */
export async function withIslandImports(html, read) {
  const islands = scanHtml(html).tags.filter(
    (tag) => tag.name === "astro-island" && attribute(tag, "client") === "interaction",
  );
  let out = html;
  // From the last island to the first, so that each one's offsets still hold when it is written.
  for (const island of islands.reverse()) {
    if (attribute(island, "data-imports") !== undefined) continue;
    const entries = ["component-url", "renderer-url"].map((name) => attribute(island, name)).filter(Boolean);
    const files = await staticImports(/** @type {string[]} */ (entries), read);
    if (files.length === 0) continue;
    const at = island.end - 1;
    out = `${out.slice(0, at)} data-imports="${files.join(" ")}"${out.slice(at)}`;
  }
  return out;
}
