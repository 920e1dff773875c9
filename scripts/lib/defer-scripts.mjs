/**
 * No script file is requested before a page's first paint, and no bundled script's code rides in the HTML.
 * Astro writes every bundled `<script>` as a file (astro.config.mjs: no script is inlined) in a
 * `<script type="module" src>`, which the browser would request as it parses, competing with the first paint;
 * the postbuild step turns them into one inline script that imports the same files after `load`, once the first
 * paint is on screen and the browser is idle (afterLoad). Their code is unchanged: a module that ran before `load`
 * now runs after it. What such scripts enhance works
 * without them meanwhile (forms post as plain HTML; the search button waits, hidden from no-JS visitors).
 */

/** The tag Astro writes for a bundled module script, with the file's root-relative URL (not "//host/…"). */
const MODULE_FILE = /<script type="module" src="(\/(?!\/)[^"<>]+\.js)"><\/script>/g;

/**
 * The inline script that imports each of `sources` once the page has loaded, its first paint is on screen, and
 * the browser is idle. A classic script, not a module: it runs where it is parsed, which is all it needs to wait
 * for `load`, and so it can join the classic script before it (scripts/lib/join-inline.mjs), one hash fewer in
 * the page's policy; `import()` works in either. Not at `load` itself: on a fast connection the whole
 * page can have loaded before the browser shows its first frame, and a request started then competes with it
 * (Lighthouse charged it to /terms, /privacy and /radio's LCP, and to /learn's FCP). A paint entry is reported
 * once its frame is presented; `buffered` hands over one that came before `load`. The first contentful paint,
 * not the first paint: on a busy machine a first frame can show only the page's background, and the text a frame
 * later (the islands' loader, src/browser/hydrate-on-interaction.ts, once asked for React's files between the
 * two in a CI run). A page that reports no paint
 * (a tab opened in the background, a test's fake clock) imports them half a second after `load`; a browser
 * without requestIdleCallback (Safari) on the next task.
 * One script for all of a page's files, not one each: the same few hundred bytes would otherwise ride in every
 * page once per file. Each file is imported on its own, so one that fails stops no other.
 * A file that cannot be fetched or fails as it runs (offline, blocked, a broken deploy) marks the page with
 * `data-script-failed` on `<html>`, so what waits for a script can say so (the search dialog does) instead of
 * waiting silently; the failure is handled, not an uncaught error.
 * @param {string[]} sources
 */
export const afterLoad = (sources) =>
  `<script>addEventListener("load",()=>new Promise(painted=>{new PerformanceObserver(l=>l.getEntriesByName("first-contentful-paint")[0]&&painted()).observe({type:"paint",buffered:true});setTimeout(painted,500)}).then(()=>(self.requestIdleCallback||setTimeout)(()=>{for(const src of ${JSON.stringify(sources)})import(src).catch(()=>{document.documentElement.dataset.scriptFailed=""})},{timeout:2e3})),{once:true})</script>`;

/**
 * Rewrites a page's module script files to load after the page, at idle: their tags go, and one inline script that
 * imports them all, in the page's order, goes at the end of the page's <head> (after the shell's inline script
 * there, which it joins: scripts/lib/join-inline.mjs), or where the last tag was in a page without one.
 * @param {string} html
 * @returns {{ html: string, deferred: string[] }} the new HTML and the deferred files' URLs
 */
export function deferModuleScripts(html) {
  /** @type {string[]} */
  const deferred = [];
  const count = [...html.matchAll(MODULE_FILE)].length;
  const headEnd = html.indexOf("</head>");
  const out = html.replace(MODULE_FILE, (_tag, src) => {
    deferred.push(src);
    return deferred.length === count && headEnd < 0 ? afterLoad(deferred) : "";
  });
  if (deferred.length === 0 || headEnd < 0) return { html: out, deferred };
  const at = out.indexOf("</head>");
  return { html: out.slice(0, at) + afterLoad(deferred) + out.slice(at), deferred };
}

/** An inline classic script, and its code. */
const INLINE_SCRIPT = /<script>([^<]*(?:<(?!\/script>)[^<]*)*)<\/script>/g;

/** Astro's own island code: the runtime that defines <astro-island>, or a client directive's (it announces itself). */
const isIslandCode = (/** @type {string} */ code) =>
  code.includes('customElements.define("astro-island"') || /dispatchEvent\(new Event\("astro:[\w-]+"\)\)/.test(code);

/**
 * A page's inline island code (Astro writes it before the first island that needs it) as one file's content, and
 * the page with a deferred `<script src>` in place of the first of those scripts, the others gone; undefined if the
 * page has none. Order and timing hold: the directives come first in the file, as in the page, and a deferred
 * script runs once the page is parsed, before DOMContentLoaded. An island waits for both whenever they come (it
 * is upgraded when its element is defined, and starts when its directive announces itself), and every directive
 * here waits for the visitor or for idle after load anyway.
 * @param {string} html
 * @returns {{ code: string, html: (src: string) => string } | undefined}
 */
export function islandScripts(html) {
  /** @type {string[]} */
  const parts = [];
  const marker = "\u0000islands\u0000";
  const marked = html.replace(INLINE_SCRIPT, (tag, code) => {
    if (!isIslandCode(code)) return tag;
    parts.push(code);
    return parts.length === 1 ? marker : "";
  });
  if (parts.length === 0) return undefined;
  return {
    code: parts.join("\n"),
    html: (src) => marked.replace(marker, () => `<script src="${src}" defer></script>`),
  };
}
