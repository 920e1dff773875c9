// @ts-check
/**
 * The link gate's logic, free of the file system so it is unit-tested:
 * read every URL-bearing attribute of a page, then check each one against
 * the set of built files and the ids of the page it points into.
 */
import { Parser } from "htmlparser2";
import { routeOfFile } from "../../src/lib/routes.ts";

/**
 * @typedef {object} Ref
 * @property {string} tag        the element, e.g. "a"
 * @property {string} attr       the attribute, e.g. "href"
 * @property {string} value      the URL as written
 * @property {boolean} navigates true for links and forms (a visitor goes there), false for resources the page loads
 * @property {string} [target]   the target attribute, if any
 * @property {string} [rel]      the rel attribute, if any
 *
 * @typedef {object} Page
 * @property {Set<string>} ids   every id and <a name> on the page (fragment targets)
 * @property {Ref[]} refs
 *
 * @typedef {object} Problem
 * @property {string} page       the built file, e.g. "about/index.html"
 * @property {string} message
 */

/** Attributes that hold one URL, per element ("*" = any element). */
const URL_ATTRIBUTES = {
  a: ["href"],
  area: ["href"],
  link: ["href"],
  img: ["src"],
  source: ["src"],
  script: ["src"],
  iframe: ["src"],
  audio: ["src"],
  video: ["src", "poster"],
  track: ["src"],
  embed: ["src"],
  object: ["data"],
  input: ["src"],
  form: ["action"],
  use: ["href", "xlink:href"],
  image: ["href", "xlink:href"],
};
/** Open Graph and Twitter meta tags whose content is a URL. */
const URL_META = new Set(["og:url", "og:image", "og:image:url", "og:image:secure_url", "twitter:image"]);
const NAVIGATING = new Set(["a", "area", "form"]);

/**
 * Reads a page's fragment targets and URL references.
 * @param {string} html
 * @returns {Page}
 */
export function readPage(html) {
  /** @type {Page} */
  const page = { ids: new Set(), refs: [] };
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (attributes["id"]) page.ids.add(attributes["id"]);
        if (tag === "a" && attributes["name"]) page.ids.add(attributes["name"]);
        const common = { tag, navigates: NAVIGATING.has(tag) };
        if (attributes["target"] !== undefined) Object.assign(common, { target: attributes["target"] });
        if (attributes["rel"] !== undefined) Object.assign(common, { rel: attributes["rel"] });
        for (const attr of URL_ATTRIBUTES[/** @type {keyof typeof URL_ATTRIBUTES} */ (tag)] ?? []) {
          const value = attributes[attr];
          if (value !== undefined) page.refs.push({ ...common, attr, value });
        }
        for (const attr of ["srcset", "imagesrcset"]) {
          const value = attributes[attr];
          if (value === undefined) continue;
          for (const candidate of value.split(",")) {
            const url = candidate.trim().split(/\s+/)[0];
            if (url) page.refs.push({ ...common, attr, value: url });
          }
        }
        const property = attributes["property"] ?? attributes["name"];
        if (tag === "meta" && property && URL_META.has(property) && attributes["content"] !== undefined) {
          page.refs.push({ ...common, attr: `content (${property})`, value: attributes["content"] });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return page;
}

/**
 * The built file a site path resolves to, the way the static host does it
 * (the file itself, then path/index.html, then path.html), or null.
 * @param {string} pathname  URL path, still percent-encoded
 * @param {(file: string) => boolean} exists  whether a file (relative to dist, no leading slash) exists
 * @returns {string | null}
 */
export function resolveFile(pathname, exists) {
  let path;
  try {
    path = decodeURIComponent(pathname).replace(/^\/+/, "");
  } catch {
    return null;
  }
  const candidates =
    path === "" || path.endsWith("/") ? [`${path}index.html`] : [path, `${path}/index.html`, `${path}.html`];
  return candidates.find((candidate) => exists(candidate)) ?? null;
}

const MAILTO = /^mailto:[^@\s?]+@[^@\s?]+\.[^@\s?]+(\?.*)?$/i;
const TEL = /^tel:\+?[0-9][0-9 ().-]{2,}$/i;

/**
 * @typedef {object} SiteOptions
 * @property {string} origin  the site's canonical origin (its own absolute URLs count as internal)
 * @property {(file: string) => boolean} exists
 * @property {(file: string) => Set<string> | null} idsOf  fragment targets of a built file (null: not a document)
 * @property {string[]} [servedByHost]  path prefixes the host serves outside dist (e.g. the radio stream proxy)
 */

/**
 * Checks every reference on one built page.
 * @param {string} file  the page's built file, e.g. "about/index.html"
 * @param {Page} page
 * @param {SiteOptions} site
 * @returns {Problem[]}
 */
export function checkPage(file, page, { origin, exists, idsOf, servedByHost = [] }) {
  /** @type {Problem[]} */
  const problems = [];
  const base = new URL(routeOfFile(file), origin);
  const isNotFoundPage = file === "404.html";
  for (const ref of page.refs) {
    const where = `<${ref.tag} ${ref.attr}="${ref.value}">`;
    const report = (/** @type {string} */ message) => problems.push({ page: file, message: `${where}: ${message}` });
    const value = ref.value.trim();

    if (ref.target === "_blank" && !/(^|\s)noopener(\s|$)/i.test(ref.rel ?? "")) {
      report(`target="_blank" without rel="noopener" (rel="${ref.rel ?? ""}")`);
    }
    if (value === "") {
      report("empty URL");
      continue;
    }
    if (value === "#") {
      report('"#" goes nowhere: link to a real target or use a <button>');
      continue;
    }
    if (isNotFoundPage && !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(value)) {
      report("relative URL on the 404 page resolves against whatever missing path was asked for; start it with /");
      continue;
    }
    let url;
    try {
      url = new URL(value, base);
    } catch {
      report("not a valid URL");
      continue;
    }

    if (url.origin === base.origin) {
      if (servedByHost.some((prefix) => url.pathname.startsWith(prefix))) continue;
      const target = resolveFile(url.pathname, exists);
      if (!target) {
        report(`no file in the build for ${url.pathname}`);
        continue;
      }
      if (url.hash.length > 1) {
        const ids = idsOf(target);
        const id = decodeURIComponent(url.hash.slice(1));
        if (ids && !ids.has(id)) report(`no element with id "${id}" in ${target}`);
      }
      continue;
    }

    switch (url.protocol) {
      case "https:":
        break;
      case "http:":
        if (!ref.navigates) report("a resource loaded over plain http (mixed content): use https");
        break;
      case "mailto:":
        if (!ref.navigates || !MAILTO.test(value)) report("not a valid mailto: link");
        break;
      case "tel:":
        if (!ref.navigates || !TEL.test(value)) report("not a valid tel: link");
        break;
      case "data:":
        if (ref.navigates) report("a link to a data: URL");
        break;
      default:
        report(`unsupported scheme ${url.protocol} (links must be http(s), mailto: or tel:)`);
    }
  }
  return problems;
}
