/**
 * Reads the inline code out of built HTML, so the Content-Security-Policy can allow exactly what the pages carry
 * (by hash) and nothing else, and moves style="…" attributes into a stylesheet a hash can allow. The pages are
 * read with the shared scanner (scripts/lib/html-scan.ts). Pure: no file system, no DOM.
 */
import { createHash } from "node:crypto";
import { attribute, scanHtml, type HtmlTag } from "../lib/html-scan.ts";

const JS_TYPES = new Set([
  "",
  "module",
  "importmap",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
  "application/x-javascript",
  "text/jscript",
]);

/** True for a <script> the browser runs (a JSON-LD or other data block is never run, so CSP does not apply). */
function isExecutable(tag: HtmlTag): boolean {
  const type = attribute(tag, "type");
  return type === undefined || JS_TYPES.has(type.trim().toLowerCase());
}

/** The CSP source expression for a piece of inline code: 'sha256-…' of its UTF-8 text, newlines normalised as a parser does. */
export function cspHash(text: string): string {
  const normalised = text.replace(/\r\n?/g, "\n");
  return `'sha256-${createHash("sha256").update(normalised, "utf8").digest("base64")}'`;
}

export interface InlineCode {
  /** Text of every inline script the browser runs. */
  scripts: string[];
  /** Text of every <style> element. */
  styles: string[];
  /** Values of every style="…" attribute. */
  styleAttributes: string[];
  /** Constructs no CSP without 'unsafe-inline' can allow: on…= handlers and javascript: URLs, as `<tag attr>`. */
  forbidden: string[];
}

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href"]);

/** Everything inline in one page that the CSP has to account for. */
export function findInlineCode(html: string): InlineCode {
  const scanned = scanHtml(html);
  const forbidden: string[] = [];
  const styleAttributes: string[] = [];
  for (const tag of scanned.tags) {
    for (const item of tag.attributes) {
      if (item.name === "style") styleAttributes.push(item.value);
      else if (/^on[a-z]+$/.test(item.name)) forbidden.push(`<${tag.name} ${item.name}>`);
      else if (URL_ATTRIBUTES.has(item.name) && /^\s*javascript:/i.test(item.value))
        forbidden.push(`<${tag.name} ${item.name}="javascript:…">`);
    }
  }
  return {
    scripts: scanned.scripts.filter((s) => !attribute(s.tag, "src") && isExecutable(s.tag)).map((s) => s.text),
    styles: scanned.styles.map((s) => s.text),
    styleAttributes,
    forbidden,
  };
}

/** The attribute that takes a style="…" attribute's place, with the same value. */
const STYLE_ATTRIBUTE = "data-inline-style";

/** A CSS string literal for `text`. */
function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, "\\$&").replace(/\n/g, "\\a ")}"`;
}

/**
 * A rule that applies `declarations` to the elements whose data-inline-style
 * holds them. The attribute three times (specificity 0,3,0) and no cascade
 * layer: it outranks the layered Tailwind utilities and ordinary rules, as the
 * inline style did.
 */
export function styleRule(declarations: string): string {
  if (/[{}<]/.test(declarations)) {
    throw new Error(`style="${declarations}" cannot move to a stylesheet: it contains "{", "}" or "<"`);
  }
  const selector = `[${STYLE_ATTRIBUTE}=${cssString(declarations)}]`;
  return `${selector.repeat(3)}{${declarations}}`;
}

/**
 * Runs right after an island's server-rendered HTML, before it hydrates: turns
 * each data-inline-style back into the element's own inline style through the
 * CSSOM (which a CSP does not restrict), so the framework finds the styles it
 * rendered and can change or remove them later.
 */
export const RESTORE_ISLAND_STYLES =
  "(()=>{const island=document.currentScript.previousElementSibling;" +
  `for(const el of island.querySelectorAll("[${STYLE_ATTRIBUTE}]")){` +
  `el.style.cssText=el.getAttribute("${STYLE_ATTRIBUTE}");el.removeAttribute("${STYLE_ATTRIBUTE}")}})()`;

/**
 * Renames every style="…" attribute to data-inline-style="…", so a strict
 * style-src (no 'unsafe-inline', no 'unsafe-hashes') need not allow inline
 * style attributes: a stylesheet built from `declarations` (see styleRule)
 * draws the page as before, and after each <astro-island> that holds such
 * elements a RESTORE_ISLAND_STYLES script hands them back to the island.
 */
export function extractStyleAttributes(html: string): { html: string; declarations: Set<string> } {
  const declarations = new Set<string>();
  const edits: { start: number; end: number; text: string }[] = [];
  const { tags, endTags } = scanHtml(html);
  // Where each outermost <astro-island> ends, and whether it holds styled elements.
  const islands: { start: number; end: number; styled: boolean }[] = [];
  const marks = [
    ...tags.filter((t) => t.name === "astro-island").map((t) => ({ at: t.start, open: true })),
    ...endTags.filter((t) => t.name === "astro-island").map((t) => ({ at: t.end, open: false })),
  ].sort((a, b) => a.at - b.at || Number(a.open) - Number(b.open)); // an island ending where the next begins closes first
  let depth = 0;
  for (const mark of marks) {
    if (mark.open && depth++ === 0) islands.push({ start: mark.at, end: html.length, styled: false });
    if (!mark.open && depth > 0 && --depth === 0) islands[islands.length - 1]!.end = mark.at;
  }
  for (const tag of tags) {
    const styles = tag.attributes.filter((item) => item.name === "style");
    if (styles.length === 0) continue;
    if (tag.attributes.some((item) => item.name === STYLE_ATTRIBUTE)) {
      throw new Error(`<${tag.name}> already has a ${STYLE_ATTRIBUTE} attribute`);
    }
    // A browser keeps the first of two same-named attributes; so do we.
    const [kept, ...dropped] = styles;
    declarations.add(kept!.value);
    edits.push({ start: kept!.start, end: kept!.start + "style".length, text: STYLE_ATTRIBUTE });
    for (const extra of dropped) edits.push({ start: extra.start, end: extra.end, text: "" });
    const island = islands.find((item) => item.start < tag.start && tag.start < item.end);
    if (island) island.styled = true;
  }
  for (const island of islands.filter((item) => item.styled)) {
    edits.push({ start: island.end, end: island.end, text: `<script>${RESTORE_ISLAND_STYLES}</script>` });
  }
  if (edits.length === 0) return { html, declarations };
  edits.sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const edit of edits) {
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return { html: out + html.slice(at), declarations };
}
