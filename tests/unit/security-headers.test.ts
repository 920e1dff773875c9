import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { staticAnswer } from "../../scripts/lib/static-host.mjs";
import {
  cspDirectives,
  originOf,
  pageHeaderBytes,
  pagePermissionsPolicy,
  pageUrlPaths,
  renderHeadersFile,
  renderNginxCspMap,
  renderNginxHeaders,
  SEARCH_WORKER_PATH,
  securityHeaders,
  serializeCsp,
  WORKER_CSP_DIRECTIVES,
  type CspInputs,
  type HeaderPlan,
} from "../../scripts/csp/security-headers";

const settings: CspInputs["settings"] = {
  ads: {},
  news: { widgetUrl: "https://rss-widget.example.com/feeds/x" },
  contactForm: { frameUrl: "https://forms.example.com/embed/y", scriptUrl: "https://cdn.forms.example.com/js/e.js" },
  newsletter: { endpoint: "https://newsletter.example.com/subscribe" },
  radio: { streamUrl: "/api/stream?port=8076" },
};
const base: CspInputs = {
  settings,
  scriptHashes: ["'sha256-B'", "'sha256-A'", "'sha256-B'"],
  styleHashes: ["'sha256-S'"],
};
const directive = (inputs: CspInputs, name: string) => new Map(cspDirectives(inputs)).get(name);

describe("originOf", () => {
  test("returns the origin of an absolute http(s) URL", () => {
    expect(originOf("https://a.example.com:8443/x?y")).toBe("https://a.example.com:8443");
  });

  test("returns undefined for a same-origin path or nothing", () => {
    expect(originOf("/api/stream?port=8076")).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
  });
});

describe("cspDirectives", () => {
  test("returns a policy with no unsafe source and a locked-down default", () => {
    const csp = serializeCsp(cspDirectives(base));
    expect(csp).not.toMatch(/unsafe|\*/);
    expect(directive(base, "default-src")).toEqual(["'self'"]);
    expect(directive(base, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(base, "object-src")).toEqual(["'none'"]);
    expect(directive(base, "base-uri")).toEqual(["'none'"]);
  });

  test("returns each hash once, sorted, after 'self'", () => {
    expect(directive(base, "script-src")).toEqual([
      "'self'",
      "'sha256-A'",
      "'sha256-B'",
      "https://cdn.forms.example.com",
    ]);
    expect(directive(base, "style-src")).toEqual(["'self'", "'sha256-S'"]);
  });

  test("returns the configured hosts only where each is used", () => {
    expect(directive(base, "frame-src")).toEqual(["https://rss-widget.example.com", "https://forms.example.com"]);
    expect(directive(base, "form-action")).toEqual(["'self'", "https://newsletter.example.com"]);
    // The embeds' providers are asked before their frames are shown.
    expect(directive(base, "connect-src")).toEqual([
      "'self'",
      "https://newsletter.example.com",
      "https://rss-widget.example.com",
      "https://forms.example.com",
    ]);
  });

  test("leaves out a fetch directive that would allow just what default-src allows, and keeps the others", () => {
    const names = cspDirectives(base).map(([name]) => name);
    for (const name of ["img-src", "font-src", "media-src", "manifest-src"]) expect(names, name).not.toContain(name);
    // The document directives have no fallback; worker-src falls back to script-src, whose 'self' allows the worker.
    expect(names).not.toContain("worker-src");
    for (const name of ["form-action", "frame-ancestors", "base-uri", "object-src"]) {
      expect(names, name).toContain(name);
    }
    const plain = { ...base, settings: {}, scriptHashes: [], styleHashes: [] };
    expect(directive(plain, "connect-src")).toBeUndefined();
    expect(directive(plain, "script-src")).toBeUndefined();
    expect(directive(plain, "frame-src")).toEqual(["'none'"]);
  });

  test("allows a configured host only on a page that names it, given the page's markup and code", () => {
    const contact = { ...base, reads: '<iframe data-src="https://forms.example.com/embed/y"></iframe>' };
    expect(directive(contact, "frame-src")).toEqual(["https://forms.example.com"]);
    expect(directive(contact, "connect-src")).toEqual(["'self'", "https://forms.example.com"]);
    expect(directive(contact, "script-src")).not.toContain("https://cdn.forms.example.com");
    expect(directive(contact, "form-action")).toEqual(["'self'"]);
    const home = { ...base, reads: 'fetch("https://rss-widget.example.com/feeds/x")' };
    expect(directive(home, "frame-src")).toEqual(["https://rss-widget.example.com"]);
    const none = { ...base, reads: "<p>No embeds</p>" };
    expect(directive(none, "frame-src")).toEqual(["'none'"]);
    expect(directive(none, "connect-src")).toBeUndefined();
  });

  test("returns the ad network's host for its script, frames, images and beacons once it is configured", () => {
    const inputs = {
      ...base,
      settings: { ...settings, ads: { display: { scriptUrl: "https://ads.example.net/tag.js" } } },
    };
    for (const name of ["script-src", "frame-src", "img-src", "connect-src"]) {
      expect(directive(inputs, name), name).toContain("https://ads.example.net");
    }
  });

  test("returns an absolute stream URL's host in media-src and connect-src (now playing), and cover hosts in img-src", () => {
    const inputs = {
      ...base,
      settings: { ...settings, radio: { streamUrl: "https://radio.example.org/live" } },
      imageUrls: ["/covers/a.svg", "https://img.example.com/b.jpg", "https://img.example.com/c.jpg"],
    };
    expect(directive(inputs, "media-src")).toEqual(["'self'", "https://radio.example.org"]);
    expect(directive(inputs, "connect-src")).toContain("https://radio.example.org");
    expect(directive(inputs, "img-src")).toEqual(["'self'", "https://img.example.com"]);
    // A cover is an image of the site's, wherever it is: its host is not a setting a page must name.
    expect(directive({ ...inputs, reads: "" }, "img-src")).toEqual(["'self'", "https://img.example.com"]);
  });

  test("returns data: images only when used", () => {
    expect(directive({ ...base, dataImages: true }, "img-src")).toEqual(["'self'", "data:"]);
  });

  test("returns frame-src 'none' when nothing is embedded", () => {
    const inputs = { ...base, settings: { radio: {} } };
    expect(directive(inputs, "frame-src")).toEqual(["'none'"]);
  });
});

describe("pagePermissionsPolicy", () => {
  test("returns the policy for a page whose scripts or frames come from another host, and none for the others", () => {
    const policy = (reads: string) => pagePermissionsPolicy(cspDirectives({ ...base, reads }));
    expect(policy("")).toBeUndefined();
    expect(policy("https://rss-widget.example.com/feeds/x")).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(policy("https://forms.example.com/embed/y https://cdn.forms.example.com/js/e.js")).toBeDefined();
    // A host the page only posts to or shows images from runs nothing in it.
    expect(policy("https://newsletter.example.com/subscribe")).toBeUndefined();
    const covers = cspDirectives({ ...base, reads: "", imageUrls: ["https://covers.example.com/a.jpg"] });
    expect(pagePermissionsPolicy(covers)).toBeUndefined();
  });
});

describe("WORKER_CSP_DIRECTIVES", () => {
  test("allows compiling WebAssembly and fetching from the site, and nothing else", () => {
    expect(serializeCsp(WORKER_CSP_DIRECTIVES)).toBe(
      "default-src 'none'; script-src 'wasm-unsafe-eval'; connect-src 'self'",
    );
  });
});

describe("pageUrlPaths", () => {
  test("returns the paths a static host serves each built HTML file at", () => {
    expect(pageUrlPaths("index.html")).toEqual(["/"]);
    expect(pageUrlPaths("about/index.html")).toEqual(["/about", "/about/"]);
    expect(pageUrlPaths("guides/bonds/index.html")).toEqual(["/guides/bonds", "/guides/bonds/"]);
    expect(pageUrlPaths("404.html")).toEqual(["/404", "/404.html"]);
  });

  test("throws for a file that is not HTML", () => {
    expect(() => pageUrlPaths("pagefind/pagefind.js")).toThrow(/not an HTML file/);
  });
});

const PAGE_CSP = "default-src 'self'; script-src 'self'";
const ABOUT_CSP = "default-src 'self'; script-src 'self' 'sha256-about'";
const DEFAULT_CSP = "default-src 'self'; script-src 'self' 'sha256-about' 'sha256-home'";
const WORKER_CSP = serializeCsp(WORKER_CSP_DIRECTIVES);
const PERMISSIONS = "camera=(), microphone=()";
const plan: HeaderPlan = {
  headers: securityHeaders(),
  pages: [
    { file: "index.html", csp: PAGE_CSP, permissions: PERMISSIONS },
    { file: "about/index.html", csp: ABOUT_CSP },
    { file: "404.html", csp: PAGE_CSP },
  ],
  defaultCsp: DEFAULT_CSP,
  workers: [[SEARCH_WORKER_PATH, WORKER_CSP]],
};
/** Each page address and the policy its page carries. */
const pagePolicies: [string, string][] = [
  ["/", PAGE_CSP],
  ["/about", ABOUT_CSP],
  ["/about/", ABOUT_CSP],
  ["/404", PAGE_CSP],
  ["/404.html", PAGE_CSP],
];

/** The headers Netlify or Cloudflare Pages send for a path: every matching rule's, same names joined with ", ". */
function hostHeaders(file: string, path: string): Map<string, string> {
  const sent = new Map<string, string>();
  let matches = false;
  for (const line of file.split("\n")) {
    if (line.startsWith("#") || line === "") continue;
    if (!line.startsWith(" ")) {
      matches = line.endsWith("*") ? path.startsWith(line.slice(0, -1)) : line === path;
      continue;
    }
    if (!matches) continue;
    const [name = "", value = ""] = line.trim().split(/: (.*)/);
    sent.set(name, sent.has(name) ? `${sent.get(name)}, ${value}` : value);
  }
  return sent;
}

describe("securityHeaders", () => {
  test("sends HSTS and nosniff, and no opener policy, which on Android would start a process for every arrival", () => {
    expect(securityHeaders().map(([name]) => name)).toEqual(["Strict-Transport-Security", "X-Content-Type-Options"]);
  });
});

describe("renderHeadersFile", () => {
  test("returns the shared headers under /* with no policy, and an immutable cache rule for /_astro/*", () => {
    const text = renderHeadersFile(plan);
    expect(text).toContain("\n/*\n  Strict-Transport-Security: max-age=");
    expect(text).toContain("/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n");
    expect(text).not.toMatch(/^\/\*\n( {2}.*\n)* {2}Content-Security-Policy/m);
    expect(text).not.toMatch(/^\/\*[\s\S]*Cache-Control[\s\S]*^\/_astro/m);
  });

  test("returns one policy per path: each page's own on its addresses, the worker's own on the worker", () => {
    const text = renderHeadersFile(plan);
    for (const [path, csp] of pagePolicies) {
      expect(hostHeaders(text, path).get("Content-Security-Policy"), path).toBe(csp);
      expect(hostHeaders(text, path).get("X-Content-Type-Options"), path).toBe("nosniff");
    }
    const worker = hostHeaders(text, SEARCH_WORKER_PATH);
    expect(worker.get("Content-Security-Policy")).toBe(WORKER_CSP);
    expect(worker.get("X-Content-Type-Options")).toBe("nosniff");
    expect(hostHeaders(text, "/_astro/a.js").get("Content-Security-Policy")).toBeUndefined();
  });

  test("returns a page's Permissions-Policy on its own addresses only", () => {
    const text = renderHeadersFile(plan);
    expect(hostHeaders(text, "/").get("Permissions-Policy")).toBe(PERMISSIONS);
    for (const path of ["/about", "/about/", "/404", "/_astro/a.js", SEARCH_WORKER_PATH]) {
      expect(hostHeaders(text, path).get("Permissions-Policy"), path).toBeUndefined();
    }
  });

  test("throws for a policy among the shared headers, a page path that is a pattern or the worker, or two pages at one address", () => {
    expect(() => renderHeadersFile({ ...plan, headers: [["Content-Security-Policy", PAGE_CSP]] })).toThrow(/per path/);
    expect(() => renderHeadersFile({ ...plan, pages: [{ file: "*/index.html", csp: PAGE_CSP }] })).toThrow(
      /rule of its own/,
    );
    const worker = { file: "pagefind/pagefind-worker.js.html", csp: PAGE_CSP };
    expect(() =>
      renderHeadersFile({ ...plan, workers: [["/pagefind/pagefind-worker.js", WORKER_CSP]], pages: [worker] }),
    ).toThrow(/both a page and a worker/);
    const twice = [
      { file: "about.html", csp: PAGE_CSP },
      { file: "about/index.html", csp: PAGE_CSP },
    ];
    expect(() => renderHeadersFile({ ...plan, pages: twice })).toThrow(/two pages/);
  });
});

describe("renderNginxHeaders", () => {
  test("returns one add_header … always line per header, and the policy chosen by the map", () => {
    const text = renderNginxHeaders([["X-Content-Type-Options", "nosniff"]]);
    expect(text).toContain(`add_header X-Content-Type-Options "nosniff" always;\n`);
    expect(text).toContain("add_header Content-Security-Policy $cbg_csp always;\n");
    expect(text).toContain("add_header Permissions-Policy $cbg_permissions always;\n");
  });

  test("throws for a value nginx would read as a variable or a string end, or for a policy of its own", () => {
    expect(() => renderNginxHeaders([["X", "a$b"]])).toThrow(/cannot be written/);
    expect(() => renderNginxHeaders([["X", 'a"b']])).toThrow(/cannot be written/);
    expect(() => renderNginxHeaders([["content-security-policy", PAGE_CSP]])).toThrow(/per path/);
  });
});

describe("renderNginxCspMap", () => {
  test("returns a map of $uri giving each page (by its addresses and its file) and the worker its own policy", () => {
    const text = renderNginxCspMap(plan).split("map $uri $cbg_permissions")[0] ?? "";
    expect(text).toContain("map $uri $cbg_csp {\n");
    expect(text).toMatch(
      /^ {4}\/pagefind\/pagefind-worker\.js +"default-src 'none'; script-src 'wasm-unsafe-eval'; connect-src 'self'";$/m,
    );
    const mapped = new Map(
      [...text.matchAll(/^ {4}(\S+) +"([^"]*)";$/gm)].map((match) => [match[1], match[2]] as [string, string]),
    );
    const files = [
      ["/index.html", PAGE_CSP],
      ["//index.html", PAGE_CSP],
      ["/about/index.html", ABOUT_CSP],
      ["/about//index.html", ABOUT_CSP],
    ];
    for (const [path, csp] of [...pagePolicies, ...files]) {
      expect(mapped.get(path!), path).toBe(csp);
    }
    expect(mapped.get("default")).toBe(DEFAULT_CSP);
  });

  test("returns a map of $uri giving the pages with a Permissions-Policy theirs, the other pages none, and the rest the default's", () => {
    const text = renderNginxCspMap(plan).split("map $uri $cbg_permissions {\n")[1] ?? "";
    const mapped = new Map(
      [...text.matchAll(/^ {4}(\S+) +"([^"]*)";$/gm)].map((match) => [match[1], match[2]] as [string, string]),
    );
    expect(Object.fromEntries(mapped)).toEqual({
      "/": PERMISSIONS,
      "/index.html": PERMISSIONS,
      "//index.html": PERMISSIONS,
      "/about": "",
      "/about/": "",
      "/about/index.html": "",
      "/about//index.html": "",
      "/404": "",
      "/404.html": "",
      default: "",
    });
    const withDefault = renderNginxCspMap({ ...plan, defaultPermissions: PERMISSIONS }).split(
      "map $uri $cbg_permissions {",
    )[1];
    expect(withDefault).toMatch(/^ {4}default +"camera=\(\), microphone=\(\)";$/m);
  });

  test("throws for a worker path that is not a plain path", () => {
    expect(() => renderNginxCspMap({ ...plan, workers: [["~^/x", WORKER_CSP]] })).toThrow(/map key/);
  });
});

describe("pageHeaderBytes", () => {
  test("counts each header line with its line break, so a longer policy costs its own length more", () => {
    expect(pageHeaderBytes(`${PAGE_CSP}; img-src data:`) - pageHeaderBytes(PAGE_CSP)).toBe("; img-src data:".length);
    expect(pageHeaderBytes(PAGE_CSP, PERMISSIONS) - pageHeaderBytes(PAGE_CSP)).toBe(
      `Permissions-Policy: ${PERMISSIONS}\r\n`.length,
    );
  });

  test("counts at least what the local host sends with a page (the audit's server), and not much more", async () => {
    const root = mkdtempSync(join(tmpdir(), "headers-"));
    const page = "<!doctype html><title>t</title><p>Bonds</p>".repeat(20);
    mkdirSync(join(root, "about"));
    writeFileSync(join(root, "about", "index.html"), page);
    writeFileSync(join(root, "about", "index.html.br"), brotliCompressSync(page));
    const csp = serializeCsp(cspDirectives({ ...base, reads: "" }));
    writeFileSync(join(root, "_headers"), renderHeadersFile({ ...plan, pages: [{ file: "about/index.html", csp }] }));
    const server = createServer(async (request, response) => {
      const answer = await staticAnswer(root, request.url ?? "/", String(request.headers["accept-encoding"] ?? ""));
      response.writeHead(answer.status, answer.headers);
      response.end(readFileSync(answer.source));
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    const { port } = server.address() as AddressInfo;
    // The bytes before the body, as they come over the wire.
    const head = await new Promise<string>((done, fail) => {
      let received = "";
      const socket = connect(port, "127.0.0.1", () =>
        socket.write("GET /about/ HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n"),
      );
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => (received += chunk));
      socket.on("end", () => done(received.slice(0, received.indexOf("\r\n\r\n") + 4)));
      socket.on("error", fail);
    });
    server.close();
    rmSync(root, { recursive: true });
    expect(head).toContain(`Content-Security-Policy: ${csp}\r\n`);
    expect(head.length).toBeLessThanOrEqual(pageHeaderBytes(csp));
    expect(head.length).toBeGreaterThan(pageHeaderBytes(csp) - 100);
  });
});
