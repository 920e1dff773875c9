/**
 * Reads the inline code out of built HTML, so the Content-Security-Policy can
 * allow exactly what the pages carry (by hash) and nothing else. A small
 * tokenizer for the well-formed HTML Astro writes: start tags with their
 * attributes (quoted values may hold ">"), comments, and the raw text of
 * <script> and <style>. Pure: no file system, no DOM.
 */
import { createHash } from "node:crypto";

export interface HtmlAttribute {
  /** Lower-cased name. */
  name: string;
  /** The value with character references decoded ("" for a bare attribute). */
  value: string;
  /** Offsets in the source: the name's first character and one past the value's closing quote. */
  start: number;
  end: number;
}

export interface HtmlTag {
  /** Lower-cased tag name. */
  name: string;
  start: number;
  end: number;
  attributes: HtmlAttribute[];
}

export interface RawTextElement {
  tag: HtmlTag;
  /** The text between the start tag and its end tag, exactly as written. */
  text: string;
}

export interface EndTag {
  /** Lower-cased tag name. */
  name: string;
  start: number;
  end: number;
}

export interface ScannedHtml {
  tags: HtmlTag[];
  endTags: EndTag[];
  scripts: RawTextElement[];
  styles: RawTextElement[];
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the character references an HTML serializer writes in attribute values. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const TAG_NAME = /<([a-zA-Z][^\s/>]*)/y;
const ATTRIBUTE = /([^\s"'>/=][^\s"'>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/** Splits built HTML into its start tags and the raw text of its <script> and <style> elements. */
export function scanHtml(html: string): ScannedHtml {
  const result: ScannedHtml = { tags: [], endTags: [], scripts: [], styles: [] };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    if (html.startsWith("<!--", lt)) {
      const close = html.indexOf("-->", lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    TAG_NAME.lastIndex = lt;
    const opened = TAG_NAME.exec(html);
    if (!opened) {
      // An end tag, a doctype, or a stray "<" in text.
      const next = html[lt + 1];
      const close = next === "/" || next === "!" || next === "?" ? html.indexOf(">", lt) : lt;
      i = close < 0 ? html.length : close + 1;
      const name = next === "/" ? /^<\/([a-zA-Z][^\s/>]*)/.exec(html.slice(lt, lt + 64))?.[1] : undefined;
      if (name) result.endTags.push({ name: name.toLowerCase(), start: lt, end: i });
      continue;
    }
    const tag: HtmlTag = { name: opened[1]!.toLowerCase(), start: lt, end: html.length, attributes: [] };
    let p = lt + opened[0].length;
    while (p < html.length) {
      const c = html[p]!;
      if (c === ">") {
        tag.end = p + 1;
        break;
      }
      if (/\s|\//.test(c)) {
        p += 1;
        continue;
      }
      ATTRIBUTE.lastIndex = p;
      const attribute = ATTRIBUTE.exec(html);
      if (!attribute) {
        p += 1; // a stray quote: skip it, as a browser would
        continue;
      }
      const raw = attribute[2] ?? attribute[3] ?? attribute[4] ?? "";
      tag.attributes.push({
        name: attribute[1]!.toLowerCase(),
        value: decodeEntities(raw),
        start: p,
        end: p + attribute[0].length,
      });
      p += attribute[0].length;
    }
    result.tags.push(tag);
    i = tag.end;
    if (tag.name === "script" || tag.name === "style") {
      const closing = html.toLowerCase().indexOf(`</${tag.name}`, i);
      const end = closing < 0 ? html.length : closing;
      (tag.name === "script" ? result.scripts : result.styles).push({ tag, text: html.slice(i, end) });
      i = end;
    }
  }
  return result;
}

export function attribute(tag: HtmlTag, name: string): string | undefined {
  return tag.attributes.find((item) => item.name === name)?.value;
}

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
export function isExecutable(tag: HtmlTag): boolean {
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
export const STYLE_ATTRIBUTE = "data-inline-style";

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
