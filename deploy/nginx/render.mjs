#!/usr/bin/env node
/**
 * Renders deploy/nginx/site.conf.template into a ready nginx site file.
 *
 *   node deploy/nginx/render.mjs --root /var/www/corporate-bonds/dist \
 *     --tls-cert /etc/letsencrypt/live/corporate-bonds.example.com/fullchain.pem \
 *     --tls-key /etc/letsencrypt/live/corporate-bonds.example.com/privkey.pem \
 *     --stream-port 8076=127.0.0.1:8000 > /etc/nginx/conf.d/corporate-bonds.conf
 *
 * Options:
 *   --root DIR              the built site (npm run build's dist/), absolute; required
 *   --server-name NAME      default: the host of content/site.json's url
 *   --tls-cert/--tls-key    serve HTTPS on --https-port (443) and redirect --http-port (80) to it;
 *                           without them the site is served on plain HTTP on --http-port
 *   --listen-address ADDR   bind one address (e.g. 127.0.0.1) instead of every IPv4 and IPv6 one
 *   --stream-port P=HOST:N  /api/stream?port=P proxies to the station at HOST:N (repeatable);
 *                           default: the port in content/site.json's radio.streamUrl → 127.0.0.1 on the same port
 *   --station-mount PATH    the station's mount point (default /stream)
 *   --stream-cors-origin O  let the site at origin O play the stream from here (when the site is on a CDN)
 *   --now-playing-js FILE   where deploy/nginx/now-playing.js is installed on the server
 *                           (default /etc/nginx/corporate-bonds/now-playing.js)
 *   --cache-dir DIR         nginx's cache of the station's status (default /var/lib/nginx/corporate-bonds-now-playing)
 *   --no-now-playing        no /api/now-playing (for an nginx without njs): the page keeps its own sentence
 *   --out FILE              write there instead of stdout
 */
import { readFileSync, writeFileSync } from "node:fs";
import { isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = new URL("./", import.meta.url);

/** The port number in the configured stream URL's ?port= (8076 by default). */
export function defaultStreamPort(streamUrl = "/api/stream?port=8076") {
  const port = new URL(streamUrl, "http://localhost").searchParams.get("port");
  return port && /^\d+$/.test(port) ? Number(port) : 8076;
}

/** Parses "8076=127.0.0.1:8000" (or "8076", meaning 127.0.0.1:8076). */
export function parseStreamPort(spec) {
  const match = /^(\d{1,5})(?:=(\[[0-9a-f:]+\]|[A-Za-z0-9.-]+):(\d{1,5}))?$/i.exec(spec);
  if (!match) throw new Error(`--stream-port ${spec}: expected PORT or PORT=HOST:PORT`);
  const port = Number(match[1]);
  return { port, host: match[2] ?? "127.0.0.1", upstreamPort: Number(match[3] ?? port) };
}

/** Keeps or drops {{#name}}…{{/name}} and {{^name}}…{{/name}} blocks, then fills {{NAME}} values. */
export function fillTemplate(template, flags, values) {
  let text = template;
  for (const [name, on] of Object.entries(flags)) {
    const block = (mark, keep) =>
      (text = text.replace(
        new RegExp(`^\\{\\{\\${mark}${name}\\}\\}\\n([\\s\\S]*?)^\\{\\{/${name}\\}\\}\\n`, "gm"),
        (_, body) => (keep ? body : ""),
      ));
    block("#", on);
    block("^", !on);
  }
  // A line holding only a placeholder whose value is empty disappears with it.
  text = text
    .split("\n")
    .filter((line) => {
      const only = /^\s*\{\{([A-Z0-9_]+)\}\}\s*$/.exec(line);
      return !only || values[only[1]] !== "";
    })
    .join("\n");
  return text.replace(/\{\{([A-Z0-9_]+)\}\}/g, (whole, key) => {
    if (!(key in values)) throw new Error(`the template uses {{${key}}}, which has no value`);
    return values[key];
  });
}

/** The rendered site file. */
export function renderSite(options) {
  const {
    root,
    serverName,
    tlsCert,
    tlsKey,
    httpPort = 80,
    httpsPort = 443,
    listenAddress,
    streamPorts,
    stationMount = "/stream",
    streamCorsOrigin = "",
    nowPlaying = true,
    nowPlayingJs = "/etc/nginx/corporate-bonds/now-playing.js",
    cacheDir = "/var/lib/nginx/corporate-bonds-now-playing",
  } = options;
  if (!root || !isAbsolute(root)) throw new Error("--root must be an absolute path to the built site");
  if (Boolean(tlsCert) !== Boolean(tlsKey)) throw new Error("--tls-cert and --tls-key go together");
  if (!/^\/[\w./-]*$/.test(stationMount)) throw new Error(`--station-mount ${stationMount}: expected a path`);
  if (streamCorsOrigin && !/^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(streamCorsOrigin)) {
    throw new Error(`--stream-cors-origin ${streamCorsOrigin}: expected an origin such as https://www.example.com`);
  }
  for (const [flag, path] of [
    ["--now-playing-js", nowPlayingJs],
    ["--cache-dir", cacheDir],
  ]) {
    if (!isAbsolute(path) || /[\s;{}]/.test(path)) throw new Error(`${flag} ${path}: expected an absolute path`);
  }
  if (streamPorts.length === 0) throw new Error("at least one --stream-port is needed");
  const tls = Boolean(tlsCert);
  const prefix = listenAddress ? `${listenAddress.includes(":") ? `[${listenAddress}]` : listenAddress}:` : "";
  const ipv6 = (port, extra = "") => (listenAddress ? "" : `    listen [::]:${port}${extra};`);
  const upstreams = streamPorts
    .map(({ port, host, upstreamPort }) => `upstream cbg_station_${port} {\n    server ${host}:${upstreamPort};\n}`)
    .join("\n");
  const portMap = streamPorts.map(({ port }) => `    ${String(port).padEnd(11)} cbg_station_${port};`).join("\n");
  const template = readFileSync(new URL("site.conf.template", here), "utf8");
  const text = fillTemplate(
    template,
    { tls, nowPlaying },
    {
      ROOT: root.replace(/\/$/, ""),
      SERVER_NAME: serverName,
      LISTEN_PREFIX: prefix,
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      HTTPS_PORT_SUFFIX: httpsPort === 443 ? "" : `:${httpsPort}`,
      IPV6_HTTP_LISTEN: ipv6(httpPort),
      IPV6_HTTPS_LISTEN: ipv6(httpsPort, " ssl http2"),
      TLS_CERT: tlsCert ?? "",
      TLS_KEY: tlsKey ?? "",
      DEFAULT_STREAM_PORT: String(streamPorts[0].port),
      STREAM_UPSTREAMS: upstreams,
      STREAM_PORT_MAP: portMap,
      STATION_MOUNT: stationMount,
      STREAM_CORS_ORIGIN: streamCorsOrigin,
      NOW_PLAYING_JS: nowPlayingJs,
      CACHE_DIR: cacheDir,
    },
  );
  return text;
}

function main() {
  const { values } = parseArgs({
    options: {
      root: { type: "string" },
      "server-name": { type: "string" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      "http-port": { type: "string" },
      "https-port": { type: "string" },
      "listen-address": { type: "string" },
      "stream-port": { type: "string", multiple: true },
      "station-mount": { type: "string" },
      "stream-cors-origin": { type: "string" },
      "now-playing-js": { type: "string" },
      "cache-dir": { type: "string" },
      "no-now-playing": { type: "boolean" },
      out: { type: "string" },
    },
  });
  const site = JSON.parse(readFileSync(new URL("../../content/site.json", here), "utf8"));
  const streamPorts = (values["stream-port"] ?? [String(defaultStreamPort(site.radio?.streamUrl))]).map(
    parseStreamPort,
  );
  const text = renderSite({
    root: values.root,
    serverName: values["server-name"] ?? new URL(site.url).hostname,
    tlsCert: values["tls-cert"],
    tlsKey: values["tls-key"],
    httpPort: values["http-port"] ? Number(values["http-port"]) : 80,
    httpsPort: values["https-port"] ? Number(values["https-port"]) : 443,
    listenAddress: values["listen-address"],
    streamPorts,
    stationMount: values["station-mount"],
    streamCorsOrigin: values["stream-cors-origin"],
    nowPlaying: !values["no-now-playing"],
    nowPlayingJs: values["now-playing-js"],
    cacheDir: values["cache-dir"],
  });
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
