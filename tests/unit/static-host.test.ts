import { mkdtempSync, mkdirSync, writeFileSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { headersFor, parseHeaderRules, staticAnswer } from "../../scripts/lib/static-host.mjs";

const RULES = parseHeaderRules(`# a comment
/*
  X-Frame-Options: DENY
  Link: </a.css>; rel=preload
/_astro/*
  Cache-Control: public, max-age=31536000, immutable
/about
  Content-Security-Policy: default-src 'self'
  Link: </b.css>; rel=preload

/about/
  Content-Security-Policy: default-src 'none'
/*
  Content-Security-Policy: script-src 'none'
`);

describe("the local host's _headers", () => {
  it("reads each path with the headers indented under it", () => {
    expect(RULES.map((rule) => rule.path)).toEqual(["/*", "/_astro/*", "/about", "/about/", "/*"]);
    expect(RULES[0]?.headers).toEqual([
      ["X-Frame-Options", "DENY"],
      ["Link", "</a.css>; rel=preload"],
    ]);
  });

  it("applies every rule whose path matches, exactly or by the prefix before a final *", () => {
    expect(headersFor(RULES, "/_astro/app.js")).toEqual({
      "X-Frame-Options": "DENY",
      Link: "</a.css>; rel=preload",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": ["script-src 'none'"],
    });
    expect(headersFor(RULES, "/about/")["Content-Security-Policy"]).toEqual([
      "default-src 'none'",
      "script-src 'none'",
    ]);
    expect(headersFor(RULES, "/about/x")["Content-Security-Policy"]).toEqual(["script-src 'none'"]);
  });

  it("joins a header several rules set with commas, but keeps each policy a header of its own", () => {
    const about = headersFor(RULES, "/about");
    expect(about["Link"]).toBe("</a.css>; rel=preload, </b.css>; rel=preload");
    expect(about["Content-Security-Policy"]).toEqual(["default-src 'self'", "script-src 'none'"]);
  });

  it("refuses a header line before any path, or a line that is neither", () => {
    expect(() => parseHeaderRules("  X-Frame-Options: DENY\n")).toThrow(/neither a path/);
    expect(() => parseHeaderRules("/a\n  no colon here\n")).toThrow(/"no colon here"/);
  });
});

describe("the local host's answers", () => {
  /** A build with a page, the 404 page, `_headers` and a server setting. */
  const build = () => {
    const root = mkdtempSync(join(tmpdir(), "host-"));
    mkdirSync(join(root, "about"));
    mkdirSync(join(root, "_nginx"));
    writeFileSync(join(root, "about", "index.html"), "<p>About</p>");
    writeFileSync(join(root, "404.html"), "<p>Not found</p>");
    writeFileSync(join(root, "_nginx", "csp-map.conf"), "map {}");
    writeFileSync(join(root, "_headers"), "/about\n  Content-Security-Policy: default-src 'self'\n");
    return root;
  };

  it("answers 404 where the production host does: the 404 page's own address, _headers, _nginx/", async () => {
    const root = build();
    expect((await staticAnswer(root, "/about", "")).status).toBe(200);
    for (const path of ["/404", "/404.html", "/404/", "/_headers", "/_nginx/csp-map.conf", "/_nginx"]) {
      const answer = await staticAnswer(root, path, "");
      expect([path, answer.status, answer.source]).toEqual([path, 404, join(root, "404.html")]);
    }
  });

  it("reads _headers again when a build rewrites it while the server runs", async () => {
    const root = build();
    const policy = async () => (await staticAnswer(root, "/about", "")).headers["Content-Security-Policy"];
    expect(await policy()).toEqual(["default-src 'self'"]);
    writeFileSync(join(root, "_headers"), "/about\n  Content-Security-Policy: default-src 'none'\n");
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, "_headers"), later, later);
    expect(await policy()).toEqual(["default-src 'none'"]);
  });
});
