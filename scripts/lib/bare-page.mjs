// @ts-check
/**
 * The bare page: a route's own text as plain semantic HTML with a few lines of system-font CSS, and nothing to
 * fetch. The yardstick the audits divide a route's paint times by (scripts/audit.mjs, scripts/stream-audit.mjs).
 */
import { parseDocument } from "htmlparser2";

/** Elements the bare page keeps (without their attributes, but a link's href): the page's semantic outline. */
const BARE_KEEP = new Set(
  (
    "header nav main footer article section aside h1 h2 h3 h4 h5 h6 p ul ol li dl dt dd blockquote figure " +
    "figcaption table caption thead tbody tfoot tr th td strong em b i small abbr cite code pre time a br hr " +
    "details summary sup sub q"
  ).split(" "),
);

/** Elements the bare page drops with everything inside: code, styles, graphics, controls, hidden templates. */
const BARE_DROP = new Set(
  (
    "head script style noscript template svg canvas img picture video audio iframe object embed dialog " +
    "button input select textarea option label form"
  ).split(" "),
);

/** The system-font styles of every bare page: readable, and nothing to fetch. */
const BARE_CSS =
  "body{margin:0 auto;max-width:68ch;padding:1rem;font:1.0625rem/1.65 system-ui,sans-serif}" +
  "h1,h2,h3{line-height:1.15}table{border-collapse:collapse}";

/**
 * The bare page of a built page: its title, description and the text of its body as plain semantic HTML with a
 * few lines of inline system-font CSS, and nothing to fetch. What a browser cannot paint faster, whatever the
 * design: the audit measures each route against its own.
 * @param {string} html  the built page
 * @returns {string}
 */
export function barePage(html) {
  const document = parseDocument(html);
  /** @param {any} node @returns {any} */
  const find = (node, /** @type {string} */ name) => {
    if (node.name === name) return node;
    for (const child of node.children ?? []) {
      const found = find(child, name);
      if (found) return found;
    }
    return null;
  };
  const escape = (/** @type {string} */ text) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  /** @param {any} node @returns {string} */
  const render = (node) => {
    if (node.type === "text") return escape(node.data);
    if (node.type !== "tag") return "";
    if (BARE_DROP.has(node.name) || node.attribs?.hidden !== undefined) return "";
    const inner = (node.children ?? []).map(render).join("");
    if (!BARE_KEEP.has(node.name)) return inner;
    if (node.name === "br" || node.name === "hr") return `<${node.name}>`;
    const href = node.name === "a" && node.attribs?.href ? ` href="${escape(node.attribs.href)}"` : "";
    return `<${node.name}${href}>${inner}</${node.name}>`;
  };
  const text = (/** @type {any} */ node) => (node?.children ?? []).map(render).join("").trim();
  const lang = find(document, "html")?.attribs?.lang ?? "en";
  const title = text(find(document, "title"));
  const description = [...(find(document, "head")?.children ?? [])].find(
    (/** @type {any} */ node) => node.name === "meta" && node.attribs?.name === "description",
  )?.attribs?.content;
  const body = text(find(document, "body")).replace(/\n\s*\n+/g, "\n");
  return (
    `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    (description ? `<meta name="description" content="${escape(description)}">` : "") +
    `<style>${BARE_CSS}</style></head><body>${body}</body></html>\n`
  );
}

/**
 * The `_headers` file of a folder of bare pages: each route's bare page is served with its route's
 * Cross-Origin-Opener-Policy, and with no other header (the route's other headers are bytes of its first round trip,
 * and count against it). That policy decides where Chromium loads the page: opened from a blank tab, as the audits
 * open every page, a response with it is moved to a renderer process started for it, a response without it stays in
 * the tab's warm one, and the fresh renderer parses and lays out the same page at half the speed (2026-11-28: a
 * bare page's FCP 689 → 814 ms, TBT 10 → 154 ms in Lighthouse), so the route and its bare page are loaded alike. The
 * site's pages send none since 2026-11-28 (scripts/csp/security-headers.ts says why), and then neither has one.
 * @param {Iterable<[string, string | null | undefined]>} policies  each route and its page's policy, if it has one
 * @returns {string}
 */
export function bareHeaders(policies) {
  let text = "";
  for (const [route, policy] of policies) {
    if (policy) text += `${route}\n  Cross-Origin-Opener-Policy: ${policy}\n`;
  }
  return text;
}
