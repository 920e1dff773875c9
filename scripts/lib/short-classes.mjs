/**
 * Short class names in the built pages: every class the pages' markup names and only the site's own stylesheets
 * read becomes one to three letters (`class="h-14 max-w-6xl px-4"` may become `class="dw af px-4"`, px-4 being
 * one a script names), in the class attributes and in the selectors that name it, the same name on every page
 * where it has one.
 * Tailwind's utility names are the longest part of the markup after the text itself: this takes about 500 bytes
 * (brotli) off each page, which is what let /about travel in the first round trip.
 *
 * A class keeps its name wherever something other than the stylesheet may name it: on every page, where a test,
 * a stylesheet that is not rewritten or html-validate's configuration names it; on one page, where the code that
 * page runs names it (its inline scripts, its islands' props and the build's script files it loads: `classList`,
 * React's `className`). So nothing that looks a class up by name can miss it; in `astro dev` every class has its
 * own name.
 */
import { scanHtml } from "./html-scan.ts";

/** A class name in a selector: "." and a CSS identifier, escapes included (`.md\:flex`, `.w-1\/2`). */
const CLASS_SELECTOR =
  /\.((?:[a-zA-Z_]|-[a-zA-Z_-]|\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F\n]|[\u0080-\u{10ffff}])(?:[\w-]|\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F\n]|[\u0080-\u{10ffff}])*)/gu;

/** A string or a comment (left as they are), or a class name in a selector. */
const NOT_A_CLASS_OR_CLASS = new RegExp(
  String.raw`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\*[\s\S]*?\*\/|` + CLASS_SELECTOR.source,
  "gu",
);

/** HTML's whitespace, which separates the classes of a class attribute (a no-break space does not). */
const CLASS_SEPARATOR = /[ \t\n\f\r]+/;

/** A CSS identifier as the browser reads it: `md\:flex` is "md:flex", `\31 0` is "10". */
export function unescapeIdentifier(/** @type {string} */ text) {
  return text.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_all, hex, char) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char,
  );
}

/**
 * The names to give: the most used class gets the shortest. A name is letters only, never one that is `taken`
 * (a class that keeps its own name).
 * @param {Map<string, number>} counts how often each class to rename appears in the pages
 * @param {Set<string>} taken
 * @returns {Map<string, string>}
 */
export function shortNames(counts, taken) {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let next = 0;
  const name = () => {
    for (;;) {
      let n = next++;
      let out = "";
      do {
        out = letters[n % 26] + out;
        n = Math.floor(n / 26) - 1;
      } while (n >= 0);
      if (!taken.has(out)) return out;
    }
  };
  const ordered = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(ordered.map(([original]) => [original, name()]));
}

/**
 * Each class in `classes` that can be renamed: none of `code` (scripts, tests, stylesheets left as they are) names
 * it as a whole word, where a word ends at anything but a letter, digit, "_" or "-" (".fill-ink",
 * "text.font-bold" and 'aria-[current=page]:text-accent' name fill-ink, font-bold and text-accent).
 * @param {Iterable<string>} classes
 * @param {string[]} code
 */
export function renamable(classes, code) {
  // A selector in a test or a stylesheet may escape the name (".md\\:flex").
  const selected = new Set(code.flatMap((text) => [...classesInCss(text)]));
  const named = (/** @type {string} */ name) =>
    selected.has(name) ||
    code.some((text) => {
      for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
        // A regular expression's escape before it is a boundary too (/\bbutton\b/).
        const before = !/[\w-]/.test(text[at - 1] ?? " ") || text[at - 2] === "\\";
        if (before && !/[\w-]/.test(text[at + name.length] ?? " ")) return true;
      }
      return false;
    });
  return [...classes].filter((name) => !named(name));
}

/**
 * One page's short names: those of `names` (every page's) for the classes its markup names and its own code
 * (`code`: its inline scripts, its islands' props and the script files it loads) does not name as a whole word
 * (renamable). A class the calculator's script sets keeps its name on /calculator and is short on a lesson.
 * @param {Map<string, string>} names
 * @param {string} html
 * @param {string[]} code
 * @returns {Map<string, string>}
 */
export function pageNames(names, html, code) {
  const own = [...classCounts([html]).keys()].filter((name) => names.has(name));
  const renamed = new Set(renamable(own, code));
  return new Map([...names].filter(([name]) => renamed.has(name)));
}

/**
 * Every class the selectors of `css` name.
 * @param {string} css
 */
export function classesInCss(css) {
  return new Set([...css.matchAll(CLASS_SELECTOR)].map((match) => unescapeIdentifier(String(match[1]))));
}

/**
 * `css` with each class its selectors name renamed by `names` (a class not in it keeps its name). Only selectors
 * change: a declaration's "." (`url(/a.woff2)`, `.5rem`) is never read as a class.
 * @param {string} css
 * @param {Map<string, string>} names
 */
export function renameInCss(css, names) {
  let out = "";
  let from = 0;
  // A selector is what stands between the previous "{", "}" or ";" and a "{" (an at-rule's prelude too, where no
  // class is named).
  for (let at = css.indexOf("{"); at >= 0; at = css.indexOf("{", at + 1)) {
    const start = Math.max(css.lastIndexOf("}", at), css.lastIndexOf(";", at), css.lastIndexOf("{", at - 1)) + 1;
    if (start < from) continue;
    out += css.slice(from, start);
    const prelude = css.slice(start, at);
    // An at-rule's prelude names no class (`@layer a.b`), and neither does a string or a comment in a selector
    // (`[href$=".pdf"]`).
    out += prelude.trimStart().startsWith("@")
      ? prelude
      : prelude.replace(NOT_A_CLASS_OR_CLASS, (all, escaped) => {
          const short = escaped === undefined ? undefined : names.get(unescapeIdentifier(escaped));
          return short === undefined ? all : `.${short}`;
        });
    from = at;
  }
  return out + css.slice(from);
}

/**
 * `html` with each class attribute's classes renamed by `names`, and the selectors of its `<style>` elements.
 * @param {string} html
 * @param {Map<string, string>} names
 */
export function renameInHtml(html, names) {
  const { tags, styles } = scanHtml(html);
  /** @type {[number, number, string][]} */
  const edits = [];
  for (const tag of tags) {
    for (const item of tag.attributes) {
      if (item.name !== "class") continue;
      const value = item.value
        .split(CLASS_SEPARATOR)
        .filter(Boolean)
        .map((name) => names.get(name) ?? name)
        .join(" ");
      edits.push([item.start, item.end, `class="${value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`]);
    }
  }
  for (const style of styles)
    edits.push([style.tag.end, style.tag.end + style.text.length, renameInCss(style.text, names)]);
  edits.sort(([a], [b]) => a - b);
  let out = "";
  let from = 0;
  for (const [start, end, text] of edits) {
    out += html.slice(from, start) + text;
    from = end;
  }
  return out + html.slice(from);
}

/**
 * How often each class appears in the class attributes of `pages`.
 * @param {string[]} pages
 */
export function classCounts(pages) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const html of pages) {
    for (const tag of scanHtml(html).tags) {
      for (const item of tag.attributes) {
        if (item.name !== "class") continue;
        for (const name of item.value.split(CLASS_SEPARATOR).filter(Boolean))
          counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
  }
  return counts;
}
