// @ts-check
/**
 * How the local servers answer a request for a file of the build, like a real static host: directory URLs with or
 * without a trailing slash, unknown paths answered with 404.html and status 404, text compressed, and the headers
 * the build's `_headers` gives the path (the security headers and each page's Content-Security-Policy), so the
 * end-to-end tests run every page under its policy. scripts/serve.mjs sends the answer as fast as it can;
 * scripts/stream-audit.mjs sends it as a slow link would.
 */
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";

/** @type {Record<string, string>} */
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".ico": "image/x-icon",
  ".wasm": "application/wasm",
  ".pf_meta": "application/octet-stream",
};

/**
 * What the hosts never serve as a page (deploy/nginx/site.conf.template): the 404 page at an address of its own, and
 * the build's files of headers and server settings.
 */
const NOT_SERVED = /^\/(?:404(?:\.html)?|_headers|_nginx(?:\/.*)?)$/;

/**
 * The file a URL path names under `root`, or null.
 * @param {string} root  an absolute path
 * @param {string} pathname
 */
async function findFile(root, pathname) {
  if (NOT_SERVED.test(decodeURIComponent(pathname).replace(/\/+$/, ""))) return null;
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  const base = join(root, safe);
  if (!base.startsWith(root)) return null;
  for (const candidate of [base, join(base, "index.html"), `${base}.html`]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}

/**
 * Like the production host (deploy/nginx), text goes out compressed: a precompressed .br or .gz beside the
 * file (scripts/postbuild.mjs writes them) if the client takes it, else gzipped on the fly. So the byte
 * budgets and Lighthouse (npm run audit) see real transfer sizes.
 * @param {string} file
 * @param {string} type
 * @param {string} accepts  the request's Accept-Encoding
 * @returns {Promise<{ encoding: string | null, source: string }>}  `source` is `file` itself when it is to be gzipped
 */
async function encode(file, type, accepts) {
  if (!/^text\/|javascript|json|xml|svg/.test(type)) return { encoding: null, source: file };
  for (const [encoding, ext] of /** @type {const} */ ([
    ["br", ".br"],
    ["gzip", ".gz"],
  ])) {
    const info = await stat(file + ext).catch(() => null);
    if (info?.isFile() && accepts.includes(encoding)) return { encoding, source: file + ext };
  }
  return accepts.includes("gzip") ? { encoding: "gzip", source: file } : { encoding: null, source: file };
}

/** @typedef {{ path: string, headers: [string, string][] }} HeaderRule */

/**
 * The rules of a `_headers` file (the format Netlify and Cloudflare Pages read): a path, exact or ending in
 * `*`, then its headers indented below it, one `Name: value` a line; `#` starts a comment.
 * @param {string} text
 * @returns {HeaderRule[]}
 */
export function parseHeaderRules(text) {
  /** @type {HeaderRule[]} */
  const rules = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(":");
    const rule = rules.at(-1);
    if (colon < 0 || !rule) throw new Error(`_headers: "${line.trim()}" is neither a path nor a "Name: value" header`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * The headers `rules` give a request for `pathname`, as both hosts apply them: every rule whose path matches
 * (exactly, or by the prefix before a final `*`), in order, a header set by several rules joined with commas, except
 * Content-Security-Policy, whose values stay separate headers (two policies, both enforced).
 * @param {HeaderRule[]} rules
 * @param {string} pathname
 * @returns {Record<string, string | string[]>}
 */
export function headersFor(rules, pathname) {
  /** @type {Map<string, { name: string, values: string[] }>} */
  const found = new Map();
  for (const rule of rules) {
    const matches = rule.path.endsWith("*") ? pathname.startsWith(rule.path.slice(0, -1)) : pathname === rule.path;
    if (!matches) continue;
    for (const [name, value] of rule.headers) {
      const entry = found.get(name.toLowerCase()) ?? { name, values: [] };
      entry.values.push(value);
      found.set(name.toLowerCase(), entry);
    }
  }
  return Object.fromEntries(
    [...found.entries()].map(([key, { name, values }]) => [
      name,
      key === "content-security-policy" ? values : values.join(", "),
    ]),
  );
}

/**
 * Each root's `_headers` rules, read again when the file changes (a build while the server runs writes new pages
 * with new hashes in their policies); none where the root has no such file (a folder of bare pages).
 * @type {Map<string, { changed: number, rules: Promise<HeaderRule[]> }>}
 */
const headerRules = new Map();

/** @param {string} root */
async function rulesOf(root) {
  const file = join(root, "_headers");
  const changed = (await stat(file).catch(() => null))?.mtimeMs ?? 0;
  let known = headerRules.get(root);
  if (known?.changed !== changed) {
    known = { changed, rules: readFile(file, "utf-8").then(parseHeaderRules, () => []) };
    headerRules.set(root, known);
  }
  return known.rules;
}

/**
 * The answer to a request: its status and headers, the file to send and whether to gzip it on the way.
 * @param {string} root  an absolute path
 * @param {string} pathname
 * @param {string} accepts  the request's Accept-Encoding
 */
export async function staticAnswer(root, pathname, accepts) {
  let file = null;
  try {
    file = await findFile(root, pathname);
  } catch {
    file = null;
  }
  const status = file ? 200 : 404;
  file ??= join(root, "404.html");
  const cache = pathname.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "no-cache";
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  const { encoding, source } = await encode(file, type, accepts);
  // The 404 page at an unknown address gets what every path gets (`/*`), as on the hosts.
  /** @type {Record<string, string | string[]>} */
  const headers = {
    ...headersFor(await rulesOf(root), file === join(root, "404.html") && status === 404 ? "/*" : pathname),
    "Content-Type": type,
    "Cache-Control": cache,
    ...(encoding ? { "Content-Encoding": encoding, Vary: "Accept-Encoding" } : {}),
  };
  const gzip = encoding === "gzip" && source === file;
  // A file's length, as the hosts send it: the answer is not chunked (chunks add bytes to the first round trip).
  if (!gzip) headers["Content-Length"] = String((await stat(source)).size);
  return { status, headers, source, gzip };
}
