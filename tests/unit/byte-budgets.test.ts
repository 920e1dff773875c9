import { describe, expect, test } from "vitest";
import { BUDGETS, KB, embedHosts, firstScreen, gzipSize, isReact, judge } from "../../scripts/lib/byte-budgets.mjs";

type Load = Parameters<typeof judge>[0];
const origin = "http://127.0.0.1:4396";
const fonts = [
  { url: `${origin}/_astro/playfair-display-latin-wght-normal.B1.woff2`, kind: "font" as const, gzip: 38 * KB },
  { url: `${origin}/_astro/source-serif-4-latin-wght-normal.C2.woff2`, kind: "font" as const, gzip: 50 * KB },
];

function load(overrides: Partial<Load> = {}): Load {
  return {
    route: "/about",
    content: true,
    resources: [
      { url: `${origin}/about`, kind: "document", gzip: 6 * KB },
      { url: `${origin}/_astro/a.css`, kind: "css", gzip: 6 * KB },
      { url: `${origin}/_astro/a.js`, kind: "js", gzip: 1.3 * KB, react: false },
      ...fonts,
    ],
    external: [],
    allowedHosts: ["forms.example.com"],
    preloadedFonts: 2,
    firstScreen: 9 * KB,
    ...overrides,
  };
}

describe("judge", () => {
  test("returns the gzip totals per kind and no failure for a page within budget", () => {
    const summary = judge(load());
    expect(summary).toMatchObject({ html: 6 * KB, css: 6 * KB, js: 1.3 * KB, react: false, failures: [] });
    expect(summary.fonts).toHaveLength(2);
  });

  test("fails a content page over 5 KB of JavaScript, naming the figure, but not an interactive route", () => {
    const heavy = { url: `${origin}/_astro/b.js`, kind: "js" as const, gzip: 4 * KB };
    const resources = [...load().resources, heavy];
    expect(judge(load({ resources })).failures).toEqual(["JavaScript 5.3 KB gzip > 5.0 KB"]);
    expect(judge(load({ resources, content: false, route: "/resources" })).failures).toEqual([]);
  });

  test("fails any route over 90 KB of JavaScript", () => {
    const resources = [...load().resources, { url: `${origin}/big.js`, kind: "js" as const, gzip: BUDGETS.anyJs }];
    expect(judge(load({ resources, content: false })).failures).toEqual(["JavaScript 91.3 KB gzip > 90.0 KB"]);
  });

  test("fails a content page that loads React, and allows it elsewhere", () => {
    const resources = [...load().resources, { url: `${origin}/r.js`, kind: "js" as const, gzip: 3 * KB, react: true }];
    expect(judge(load({ resources })).failures).toEqual(["React loads before any interaction on a content page"]);
    expect(judge(load({ resources, content: false })).react).toBe(true);
    expect(judge(load({ resources, content: false })).failures).toEqual([]);
  });

  test("fails CSS over 20 KB and HTML over 60 KB per page", () => {
    const resources = [
      { url: `${origin}/x`, kind: "document" as const, gzip: 61 * KB },
      { url: `${origin}/a.css`, kind: "css" as const, gzip: 15 * KB },
      { url: `${origin}/b.css`, kind: "css" as const, gzip: 6 * KB },
    ];
    expect(judge(load({ resources })).failures).toEqual(["CSS 21.0 KB gzip > 20.0 KB", "HTML 61.0 KB gzip > 60.0 KB"]);
  });

  test("fails fonts that are not woff2 or not the latin subset, and more than 2 preloads", () => {
    const resources = [
      { url: `${origin}/_astro/serif-latin-400.woff`, kind: "font" as const, gzip: KB },
      { url: `${origin}/_astro/serif-latin-ext-400.woff2`, kind: "font" as const, gzip: KB },
      { url: `${origin}/_astro/serif-cyrillic-400.woff2`, kind: "font" as const, gzip: KB },
    ];
    expect(judge(load({ resources, preloadedFonts: 3 })).failures).toEqual([
      "font serif-latin-400.woff is not woff2",
      "font serif-latin-ext-400.woff2 is not the latin subset",
      "font serif-cyrillic-400.woff2 is not the latin subset",
      "3 fonts preloaded > 2",
    ]);
  });

  test("fails a content page whose first screen is over 14 KB, naming the figure, but not an interactive route", () => {
    expect(judge(load({ firstScreen: 15 * KB })).failures).toEqual(["first screen 15.0 KB gzip > 14.0 KB"]);
    expect(judge(load({ firstScreen: 15 * KB, content: false, route: "/resources" })).failures).toEqual([]);
    expect(judge(load({ firstScreen: 15 * KB })).firstScreen).toBe(15 * KB);
  });

  test("fails a request to any host but a configured embed's", () => {
    const external = ["https://forms.example.com/embed/x", "https://cdn.example.net/lib.js"];
    expect(judge(load({ external })).failures).toEqual(["request to another host: https://cdn.example.net/lib.js"]);
  });
});

describe("firstScreen", () => {
  test("returns the page through the end of the first paragraph in <main>", () => {
    const html =
      "<html><head><style>p{}</style></head><body><header><p>Date</p></header>" +
      '<main id="main"><h1>Title</h1><p>First <em>one</em>.</p><p>Second.</p></main></body></html>';
    expect(firstScreen(html)).toBe(
      '<html><head><style>p{}</style></head><body><header><p>Date</p></header><main id="main"><h1>Title</h1><p>First <em>one</em>.</p>',
    );
  });

  test("returns the whole page when <main> has no paragraph or there is no <main>", () => {
    expect(firstScreen("<body><main><h1>T</h1></main></body>")).toBe("<body><main><h1>T</h1></main></body>");
    expect(firstScreen("<body><p>x</p><mainly>")).toBe("<body><p>x</p><mainly>");
  });
});

describe("embedHosts", () => {
  test("returns the hosts of the configured embeds only, not of links or the newsletter", () => {
    const site = {
      url: "https://site.example.com",
      donation: { url: "https://donate.example.org" },
      newsletter: { endpoint: "https://newsletter.example.com/subscribe" },
      news: { widgetUrl: "https://rss.example.com/feed" },
      contactForm: { frameUrl: "https://forms.example.com/embed", scriptUrl: "https://forms.example.com/embed.js" },
      ads: {},
      radio: { streamUrl: "/api/stream?port=8076" },
    };
    expect(embedHosts(site)).toEqual(["forms.example.com", "rss.example.com"]);
  });
});

describe("isReact", () => {
  test("returns true for React's runtime and false for other code", () => {
    expect(isReact('var e="https://react.dev/errors/"+n;')).toBe(true);
    expect(isReact("x.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE")).toBe(true);
    expect(isReact('document.querySelector("[data-today]")')).toBe(false);
  });
});

describe("gzipSize", () => {
  test("returns fewer bytes than the input for repetitive text", () => {
    const text = "corporate bonds ".repeat(1000);
    expect(gzipSize(text)).toBeGreaterThan(20);
    expect(gzipSize(text)).toBeLessThan(text.length / 20);
  });
});
