#!/usr/bin/env node
// @ts-check
/**
 * The link gate: every internal href/src of every built page resolves to a
 * file in the build (and #fragments to an id on the target page), every
 * external link is http(s), mailto: or tel:, every resource is https, every
 * target="_blank" carries rel="noopener"; the sitemap's URLs exist too.
 * Usage: node scripts/check-links.mjs   (checks $DIST_DIR or dist/; exits 1 on a problem)
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { distDir, filesUnder, locs } from "./lib/dist.mjs";
import { checkPage, readPage, resolveFile } from "./lib/links.mjs";

/** Paths the host serves outside dist/: the radio stream is proxied to the station (see README "Deploying"; docs/decisions.md, "Radio"). */
const SERVED_BY_HOST = ["/api/"];

const dir = distDir();
const index = join(dir, "sitemap-index.xml");
if (!existsSync(index)) {
  console.error(`links: no ${index}; build the site first.`);
  process.exit(1);
}
const origin = (locs(readFileSync(index, "utf-8"))[0] ?? new URL("https://invalid.example")).origin;

const htmlFiles = filesUnder(dir, ".html");
const pages = new Map(htmlFiles.map((file) => [file, readPage(readFileSync(join(dir, file), "utf-8"))]));
const exists = (/** @type {string} */ file) => {
  const path = join(dir, file);
  return existsSync(path) && statSync(path).isFile();
};
/** @type {Map<string, Set<string> | null>} */
const otherIds = new Map();
const idsOf = (/** @type {string} */ file) => {
  const page = pages.get(file);
  if (page) return page.ids;
  if (!otherIds.has(file)) {
    // An SVG sprite or image can be a fragment target too; any other file has none to check.
    const ids = file.endsWith(".svg")
      ? new Set([...readFileSync(join(dir, file), "utf-8").matchAll(/\sid="([^"]+)"/g)].map((m) => String(m[1])))
      : null;
    otherIds.set(file, ids);
  }
  return otherIds.get(file) ?? null;
};
const site = { origin, exists, idsOf, servedByHost: SERVED_BY_HOST };

const problems = [...pages].flatMap(([file, page]) => checkPage(file, page, site));
// The sitemaps must list only pages that exist.
for (const sitemap of filesUnder(dir, ".xml").filter((file) => file.startsWith("sitemap"))) {
  for (const url of locs(readFileSync(join(dir, sitemap), "utf-8"))) {
    if (url.origin !== origin)
      problems.push({ page: sitemap, message: `<loc> ${url}: not on the site's origin ${origin}` });
    else if (!resolveFile(url.pathname, exists))
      problems.push({ page: sitemap, message: `<loc> ${url}: no file in the build` });
  }
}

const refs = [...pages.values()].reduce((sum, page) => sum + page.refs.length, 0);
if (problems.length > 0) {
  for (const { page, message } of problems) console.error(`links: ${page}: ${message}`);
  console.error(`links: ${problems.length} problem(s) in ${refs} URLs on ${pages.size} pages of ${dir}`);
  process.exit(1);
}
console.log(`links: ${refs} URLs on ${pages.size} pages of ${dir}: all resolve, every new-tab link has rel="noopener"`);
