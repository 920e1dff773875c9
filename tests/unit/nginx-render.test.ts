import { describe, expect, test } from "vitest";
import { defaultStreamPort, fillTemplate, parseStreamPort, renderSite } from "../../deploy/nginx/render.mjs";

const station = [{ port: 8076, host: "127.0.0.1", upstreamPort: 18076 }];

describe("defaultStreamPort", () => {
  test("returns the ?port= of the configured stream URL", () => {
    expect(defaultStreamPort("/api/stream?port=9000")).toBe(9000);
  });

  // The station's default port (docs/decisions.md, "Radio").
  test("returns 8076 when the URL names no port", () => {
    expect(defaultStreamPort("/api/stream")).toBe(8076);
    expect(defaultStreamPort(undefined)).toBe(8076);
  });
});

describe("parseStreamPort", () => {
  test("returns the public port and the station it maps to", () => {
    expect(parseStreamPort("8076=radio.internal:8000")).toEqual({
      port: 8076,
      host: "radio.internal",
      upstreamPort: 8000,
    });
  });

  test("returns the same port on 127.0.0.1 for a bare port", () => {
    expect(parseStreamPort("8076")).toEqual({ port: 8076, host: "127.0.0.1", upstreamPort: 8076 });
  });

  test("throws for anything else", () => {
    expect(() => parseStreamPort("8076=;rm -rf")).toThrow(/expected PORT/);
  });
});

describe("fillTemplate", () => {
  test("returns the template with {{#flag}} blocks kept or dropped and values filled in", () => {
    const template = "a {{X}}\n{{#tls}}\nsecure\n{{/tls}}\n{{^tls}}\nplain\n{{/tls}}\n  {{EMPTY}}\nz\n";
    expect(fillTemplate(template, { tls: true }, { X: "1", EMPTY: "" })).toBe("a 1\nsecure\nz\n");
    expect(fillTemplate(template, { tls: false }, { X: "1", EMPTY: "" })).toBe("a 1\nplain\nz\n");
  });

  test("throws for a placeholder without a value", () => {
    expect(() => fillTemplate("{{NOPE}}", {}, {})).toThrow(/has no value/);
  });
});

describe("renderSite", () => {
  test("returns a plain-HTTP site that proxies only the listed stream ports", () => {
    const conf = renderSite({
      root: "/srv/site",
      serverName: "a.example.com",
      listenAddress: "127.0.0.1",
      httpPort: 18080,
      streamPorts: station,
    });
    expect(conf).toContain("listen 127.0.0.1:18080;");
    expect(conf).not.toContain("ssl");
    expect(conf).not.toContain("[::]");
    expect(conf).toContain("include /srv/site/_nginx/security-headers.conf;");
    // The policy map lives in the http context, before the server block that sends $cbg_csp.
    expect(conf).toMatch(/^include \/srv\/site\/_nginx\/csp-map\.conf;$/m);
    expect(conf.indexOf("csp-map.conf")).toBeLessThan(conf.indexOf("server {"));
    expect(conf).toContain("upstream cbg_station_8076 {\n    server 127.0.0.1:18076;\n}");
    expect(conf).toMatch(/""\s+cbg_station_8076;\n\s+8076\s+cbg_station_8076;\n\s+default\s+"";/);
    expect(conf).toContain("proxy_pass http://$cbg_station/stream;");
    expect(conf).not.toMatch(/\{\{|\}\}/);
  });

  test("returns an HTTPS site with HTTP/2, and a plain-HTTP server that redirects to it", () => {
    const conf = renderSite({
      root: "/srv/site/",
      serverName: "a.example.com",
      tlsCert: "/c.pem",
      tlsKey: "/k.pem",
      streamPorts: station,
    });
    expect(conf).toContain("listen 443 ssl http2;\n    listen [::]:443 ssl http2;");
    expect(conf).toContain("ssl_certificate /c.pem;");
    expect(conf).toContain("listen 80;\n    listen [::]:80;");
    expect(conf).toContain("return 301 https://$host$request_uri;");
    expect(conf).toContain("root /srv/site;");
  });

  test("returns the stream's Access-Control-Allow-Origin only when an origin is given", () => {
    const shared = renderSite({
      root: "/d",
      serverName: "a",
      streamPorts: station,
      streamCorsOrigin: "https://www.example.com",
    });
    expect(shared).toMatch(/\/api\/stream +"https:\/\/www\.example\.com";/);
    expect(shared).toMatch(/\/api\/now-playing +"https:\/\/www\.example\.com";/);
    expect(renderSite({ root: "/d", serverName: "a", streamPorts: station })).toMatch(/\/api\/stream +"";/);
    expect(() => renderSite({ root: "/d", serverName: "a", streamPorts: station, streamCorsOrigin: "*" })).toThrow(
      /origin/,
    );
  });

  test("serves /api/now-playing through njs with a cache, or leaves it out with nowPlaying: false", () => {
    const site = renderSite({
      root: "/d",
      serverName: "a",
      streamPorts: station,
      nowPlayingJs: "/srv/np.js",
      cacheDir: "/srv/cache",
    });
    expect(site).toContain("js_import cbg_now_playing from /srv/np.js;");
    expect(site).toMatch(/proxy_cache_path \/srv\/cache .*keys_zone=cbg_now_playing/);
    expect(site).toContain("location = /api/now-playing {");
    expect(site).toMatch(/location = \/_now-playing-status \{\n\s+internal;/);
    expect(site).toContain("set $cbg_station_mount /stream;");
    const without = renderSite({ root: "/d", serverName: "a", streamPorts: station, nowPlaying: false });
    expect(without).not.toMatch(/now-playing \{|js_|proxy_cache_path/);
    expect(() => renderSite({ root: "/d", serverName: "a", streamPorts: station, cacheDir: "cache" })).toThrow(
      /absolute/,
    );
  });

  test("throws without an absolute root, or with half a certificate", () => {
    expect(() => renderSite({ root: "dist", serverName: "a", streamPorts: station })).toThrow(/absolute/);
    expect(() => renderSite({ root: "/d", serverName: "a", tlsCert: "/c", streamPorts: station })).toThrow(
      /go together/,
    );
  });
});
