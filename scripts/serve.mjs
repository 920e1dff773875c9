#!/usr/bin/env node
/**
 * Serves dist/ like a real static host: directory URLs with or without a
 * trailing slash, unknown paths answered with 404.html and status 404, text compressed.
 * Usage: node scripts/serve.mjs [--port 4321] [--host 127.0.0.1]
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { createGzip } from "node:zlib";
import { extname, join, normalize, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "4321" },
    host: { type: "string", default: process.env.HOST ?? "127.0.0.1" },
    root: { type: "string", default: process.env.DIST_DIR ?? "dist" },
  },
});
const root = resolve(values.root);

const types = {
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

async function findFile(pathname) {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  const base = join(root, safe);
  if (!base.startsWith(root)) return null;
  for (const candidate of [base, join(base, "index.html"), `${base}.html`]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}

const server = createServer(async (request, response) => {
  const { pathname } = new URL(request.url ?? "/", "http://localhost");
  let file = null;
  try {
    file = await findFile(pathname);
  } catch {
    file = null;
  }
  const status = file ? 200 : 404;
  file ??= join(root, "404.html");
  const cache = pathname.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "no-cache";
  const type = types[extname(file)] ?? "application/octet-stream";
  const { encoding, source } = await encode(file, type, String(request.headers["accept-encoding"] ?? ""));
  response.writeHead(status, {
    "Content-Type": type,
    "Cache-Control": cache,
    ...(encoding ? { "Content-Encoding": encoding, Vary: "Accept-Encoding" } : {}),
  });
  if (request.method === "HEAD") return response.end();
  const stream = createReadStream(source).on("error", () => response.end());
  (encoding === "gzip" && source === file ? stream.pipe(createGzip()) : stream).pipe(response);
});

/**
 * Like the production host (deploy/nginx), text goes out compressed: a precompressed .br or .gz beside the
 * file (scripts/postbuild.mjs writes them) if the client takes it, else gzipped on the fly. So the byte
 * budgets and Lighthouse (npm run audit) see real transfer sizes.
 */
async function encode(file, type, accepts) {
  if (!/^text\/|javascript|json|xml|svg/.test(type)) return { encoding: null, source: file };
  for (const [encoding, ext] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ]) {
    const info = await stat(file + ext).catch(() => null);
    if (info?.isFile() && accepts.includes(encoding)) return { encoding, source: file + ext };
  }
  return accepts.includes("gzip") ? { encoding: "gzip", source: file } : { encoding: null, source: file };
}

server.listen(Number(values.port), values.host, () => {
  console.log(`Serving ${root} at http://${values.host}:${values.port}/`);
});
