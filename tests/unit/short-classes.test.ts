import { describe, expect, it } from "vitest";
import {
  classCounts,
  classesInCss,
  pageNames,
  renamable,
  renameInCss,
  renameInHtml,
  shortNames,
  unescapeIdentifier,
} from "../../scripts/lib/short-classes.mjs";

describe("unescapeIdentifier", () => {
  it("reads a selector's class as the browser does", () => {
    expect(unescapeIdentifier("md\\:text-4xl")).toBe("md:text-4xl");
    expect(unescapeIdentifier("w-1\\/2")).toBe("w-1/2");
    expect(unescapeIdentifier("space-y-1\\.5")).toBe("space-y-1.5");
    expect(unescapeIdentifier("\\[\\&\\>h2\\:first-child\\]\\:mt-0")).toBe("[&>h2:first-child]:mt-0");
    expect(unescapeIdentifier("\\32 xl\\:flex")).toBe("2xl:flex");
  });
});

describe("shortNames", () => {
  it("gives the most used class the shortest name, letters only, never a name that is taken", () => {
    const names = shortNames(
      new Map([
        ["px-4", 3],
        ["mx-auto", 9],
        ["flex", 3],
      ]),
      new Set(["a", "mx-auto"]),
    );
    expect([...names]).toEqual([
      ["mx-auto", "b"],
      ["flex", "c"],
      ["px-4", "d"],
    ]);
  });

  it("goes on to two letters after z", () => {
    const counts = new Map(Array.from({ length: 28 }, (_, index) => [`c${index}`, 100 - index]));
    const names = [...shortNames(counts, new Set()).values()];
    expect(names.slice(24)).toEqual(["y", "z", "aa", "ab"]);
    expect(new Set(names).size).toBe(28);
  });
});

describe("renamable", () => {
  it("keeps the name of a class that a script, a test or another stylesheet names as a whole word", () => {
    const code = [
      'el.classList.add("is-open")',
      'svg.locator("text.font-bold")',
      "expect(link).toHaveClass(/\\bbutton\\b/)",
      ".pagefind-ui__result{color:red}",
    ];
    const classes = ["is-open", "font-bold", "button", "pagefind-ui__result", "font", "bold", "mt-2", "open"];
    expect(renamable(classes, code)).toEqual(["font", "bold", "mt-2", "open"]);
    expect(renamable(["md:flex", "w-1/2", "grid"], ['page.locator(".md\\:flex")', ".w-1\\/2{width:50%}"])).toEqual([
      "grid",
    ]);
  });
});

describe("renameInCss", () => {
  const names = new Map([
    ["md:flex", "a"],
    ["group", "b"],
    ["group-aria-expanded:hidden", "c"],
    ["woff2", "d"],
    ["[&>h2:first-child]:mt-0", "e"],
  ]);

  it("renames classes in selectors, escaped ones and those inside :where() too, and leaves declarations alone", () => {
    const css =
      "@font-face{src:url(/x.woff2)}@media (width>=48rem){.md\\:flex{display:flex}}" +
      ".group-aria-expanded\\:hidden:is(:where(.group)[aria-expanded=true] *){display:none}" +
      ".\\[\\&\\>h2\\:first-child\\]\\:mt-0>h2:first-child{margin-top:0;line-height:1.5}.kept:hover{opacity:.5}";
    expect(renameInCss(css, names)).toBe(
      "@font-face{src:url(/x.woff2)}@media (width>=48rem){.a{display:flex}}" +
        ".c:is(:where(.b)[aria-expanded=true] *){display:none}" +
        ".e>h2:first-child{margin-top:0;line-height:1.5}.kept:hover{opacity:.5}",
    );
  });

  it("leaves strings, comments and at-rules' preludes alone", () => {
    const pdf = new Map([
      ["pdf", "a"],
      ["b", "c"],
    ]);
    expect(renameInCss('/* see .pdf */a[href$=".pdf"],.pdf{x:y}@layer fw.b{.b{x:y}}', pdf)).toBe(
      '/* see .pdf */a[href$=".pdf"],.a{x:y}@layer fw.b{.c{x:y}}',
    );
  });

  it("renames in nested rules, after a declaration", () => {
    expect(renameInCss(".x{color:red;.md\\:flex &{display:flex}}", names)).toBe(".x{color:red;.a &{display:flex}}");
  });

  it("finds every class a stylesheet names", () => {
    expect([...classesInCss(".md\\:flex{x:y}:where(.group) .kept{a:b}")]).toEqual(["md:flex", "group", "kept"]);
  });
});

describe("renameInHtml", () => {
  it("renames class attributes (entities read as the browser reads them) and <style> selectors, not scripts or text", () => {
    const names = new Map([
      ["md:flex", "a"],
      ["[&>h2]:mt-0", "b"],
    ]);
    const html =
      '<style>.md\\:flex{display:flex}</style><div class="md:flex kept" id="x">md:flex</div>' +
      '<article class="[&amp;&gt;h2]:mt-0"></article><script>document.body.className="md:flex"</script>' +
      '<svg class="md:flex"></svg>';
    expect(renameInHtml(html, names)).toBe(
      '<style>.a{display:flex}</style><div class="a kept" id="x">md:flex</div>' +
        '<article class="b"></article><script>document.body.className="md:flex"</script>' +
        '<svg class="a"></svg>',
    );
  });

  it("reads a no-break space as part of a class's name, as HTML does", () => {
    const names = new Map([["a\u00a0b", "x"]]);
    expect(renameInHtml('<p class="a\u00a0b a"></p>', names)).toBe('<p class="x a"></p>');
  });

  it("counts each class's uses across pages", () => {
    const counts = classCounts(['<p class="a b"></p><i class="a"></i>', '<p class="a"></p><style>.c{}</style>']);
    expect([...counts]).toEqual([
      ["a", 3],
      ["b", 1],
    ]);
  });
});

describe("pageNames", () => {
  const names = new Map([
    ["text-ink", "a"],
    ["font-bold", "b"],
    ["mt-4", "c"],
  ]);

  it("keeps the name of a class the page's own code names, and shortens it where no code that runs names it", () => {
    const html = '<p class="text-ink font-bold">x</p>';
    const calculator = ['el.className = "text-ink tabular-nums"'];
    expect([...pageNames(names, html, calculator)]).toEqual([["font-bold", "b"]]);
    expect([...pageNames(names, html, [])]).toEqual([
      ["text-ink", "a"],
      ["font-bold", "b"],
    ]);
  });

  it("gives only the classes the page's markup names", () => {
    expect([...pageNames(names, '<i class="mt-4"></i>', [])]).toEqual([["mt-4", "c"]]);
  });
});
