/**
 * The addresses this site has, read from the project's files when a content file is checked, so a link in
 * structured content (navigation.json, ads.json's routes, home.json, featured.json, resources.json, a page's
 * sidebar links) to a page that does not exist fails the build, naming the file and the field, instead of a link
 * that 404s or an ad placement that shows nothing.
 *
 * Read afresh at each check (a few small folders), so the dev server sees a page added after it started.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The files of `folder` (relative to the project), with paths relative to it, or none when it is missing. */
function filesIn(folder: string): string[] {
  const path = join(process.cwd(), folder);
  if (!existsSync(path)) return [];
  return readdirSync(path, { recursive: true, encoding: "utf-8" }).map((file) => file.replaceAll("\\", "/"));
}

const mdxNames = (folder: string) =>
  filesIn(folder)
    .filter((file) => file.endsWith(".mdx") && !file.includes("/"))
    .map((file) => file.slice(0, -".mdx".length));

/**
 * The site's pages: each route file of src/pages (not a `_` helper, not a [parameter] route), each text of
 * content/pages (the build fails on one no route shows, so each is a page; the [legal] route's /privacy and /terms
 * among them) and each lesson of content/learn, at /learn/<name>. The 404 page answers unknown addresses and is none.
 */
export function sitePages(): Set<string> {
  const routes = filesIn("src/pages")
    .filter((file) => /\.(astro|ts|mdx?)$/.test(file) && !/(^|\/)[_[]/.test(file))
    .map((file) => `/${file.replace(/\.(astro|ts|mdx?)$/, "")}`.replace(/\/index$/, "") || "/");
  const texts = mdxNames("content/pages").map((name) => (name === "index" ? "/" : `/${name}`));
  const lessons = mdxNames("content/learn").map((name) => `/learn/${name}`);
  return new Set([...routes, ...texts, ...lessons].filter((route) => route !== "/404"));
}

/** The files of public/, served at their path: `/covers/sample-01.svg`. */
export function publicFiles(): Set<string> {
  return new Set(filesIn("public").map((file) => `/${file}`));
}

/** A path without its query or fragment, and without a trailing slash: `/about/?a=1#b` → `/about`. */
export const pagePart = (path: string) => path.replace(/[?#].*$/, "").replace(/(?<=.)\/+$/, "");

/** How many letters to add, drop or change to turn `a` into `b`. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/** The address among `pages` a slip of two letters or fewer away from `path` (/abuot → /about), if one is. */
export function nearest(path: string, pages: Iterable<string>): string | undefined {
  let best: { page: string; by: number } | undefined;
  for (const page of pages) {
    const by = distance(path.toLowerCase(), page);
    if (by <= 2 && (!best || by < best.by)) best = { page, by };
  }
  return best?.page;
}
