/**
 * Short custom property names in the built pages' stylesheets: `--tw-space-y-reverse`, `--color-ink`,
 * `--text-sm--line-height` become `--a`, `--b`, `--c`, where they are set (`--color-ink:#1a1a1a`), read
 * (`var(--color-ink)`) and registered (`@property --tw-leading`), the same name on every page and in the later
 * stylesheets, which read the theme's variables too. Tailwind's custom properties are the longest words left in a
 * page's stylesheet once its classes are short (scripts/lib/short-classes.mjs): this takes 190–280 bytes (brotli)
 * off each page.
 *
 * A custom property keeps its name wherever something other than these stylesheets may name it: a script
 * (`getPropertyValue("--color-up")`, a Radix component's `--radix-slider-thumb-transform`), an end-to-end test,
 * the markup outside the `<style>` elements (a moved style attribute's value, an SVG attribute's `var()`), a class
 * name (`accent-[var(--color-accent)]`), or a selector or condition (`@supports (--x:0)`), which are left as
 * written.
 * In `astro dev` every custom property has its own name.
 */
import { scanHtml } from "./html-scan.ts";

/**
 * What the tokenizer stops at: a string or a comment (skipped), an escape (skipped: `\(--x\)` is part of a class
 * name), a custom property name (not inside a longer word), or a character that ends a prelude or a declaration.
 */
const TOKEN =
  /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\*[\s\S]*?\*\/|\\[0-9a-fA-F]{1,6} ?|\\.|(?<![\w-])(--[a-zA-Z_][\w-]*)|[{};]/gsu;

/**
 * Every custom property name of `css` with where it stands: `settable` where a declaration sets or reads it or
 * an `@property` registers it, not where a selector or an at-rule's condition names it.
 * @param {string} css
 * @returns {{ name: string, start: number, end: number, settable: boolean }[]}
 */
function customPropertyTokens(css) {
  /** @type {{ name: string, start: number, end: number }[]} */
  let pending = [];
  /** @type {{ name: string, start: number, end: number, settable: boolean }[]} */
  const found = [];
  let segmentStart = 0;
  // A segment ends at "{" (it was a prelude: a selector or an at-rule's), or at ";" or "}" (a declaration).
  const close = (/** @type {string} */ by, /** @type {number} */ at) => {
    const prelude = by === "{" && css.slice(segmentStart, at).trimStart();
    const settable = prelude === false || /^@property\s/.test(prelude);
    // A name right before an escape or a non-ASCII letter belongs to a longer word: never rename it.
    for (const token of pending)
      found.push({ ...token, settable: settable && !/^[\\\u0080-\u{10ffff}]/u.test(css.slice(token.end)) });
    pending = [];
    segmentStart = at + 1;
  };
  for (const match of css.matchAll(TOKEN)) {
    const [text, name] = match;
    const at = match.index;
    if (name !== undefined) pending.push({ name, start: at, end: at + text.length });
    else if (text === "{" || text === "}" || text === ";") close(text, at);
  }
  close(";", css.length);
  return found;
}

/**
 * The custom properties a selector or an at-rule's condition of `css` names (`.\\[--x\\:1\\]`,
 * `@supports (--x:0)`): they keep their names everywhere.
 * @param {string} css
 */
export function fixedCustomProperties(css) {
  return new Set(
    customPropertyTokens(css)
      .filter((token) => !token.settable)
      .map((token) => token.name),
  );
}

/**
 * `css` with each custom property renamed by `names` (from "--long-name" to "--a"; one not in it keeps its name)
 * where a declaration sets or reads it or an `@property` registers it.
 * @param {string} css
 * @param {Map<string, string>} names
 */
export function renameCustomProperties(css, names) {
  let out = "";
  let from = 0;
  for (const token of customPropertyTokens(css)) {
    const short = token.settable ? names.get(token.name) : undefined;
    if (short === undefined) continue;
    out += css.slice(from, token.start) + short;
    from = token.end;
  }
  return out + css.slice(from);
}

/**
 * `html` with the custom properties of its `<style>` elements renamed by `names`.
 * @param {string} html
 * @param {Map<string, string>} names
 */
export function renameCustomPropertiesInHtml(html, names) {
  let out = "";
  let from = 0;
  for (const style of scanHtml(html).styles) {
    out += html.slice(from, style.tag.end) + renameCustomProperties(style.text, names);
    from = style.tag.end + style.text.length;
  }
  return out + html.slice(from);
}

/**
 * How often each custom property appears where it can be renamed in `stylesheets`.
 * @param {string[]} stylesheets
 */
export function customPropertyCounts(stylesheets) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const css of stylesheets)
    for (const token of customPropertyTokens(css))
      if (token.settable) counts.set(token.name, (counts.get(token.name) ?? 0) + 1);
  return counts;
}
