/**
 * The security headers every response carries, and the Content-Security-Policies:
 * each page's own, built from what that page really contains (hashes of its inline
 * code: each page inlines its own stylesheet) and the third-party hosts the owner
 * configured in content/site.json, and the search worker's own. Rendered two ways:
 * a `_headers` file (Netlify, Cloudflare Pages) and nginx includes. Pure:
 * scripts/postbuild.mjs does the reading and writing.
 */

/** The owner settings that name third-party hosts (a subset of content/site.json). */
export interface CspSettings {
  ads?: { search?: { scriptUrl: string }; display?: { scriptUrl: string } };
  news?: { widgetUrl: string };
  contactForm?: { frameUrl: string; scriptUrl: string };
  newsletter?: { endpoint: string };
  radio?: { streamUrl?: string };
}

export interface CspInputs {
  settings: CspSettings;
  /** 'sha256-…' sources of every inline script of the page (or pages) the policy is for. */
  scriptHashes: Iterable<string>;
  /** 'sha256-…' sources of every <style> element of the page (or pages) the policy is for. */
  styleHashes: Iterable<string>;
  /** Image URLs the pages use (book covers); absolute ones add their host to img-src. */
  imageUrls?: Iterable<string>;
  /** Some CSS or markup uses data: images. */
  dataImages?: boolean;
  /**
   * The page's markup (entities decoded) and the code of the script files it loads: a host of content/site.json is
   * allowed only on a page whose markup or code names it (the news widget's only on the page that shows it).
   * Without it, every configured host is allowed (the default policy, for responses that are not a page).
   */
  reads?: string;
}

/** The origin of an absolute http(s) URL; undefined for a same-origin path. */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return new URL(url).origin;
}

function sources(...values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/**
 * The fetch directives that fall back to default-src itself: one that would allow just what default-src allows is
 * left out, the same policy in fewer bytes (the policy rides in every page's first round trip).
 */
const FALLS_BACK_TO_DEFAULT = new Set([
  "script-src",
  "style-src",
  "img-src",
  "font-src",
  "connect-src",
  "media-src",
  "frame-src",
  "manifest-src",
]);

/** Every directive of the pages' policy, in a stable order. No source is 'unsafe-…' of any kind. */
export function cspDirectives(inputs: CspInputs): [string, string[]][] {
  const { settings, reads } = inputs;
  // A configured host, where the page names it (every one, without `reads`).
  const host = (url: string | undefined) => {
    const origin = originOf(url);
    return origin !== undefined && (reads === undefined || reads.includes(origin)) ? origin : undefined;
  };
  const ads = [settings.ads?.search?.scriptUrl, settings.ads?.display?.scriptUrl].map(host);
  const widget = host(settings.news?.widgetUrl);
  const form = host(settings.contactForm?.frameUrl);
  const formScript = host(settings.contactForm?.scriptUrl);
  const newsletter = host(settings.newsletter?.endpoint);
  const stream = host(settings.radio?.streamUrl);
  const images = [...(inputs.imageUrls ?? [])].map(originOf).sort();
  const hashes = (list: Iterable<string>) => [...new Set(list)].sort();
  const frames = sources(widget, form, ...ads);
  const all: [string, string[]][] = [
    ["default-src", ["'self'"]],
    // No 'report-sample': the policy names no place to report to, so it would only be bytes. No worker-src: it
    // falls back to script-src, whose 'self' allows the search worker; a worker from another host or a blob: URL
    // would be refused either way.
    ["script-src", sources("'self'", ...hashes(inputs.scriptHashes), formScript, ...ads)],
    ["style-src", sources("'self'", ...hashes(inputs.styleHashes))],
    ["img-src", sources("'self'", inputs.dataImages ? "data:" : undefined, ...images, ...ads)],
    ["font-src", ["'self'"]],
    // The embeds' providers too: each is asked (a no-cors fetch) before its frame is shown. The stream's
    // server answers the radio's now-playing requests (/api/now-playing beside /api/stream).
    ["connect-src", sources("'self'", newsletter, widget, form, stream, ...ads)],
    ["media-src", sources("'self'", stream)],
    ["frame-src", frames.length > 0 ? frames : ["'none'"]],
    ["manifest-src", ["'self'"]],
    ["form-action", sources("'self'", newsletter)],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
  const fallback = all.find(([name]) => name === "default-src")?.[1].join(" ");
  return all.filter(([name, values]) => !FALLS_BACK_TO_DEFAULT.has(name) || values.join(" ") !== fallback);
}

export function serializeCsp(directives: [string, string[]][]): string {
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** Where Pagefind's search script starts its worker (`new Worker(basePath + "pagefind-worker.js")`). */
export const SEARCH_WORKER_PATH = "/pagefind/pagefind-worker.js";

/**
 * The policy of Pagefind's search worker, the only code that compiles WebAssembly.
 * A dedicated worker loaded from a same-origin URL obeys the policy of its own
 * response, not its page's (CSP Level 3, "initialize a worker's policy container"),
 * so 'wasm-unsafe-eval' is allowed there and in no page. The worker imports no
 * script (its main script is allowed by the page's script-src, which stands for worker-src); it only fetches
 * its wasm, metadata, index and fragment files from the site. Everything else is
 * 'none'; directives about documents (frame-ancestors, base-uri …) do not apply.
 */
export const WORKER_CSP_DIRECTIVES: [string, string[]][] = [
  ["default-src", ["'none'"]],
  ["script-src", ["'wasm-unsafe-eval'"]],
  ["connect-src", ["'self'"]],
];

/**
 * The URL paths a static host answers with a built HTML file (relative to dist/, "/"-separated):
 * "index.html" → "/"; "about/index.html" → "/about" and "/about/"; "404.html" → "/404" and "/404.html".
 */
export function pageUrlPaths(file: string): string[] {
  if (file === "index.html") return ["/"];
  const directory = /^(.+)\/index\.html$/.exec(file);
  if (directory) return [`/${directory[1]}`, `/${directory[1]}/`];
  const page = /^(.+)\.html$/.exec(file);
  if (page) return [`/${page[1]}`, `/${file}`];
  throw new Error(`${file} is not an HTML file`);
}

/**
 * Powerful features switched off for a page and every frame in it, but autoplay and fullscreen for the site's
 * own pages. Sent only with a page that lets in another host's code: see pagePermissionsPolicy.
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=(self)",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * The Permissions-Policy of a page with these Content-Security-Policy directives: sent only where script-src or
 * frame-src names another host (the news widget's page, the contact form's, a page with an ad network's slots),
 * whose code could ask for a feature. Every other page runs only the site's own code, which uses none of them, and
 * the header would be ≈330 bytes of its first round trip that switch off nothing anything there asks for.
 */
export function pagePermissionsPolicy(directives: [string, string[]][]): string | undefined {
  const thirdParty = directives.some(
    ([name, values]) => (name === "script-src" || name === "frame-src") && values.some((value) => originOf(value)),
  );
  return thirdParty ? PERMISSIONS_POLICY : undefined;
}

/** Two years; browsers honour it only over HTTPS, so plain-HTTP test servers may send it harmlessly. */
const HSTS = "max-age=63072000; includeSubDomains";

/** Content-hashed build assets under /_astro/ never change under their name. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The headers every response carries besides its Content-Security-Policy (and a page's Permissions-Policy), in the
 * order they are written. Two that would say what every current browser does anyway are left out, as they ride in
 * each page's first round trip: X-Frame-Options (each page's policy has frame-ancestors 'none', which a browser
 * that reads CSP Level 2 obeys in its place) and Referrer-Policy (strict-origin-when-cross-origin is the browsers'
 * default). Cross-Origin-Opener-Policy is left out for what it costs: Chrome on Android gives a site that sends
 * one a renderer process of its own, so a visitor who follows a link to the site waits for a process to start
 * (every route's first paint 100–700 ms later, 390 in the middle, in Chromium run with Android's process model, CPU
 * slowed 4×, 2026-11-28: docs/performance-log.md). What it guards against, another site's page reaching one of ours
 * through a window handle or sharing its process, would find no account, cookie or stored data here. On desktop,
 * where every site has its own process anyway, it costs a visitor nothing either way.
 */
export function securityHeaders(): [string, string][] {
  return [
    ["Strict-Transport-Security", HSTS],
    ["X-Content-Type-Options", "nosniff"],
  ];
}

/** A built page, its own Content-Security-Policy and, where it lets in another host's code, its Permissions-Policy. */
export interface PagePolicy {
  /** The HTML file, relative to dist/, "/"-separated ("about/index.html", "404.html"). */
  file: string;
  csp: string;
  permissions?: string | undefined;
}

/**
 * What a static host sends with a page besides the headers of this file, as nginx does (deploy/nginx): the status
 * line, and the response's server, date, type, length, modification time, connection, validator, encoding, the
 * Vary for it and the caching. Typical values: only their length counts.
 */
const HOST_HEADER_LINES = [
  "HTTP/1.1 200 OK",
  "Server: nginx",
  "Date: Thu, 26 Nov 2026 18:05:27 GMT",
  "Content-Type: text/html; charset=utf-8",
  "Content-Length: 13825",
  "Last-Modified: Thu, 26 Nov 2026 18:05:27 GMT",
  "Connection: keep-alive",
  'ETag: "6937a5e7-3601"',
  "Content-Encoding: br",
  "Vary: Accept-Encoding",
  "Cache-Control: no-cache",
];

/**
 * The bytes of a page's response headers as HTTP/1.1 writes them (each line and its CRLF, and the blank line after
 * them): what the host adds, the security headers and the page's own policies. They travel before the page, in the
 * same first round trip. HTTP/2 and HTTP/3 compress them (HPACK, QPACK), so over those this is the most they
 * take; Lighthouse, which the audit runs against an HTTP/1.1 server, counts them as this does.
 */
export function pageHeaderBytes(csp: string, permissions?: string): number {
  const lines = [
    ...HOST_HEADER_LINES,
    ...securityHeaders().map(([name, value]) => `${name}: ${value}`),
    `Content-Security-Policy: ${csp}`,
    ...(permissions === undefined ? [] : [`Permissions-Policy: ${permissions}`]),
  ];
  return lines.reduce((bytes, line) => bytes + new TextEncoder().encode(line).length + 2, 2);
}

/** What the hosts are told to send. */
export interface HeaderPlan {
  /** Headers for every response (securityHeaders()). */
  headers: [string, string][];
  /** Every built page with its own policy. */
  pages: PagePolicy[];
  /**
   * nginx's policy for every other response: the 404 page it shows at an unknown address, and files (a policy
   * on a script or an image does nothing, but every response carries one).
   */
  defaultCsp: string;
  /** nginx's Permissions-Policy for those: the default policy names every configured host. */
  defaultPermissions?: string | undefined;
  /** Worker scripts with a policy of their own: [URL path, policy]. */
  workers: [string, string][];
}

const GENERATED = "# Generated by scripts/postbuild.mjs from the built pages and content/site.json; do not edit.";

/** The headers for every response, which must not hold a policy: where it goes depends on the path. */
function sharedHeaders(headers: [string, string][]): [string, string][] {
  if (headers.some(([name]) => name.toLowerCase() === "content-security-policy")) {
    throw new Error("The Content-Security-Policy is set per path (pages, workers), not for every response");
  }
  return headers;
}

/**
 * The `_headers` file Netlify and Cloudflare Pages read. Both apply every rule
 * whose path matches a request and join the values of a header that several
 * rules set with commas, and two Content-Security-Policy values are two policies,
 * both enforced. So only headers that are the same everywhere go under /*; each
 * page gets its own policy by its exact paths, and each worker its own policy.
 * HTML keeps the hosts' default caching (revalidate on every visit); only /_astro/
 * gets a Cache-Control.
 */
export function renderHeadersFile(plan: HeaderPlan): string {
  const workerPaths = new Set(plan.workers.map(([path]) => path));
  const pageRules = new Map<string, PagePolicy>();
  for (const page of plan.pages) {
    for (const path of pageUrlPaths(page.file)) {
      if (/[*:!\s]/.test(path)) throw new Error(`${path} cannot be a _headers rule of its own`);
      if (workerPaths.has(path)) throw new Error(`${path} is both a page and a worker`);
      if (pageRules.has(path)) throw new Error(`${path} is the address of two pages`);
      pageRules.set(path, page);
    }
  }
  const pageHeaders = ({ csp, permissions }: PagePolicy): [string, string][] => [
    ["Content-Security-Policy", csp],
    ...(permissions === undefined ? [] : [["Permissions-Policy", permissions] as [string, string]]),
  ];
  const rule = (path: string, headers: [string, string][]) => [
    path,
    ...headers.map(([name, value]) => `  ${name}: ${value}`),
  ];
  const lines = [
    GENERATED,
    "# Read by Netlify and Cloudflare Pages (https://docs.netlify.com/routing/headers/). Both apply EVERY rule",
    "# whose path matches a request and join a header set by several rules with commas; two",
    "# Content-Security-Policy values are two policies, both enforced. So /* carries no policy: each built",
    "# page gets its own policy by its exact paths, and Pagefind's search worker gets its own, the only",
    "# one that allows WebAssembly (a worker obeys the policy of its own response, not its page's). Other",
    "# paths (assets, and the 404 page shown at an unknown address) carry the /* headers only. A page that",
    "# lets in another host's code (the widget's, the contact form's) gets a Permissions-Policy too.",
    ...rule("/*", sharedHeaders(plan.headers)),
    ...rule("/_astro/*", [["Cache-Control", IMMUTABLE]]),
    ...[...pageRules].flatMap(([path, page]) => rule(path, pageHeaders(page))),
    ...plan.workers.flatMap(([path, csp]) => rule(path, [["Content-Security-Policy", csp]])),
    "",
  ];
  return lines.join("\n");
}

/** A value as an nginx double-quoted string. */
function nginxString(name: string, value: string): string {
  if (/["\\$\n]/.test(value)) throw new Error(`${name} cannot be written as an nginx string: ${value}`);
  return `"${value}"`;
}

/**
 * add_header lines for nginx's server block (`always`: 404 pages carry them too).
 * The Content-Security-Policy is $cbg_csp and the Permissions-Policy $cbg_permissions, chosen by path in
 * renderNginxCspMap's maps (nginx sends no header whose value is empty).
 */
export function renderNginxHeaders(headers: [string, string][]): string {
  return [
    GENERATED,
    "# Included in the server block of deploy/nginx/site.conf.template; $cbg_csp and $cbg_permissions come",
    "# from csp-map.conf (an empty value sends no header).",
    "add_header Content-Security-Policy $cbg_csp always;",
    "add_header Permissions-Policy $cbg_permissions always;",
    ...sharedHeaders(headers).map(([name, value]) => `add_header ${name} ${nginxString(name, value)} always;`),
    "",
  ].join("\n");
}

/**
 * The maps (http context) that give each page and each worker script its own Content-Security-Policy, and
 * every other response the default one; and the pages that let in another host's code their Permissions-Policy,
 * the other pages none, and every other response the default policy's. $uri is the page's file once try_files
 * has found it: "/about" becomes "/about/index.html", "/about/" and "/" become "/about//index.html" and
 * "//index.html"; each page is keyed by its addresses and those. One add_header sends each: a location with an
 * add_header of its own would drop all the server block's headers.
 */
export function renderNginxCspMap(
  plan: Pick<HeaderPlan, "pages" | "defaultCsp" | "defaultPermissions" | "workers">,
): string {
  const keysOf = (file: string) => [
    ...new Set([...pageUrlPaths(file), `/${file}`, `/${file}`.replace(/\/index\.html$/, "//index.html")]),
  ];
  const entries: [string, string][] = [
    ...plan.workers,
    ...plan.pages.flatMap((page) => keysOf(page.file).map((path): [string, string] => [path, page.csp])),
  ];
  const permissions = plan.pages.flatMap(({ file, permissions: policy }) =>
    policy === undefined ? [] : keysOf(file).map((path): [string, string] => [path, policy]),
  );
  const keys = new Set<string>();
  for (const [path] of entries) {
    if (!/^\/[\w./-]*$/.test(path)) throw new Error(`${path} cannot be an nginx map key`);
    if (keys.has(path)) throw new Error(`${path} has two policies`);
    keys.add(path);
  }
  const width = Math.max("default".length, ...[...keys].map((key) => key.length)) + 1;
  return [
    GENERATED,
    "# Included at the top (http) level of deploy/nginx/site.conf.template, before the server block whose",
    "# security-headers.conf sends $cbg_csp and $cbg_permissions. Each page gets its own policy (the hashes of",
    "# its own inline code); a worker obeys the policy of its own response, not its page's: Pagefind's search",
    "# worker gets the only policy that allows WebAssembly; everything else (files, the 404 page at an unknown",
    "# address) the default.",
    "map $uri $cbg_csp {",
    ...entries.map(([path, csp]) => `    ${path.padEnd(width)}${nginxString(path, csp)};`),
    `    ${"default".padEnd(width)}${nginxString("Content-Security-Policy", plan.defaultCsp)};`,
    "}",
    "# The Permissions-Policy of the pages that let in another host's code, none for the other pages, and the",
    "# default policy's for everything else.",
    "map $uri $cbg_permissions {",
    ...permissions.map(([path, policy]) => `    ${path.padEnd(width)}${nginxString("Permissions-Policy", policy)};`),
    ...plan.pages
      .filter((page) => page.permissions === undefined)
      .flatMap((page) => keysOf(page.file).map((path) => `    ${path.padEnd(width)}"";`)),
    `    ${"default".padEnd(width)}${nginxString("Permissions-Policy", plan.defaultPermissions ?? "")};`,
    "}",
    "",
  ].join("\n");
}
