/**
 * No script file is requested before a page's first paint. Astro writes a bundled `<script>` whose code imports
 * shared chunks (today only the subscribe form's, on /contact) as `<script type="module" src>`, which the browser
 * requests as it parses, competing with the first paint; the postbuild step turns each into an inline module that
 * imports the same file once the page has loaded. Its code is unchanged: a module that ran before `load` now runs
 * just after it. The forms such scripts enhance work without them meanwhile (plain HTML posts).
 */

/** The tag Astro writes for a bundled module script, with the file's root-relative URL (not "//host/…"). */
const MODULE_FILE = /<script type="module" src="(\/(?!\/)[^"<>]+\.js)"><\/script>/g;

/** The inline module that imports `src` once the page has loaded (inline modules run before `load`). */
export const afterLoad = (src) =>
  `<script type="module">addEventListener("load",()=>import(${JSON.stringify(src)}),{once:true})</script>`;

/**
 * Rewrites every module script file of a page to load after the page.
 * @param {string} html
 * @returns {{ html: string, deferred: string[] }} the new HTML and the deferred files' URLs
 */
export function deferModuleScripts(html) {
  const deferred = [];
  const out = html.replace(MODULE_FILE, (_tag, src) => {
    deferred.push(src);
    return afterLoad(src);
  });
  return { html: out, deferred };
}
