// @ts-check
/**
 * How the local servers answer a request for a file of the build, like a real static host: directory URLs with or
 * without a trailing slash, unknown paths answered with 404.html and status 404, text compressed. scripts/serve.mjs
 * sends the answer as fast as it can; scripts/stream-audit.mjs sends it as a slow link would.
 */
import { stat } from "node:fs/promises";
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
 * The file a URL path names under `root`, or null.
 * @param {string} root  an absolute path
 * @param {string} pathname
 */
async function findFile(root, pathname) {
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
  /** @type {Record<string, string>} */
  const headers = {
    "Content-Type": type,
    "Cache-Control": cache,
    ...(encoding ? { "Content-Encoding": encoding, Vary: "Accept-Encoding" } : {}),
  };
  return { status, headers, source, gzip: encoding === "gzip" && source === file };
}
