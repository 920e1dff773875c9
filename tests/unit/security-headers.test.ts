import { describe, expect, test } from "vitest";
import {
  cspDirectives,
  originOf,
  renderHeadersFile,
  renderNginxHeaders,
  securityHeaders,
  serializeCsp,
  type CspInputs,
} from "../../src/lib/security-headers";

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
      "'report-sample'",
      "'sha256-A'",
      "'sha256-B'",
      "https://cdn.forms.example.com",
    ]);
    expect(directive(base, "style-src")).toEqual(["'self'", "'report-sample'", "'sha256-S'"]);
  });

  test("returns the configured hosts only where each is used", () => {
    expect(directive(base, "frame-src")).toEqual(["https://rss-widget.example.com", "https://forms.example.com"]);
    expect(directive(base, "form-action")).toEqual(["'self'", "https://newsletter.example.com"]);
    expect(directive(base, "connect-src")).toEqual(["'self'", "https://newsletter.example.com"]);
    expect(directive(base, "media-src")).toEqual(["'self'"]);
    expect(directive(base, "img-src")).toEqual(["'self'"]);
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

  test("returns an absolute stream URL's host in media-src and cover hosts in img-src", () => {
    const inputs = {
      ...base,
      settings: { ...settings, radio: { streamUrl: "https://radio.example.org/live" } },
      imageUrls: ["/covers/a.svg", "https://img.example.com/b.jpg", "https://img.example.com/c.jpg"],
    };
    expect(directive(inputs, "media-src")).toEqual(["'self'", "https://radio.example.org"]);
    expect(directive(inputs, "img-src")).toEqual(["'self'", "https://img.example.com"]);
  });

  test("returns 'wasm-unsafe-eval' only when the build ships WebAssembly, and data: images only when used", () => {
    expect(directive({ ...base, wasm: true }, "script-src")).toContain("'wasm-unsafe-eval'");
    expect(directive({ ...base, dataImages: true }, "img-src")).toEqual(["'self'", "data:"]);
  });

  test("returns frame-src 'none' when nothing is embedded", () => {
    const inputs = { ...base, settings: { radio: {} } };
    expect(directive(inputs, "frame-src")).toEqual(["'none'"]);
  });
});

describe("renderHeadersFile", () => {
  test("returns a /* rule with every header and an immutable cache rule for /_astro/*", () => {
    const text = renderHeadersFile(securityHeaders("default-src 'self'"));
    expect(text).toContain("/*\n  Content-Security-Policy: default-src 'self'\n  Strict-Transport-Security: max-age=");
    expect(text).toContain("/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n");
    expect(text).not.toMatch(/^\/\*[\s\S]*Cache-Control[\s\S]*^\/_astro/m);
  });
});

describe("renderNginxHeaders", () => {
  test("returns one add_header … always line per header", () => {
    const text = renderNginxHeaders([
      ["X-Content-Type-Options", "nosniff"],
      ["Content-Security-Policy", "default-src 'self'"],
    ]);
    expect(text).toContain(`add_header X-Content-Type-Options "nosniff" always;\n`);
    expect(text).toContain(`add_header Content-Security-Policy "default-src 'self'" always;\n`);
  });

  test("throws for a value nginx would read as a variable or a string end", () => {
    expect(() => renderNginxHeaders([["X", "a$b"]])).toThrow(/cannot be written/);
    expect(() => renderNginxHeaders([["X", 'a"b']])).toThrow(/cannot be written/);
  });
});
