/**
 * What the site search indexes of a built page, beyond Pagefind's defaults.
 *
 * Pagefind reads a page's text as HTML, not as laid out: an element's end and
 * the next one's start only part words where Pagefind knows the element to be
 * a block. The build writes no whitespace between tags, so a table's caption
 * and its header cells, a term and its definition, or two spans that the
 * styles set side by side read as one word ("portfolioEndMaturityShare"): no
 * search for any of them finds it, and the excerpt shows it so.
 */

/** What a visitor does not read as part of the page's text. */
export const searchIndexExcludes = [
  // Ads, and their placeholders ("Search Ads, Advertisement Space") on most pages.
  "[data-ad-slot]",
  "[data-ad-placeholder]",
  // A message shown only when something fails ("could not be loaded").
  "main [hidden]",
  // The screen-reader hint after every link that opens in a new tab.
  "a[target='_blank'] > .sr-only",
  // The "?" after a glossary term that opens its definition in place (the
  // definition itself is data-pagefind-ignore in the markup).
  "[popovertarget]",
];

/**
 * The page with a space wherever one element ends and the next begins
 * (`</th><th>` → `</th> <th>`): whatever the elements are, their words stay
 * apart. Words split by tags within an element (`<b>bond</b>s`) stay whole,
 * and so does a word and what follows an element the index skips (a glossary
 * term, its "?" and its in-place definition, then a comma: "default,").
 */
export function spaceBetweenElements(html: string): string {
  return html.replace(
    /(<\/[a-z][a-z0-9-]*\s*>)(?=<[a-z])(?!<[a-z][a-z0-9-]*\s[^>]*\b(?:popovertarget|data-pagefind-ignore)\b)/gi,
    "$1 ",
  );
}
