import { describe, expect, it } from "vitest";
import { headersFor, parseHeaderRules } from "../../scripts/lib/static-host.mjs";

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
