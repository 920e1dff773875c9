/**
 * No script file is requested before a page's first paint, and no bundled script's code rides in the HTML.
 * Astro writes every bundled `<script>` as a file (astro.config.mjs: no script is inlined) in a
 * `<script type="module" src>`, which the browser would request as it parses, competing with the first paint;
 * the postbuild step turns each into an inline module that imports the same file once the page has loaded. Its
 * code is unchanged: a module that ran before `load` now runs just after it. What such scripts enhance works
 * without them meanwhile (forms post as plain HTML; the search button waits, hidden from no-JS visitors).
 */

/** The tag Astro writes for a bundled module script, with the file's root-relative URL (not "//host/…"). */
const MODULE_FILE = /<script type="module" src="(\/(?!\/)[^"<>]+\.js)"><\/script>/g;

/**
 * The inline module that imports `src` once the page has loaded and the browser is idle (inline modules run
 * before `load`). Idle, not at `load` itself: on a fast connection `load` can come before the first paint, and a
 * request started then competes with it (Lighthouse charged /terms, /privacy and /radio's LCP with it).
 * A file that cannot be fetched or fails as it runs (offline, blocked, a broken deploy) marks the page with
 * `data-script-failed` on `<html>`, so what waits for a script can say so (the search dialog does) instead of
 * waiting silently; the failure is handled, not an uncaught error.
 */
export const afterLoad = (src) =>
  `<script type="module">addEventListener("load",()=>{const go=()=>import(${JSON.stringify(src)}).catch(()=>{document.documentElement.dataset.scriptFailed=""});self.requestIdleCallback?requestIdleCallback(go,{timeout:2e3}):setTimeout(go)},{once:true})</script>`;

/**
 * Rewrites every module script file of a page to load after the page, at idle.
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
