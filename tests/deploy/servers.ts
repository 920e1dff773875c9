/**
 * The real servers of the deployment test, on loopback: nginx serving a fresh
 * build with deploy/nginx/site.conf.template (plain HTTP, and the TLS variant
 * with a throwaway certificate), and the Icecast test station. Everything is
 * started as a child process, recorded by PID and stopped by that PID.
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { isAlive, stopPid } from "../../deploy/station/station.mjs";
import { renderSite } from "../../deploy/nginx/render.mjs";

export const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

/** What global setup started, handed to the test files through the environment. */
export interface DeployState {
  dist: string;
  /** http://127.0.0.1:PORT of the plain-HTTP nginx. */
  baseUrl: string;
  /** The TLS variant: its HTTPS origin and the plain-HTTP port that redirects to it. */
  tlsUrl: string;
  tlsRedirectUrl: string;
  stationDir: string;
  stationPort: number;
  /** The public stream port of the site settings (?port=8076), mapped to the test station. */
  streamPort: number;
  work: string;
}

export function deployState(): DeployState {
  const raw = process.env["DEPLOY_STATE"];
  if (!raw) throw new Error("DEPLOY_STATE is not set: run these tests with npm run test:deploy");
  return JSON.parse(raw) as DeployState;
}

/** The Debian packages the test needs, by the file each provides. */
const PACKAGES: [string, string][] = [
  ["/usr/sbin/nginx", "nginx"],
  ["/usr/lib/nginx/modules/ngx_http_brotli_static_module.so", "libnginx-mod-http-brotli-static"],
  ["/usr/lib/nginx/modules/ngx_http_js_module.so", "libnginx-mod-http-js"],
  ["/usr/bin/icecast2", "icecast2"],
  ["/usr/bin/ezstream", "ezstream"],
  ["/usr/bin/lame", "lame"],
  ["/usr/bin/wrk", "wrk"],
  ["/usr/bin/curl", "curl"],
  ["/usr/bin/openssl", "openssl"],
];

/** Installs the missing Debian packages (as root), or says which to install. */
export function ensurePackages(log: (line: string) => void): void {
  const missing = PACKAGES.filter(([file]) => !existsSync(file)).map(([, name]) => name);
  if (missing.length === 0) return;
  const command = `apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    throw new Error(`The deployment test needs Debian packages that are missing. Install them: sudo ${command}`);
  }
  log(`deploy: installing ${missing.join(", ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], { stdio: "inherit", env });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The first free loopback port from `preferred` on, staying in 18000–18999. */
export async function pickPort(preferred: number, taken: Set<number>): Promise<number> {
  for (let offset = 0; offset < 1000; offset++) {
    const port = 18000 + ((preferred - 18000 + offset) % 1000);
    if (!taken.has(port) && (await portIsFree(port))) {
      taken.add(port);
      return port;
    }
  }
  throw new Error("no free loopback port in 18000–18999");
}

/** Builds the site like npm run build does, into `dist`. */
export function build(dist: string): void {
  const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);
  execFileSync(bin("astro"), ["build", "--outDir", dist], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(process.execPath, [join(ROOT, "scripts", "postbuild.mjs"), "--dist", dist], {
    cwd: ROOT,
    stdio: "inherit",
  });
}

/** A self-signed certificate for 127.0.0.1, valid for a day. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The worker user when nginx starts as root (it must be able to read the build). */
function workerUser(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const users = readFileSync("/etc/passwd", "utf8");
  return /^www-data:/m.test(users) ? "www-data" : "nobody";
}

export interface NginxSite {
  /** Directory for this instance's config, logs, PID and temp files. */
  dir: string;
  dist: string;
  httpPort: number;
  httpsPort?: number;
  tls?: { cert: string; key: string };
  stationPort: number;
  streamPort: number;
  /** Lets pages at this origin play the stream from here (the site-on-a-CDN setup). */
  streamCorsOrigin?: string;
}

/** Renders the site template, writes a minimal nginx.conf around it, and starts nginx in the foreground. */
export async function startNginx(site: NginxSite): Promise<number> {
  const { dir } = site;
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const siteConf = renderSite({
    root: site.dist,
    serverName: "127.0.0.1",
    listenAddress: "127.0.0.1",
    httpPort: site.httpPort,
    httpsPort: site.httpsPort,
    tlsCert: site.tls?.cert,
    tlsKey: site.tls?.key,
    streamPorts: [{ port: site.streamPort, host: "127.0.0.1", upstreamPort: site.stationPort }],
    streamCorsOrigin: site.streamCorsOrigin,
    nowPlayingJs: join(ROOT, "deploy", "nginx", "now-playing.js"),
    cacheDir: join(dir, "now-playing-cache"),
  });
  writeFileSync(join(dir, "site.conf"), siteConf);
  const user = workerUser();
  const conf = join(dir, "nginx.conf");
  writeFileSync(
    conf,
    [
      "load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;",
      "load_module /usr/lib/nginx/modules/ngx_http_js_module.so;",
      user ? `user ${user};` : "",
      "worker_processes 2;",
      "daemon off;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "error.log")} warn;`,
      "events { worker_connections 4096; }",
      "http {",
      "  include /etc/nginx/mime.types;",
      "  default_type application/octet-stream;",
      "  access_log off;",
      "  sendfile on;",
      "  tcp_nopush on;",
      "  keepalive_requests 100000;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (name) => `  ${name}_temp_path ${join(dir, `${name}_temp`)};`,
      ),
      `  include ${join(dir, "site.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", dir, "-c", conf, "-e", join(dir, "error.log")];
  execFileSync("nginx", ["-t", ...args], { stdio: "pipe" });
  const log = openSync(join(dir, "nginx.log"), "a");
  const child = spawn("nginx", args, { detached: true, stdio: ["ignore", log, log] });
  child.unref();
  const pid = child.pid!;
  writeFileSync(join(dir, "master.pid"), String(pid));
  const url = `http://127.0.0.1:${site.httpPort}/`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) throw new Error(`nginx exited; see ${join(dir, "error.log")}`);
    const up = await fetch(url, { redirect: "manual" }).then(
      () => true,
      () => false,
    );
    if (up) return pid;
    await sleep(100);
  }
  throw new Error(`nginx did not answer on ${url}`);
}

/** Stops an nginx started by startNginx (graceful quit, then SIGTERM/SIGKILL by PID). */
export async function stopNginx(dir: string): Promise<void> {
  const file = join(dir, "master.pid");
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, "utf8"));
  if (!pid || !isAlive(pid)) return;
  try {
    process.kill(pid, "SIGQUIT");
  } catch {
    return;
  }
  const deadline = Date.now() + 5000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  await stopPid(pid);
}
