import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { minifyInlineScripts } from "../../scripts/lib/minify-scripts.mjs";

/** What a page's classic scripts leave in a fresh global scope, run in order. */
function run(html: string) {
  const context: Record<string, unknown> = {};
  for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) runInNewContext(code!, context);
  return JSON.parse(JSON.stringify(context)) as unknown;
}

describe("minifyInlineScripts", () => {
  const classic = `<script>
    // Today's total, for the next script: a comment and indentation that only the source needs.
    function total(items) {
      let sum = 0;
      for (const item of items) sum += item.price * item.count;
      return sum;
    }
  </script>`;
  const reader = `<script>
    (() => {
      const basket = [{ price: 2, count: 3 }, { price: 5, count: 1 }];
      globalThis.answer = total(basket); // the first script's top-level name, seen from another script
    })();
  </script>`;

  it("rewrites each inline script shorter, as the same program, top-level names kept", async () => {
    const page = `<head>${classic}</head><body><p>text</p>${reader}</body>`;
    const result = await minifyInlineScripts(page);
    expect(result.after).toBeLessThan(result.before / 2);
    expect(result.html).toMatch(/^<head><script>function total\(/);
    expect(result.html).toContain("</script></head><body><p>text</p><script>");
    expect(result.html).not.toContain("comment");
    expect(run(result.html)).toEqual(run(page));
    expect(run(page)).toEqual({ answer: 11 });
  });

  it("minifies inline modules too, and leaves data blocks, scripts with a src and empty scripts alone", async () => {
    const untouched = [
      '<script type="application/ld+json">{ "@context": "https://schema.org" }</script>',
      '<script type="importmap">{ "imports": {} }</script>',
      '<script src="/a.js"></script>',
      "<script> </script>",
    ].join("");
    const module = '<script type="module">\n  const go = () => import("/_astro/a.js");\n  go();\n</script>';
    const result = await minifyInlineScripts(untouched + module);
    expect(result.html.startsWith(untouched)).toBe(true);
    // A module's top-level names are its own: they may be renamed.
    expect(result.html.slice(untouched.length)).toMatch(
      /^<script type="module">const (\w+)=\(\)=>import\("\/_astro\/a\.js"\);\1\(\);<\/script>$/,
    );
  });

  it("keeps a string that spells a closing script tag escaped, so the script still ends where it did", async () => {
    const result = await minifyInlineScripts('<script>\n  globalThis.tag = "<\\/script>";\n</script><p>after</p>');
    expect(result.html).toMatch(/^<script>[^<]*<\\\/script>[^<]*<\/script><p>after<\/p>$/);
    expect(run(result.html)).toEqual({ tag: "</script>" });
  });
});
