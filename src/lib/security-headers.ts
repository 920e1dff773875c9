/**
 * The security headers every response carries, and the Content-Security-Policy
 * among them, built from what the pages really contain (hashes of their inline
 * code) and the third-party hosts the owner configured in content/site.json.
 * Rendered two ways: a `_headers` file (Netlify, Cloudflare Pages) and an nginx
 * include. Pure: scripts/postbuild.mjs does the reading and writing.
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
  /** 'sha256-…' sources of every inline script on every page. */
  scriptHashes: Iterable<string>;
  /** 'sha256-…' sources of every <style> element on every page. */
  styleHashes: Iterable<string>;
  /** Image URLs the pages use (book covers); absolute ones add their host to img-src. */
  imageUrls?: Iterable<string>;
  /** The build ships WebAssembly (Pagefind's search): allow compiling it, and nothing else, with 'wasm-unsafe-eval'. */
  wasm?: boolean;
  /** Some CSS or markup uses data: images. */
  dataImages?: boolean;
}

/** The origin of an absolute http(s) URL; undefined for a same-origin path. */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return new URL(url).origin;
}

function sources(...values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/** Every directive of the policy, in a stable order. Nothing is 'unsafe-inline' or 'unsafe-eval'. */
export function cspDirectives(inputs: CspInputs): [string, string[]][] {
  const { settings } = inputs;
  const ads = [settings.ads?.search?.scriptUrl, settings.ads?.display?.scriptUrl].map(originOf);
  const widget = originOf(settings.news?.widgetUrl);
  const form = originOf(settings.contactForm?.frameUrl);
  const formScript = originOf(settings.contactForm?.scriptUrl);
  const newsletter = originOf(settings.newsletter?.endpoint);
  const stream = originOf(settings.radio?.streamUrl);
  const images = [...(inputs.imageUrls ?? [])].map(originOf).sort();
  const hashes = (list: Iterable<string>) => [...new Set(list)].sort();
  const frames = sources(widget, form, ...ads);
  return [
    ["default-src", ["'self'"]],
    [
      "script-src",
      sources(
        "'self'",
        inputs.wasm ? "'wasm-unsafe-eval'" : undefined,
        "'report-sample'",
        ...hashes(inputs.scriptHashes),
        formScript,
        ...ads,
      ),
    ],
    // 'report-sample': a violation report quotes the start of the blocked code, which names its culprit.
    ["style-src", sources("'self'", "'report-sample'", ...hashes(inputs.styleHashes))],
    ["img-src", sources("'self'", inputs.dataImages ? "data:" : undefined, ...images, ...ads)],
    ["font-src", ["'self'"]],
    ["connect-src", sources("'self'", newsletter, ...ads)],
    ["media-src", sources("'self'", stream)],
    ["frame-src", frames.length > 0 ? frames : ["'none'"]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["form-action", sources("'self'", newsletter)],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
}

export function serializeCsp(directives: [string, string[]][]): string {
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** Powerful features no page uses, switched off for the site and every frame in it. */
export const PERMISSIONS_POLICY = [
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

/** Two years; browsers honour it only over HTTPS, so plain-HTTP test servers may send it harmlessly. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** Content-hashed build assets under /_astro/ never change under their name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** The headers every response carries, in the order they are written. */
export function securityHeaders(csp: string): [string, string][] {
  return [
    ["Content-Security-Policy", csp],
    ["Strict-Transport-Security", HSTS],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
}

/**
 * The `_headers` file Netlify and Cloudflare Pages read. HTML keeps the hosts'
 * default (revalidate on every visit); only /_astro/ gets a Cache-Control, since
 * both hosts join the values of every rule that matches a path.
 */
export function renderHeadersFile(headers: [string, string][]): string {
  const lines = [
    "# Generated by scripts/postbuild.mjs from the built pages and content/site.json; do not edit.",
    "# Read by Netlify and Cloudflare Pages (https://docs.netlify.com/routing/headers/).",
    "/*",
    ...headers.map(([name, value]) => `  ${name}: ${value}`),
    "/_astro/*",
    `  Cache-Control: ${IMMUTABLE}`,
    "",
  ];
  return lines.join("\n");
}

/** add_header lines for nginx's server block (`always`: 404 pages carry them too). */
export function renderNginxHeaders(headers: [string, string][]): string {
  const lines = headers.map(([name, value]) => {
    if (/["\\$\n]/.test(value)) throw new Error(`${name} cannot be written as an nginx string: ${value}`);
    return `add_header ${name} "${value}" always;`;
  });
  return [
    "# Generated by scripts/postbuild.mjs from the built pages and content/site.json; do not edit.",
    "# Included in the server block of deploy/nginx/site.conf.template.",
    ...lines,
    "",
  ].join("\n");
}
