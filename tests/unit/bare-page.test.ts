import { describe, expect, test } from "vitest";
import { bareHeaders, barePage } from "../../scripts/lib/bare-page.mjs";
import { headersFor, parseHeaderRules } from "../../scripts/lib/static-host.mjs";

describe("barePage", () => {
  const page =
    '<!doctype html><html lang="en-US" class="no-js"><head><meta charset="utf-8"><title>About &amp; more | Site</title>' +
    '<meta name="description" content="What a bond is."><link rel="stylesheet" href="/a.css"><style>p{color:red}</style>' +
    '<script>alert(1)</script></head><body class="flex"><header><a href="/" class="logo"><svg><text>Logo</text></svg>Site</a>' +
    '<button data-menu-toggle>Menu</button></header><main id="main"><div class="wrap"><h1 style="color:red">About</h1>' +
    '<p>Bonds pay <strong>interest</strong> &lt;fixed&gt;.</p><img src="/chart.png" alt="A chart"><template><p>later</p></template>' +
    '<p hidden>Hidden</p><iframe src="https://x.example.com/"></iframe></div></main>' +
    '<footer><p>© 2026</p><script type="module" src="/a.js"></script></footer></body></html>';

  test("keeps the title, description, language and the body's text in its semantic elements", () => {
    expect(barePage(page)).toBe(
      '<!doctype html><html lang="en-US"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>About &amp; more | Site</title>' +
        '<meta name="description" content="What a bond is.">' +
        "<style>body{margin:0 auto;max-width:68ch;padding:1rem;font:1.0625rem/1.65 system-ui,sans-serif}" +
        "h1,h2,h3{line-height:1.15}table{border-collapse:collapse}</style></head>" +
        '<body><header><a href="/">Site</a></header><main><h1>About</h1>' +
        "<p>Bonds pay <strong>interest</strong> &lt;fixed&gt;.</p></main><footer><p>© 2026</p></footer></body></html>\n",
    );
  });

  test("has nothing to fetch: no stylesheet, script, image, frame or font", () => {
    expect(barePage(page)).not.toMatch(/<(link|script|img|iframe|svg)\b|src=|@font-face|url\(/);
  });
});

describe("bareHeaders", () => {
  const rules = parseHeaderRules(
    bareHeaders([
      ["/", "same-origin"],
      ["/terms", "same-origin-allow-popups"],
      ["/radio", null],
    ]),
  );

  test("gives each bare page its route's Cross-Origin-Opener-Policy and no other header", () => {
    expect(headersFor(rules, "/")).toEqual({ "Cross-Origin-Opener-Policy": "same-origin" });
    expect(headersFor(rules, "/terms")).toEqual({ "Cross-Origin-Opener-Policy": "same-origin-allow-popups" });
  });

  test("gives a route without the policy none", () => {
    expect(headersFor(rules, "/radio")).toEqual({});
  });
});
