// @ts-check
/**
 * The byte budgets and the pure logic that judges one page load
 * against them, kept apart from the browser so it is unit-tested.
 */
import { gzipSync } from "node:zlib";
import { EXPLAINERS } from "../../src/lib/explainers.ts";

export const KB = 1024;

/** Every budget in one place; sizes are gzip bytes (zlib's default level 6, what a host's gzip sends). */
export const BUDGETS = {
  /** JavaScript loaded without interaction on a content-only page at 1280px. */
  contentJs: 5 * KB,
  /** JavaScript loaded without interaction on any route (React 19's runtime alone is ~65 KB). */
  anyJs: 90 * KB,
  css: 20 * KB,
  html: 60 * KB,
  /**
   * What a content page needs for its first screen (the head with its inlined CSS, and the body through the
   * first paragraph of <main>): one TCP initial window (10 segments of about 1,460 bytes) arrives after one
   * round trip, so a page whose first screen fits paints without waiting for a second.
   */
  firstScreen: 14 * KB,
  preloadedFonts: 2,
};

/**
 * The start of a page that its first screen needs: everything up to the end of the first paragraph in <main>
 * (the whole page if it has none).
 * @param {string} html
 * @returns {string}
 */
export function firstScreen(html) {
  const main = html.search(/<main[\s>]/);
  const end = main < 0 ? -1 : html.indexOf("</p>", main);
  return end < 0 ? html : html.slice(0, end + "</p>".length);
}

/**
 * Routes that are reading only: almost no JavaScript and no React before interaction (scripts/budgets.mjs judges
 * the 404 page as one too).
 */
const CONTENT_ROUTES = [...EXPLAINERS.map((id) => `/${id}`), "/privacy", "/terms", "/books", "/learn"];

/**
 * True for a reading-only route: one of CONTENT_ROUTES or a lesson under /learn/.
 * @param {string} route
 */
export function isContentRoute(route) {
  return CONTENT_ROUTES.includes(route) || route.startsWith("/learn/");
}

/**
 * @param {Uint8Array | string} body
 * @returns {number} gzip bytes
 */
export function gzipSize(body) {
  return gzipSync(body).length;
}

/** Markers only React's own runtime carries (react and react-dom production builds). */
const REACT_MARKERS = ["__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE", "react.dev/errors/"];

/**
 * @param {string} source JavaScript text
 */
export function isReact(source) {
  return REACT_MARKERS.some((marker) => source.includes(marker));
}

/**
 * @typedef {object} Resource
 * @property {string} url
 * @property {"document" | "css" | "js" | "font" | "other"} kind
 * @property {number} gzip
 * @property {boolean} [react] a JavaScript file carrying React's runtime
 *
 * @typedef {object} Load
 * @property {string} route
 * @property {boolean} content  a content-only page (the strict JavaScript budget applies)
 * @property {Resource[]} resources  every same-origin response of the load
 * @property {string[]} external  every request to another host, in order
 * @property {string[]} allowedHosts  hosts of the configured third-party embeds
 * @property {number} preloadedFonts  <link rel="preload" as="font"> in the page
 * @property {number} firstScreen  gzip bytes of the page's firstScreen()
 *
 * @typedef {object} Summary
 * @property {string} route
 * @property {number} html
 * @property {number} firstScreen
 * @property {number} css
 * @property {number} js
 * @property {boolean} react
 * @property {string[]} fonts
 * @property {number} preloadedFonts
 * @property {string[]} external
 * @property {string[]} failures  one sentence per budget missed, naming the figure
 */

/**
 * @param {number} bytes
 */
export function kb(bytes) {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/**
 * Totals of one page load and every budget it misses.
 * @param {Load} load
 * @returns {Summary}
 */
export function judge(load) {
  const sum = (/** @type {Resource["kind"]} */ kind) =>
    load.resources.filter((r) => r.kind === kind).reduce((total, r) => total + r.gzip, 0);
  const html = sum("document");
  const css = sum("css");
  const js = sum("js");
  const react = load.resources.some((r) => r.react);
  const fonts = load.resources.filter((r) => r.kind === "font").map((r) => r.url);
  /** @type {string[]} */
  const failures = [];
  const jsBudget = load.content ? BUDGETS.contentJs : BUDGETS.anyJs;
  if (js > jsBudget) failures.push(`JavaScript ${kb(js)} gzip > ${kb(jsBudget)}`);
  if (load.content && react) failures.push("React loads before any interaction on a content page");
  if (css > BUDGETS.css) failures.push(`CSS ${kb(css)} gzip > ${kb(BUDGETS.css)}`);
  if (html > BUDGETS.html) failures.push(`HTML ${kb(html)} gzip > ${kb(BUDGETS.html)}`);
  if (load.content && load.firstScreen > BUDGETS.firstScreen) {
    failures.push(`first screen ${kb(load.firstScreen)} gzip > ${kb(BUDGETS.firstScreen)}`);
  }
  for (const font of fonts) {
    const file = new URL(font).pathname.split("/").pop() ?? font;
    if (!file.endsWith(".woff2")) failures.push(`font ${file} is not woff2`);
    else if (!/(^|[-_.])latin([-_.]|$)/.test(file) || /latin-ext/.test(file)) {
      failures.push(`font ${file} is not the latin subset`);
    }
  }
  if (load.preloadedFonts > BUDGETS.preloadedFonts) {
    failures.push(`${load.preloadedFonts} fonts preloaded > ${BUDGETS.preloadedFonts}`);
  }
  for (const url of load.external) {
    if (!load.allowedHosts.includes(new URL(url).host)) failures.push(`request to another host: ${url}`);
  }
  return {
    route: load.route,
    html,
    firstScreen: load.firstScreen,
    css,
    js,
    react,
    fonts,
    preloadedFonts: load.preloadedFonts,
    external: load.external,
    failures,
  };
}

/**
 * Hosts of the third-party embeds the owner configured in content/site.json
 * (news widget, contact form, ad network, an absolute radio stream): the only
 * other hosts a first load may reach.
 * @param {Record<string, unknown>} site
 * @returns {string[]}
 */
export function embedHosts(site) {
  /** @type {Set<string>} */
  const hosts = new Set();
  const visit = (/** @type {unknown} */ value) => {
    if (typeof value === "string" && /^https?:\/\//.test(value)) hosts.add(new URL(value).host);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  for (const key of ["news", "contactForm", "ads", "radio"]) visit(site[key]);
  return [...hosts].sort();
}
