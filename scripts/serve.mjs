#!/usr/bin/env node
/**
 * Serves the build (--root, else $DIST_DIR or dist/) like a real static host: directory URLs with or without a
 * trailing slash, unknown paths answered with 404.html and status 404, text compressed, and the headers the build's
 * _headers gives each path (scripts/lib/static-host.mjs).
 * Usage: node scripts/serve.mjs [--port 4321] [--host 127.0.0.1] [--root dist]   (env: PORT, HOST, DIST_DIR)
 */
import { createReadStream } from "node:fs";
import { createServer } from "node:http";
import { createGzip } from "node:zlib";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { staticAnswer } from "./lib/static-host.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "4321" },
    host: { type: "string", default: process.env.HOST ?? "127.0.0.1" },
    root: { type: "string", default: process.env.DIST_DIR ?? "dist" },
  },
});
const root = resolve(values.root);

const server = createServer(async (request, response) => {
  const { pathname } = new URL(request.url ?? "/", "http://localhost");
  const answer = await staticAnswer(root, pathname, String(request.headers["accept-encoding"] ?? ""));
  response.writeHead(answer.status, answer.headers);
  if (request.method === "HEAD") return response.end();
  const stream = createReadStream(answer.source).on("error", () => response.end());
  (answer.gzip ? stream.pipe(createGzip()) : stream).pipe(response);
});

server.listen(Number(values.port), values.host, () => {
  console.log(`Serving ${root} at http://${values.host}:${values.port}/`);
});
