// @ts-check
/**
 * Each page's copy of the stylesheet keeps only the utilities it can use. Tailwind writes one stylesheet for
 * the whole site (every class in src/), and every page inlines it: its first round trip carries the rules of
 * every other page too. Here a page's copy loses each rule of `@layer utilities` none of whose classes the page
 * can use: the classes in its HTML (inline scripts included) and in the script files it loads, found by
 * Tailwind's own scanner (scripts/postbuild.mjs); so does each rule of `@layer components` and each style rule
 * outside the layers (`.glossary-tip`). The rules kept keep their order, so a page looks as it did.
 */

import { isReact } from "./byte-budgets.mjs";

/** Classes that only mark an ancestor or sibling for a variant (`group-hover:…`); the utility is the other one. */
const MARKERS = new Set(["group", "peer"]);

/**
 * A class name as written in a selector, unescaped: `md\:px-12` → `md:px-12`, `\31 0` → `10`.
 * @param {string} escaped
 */
export function unescapeClass(escaped) {
  return escaped.replace(/\\([0-9a-fA-F]{1,6} ?|[\s\S])/g, (_match, /** @type {string} */ code) =>
    /^[0-9a-fA-F]{1,6} ?$/.test(code) ? String.fromCodePoint(parseInt(code, 16)) : code,
  );
}

/**
 * The class names a selector names, unescaped, in order.
 * @param {string} selector
 */
export function selectorClasses(selector) {
  return [...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\[\s\S]|[\w-])+)/g)].map((match) =>
    unescapeClass(String(match[1])),
  );
}

/**
 * The index just after the block that opens at `open` (a "{"), skipping strings and escapes.
 * @param {string} css
 * @param {number} open
 */
function blockEnd(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") {
      for (i++; i < css.length && css[i] !== char; i++) if (css[i] === "\\") i++;
    } else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return i + 1;
  }
  throw new Error(`Unbalanced braces in the stylesheet after "${css.slice(open, open + 60)}"`);
}

/**
 * The rules of a block's content that can apply: a style rule unless `dead(its selector list)`; an at-rule block
 * if any rule inside it is kept.
 * @param {string} content
 * @param {(prelude: string) => boolean} dead
 * @param {{ removed: number }} count
 * @param {(prelude: string) => string} [rewrite] what a kept style rule's selector list becomes
 * @returns {string}
 */
function keepRules(content, dead, count, rewrite = (/** @type {string} */ prelude) => prelude) {
  let out = "";
  let i = 0;
  while (i < content.length) {
    const open = content.indexOf("{", i);
    const semicolon = content.indexOf(";", i);
    if (open < 0 || (semicolon >= 0 && semicolon < open)) {
      // A statement without a block (none in Tailwind's utilities today), or trailing text: kept as it is.
      const end = semicolon >= 0 && (open < 0 || semicolon < open) ? semicolon + 1 : content.length;
      out += content.slice(i, end);
      i = end;
      continue;
    }
    const end = blockEnd(content, open);
    const prelude = content.slice(i, open);
    if (prelude.trim().startsWith("@")) {
      const inner = keepRules(content.slice(open + 1, end - 1), dead, count, rewrite);
      if (inner.trim() !== "") out += `${prelude}{${inner}}`;
    } else if (dead(prelude)) count.removed++;
    else out += `${rewrite(prelude)}${content.slice(open, end)}`;
    i = end;
  }
  return out;
}

/**
 * A page's HTML without the text of its `<style>` elements: what a scan for the class names the page uses must
 * read. Read with its stylesheets, every selector such as `.table-fixed{…}` counted as a use of its own class, so
 * no utility with a plain name was ever pruned (0.8–1.3 KB brotli a page).
 * @param {string} html
 * @returns {string}
 */
export function withoutStyles(html) {
  return html.replace(/(<style\b[^>]*>)[\s\S]*?<\/style>/gi, "$1</style>");
}

/**
 * A stylesheet with only the utilities `used` can need; `null` when it has no `@layer utilities` block.
 * @param {string} css Tailwind's minified output
 * @param {Set<string>} used the class names (candidates) the page can use
 * @returns {{ css: string, removed: number } | null}
 */
export function pruneUtilities(css, used) {
  return pruneLayer(css, "utilities", unusedBy(used));
}

/**
 * Whether a rule's selector list can match nothing `used` marks: it names classes (markers aside) and none of
 * them is used.
 * @param {Set<string>} used
 */
function unusedBy(used) {
  return (/** @type {string} */ prelude) => {
    const classes = selectorClasses(prelude).filter((name) => !MARKERS.has(name));
    return classes.length > 0 && !classes.some((name) => used.has(name));
  };
}

/**
 * A stylesheet with only the components (`@layer components`: `.kicker`, `.prose …`, `.button`) whose classes
 * `used` holds; unchanged when it has no such layer.
 * @param {string} css
 * @param {Set<string>} used
 * @returns {{ css: string, removed: number }}
 */
export function pruneComponents(css, used) {
  return pruneLayer(css, "components", unusedBy(used)) ?? { css, removed: 0 };
}

/**
 * Whether a selector list outside the layers can match nothing `used` marks: each of its selectors needs a class
 * (one outside `:not()`, `:is()`, `:where()` and `:has()`, which a match does not need) that no element has.
 * A list with one selector that needs no class (`[data-slot="glossary-search"]`) can match.
 * @param {Set<string>} used
 */
function unmatchableBy(used) {
  return (/** @type {string} */ prelude) =>
    splitOutside(prelude, /,/).every((selector) => {
      const required = selector.replace(/:(?:not|is|where|has)\((?:[^()]|\([^()]*\))*\)/g, "");
      const classes = selectorClasses(required).filter((name) => !MARKERS.has(name));
      return classes.length > 0 && !classes.some((name) => used.has(name));
    });
}

/**
 * The style rules outside every `@layer` (`.glossary-tip`, `html:has(dialog[open])`), and the `@media` and
 * `@supports` blocks around them, that can match what `used` marks ({@link unmatchableBy}), each selector list
 * passed through `rewrite`; with `whole`, every other top-level block too, as it is (the layers, font faces,
 * registered properties, keyframes).
 * @param {string} css
 * @param {Set<string>} used
 * @param {{ whole: boolean, count?: { removed: number }, rewrite?: (prelude: string) => string }} options
 * @returns {string}
 */
function unlayeredRules(css, used, { whole, count = { removed: 0 }, rewrite }) {
  let out = "";
  for (let i = 0; i < css.length;) {
    const open = css.indexOf("{", i);
    if (open < 0) {
      if (whole) out += css.slice(i);
      break;
    }
    const end = blockEnd(css, open);
    // A comment before it (Tailwind's licence line) is no part of its prelude.
    const prelude = css
      .slice(i, open)
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .trim();
    if (/^@(layer|font-face|property|keyframes|charset|import)\b/.test(prelude)) {
      if (whole) out += css.slice(i, end);
    } else {
      out += keepRules(css.slice(i, end), unmatchableBy(used), count, rewrite);
    }
    i = end;
  }
  return out;
}

/**
 * A stylesheet without the style rules outside its layers that can match nothing `used` marks (the glossary
 * definitions' `.glossary-*` on a page with none).
 * @param {string} css
 * @param {Set<string>} used
 * @returns {{ css: string, removed: number }}
 */
export function pruneUnlayered(css, used) {
  const count = { removed: 0 };
  return { css: unlayeredRules(css, used, { whole: true, count }), removed: count.removed };
}

/**
 * Where the styles that can wait apply: the elements after the page's `<main>` (its footer, dialogs and
 * notification region, and whatever scripts add at the end of `<body>`) and everything inside them.
 */
export const AFTER_MAIN = ":where(main~*,main~* *)";

/**
 * Where the styles that can wait apply on a page split inside its `<main>` ({@link markSplit}): the elements after
 * the stylesheet's link and after each element it sits in, and everything inside them.
 */
export const AFTER_SPLIT = ":where([data-split]~*,[data-split]~* *)";

/** Elements that have no end tag. */
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * The elements open at `at` in a page, outermost first: the start tags of the elements that offset is inside.
 * @param {{ tags: { name: string, start: number, end: number }[], endTags: { name: string, start: number }[] }} scan
 *   the page's tags (scanHtml in scripts/lib/html-scan.ts)
 * @param {number} at
 * @returns {{ name: string, start: number, end: number }[]}
 */
export function openElements(scan, at) {
  const events = [
    ...scan.tags.filter((tag) => tag.end <= at).map((tag) => ({ at: tag.start, open: tag, name: tag.name })),
    ...scan.endTags.filter((tag) => tag.start < at).map((tag) => ({ at: tag.start, open: undefined, name: tag.name })),
  ].sort((a, b) => a.at - b.at);
  /** @type {{ name: string, start: number, end: number }[]} */
  const open = [];
  for (const event of events) {
    if (event.open) {
      if (!VOID.has(event.name)) open.push(event.open);
    } else {
      const last = open.findLastIndex((tag) => tag.name === event.name);
      if (last >= 0) open.length = last;
    }
  }
  return open;
}

/** @typedef {{ name: string, start: number, end: number }} ScannedTag a start or end tag and where it is */

/**
 * Where the `<header>` of a page's `<main>` ends (kicker, heading, standfirst), -1 where `<main>` has none.
 * @param {string} html
 * @returns {number} the offset right after its end tag
 */
function mainHeaderEnd(html) {
  const main = html.search(/<main[\s>]/);
  const header = main < 0 ? -1 : html.indexOf("</header>", main);
  return header < 0 || header > html.indexOf("</main>") ? -1 : header + "</header>".length;
}

/**
 * Where a page's first screen ends: after the first `<section>` that follows the `<header>` of its `<main>` (a
 * lesson's or /about's key takeaways, the glossary on /resources), -1 where `<main>` has no such header and section.
 * With the header, that section is what a phone shows first, its largest paint included: a page split there
 * ({@link markSplit}) has its first screen's styles inline. Split right after the header, it held that paint back
 * a round trip while the parser waited at the link; built whole, it paints it from the first round trip all the
 * same (README, "Streamed").
 * @param {string} html
 * @param {{ tags: ScannedTag[], endTags: ScannedTag[] }} scan the page's tags (scanHtml in scripts/lib/html-scan.ts)
 * @returns {number} the offset right after that section's end tag
 */
export function firstScreenEnd(html, scan) {
  const header = mainHeaderEnd(html);
  if (header < 0) return -1;
  const section = scan.tags.find((tag) => tag.name === "section" && tag.start >= header);
  if (!section || section.start > html.indexOf("</main>")) return -1;
  // Its end tag: the first </section> after it at which every section opened since has closed.
  const events = [
    ...scan.tags.filter((tag) => tag.name === "section" && tag.start > section.start).map((tag) => ({ ...tag, by: 1 })),
    ...scan.endTags
      .filter((tag) => tag.name === "section" && tag.start > section.start)
      .map((tag) => ({ ...tag, by: -1 })),
  ].sort((a, b) => a.start - b.start);
  let depth = 1;
  return events.find((event) => (depth += event.by) === 0)?.end ?? -1;
}

/**
 * Where the island a page's first screen ends in begins ({@link firstScreenEnd}; /calculator's form), when it
 * begins after the header of the page's `<main>`: the last point before that screen's end where a link may go.
 * -1 where the first screen does not end inside an island, or that island holds the header.
 * @param {string} html
 * @param {{ tags: ScannedTag[], endTags: ScannedTag[] }} scan the page's tags (scanHtml in scripts/lib/html-scan.ts)
 * @returns {number} the offset of the island's start tag
 */
export function islandStart(html, scan) {
  const end = firstScreenEnd(html, scan);
  const island = end < 0 ? undefined : openElements(scan, end).find((tag) => tag.name === "astro-island");
  return island && island.start >= mainHeaderEnd(html) ? island.start : -1;
}

/**
 * Where a page may take the styles of what follows a point from a stylesheet linked there, in the order to try
 * them (postbuild keeps the first that fits the first round trip): after its first screen (`firstScreen`:
 * {@link firstScreenEnd}), before the island that screen ends in ({@link islandStart}), then after its `<main>`.
 * - A long page (most of its `<main>` after its first screen: a lesson, /about, an explainer) tries after its
 *   first screen even when it fits `whole`: the parser stops at the link, and the browser paints the first screen
 *   without first parsing and laying out the rest (streamed, three lessons that fit whole painted 0.00–0.20× their
 *   bare pages sooner split there than whole, in six runs of the same build side by side: docs/performance-log.md).
 * - Any other page that fits whole is not split: a stylesheet of its own would be one more request before it is
 *   complete.
 * - A page that does not fit whole, whose first screen ends inside an island (`island`: /calculator's form), where
 *   no link may go, tries right before that island: the browser draws the header of its `<main>` (the standfirst,
 *   its largest paint) without first parsing and laying out the island and the rest, and the island follows with
 *   the stylesheet (streamed, eight runs side by side: /calculator's LCP 1.06–1.38× its bare page split there,
 *   1.20–1.70× split after `<main>`, lower in seven; its form drawn 30–180 ms later: docs/performance-log.md,
 *   2026-11-28).
 * - A page that does not fit whole also tries after its `<main>`.
 * @param {string} html
 * @param {number} firstScreen the offset where its first screen ends, or -1
 * @param {boolean} whole whether it fits the first round trip with every style inline
 * @param {number} [island] the offset where the island that screen ends in begins ({@link islandStart}), or -1
 * @returns {("after-section" | "before-island" | "after-main")[]}
 */
export function splitsToTry(html, firstScreen, whole, island = -1) {
  const main = html.search(/<main[\s>]/);
  const mainEnd = html.indexOf("</main>");
  if (main < 0 || mainEnd < 0) return [];
  const long = firstScreen >= 0 && mainEnd - firstScreen > firstScreen - main;
  if (whole) return long && island < 0 ? ["after-section"] : [];
  if (firstScreen < 0) return ["after-main"];
  return [island >= 0 ? "before-island" : "after-section", "after-main"];
}

/**
 * `html` with `link` inserted at `at`, inside its `<main>`, and `data-split` on the link and on each element it
 * sits in from `<main>` inward (`open`: {@link openElements} at `at`), so that {@link AFTER_SPLIT} matches exactly
 * what follows the link in the page; `undefined` when `at` is not inside `<main>`, or is inside an island (its
 * markup is React's to hydrate: an element or attribute React did not render there would not match).
 * @param {string} html
 * @param {number} at an offset between two tags
 * @param {string} link a start tag (`<link …>`)
 * @param {{ name: string, start: number }[]} open
 * @returns {string | undefined}
 */
export function markSplit(html, at, link, open) {
  const main = open.findIndex((tag) => tag.name === "main");
  if (main < 0 || open.some((tag) => tag.name === "astro-island")) return undefined;
  let out = `${html.slice(0, at)}${link.replace(/^<link\b/, "<link data-split")}${html.slice(at)}`;
  for (const tag of open.slice(main).reverse()) {
    const name = tag.start + 1 + tag.name.length;
    out = `${out.slice(0, name)} data-split${out.slice(name)}`;
  }
  return out;
}

/**
 * A selector list that matches what it matched, but only inside `scope`, with the same specificity: each
 * selector becomes `:is(selector)` followed by the scope (a `:where()`, which counts for nothing), before any
 * pseudo-element it ends with (`::backdrop`, `::placeholder`), which `:is()` cannot hold.
 * @param {string} prelude a style rule's selector list
 * @param {string} scope a `:where(…)` naming the elements the rule may match
 */
export function scopeSelectors(prelude, scope) {
  return splitOutside(prelude, /,/)
    .map((selector) => {
      const pseudo = trailingPseudoElement(selector);
      const before = selector.slice(0, selector.length - pseudo.length);
      // `.marker\:x ::marker` styles the markers of every descendant: its subject is `*`.
      const subject = before.trim() === "" || /[\s>+~]$/.test(before) ? `${before.trim()} *` : before;
      return `:is(${subject.trim()})${scope}${pseudo}`;
    })
    .join(",");
}

/**
 * The pseudo-element a selector ends with (with any pseudo-class after it), or "".
 * @param {string} selector
 */
function trailingPseudoElement(selector) {
  let depth = 0;
  let at = -1;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === "\\") i++;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (depth === 0 && char === ":" && selector[i + 1] === ":") {
      at = i;
      i++;
    } else if (depth === 0 && at >= 0 && /[\s>+~]/.test(char ?? "")) at = -1;
  }
  return at < 0 ? "" : selector.slice(at);
}

/**
 * The top-level `@media print{…}` blocks of a stylesheet, taken out: `{ css: the rest, print: the blocks }`.
 * @param {string} css
 */
export function takePrintRules(css) {
  let rest = css;
  let print = "";
  for (let at = rest.indexOf("@media print{"); at >= 0; at = rest.indexOf("@media print{", at)) {
    if (!isTopLevel(rest, at)) {
      at++;
      continue;
    }
    const end = blockEnd(rest, at + "@media print".length);
    print += rest.slice(at, end);
    rest = rest.slice(0, at) + rest.slice(end);
  }
  return { css: rest, print };
}

/**
 * Whether `at` is outside every block of `css`.
 * @param {string} css
 * @param {number} at
 */
function isTopLevel(css, at) {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    const char = css[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") {
      for (i++; i < css.length && css[i] !== char; i++) if (css[i] === "\\") i++;
    } else if (char === "{") depth++;
    else if (char === "}") depth--;
  }
  return depth === 0;
}

/**
 * The stylesheet for what follows a page's `<main>`, loaded after it without holding up the first paint: the
 * components and utilities those elements can use (`used`), each selector scoped to {@link AFTER_MAIN}, in their
 * order, with the custom properties they read registered, the keyframes, and the print rules (`print`, taken
 * out of the inline stylesheet). For the elements after `<main>` it repeats, later and in the same layers, every
 * class rule that can match them, so they cascade exactly as under the whole stylesheet, whatever the page's
 * inline copy kept; the scope keeps it off everything before.
 * @param {string} css Tailwind's whole stylesheet, as the page had it
 * @param {Set<string>} used the classes the elements after `<main>` (and the page's scripts) can use
 * @param {string} print
 * @param {string} [scope] where the later elements are: {@link AFTER_MAIN}, or {@link AFTER_SPLIT} on a page split
 *   inside its `<main>`
 * @returns {string}
 */
export function laterStylesheet(css, used, print, scope = AFTER_MAIN) {
  let rules = "";
  for (const name of ["components", "utilities"]) {
    const layer = findLayer(css, name);
    if (!layer) continue;
    const kept = keepRules(css.slice(layer.open + 1, layer.end - 1), unusedBy(used), { removed: 0 }, (prelude) =>
      scopeSelectors(prelude, scope),
    );
    if (kept.trim() !== "") rules += `@layer ${name}{${kept}}`;
  }
  const blocks = (/** @type {string} */ head) => {
    let out = "";
    for (let at = css.indexOf(head); at >= 0; at = css.indexOf(head, at + 1)) {
      if (isTopLevel(css, at)) out += css.slice(at, blockEnd(css, css.indexOf("{", at)));
    }
    return out;
  };
  // Outside the layers, every rule that can match a later element, with or without a class, in order: such an
  // element cascades through them all as under the whole stylesheet.
  rules += unlayeredRules(takePrintRules(css).css, used, {
    whole: false,
    rewrite: (prelude) => scopeSelectors(prelude, scope),
  });
  const registered = blocks("@layer properties{") + blocks("@property ");
  return pruneProperties(registered + rules + blocks("@keyframes ") + print, rules + print).css;
}

/**
 * `css` with the rules of its `@layer name{…}` block that `dead` condemns taken out; `null` without that block.
 * @param {string} css
 * @param {string} name
 * @param {(prelude: string) => boolean} dead
 * @returns {{ css: string, removed: number } | null}
 */
function pruneLayer(css, name, dead) {
  const layer = findLayer(css, name);
  if (!layer) return null;
  const { start, open, end } = layer;
  const count = { removed: 0 };
  const kept = keepRules(css.slice(open + 1, end - 1), dead, count);
  return { css: `${css.slice(0, start)}@layer ${name}{${kept}}${css.slice(end)}`, removed: count.removed };
}

/**
 * Where `@layer name{…}` is in `css`: where it starts, its "{" and the index just after its "}"; null without one.
 * @param {string} css
 * @param {string} name
 */
function findLayer(css, name) {
  const start = css.indexOf(`@layer ${name}{`);
  if (start < 0) return null;
  const open = start + `@layer ${name}`.length;
  return { start, open, end: blockEnd(css, open) };
}

/**
 * A stylesheet without the custom properties nothing reads: each `@property --name{…}` whose `--name` no
 * `var(--name…)` in `read` names, and its line in the `@layer properties` fallback (the same initial values for
 * browsers without `@property`). Tailwind registers one for every variable a utility of the site sets; once a page
 * keeps only its own utilities, most of them are set by none of its rules or read by none. A property set but
 * never read changes nothing, registered or not.
 * @param {string} css
 * @param {string} read every text that can read a variable: the page's HTML (all its styles) and its scripts
 * @returns {{ css: string, removed: string[] }}
 */
export function pruneProperties(css, read) {
  // A name is `--` and word characters or hyphens: nothing to escape in a pattern.
  const isRead = (/** @type {string} */ name) => new RegExp(`var\\(\\s*${name}\\s*[,)]`).test(read);
  /** @type {string[]} */
  const removed = [];
  let out = css.replace(/@property (--[\w-]+)\{[^{}]*\}/g, (rule, /** @type {string} */ name) => {
    if (isRead(name)) return rule;
    removed.push(name);
    return "";
  });
  const start = out.indexOf("@layer properties{");
  if (start >= 0 && removed.length > 0) {
    const end = blockEnd(out, start + "@layer properties".length);
    const gone = new Set(removed);
    const block = out
      .slice(start, end)
      .replace(/(--[\w-]+):[^;{}]*(;|(?=\}))/g, (declaration, /** @type {string} */ name) =>
        gone.has(name) ? "" : declaration,
      )
      .replace(/;\}/g, "}");
    out = out.slice(0, start) + block + out.slice(end);
  }
  return { css: out, removed };
}

/**
 * A stylesheet without the theme variables nothing reads: each `--name:…` of its `@layer theme{…}` that no
 * `var(--name…)` reads, in `read` or in what is left of the stylesheet, and no script names as a string. Tailwind writes a theme variable for every
 * theme value some utility of the site uses; a page that keeps only its own utilities reads few of them. Repeated
 * until none goes, since theme variables read one another (`--default-font-family:var(--font-sans)`).
 * @param {string} css
 * @param {string} read every other text that can read a variable: the page's other styles, its markup, its
 *   scripts and its stylesheets that load later
 * @returns {{ css: string, removed: string[] }}
 */
export function pruneThemeVariables(css, read) {
  /** @type {string[]} */
  const removed = [];
  for (;;) {
    const layer = findLayer(css, "theme");
    if (!layer) break;
    const block = css.slice(layer.open + 1, layer.end - 1);
    const open = block.indexOf("{");
    if (open < 0 || !block.endsWith("}") || block.indexOf("{", open + 1) >= 0) break;
    const declarations = splitOutside(block.slice(open + 1, -1), /;/);
    const others = css.slice(0, layer.start) + css.slice(layer.end) + read;
    const kept = declarations.filter((declaration) => {
      const name = declaration.slice(0, declaration.indexOf(":")).trim();
      const reads = new RegExp(`var\\(\\s*${name}\\s*[,)]`);
      if (!name.startsWith("--") || declarations.some((other) => other !== declaration && reads.test(other)))
        return true;
      // A script may read it by name (`getPropertyValue("--color-up")`).
      if (reads.test(others) || new RegExp(`["'\`]${name}["'\`]`).test(others)) return true;
      removed.push(name);
      return false;
    });
    if (kept.length === declarations.length) break;
    const theme = kept.length > 0 ? `@layer theme{${block.slice(0, open)}{${kept.join(";")}}}` : "";
    css = css.slice(0, layer.start) + theme + css.slice(layer.end);
  }
  return { css, removed };
}

/**
 * A stylesheet without the top-level `@keyframes` nothing names: Tailwind writes `spin` and `pulse` for its
 * `--animate-*` theme variables, which a page without those animations no longer has once
 * {@link pruneThemeVariables} has run. A name counts as used wherever it stands as a whole word outside its own
 * block, in the stylesheet or in `read`.
 * @param {string} css
 * @param {string} read every other text that can name an animation: the page's other styles, markup and scripts
 * @returns {{ css: string, removed: string[] }}
 */
export function pruneKeyframes(css, read) {
  /** @type {string[]} */
  const removed = [];
  for (let at = css.indexOf("@keyframes "); at >= 0; at = css.indexOf("@keyframes ", at + 1)) {
    if (!isTopLevel(css, at)) continue;
    const open = css.indexOf("{", at);
    const name = css.slice(at + "@keyframes ".length, open).trim();
    const end = blockEnd(css, open);
    const rest = css.slice(0, at) + css.slice(end) + read;
    const escaped = name.replace(/[^\w-]/g, "\\$&");
    if (new RegExp(`(^|[^\\w-])${escaped}($|[^\\w-])`).test(rest)) continue;
    removed.push(name);
    css = css.slice(0, at) + css.slice(end);
    at--;
  }
  return { css, removed };
}

/** Elements Tailwind's preflight styles that a page may well not have; their rules go where none can appear. */
const OPTIONAL_ELEMENTS = new Set(
  "abbr code hr kbd optgroup option pre progress samp select small sub summary sup table textarea".split(" "),
);

/** The kinds of `<input>` that show a placeholder. */
const TEXT_INPUTS = ["text", "search", "url", "tel", "email", "password", "number"].map(
  (type) => `input[type=${type}]`,
);

/** The date and time kinds of `<input>`. */
const DATE_INPUTS = ["date", "time", "datetime-local", "month", "week"].map((type) => `input[type=${type}]`);

/**
 * Pseudo-elements Tailwind's preflight styles that only some kinds of `<input>` have, and those kinds, written as
 * {@link pruneElementRules}'s `present` holds them: the date and time fields and their picker (which an input
 * with a `list` also shows), a number's spin buttons (once a date's too), a file input's button.
 * @type {[RegExp, string[]][]}
 */
const INPUT_PSEUDO_ELEMENTS = [
  [/^::placeholder$/, [...TEXT_INPUTS, "textarea"]],
  [/^::-webkit-search-decoration$/, ["input[type=search]"]],
  [/^::-webkit-(date-and-time-value|datetime-edit[\w-]*)$/, DATE_INPUTS],
  [/^::-webkit-calendar-picker-indicator$/, [...DATE_INPUTS, "input[list]", "input[type=color]"]],
  [/^::-webkit-(inner|outer)-spin-button$/, ["input[type=number]", ...DATE_INPUTS]],
  [/^::file-selector-button$/, ["input[type=file]"]],
];

/**
 * The parts of `text` separated by `separator` outside parentheses, brackets and strings.
 * @param {string} text
 * @param {RegExp} separator a single-character test
 */
function splitOutside(text, separator) {
  /** @type {string[]} */
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (char === "\\") i++;
    else if (char === '"' || char === "'") {
      for (i++; i < text.length && text[i] !== char; i++) if (text[i] === "\\") i++;
    } else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (depth === 0 && separator.test(char)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

/**
 * The element a selector's subject must be, lower-cased (`sub` in `sub`, `optgroup` in `:where(select) optgroup`),
 * or undefined when it names none (`*`, `::placeholder`, `[hidden]`).
 * @param {string} selector
 */
export function subjectElement(selector) {
  const compounds = splitOutside(selector, /[\s>+~]/);
  return /^[a-z][a-z0-9-]*/i.exec(compounds.at(-1) ?? "")?.[0].toLowerCase();
}

/**
 * A stylesheet without the base rules for elements the page cannot have: each rule of `@layer base` whose every
 * selector's subject is one of a few optional elements (tables, code, sub and sup, form controls…) none of which
 * `present` holds, or is a pseudo-element only kinds of `<input>` it does not hold have (a placeholder, a search
 * box's decoration, a date field's parts, a number's spin buttons, a file input's button). Rules naming any other
 * element, or none, stay.
 * @param {string} css
 * @param {Set<string>} present the elements the page's HTML has and its scripts can create, and the kinds of
 *   `<input>` among them as `input[type=number]` (and `input[list]` for one with a list of suggestions)
 * @returns {{ css: string, removed: number }}
 */
export function pruneElementRules(css, present) {
  return pruneLayer(css, "base", needsNone(present)) ?? { css, removed: 0 };
}

/**
 * What a base rule's selector needs a page to have for it to apply (as {@link pruneElementRules} reads it): the kinds
 * of `<input>` its pseudo-element belongs to, or its subject element if that is an optional one; undefined if any
 * page may need it.
 * @param {string} selector
 * @returns {string[] | undefined}
 */
const needs = (selector) => {
  const inputs = INPUT_PSEUDO_ELEMENTS.find(([pattern]) => pattern.test(selector))?.[1];
  if (inputs) return inputs;
  const element = subjectElement(selector);
  return element !== undefined && OPTIONAL_ELEMENTS.has(element) ? [element] : undefined;
};

/**
 * Whether a base rule styles nothing a page with the `present` elements has.
 * @param {Set<string>} present
 */
const needsNone = (present) => (/** @type {string} */ prelude) =>
  splitOutside(prelude, /,/).every((selector) => {
    const needed = needs(selector);
    return needed !== undefined && !needed.some((kind) => present.has(kind));
  });

/**
 * The base rules for elements only the later part of a page has (its glossary's `<summary>`, a search box's
 * placeholder): those {@link pruneElementRules} keeps for the whole page's `present` elements and drops for
 * those of its first part, `presentBefore`, as a `@layer base{…}` block for the later stylesheet (`css`), and the
 * elements the first part's own stylesheet must be cut for (`before`). They are Tailwind's element defaults; where
 * another base rule that stays also styles the same element, a rule moved after it would win where it lost, so
 * such a rule stays too: its elements count as the first part's.
 * @param {string} css
 * @param {Set<string>} present
 * @param {Set<string>} presentBefore
 * @returns {{ css: string, before: Set<string> }}
 */
export function laterElementRules(css, present, presentBefore) {
  const before = new Set(presentBefore);
  const layer = findLayer(css, "base");
  if (!layer) return { css: "", before };
  const content = css.slice(layer.open + 1, layer.end - 1);
  const whole = needsNone(present);
  const preludes = (/** @type {string} */ rules) =>
    [...rules.matchAll(/(?:^|[{};])([^{}@;]+)\{/g)].map((match) => String(match[1]));
  const subjects = (/** @type {string} */ prelude) =>
    splitOutside(prelude, /,/).map((selector) => subjectElement(selector.trim()) ?? selector.trim());
  for (;;) {
    const dead = needsNone(before);
    const moves = (/** @type {string} */ prelude) => dead(prelude) && !whole(prelude);
    const moved = keepRules(content, (prelude) => !moves(prelude), { removed: 0 });
    const styledElsewhere = new Set(preludes(keepRules(content, moves, { removed: 0 })).flatMap(subjects));
    const blocked = preludes(moved).filter((prelude) => subjects(prelude).some((name) => styledElsewhere.has(name)));
    if (blocked.length === 0) return { css: moved.trim() === "" ? "" : `@layer base{${moved}}`, before };
    for (const prelude of blocked) {
      for (const selector of splitOutside(prelude, /,/)) needs(selector.trim())?.forEach((kind) => before.add(kind));
    }
  }
}

/**
 * The code points a `unicode-range` descriptor covers, as [first, last] pairs (`U+4??` is U+400–U+4FF).
 * @param {string} value
 * @returns {[number, number][]}
 */
export function unicodeRanges(value) {
  return value.split(",").map((part) => {
    const [from = "", to] = part.trim().replace(/^u\+/i, "").split("-");
    const first = parseInt(from.replaceAll("?", "0"), 16);
    const last = to === undefined ? parseInt(from.replaceAll("?", "F"), 16) : parseInt(to, 16);
    if (Number.isNaN(first) || Number.isNaN(last)) throw new Error(`Cannot read unicode-range "${value}"`);
    return [first, last];
  });
}

/**
 * A stylesheet without the `@font-face` rules for characters the page never shows: a face whose `unicode-range`
 * holds none of `text`'s characters is never downloaded or used, so its rule is dead weight. Faces without a
 * range stay.
 * @param {string} css
 * @param {string} text everything the page can display: its HTML, entities decoded, and its scripts
 * @returns {{ css: string, removed: number }}
 */
export function pruneFontFaces(css, text) {
  const points = new Set([...text].map((char) => char.codePointAt(0) ?? 0));
  let removed = 0;
  const out = css.replace(/@font-face\{[^{}]*\}/g, (rule) => {
    const range = /unicode-range:([^;}]*)/.exec(rule)?.[1];
    if (range === undefined) return rule;
    const ranges = unicodeRanges(range);
    for (const point of points) if (ranges.some(([first, last]) => first <= point && point <= last)) return rule;
    removed++;
    return "";
  });
  return { css: out, removed };
}

/**
 * The code among a page's scripts that can give its elements classes or make new elements: all but React's own
 * runtime. React sets only the classes and makes only the elements that the islands' own code names, and that code
 * is kept. The runtime's own words ("inline", "transition", "textarea") read as class and element names, and would
 * keep rules that nothing on the page uses.
 * @param {string[]} codes the scripts' code
 */
export function ownCode(codes) {
  return codes.filter((code) => !isReact(code));
}

/**
 * The /_astro/ script files a page can run: those its HTML names (islands, deferred modules) and, through them,
 * every file they import, statically or not. Names only (e.g. "client.4YSTSMTL.js").
 * @param {string} html
 * @param {(name: string) => string | undefined} read a file's code by name, undefined if there is none
 * @returns {Set<string>}
 */
export function pageScriptFiles(html, read) {
  const files = new Set([...html.matchAll(/\/_astro\/([\w.-]+\.js)\b/g)].map((match) => String(match[1])));
  const queue = [...files];
  while (queue.length > 0) {
    const code = read(String(queue.shift()));
    if (code === undefined) continue;
    for (const match of code.matchAll(/["'`/]([\w.-]+\.js)["'`]/g)) {
      const name = String(match[1]);
      if (!files.has(name) && read(name) !== undefined) {
        files.add(name);
        queue.push(name);
      }
    }
  }
  return files;
}
