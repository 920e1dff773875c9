/** Facts about the build under test, read from its files. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cspHash, findInlineCode } from "../../scripts/csp/html-inline";

/** Every route of the sitemap, as paths ("/", "/about", …). */
export function sitemapRoutes(dist: string): string[] {
  const xml = readFileSync(join(dist, "sitemap-0.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** The HTML file a route is built into. */
export function pageFile(dist: string, route: string): string {
  return route === "/" ? join(dist, "index.html") : join(dist, route, "index.html");
}

/** Files under dist/_astro whose name ends with `suffix`. */
export function astroAssets(dist: string, suffix: string): string[] {
  return readdirSync(join(dist, "_astro"))
    .filter((name) => name.endsWith(suffix))
    .map((name) => `/_astro/${name}`);
}

/** The hash source of every inline script and style of one built HTML file (relative to dist). */
export function inlineHashes(dist: string, page: string): { scripts: Set<string>; styles: Set<string> } {
  const inline = findInlineCode(readFileSync(join(dist, page), "utf8"));
  return { scripts: new Set(inline.scripts.map(cspHash)), styles: new Set(inline.styles.map(cspHash)) };
}

/** The rules of a `_headers` file: path pattern → [name, value] pairs. */
export function parseHeadersFile(text: string): Map<string, [string, string][]> {
  const rules = new Map<string, [string, string][]>();
  let current: [string, string][] | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = [];
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(":");
    current?.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * The headers Netlify or Cloudflare Pages send for a path under those rules: every rule
 * whose pattern matches adds its headers (lower-cased name → the values of each rule,
 * which the hosts join with commas; two policies are two policies, both enforced).
 */
export function hostHeaders(rules: Map<string, [string, string][]>, path: string): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (const [pattern, headers] of rules) {
    const matches = pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
    if (!matches) continue;
    for (const [name, value] of headers) {
      const key = name.toLowerCase();
      sent.set(key, [...(sent.get(key) ?? []), value]);
    }
  }
  return sent;
}
