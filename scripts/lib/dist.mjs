// @ts-check
/**
 * What the gates, the audits, the screenshots and Playwright's config share: where the build is, which routes it
 * has (from its own sitemap), a local server for it, its files, and the system Chromium with the flags they launch
 * it with.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";

/** The built site: $DIST_DIR (so each engineer can gate their own build) or dist/. */
export function distDir() {
  return resolve(process.env["DIST_DIR"] ?? "dist");
}

/** A path that no route uses, answered by the host with dist/404.html. */
export const NOT_FOUND_PATH = "/this-page-does-not-exist";

/**
 * The URLs a sitemap lists, read from the XML text.
 * @param {string} xml
 * @returns {URL[]}
 */
export function locs(xml) {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => new URL(String(match[1])));
}

/**
 * Every route in the build's sitemap (sitemap-index.xml → its sitemaps), in order.
 * Fails with a message when the build has no sitemap: the gates would otherwise check nothing.
 * @param {string} [dir]
 * @returns {string[]}
 */
export function sitemapRoutes(dir = distDir()) {
  const index = join(dir, "sitemap-index.xml");
  if (!existsSync(index)) throw new Error(`No sitemap at ${index}: build the site first (npm run build).`);
  const routes = locs(readFileSync(index, "utf-8")).flatMap((sitemap) =>
    locs(readFileSync(join(dir, sitemap.pathname), "utf-8")).map((url) => url.pathname),
  );
  if (routes.length === 0) throw new Error(`${index} lists no pages.`);
  return routes;
}

/**
 * Every file under dir whose name ends with ext, as paths relative to dir with forward slashes.
 * @param {string} dir
 * @param {string} ext
 * @returns {string[]}
 */
export function filesUnder(dir, ext) {
  /** @type {string[]} */
  const out = [];
  const walk = (/** @type {string} */ folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(ext)) out.push(relative(dir, path).split(sep).join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

/** The system Chromium the audits, the screenshots and the byte budgets drive: $CHROMIUM_PATH, then Debian's. */
export function chromiumPath() {
  const found = [process.env["CHROMIUM_PATH"], "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
    (path) => path && existsSync(path),
  );
  if (!found) throw new Error("No Chromium found: install one (apt-get install chromium) or set CHROMIUM_PATH.");
  return found;
}

/**
 * The browser the end-to-end and deploy tests drive: $CHROMIUM_PATH, then Chromium's headless shell (Debian's
 * chromium-headless-shell: the same Blink, V8 and network stack without the desktop browser's windows and
 * toolbar), then the full Chromium. Every test opens a fresh context and page; the full browser in headless mode
 * builds a browser window for each, with a renderer for its toolbar, which the shell does not (README, "Tests").
 */
export function testChromiumPath() {
  const shell = "/usr/bin/chromium-headless-shell";
  return !process.env["CHROMIUM_PATH"] && existsSync(shell) ? shell : chromiumPath();
}

/**
 * Chromium flags for the tests, audits and screenshots: no sandbox (containers), no background traffic of its
 * own. Headless is the launcher's business (Playwright adds it unless --headed; chrome-launcher is told).
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-default-apps",
  "--disable-sync",
  "--disable-extensions",
  "--metrics-recording-only",
  "--mute-audio",
];

/**
 * No host but 127.0.0.1 even resolves: every page must work with other hosts out of reach, and nothing leaves the
 * machine. A flag rather than Playwright's request interception, which turns the HTTP cache off (a returning
 * visitor's cached fonts would then come from the network, too late for `font-display: optional`).
 */
export const ONLY_LOCALHOST = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";

/**
 * Serves dir with scripts/serve.mjs on 127.0.0.1:port; resolves once it listens, fails if it cannot.
 * @param {string} dir
 * @param {number} port
 * @returns {Promise<{ origin: string, close: () => void }>}
 */
export function serve(dir, port) {
  const child = spawn(process.execPath, ["scripts/serve.mjs", "--port", String(port), "--root", dir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((done, fail) => {
    child.stdout.once("data", () => done({ origin: `http://127.0.0.1:${port}`, close: () => child.kill() }));
    child.once("exit", (code) => fail(new Error(`scripts/serve.mjs exited with ${code} on port ${port}: ${stderr}`)));
  });
}
