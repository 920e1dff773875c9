import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { checkPage, readPage, resolveFile } from "../../scripts/lib/links.mjs";

const built = new Set(["index.html", "about/index.html", "404.html", "favicon.svg", "_astro/app.js", "privacy.html"]);
const exists = (file: string) => built.has(file);
const ids: Record<string, string[]> = { "index.html": ["main", "news"], "about/index.html": ["main", "history"] };
const site = {
  origin: "https://site.example.com",
  exists,
  idsOf: (file: string) => (ids[file] ? new Set(ids[file]) : null),
  servedByHost: ["/api/"],
};

/** The problems the gate reports for one page body placed at `file`. */
function check(body: string, file = "about/index.html") {
  return checkPage(file, readPage(`<!doctype html><html><body>${body}</body></html>`), site).map((p) => p.message);
}

describe("readPage", () => {
  test("returns every id, <a name> and URL-bearing attribute, srcset candidates one by one", () => {
    const page = readPage(
      '<main id="main"><a name="old"></a><a href="/about" target="_blank" rel="noopener">x</a>' +
        '<img src="/a.png" srcset="/a-1.png 1x, /a-2.png 2x"><meta property="og:image" content="/og.png"></main>',
    );
    expect([...page.ids]).toEqual(["main", "old"]);
    expect(page.refs.map((ref) => ref.value)).toEqual(["/about", "/a.png", "/a-1.png", "/a-2.png", "/og.png"]);
    expect(page.refs[0]).toMatchObject({ tag: "a", navigates: true, target: "_blank", rel: "noopener" });
    expect(page.refs[1]).toMatchObject({ tag: "img", navigates: false });
  });

  test("decodes entities in attribute values", () => {
    expect(readPage('<a href="/about?a=1&amp;b=2">x</a>').refs[0]?.value).toBe("/about?a=1&b=2");
  });
});

describe("resolveFile", () => {
  test("resolves directory URLs to index.html with or without the trailing slash, like the host", () => {
    expect(resolveFile("/", exists)).toBe("index.html");
    expect(resolveFile("/about", exists)).toBe("about/index.html");
    expect(resolveFile("/about/", exists)).toBe("about/index.html");
    expect(resolveFile("/privacy", exists)).toBe("privacy.html");
    expect(resolveFile("/favicon.svg", exists)).toBe("favicon.svg");
  });

  test("returns null when nothing in the build answers", () => {
    expect(resolveFile("/typs", exists)).toBeNull();
    expect(resolveFile("/favicon.svg/", exists)).toBeNull();
    expect(resolveFile("/%E0%A4%A", exists)).toBeNull();
  });
});

describe("checkPage", () => {
  test("returns no problem for internal links, fragments, the site's own absolute URLs and external links", () => {
    expect(
      check(
        '<a href="/">home</a><a href="/about#history">h</a><a href="#main">skip</a><a href="/#news">n</a>' +
          '<link rel="canonical" href="https://site.example.com/about"><script src="/_astro/app.js"></script>' +
          '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">e</a>' +
          '<a href="mailto:info@example.com">m</a><a href="tel:+1-212-555-0142">t</a>' +
          '<audio src="/api/stream?port=8076"></audio><img src="data:image/gif;base64,R0lGOD" alt="">',
      ),
    ).toEqual([]);
  });

  test("reports a link to a file the build does not have", () => {
    expect(check('<a href="/typs">x</a>')).toEqual(['<a href="/typs">: no file in the build for /typs']);
    expect(check('<img src="/missing.png" alt="">')).toEqual([
      '<img src="/missing.png">: no file in the build for /missing.png',
    ]);
    expect(check('<link rel="canonical" href="https://site.example.com/gone">')).toHaveLength(1);
  });

  test("reports a fragment with no matching id on the same or another page", () => {
    expect(check('<a href="#mian">x</a>')).toEqual(['<a href="#mian">: no element with id "mian" in about/index.html']);
    expect(check('<a href="/#history">x</a>')).toEqual([
      '<a href="/#history">: no element with id "history" in index.html',
    ]);
  });

  test("reports target=_blank without rel=noopener", () => {
    expect(check('<a href="https://example.org" target="_blank" rel="noreferrer">x</a>')).toEqual([
      '<a href="https://example.org">: target="_blank" without rel="noopener" (rel="noreferrer")',
    ]);
    expect(check('<a href="https://example.org" target="_blank">x</a>')).toHaveLength(1);
    expect(check('<a href="https://example.org" target="_blank" rel="noopenerx">x</a>')).toHaveLength(1);
  });

  test("reports schemes other than http(s), mailto and tel, malformed mailto/tel, and http resources", () => {
    expect(check('<a href="javascript:void(0)">x</a>')[0]).toMatch(/unsupported scheme javascript:/);
    expect(check('<a href="ftp://example.org/f">x</a>')[0]).toMatch(/unsupported scheme ftp:/);
    expect(check('<a href="mailto:nobody">x</a>')[0]).toMatch(/not a valid mailto/);
    expect(check('<a href="tel:call-us">x</a>')[0]).toMatch(/not a valid tel/);
    expect(check('<img src="http://example.org/a.png" alt="">')[0]).toMatch(/mixed content/);
    expect(check('<a href="http://example.org/">x</a>')).toEqual([]);
  });

  test('reports empty URLs and "#"', () => {
    expect(check('<a href="">x</a>')).toEqual(['<a href="">: empty URL']);
    expect(check('<a href="#">x</a>')[0]).toMatch(/goes nowhere/);
  });

  test("reports relative URLs on the 404 page, which resolve against the missing path", () => {
    expect(check('<a href="about">x</a>', "404.html")[0]).toMatch(/relative URL on the 404 page/);
    expect(check('<a href="/about">x</a>', "404.html")).toEqual([]);
  });
});

describe("scripts/check-links.mjs", () => {
  /** Runs the gate on a tiny build made of the given files; returns its exit code and output. */
  function gate(files: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), "links-"));
    try {
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), text);
      }
      const run = spawnSync(process.execPath, ["scripts/check-links.mjs"], {
        env: { ...process.env, DIST_DIR: dir },
        encoding: "utf-8",
      });
      return { code: run.status, output: run.stdout + run.stderr };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const sitemap = {
    "sitemap-index.xml":
      "<sitemapindex><sitemap><loc>https://site.example.com/sitemap-0.xml</loc></sitemap></sitemapindex>",
    "sitemap-0.xml":
      "<urlset><url><loc>https://site.example.com/</loc></url><url><loc>https://site.example.com/about</loc></url></urlset>",
  };

  test("exits 0 on a build whose links all resolve", () => {
    const result = gate({
      ...sitemap,
      "index.html": '<main id="main"><a href="/about#team">About</a></main>',
      "about/index.html": '<h2 id="team">Team</h2><a href="/">Home</a>',
    });
    expect(result.output).toMatch(/links: 2 URLs on 2 pages/);
    expect(result.code).toBe(0);
  });

  test("exits 1 and names the page and the link when one is broken, and a sitemap URL without a page", () => {
    const result = gate({
      ...sitemap,
      "index.html": '<a href="/about#staff">About</a>',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('links: index.html: <a href="/about#staff">: no file in the build for /about');
    expect(result.output).toContain("links: sitemap-0.xml: <loc> https://site.example.com/about: no file in the build");
  });
});
