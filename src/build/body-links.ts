/**
 * A link in an MDX text's body to a page of this site that does not exist (`[duration](/resoruces#duration)`) fails
 * the build, naming the file, the line and the page it may have meant, as a path in a JSON file does
 * (src/schemas/fields.ts). Only the page is checked here; `npm run test:links` checks every link of the built
 * pages, fragments included.
 */
import { checkTexts } from "./content-errors";
import { nearest, pagePart, publicFiles, sitePages } from "./site-paths";

/** A Markdown link's or an element's `href` target on this site: `](/about)`, `href="/about"`. */
const SITE_LINK = /\]\((\/(?!\/)[^)\s]*)[)\s]|href=["'](\/(?!\/)[^"']*)["']/g;

/** The problems of one text: each link to a page that is not one, with its line. */
export function brokenBodyLinks(source: string, pages: Set<string>, files: Set<string>): string[] {
  const problems: string[] = [];
  for (const match of source.matchAll(SITE_LINK)) {
    const target = match[1] ?? match[2]!;
    const page = pagePart(target);
    if (pages.has(page) || files.has(page)) continue;
    const line = source.slice(0, match.index).split("\n").length;
    const meant = nearest(page, pages);
    problems.push(
      `line ${line}: the link to ${target} goes to no page of this site` + (meant ? ` (did you mean ${meant}?)` : ""),
    );
  }
  return problems;
}

/** Fails on the first `.mdx` file of `folder` with a link to a page of this site that does not exist. */
export function checkBodyLinks(folder: string, label: string): void {
  const pages = sitePages();
  const files = publicFiles();
  checkTexts(folder, label, (source) => brokenBodyLinks(source, pages, files));
}
