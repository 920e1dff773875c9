/**
 * nginx as curl sees it: status codes, directory URLs, the 404 page,
 * precompression, cache policy, every security header, the CDN `_headers`
 * file, the TLS variant, and the /api/stream proxy.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { STATION_TITLE } from "../../deploy/station/station.mjs";
import { SEARCH_WORKER_PATH } from "../../scripts/csp/security-headers";
import { curl, header, type CurlResponse } from "./http";
import { deployState } from "./servers";
import { astroAssets, hostHeaders, inlineHashes, pageFile, parseHeadersFile, sitemapRoutes } from "./site";

const state = deployState();
const url = (path: string) => `${state.baseUrl}${path}`;
const file = (path: string) => readFileSync(join(state.dist, path));

/** The search worker's policy: WebAssembly and same-origin fetches, nothing else. */
const WORKER_CSP = "default-src 'none'; script-src 'wasm-unsafe-eval'; connect-src 'self'";

/** The security headers every response carries besides its policies. */
function expectSecurityHeaders(response: CurlResponse, path: string) {
  const hsts = header(response, "strict-transport-security") ?? "";
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), path).toBeGreaterThanOrEqual(31536000);
  expect(hsts).toContain("includeSubDomains");
  expect(header(response, "x-content-type-options"), path).toBe("nosniff");
  // None: on Android it would give the site a renderer process of its own, started as a visitor arrives.
  expect(header(response, "cross-origin-opener-policy"), path).toBeUndefined();
  expect(header(response, "server"), "no version in Server").toBe("nginx");
}

/** The longest run of back-to-back MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 or 418 bytes each). */
function mp3Frames(body: Buffer): number {
  const sync = Buffer.from([0xff, 0xfb]);
  let best = 0;
  // The burst starts mid-frame, and frame data can hold a false sync word: try each of the first candidates.
  for (
    let start = body.indexOf(sync), tries = 0;
    start >= 0 && tries < 500;
    start = body.indexOf(sync, start + 1), tries++
  ) {
    let at = start;
    let frames = 0;
    while (at + 4 <= body.length && body[at] === 0xff && body[at + 1] === 0xfb) {
      at += 417 + ((body[at + 2]! >> 1) & 1);
      frames += 1;
    }
    best = Math.max(best, frames);
  }
  return best;
}

test("every route answers 200 with and without a trailing slash; unknown paths get the 404 page with status 404", async () => {
  const routes = sitemapRoutes(state.dist);
  expect(routes.length).toBeGreaterThanOrEqual(12);
  for (const route of routes) {
    const html = readFileSync(pageFile(state.dist, route));
    const paths = route === "/" ? ["/"] : [route, `${route}/`];
    for (const path of paths) {
      const response = await curl(url(path));
      expect(response.status, path).toBe(200);
      expect(header(response, "content-type"), path).toBe("text/html; charset=utf-8");
      expect(response.body.equals(html), `${path} serves ${route}'s page`).toBe(true);
    }
  }
  const notFound = file("404.html");
  for (const path of ["/no-such-page", "/about/no-such-page", "/_astro/missing.js", "/404", "/404.html"]) {
    const response = await curl(url(path));
    expect(response.status, path).toBe(404);
    expect(response.body.equals(notFound), `${path} shows the 404 page`).toBe(true);
  }
  // The hosts' bookkeeping stays private.
  for (const path of ["/_headers", "/_nginx/security-headers.conf", "/_nginx/csp-map.conf"]) {
    expect((await curl(url(path))).status, path).toBe(404);
  }
});

test("text files arrive precompressed (brotli, else gzip, else as they are), and anything else is gzipped on the fly", async () => {
  const samples = [
    "/",
    "/about",
    // No stylesheet file: every page carries its CSS inline (astro.config.mjs, build.inlineStylesheets).
    astroAssets(state.dist, ".js")[0]!,
    "/sitemap-0.xml",
    "/placeholder.svg",
  ];
  for (const path of samples) {
    const onDisk = path === "/" || path === "/about" ? pageFile(state.dist, path) : join(state.dist, path);
    const original = readFileSync(onDisk);
    const br = await curl(url(path), ["-H", "Accept-Encoding: gzip, deflate, br"]);
    expect(header(br, "content-encoding"), path).toBe("br");
    expect(header(br, "vary"), path).toContain("Accept-Encoding");
    // The precompressed file itself is sent: its length, not a chunked on-the-fly stream.
    expect(Number(header(br, "content-length")), path).toBe(statSync(`${onDisk}.br`).size);
    expect(brotliDecompressSync(br.body).equals(original), path).toBe(true);

    const gz = await curl(url(path), ["-H", "Accept-Encoding: gzip"]);
    expect(header(gz, "content-encoding"), path).toBe("gzip");
    expect(Number(header(gz, "content-length")), path).toBe(statSync(`${onDisk}.gz`).size);
    expect(gunzipSync(gz.body).equals(original), path).toBe(true);

    const plain = await curl(url(path));
    expect(header(plain, "content-encoding"), path).toBeUndefined();
    expect(plain.body.equals(original), path).toBe(true);
  }

  // A text file the build did not precompress still goes out gzipped.
  const extra = join(state.dist, "deploy-test-fallback.txt");
  writeFileSync(extra, "Corporate bonds pay fixed coupons. ".repeat(200));
  try {
    const response = await curl(url("/deploy-test-fallback.txt"), ["-H", "Accept-Encoding: gzip, br"]);
    expect(header(response, "content-encoding")).toBe("gzip");
    expect(header(response, "content-length")).toBeUndefined();
    expect(gunzipSync(response.body).toString()).toBe(readFileSync(extra, "utf8"));
  } finally {
    rmSync(extra);
  }
});

test("hashed assets are cached for a year; pages revalidate on every visit", async () => {
  const cases: [string, string][] = [
    [astroAssets(state.dist, ".js")[0]!, "public, max-age=31536000, immutable"],
    [astroAssets(state.dist, ".woff2")[0]!, "public, max-age=31536000, immutable"],
    ["/", "no-cache"],
    ["/about", "no-cache"],
    ["/about/", "no-cache"],
    ["/no-such-page", "no-cache"],
    ["/sitemap-index.xml", "no-cache"],
    ["/favicon.svg", "public, max-age=86400"],
  ];
  for (const [path, expected] of cases) {
    const response = await curl(url(path));
    expect(response.headers.get("cache-control"), path).toEqual([expected]);
  }
  // "no-cache" means revalidate: the page carries a validator and answers 304 when unchanged.
  const first = await curl(url("/about"), ["-H", "Accept-Encoding: br"]);
  const etag = header(first, "etag");
  expect(etag).toBeTruthy();
  const again = await curl(url("/about"), ["-H", "Accept-Encoding: br", "-H", `If-None-Match: ${etag}`]);
  expect(again.status).toBe(304);
});

test("every response carries the security headers, with a CSP that allows its page's inline code by hash and nothing unsafe", async () => {
  // [address, the built page it shows (its inline code must be allowed), or null for a file]
  const paths: [string, string | null][] = [
    ["/", "index.html"],
    ["/contact", "contact/index.html"],
    ["/radio", "radio/index.html"],
    ["/about/", "about/index.html"],
    ["/learn/risks", "learn/risks/index.html"],
    ["/no-such-page", "404.html"],
    ["/about/no-such-page", "404.html"],
    [astroAssets(state.dist, ".js")[0]!, null],
    ["/favicon.svg", null],
    ["/pagefind/pagefind.js", null],
  ];
  const policies = new Map<string, string>();
  const sentPermissions = new Map<string, boolean>();
  for (const [path, page] of paths) {
    const response = await curl(url(path));
    expect(response.headers.get("content-security-policy"), `${path}: exactly one policy`).toHaveLength(1);
    const csp = header(response, "content-security-policy") ?? "";
    const directives = new Map(
      csp.split(";").map((part) => {
        const [name = "", ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    // No 'unsafe-…' source of any kind ('wasm-unsafe-eval' included: only the search worker compiles WebAssembly).
    expect(csp, path).not.toMatch(/unsafe|\*/);
    expect(directives.get("default-src"), path).toEqual(["'self'"]);
    expect(directives.get("frame-ancestors"), path).toEqual(["'none'"]);
    expect(directives.get("object-src"), path).toEqual(["'none'"]);
    expect(directives.get("base-uri"), path).toEqual(["'none'"]);
    // The search worker: worker-src is left out, and falls back to script-src (or default-src), which allow 'self'.
    expect(directives.get("worker-src"), path).toBeUndefined();
    expect(directives.get("script-src") ?? directives.get("default-src"), path).toContain("'self'");
    if (page) {
      const { scripts, styles } = inlineHashes(state.dist, page);
      for (const hash of scripts) expect(directives.get("script-src"), `${path} script ${hash}`).toContain(hash);
      for (const hash of styles) expect(directives.get("style-src"), `${path} style ${hash}`).toContain(hash);
      policies.set(path, csp);
    }
    // A Permissions-Policy where the page lets in another host's scripts or frames, and none elsewhere.
    const thirdParty = ["script-src", "frame-src"].some((name) =>
      (directives.get(name) ?? []).some((source) => /^https?:/.test(source)),
    );
    const permissions = response.headers.get("permissions-policy") ?? [];
    if (thirdParty) expect(permissions[0], path).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(permissions, path).toHaveLength(thirdParty ? 1 : 0);
    sentPermissions.set(path, permissions.length > 0);
    expectSecurityHeaders(response, path);
  }
  expect(sentPermissions.get("/contact"), "the contact form's page").toBe(true);
  expect(sentPermissions.get("/about/"), "a page of the site's own code only").toBe(false);
  // Each page inlines its own stylesheet, so its policy is its own: /radio's does not allow /learn/risks's.
  const risks = inlineHashes(state.dist, "learn/risks/index.html").styles;
  const radio = inlineHashes(state.dist, "radio/index.html").styles;
  const onlyRisks = [...risks].filter((hash) => !radio.has(hash));
  expect(onlyRisks.length, "/learn/risks has a stylesheet of its own").toBeGreaterThan(0);
  for (const hash of onlyRisks) expect(policies.get("/radio")).not.toContain(hash);
});

test("Pagefind's search worker gets a policy of its own, the only one that allows WebAssembly, however it is asked for", async () => {
  const requests: [string, string][] = [
    [SEARCH_WORKER_PATH, "br"],
    [SEARCH_WORKER_PATH, "gzip"],
    [SEARCH_WORKER_PATH, "identity"],
    [`${SEARCH_WORKER_PATH}?v=1`, "gzip, br"],
    ["/pagefind//pagefind-worker.js", "gzip, br"],
  ];
  for (const [path, encoding] of requests) {
    const response = await curl(url(path), ["-H", `Accept-Encoding: ${encoding}`]);
    expect(response.status, path).toBe(200);
    expect(header(response, "content-type"), path).toMatch(/javascript/);
    // Exactly this one policy: a second (the pages') would be enforced too and forbid the WebAssembly.
    expect(response.headers.get("content-security-policy"), `${path} (${encoding})`).toEqual([WORKER_CSP]);
    expectSecurityHeaders(response, path);
  }
});

test("the _headers file for Netlify and Cloudflare Pages sends what nginx sends, one policy per page and the worker's own", async () => {
  const rules = parseHeadersFile(readFileSync(join(state.dist, "_headers"), "utf8"));
  // The hosts apply every matching rule: a policy under /* would reach the worker as a second, enforced policy.
  expect(rules.get("/*")!.map(([name]) => name.toLowerCase())).not.toContain("content-security-policy");
  const pages = [
    ...sitemapRoutes(state.dist).flatMap((route) => (route === "/" ? ["/"] : [route, `${route}/`])),
    "/404",
    "/404.html",
  ];
  const others = [astroAssets(state.dist, ".js")[0]!, "/favicon.svg"];
  for (const path of [...pages, SEARCH_WORKER_PATH, ...others]) {
    const hosted = hostHeaders(rules, path);
    const served = await curl(url(path));
    for (const [name, values] of hosted) {
      expect(values, `${path}: ${name} comes from one rule`).toHaveLength(1);
      expect(header(served, name), `${path}: ${name}`).toBe(values[0]);
    }
    // Nor does nginx send a page one the file does not (its empty value sends none).
    if (pages.includes(path)) {
      expect(header(served, "permissions-policy"), path).toBe(hosted.get("permissions-policy")?.[0]);
    }
    if (!others.includes(path)) expect(hosted.get("content-security-policy"), `${path} has a policy`).toBeDefined();
  }
  expect(hostHeaders(rules, SEARCH_WORKER_PATH).get("content-security-policy")).toEqual([WORKER_CSP]);
});

test("the TLS variant serves HTTP/2 over HTTPS, redirects plain HTTP to it, and can share its stream with one origin", async () => {
  const secure = await curl(`${state.tlsUrl}/about`, ["-k", "--http2", "-H", "Accept-Encoding: br"]);
  expect(secure.status).toBe(200);
  expect(secure.version).toBe("2");
  expect(header(secure, "content-encoding")).toBe("br");
  expect(header(secure, "strict-transport-security")).toContain("max-age=");
  expect(header(secure, "content-security-policy")).toContain("frame-ancestors 'none'");
  expect(header(secure, "access-control-allow-origin"), "pages are not shared cross-origin").toBeUndefined();
  // Rendered with --stream-cors-origin: pages at that origin may play this server's stream, nobody else's.
  const stream = await curl(`${state.tlsUrl}/api/stream`, ["-k", "--max-time", "2"]);
  expect(stream.status).toBe(200);
  expect(header(stream, "access-control-allow-origin")).toBe(state.baseUrl);
  const redirect = await curl(`${state.tlsRedirectUrl}/about?x=1`);
  expect(redirect.status).toBe(301);
  expect(header(redirect, "location")).toBe(`${state.tlsUrl}/about?x=1`);
});

test("/api/stream relays the station's live MP3, unbuffered and uncached, only for allowed ports", async () => {
  for (const query of [`?port=${state.streamPort}`, ""]) {
    const response = await curl(url(`/api/stream${query}`), ["--max-time", "3"]);
    expect(response.status, query).toBe(200);
    expect(header(response, "content-type"), query).toBe("audio/mpeg");
    expect(header(response, "content-length"), "a live stream has no length").toBeUndefined();
    expect(response.headers.get("cache-control"), query).toEqual(["no-store"]);
    expect(header(response, "access-control-allow-origin"), "same-origin only").toBeUndefined();
    expect(header(response, "x-content-type-options")).toBe("nosniff");
    // Icecast's burst plus about 2 s of the 128 kbit/s tone, as back-to-back MP3 frames.
    expect(response.body.length, query).toBeGreaterThan(32_000);
    expect(mp3Frames(response.body), query).toBeGreaterThan(50);
  }
  // Not an open proxy: other ports, the station's real port included, are refused.
  for (const port of [String(state.streamPort + 1), String(state.stationPort), "22", "8076abc"]) {
    expect((await curl(url(`/api/stream?port=${port}`))).status, `port ${port}`).toBe(400);
  }
  expect((await curl(url("/api/stream"), ["-X", "POST"])).status).toBe(403);
});

test("/api/now-playing passes on the station's title and listener count, nothing else, only for allowed ports", async () => {
  const expected = { title: STATION_TITLE, listeners: expect.any(Number) };
  for (const query of [`?port=${state.streamPort}`, ""]) {
    const response = await curl(url(`/api/now-playing${query}`));
    expect(response.status, query).toBe(200);
    expect(header(response, "content-type"), query).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control"), query).toEqual(["public, max-age=5"]);
    expect(header(response, "access-control-allow-origin"), "same-origin only").toBeUndefined();
    expect(header(response, "content-security-policy"), "the security headers too").toContain("default-src");
    const body = JSON.parse(response.body.toString("utf8"));
    // Exactly these two fields: no server id, admin address, host, mount URL or bitrate.
    expect(body, query).toStrictEqual(expected);
    expect(response.body.toString()).not.toMatch(/icecast|admin|127\.0\.0\.1|listenurl|bitrate|server/i);
  }
  // Icecast counts a listener of the stream, which the endpoint reports once its 5 s cache has expired.
  const listener = curl(url(`/api/stream?port=${state.streamPort}`), ["--max-time", "9"]);
  await expect
    .poll(async () => JSON.parse((await curl(url("/api/now-playing"))).body.toString()).listeners, { timeout: 8000 })
    .toBeGreaterThanOrEqual(1);
  await listener;
  // The same allowed-port rule as the stream: anything else is refused, and Icecast's own status stays private.
  for (const port of [String(state.streamPort + 1), String(state.stationPort), "22", "8076abc"]) {
    expect((await curl(url(`/api/now-playing?port=${port}`))).status, `port ${port}`).toBe(400);
  }
  expect((await curl(url("/api/now-playing"), ["-X", "POST"])).status).toBe(403);
  for (const path of ["/_now-playing-status", "/status-json.xsl", "/api/now-playing/../../status-json.xsl"]) {
    expect((await curl(url(path), ["--path-as-is"])).status, path).toBe(404);
  }
});
