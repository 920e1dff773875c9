import { describe, expect, it } from "vitest";
import { scanHtml } from "../../scripts/lib/html-scan.ts";
import {
  AFTER_MAIN,
  AFTER_SPLIT,
  firstScreenEnd,
  islandStart,
  laterStylesheet,
  markSplit,
  openElements,
  ownCode,
  pageScriptFiles,
  pruneComponents,
  laterElementRules,
  pruneElementRules,
  pruneFontFaces,
  pruneKeyframes,
  pruneProperties,
  pruneThemeVariables,
  pruneUnlayered,
  pruneUtilities,
  splitsToTry,
  scopeSelectors,
  selectorClasses,
  subjectElement,
  takePrintRules,
  unescapeClass,
  unicodeRanges,
  withoutStyles,
} from "../../scripts/lib/page-css.mjs";

describe("withoutStyles", () => {
  it("empties every <style> so a stylesheet's selectors do not count as uses of their classes", () => {
    const html =
      '<head><style>.table-fixed{table-layout:fixed}</style><style data-x="1">.w-15{width:1px}</style></head>' +
      '<body><p class="mt-4">x</p><script>el.className="w-15"</script></body>';
    expect(withoutStyles(html)).toBe(
      '<head><style></style><style data-x="1"></style></head>' +
        '<body><p class="mt-4">x</p><script>el.className="w-15"</script></body>',
    );
  });
});

describe("unescapeClass and selectorClasses", () => {
  it("reads the class names a selector names, as the markup writes them", () => {
    expect(unescapeClass(String.raw`md\:px-12`)).toBe("md:px-12");
    expect(unescapeClass(String.raw`\31 0`)).toBe("10");
    expect(unescapeClass(String.raw`w-\[calc\(100\%-2rem\)\]`)).toBe("w-[calc(100%-2rem)]");
    expect(selectorClasses(String.raw`:where(.group):hover .group-hover\:underline`)).toEqual([
      "group",
      "group-hover:underline",
    ]);
    expect(selectorClasses(String.raw`.\[\&\>h2\:first-child\]\:mt-0>h2:first-child`)).toEqual([
      "[&>h2:first-child]:mt-0",
    ]);
    expect(selectorClasses(String.raw`.space-y-3>:not(:last-child)`)).toEqual(["space-y-3"]);
    expect(selectorClasses("[data-header],nav")).toEqual([]);
  });
});

describe("pruneUtilities", () => {
  const css = [
    "@layer theme{:root{--color-ink:#111}}",
    "@layer components{.kicker{font-size:.75rem}.unused-component{color:red}}",
    String.raw`@layer utilities{.flex{display:flex}.grid{display:grid}.md\:px-12{padding:0}`,
    String.raw`@media (width>=48rem){.md\:flex{display:flex}.md\:grid{display:grid}}`,
    String.raw`@media (hover:hover){:where(.group):hover .group-hover\:underline{text-decoration:underline}}`,
    String.raw`.content-\[\"\}\"\]{--tw-content:"}";content:var(--tw-content)}`,
    "}",
    ".glossary-term{color:inherit}",
  ].join("");

  it("keeps the utilities the page uses, in order, and every rule outside the utilities layer", () => {
    const used = new Set(["flex", "md:flex", "group", "kicker"]);
    const result = pruneUtilities(css, used)!;
    expect(result.css).toBe(
      [
        "@layer theme{:root{--color-ink:#111}}",
        "@layer components{.kicker{font-size:.75rem}.unused-component{color:red}}",
        String.raw`@layer utilities{.flex{display:flex}@media (width>=48rem){.md\:flex{display:flex}}}`,
        ".glossary-term{color:inherit}",
      ].join(""),
    );
    expect(result.removed).toBe(5);
  });

  it("keeps a variant's rule by the utility's class, not the group's, and skips braces inside strings", () => {
    const used = new Set(["group-hover:underline", 'content-["}"]']);
    const kept = pruneUtilities(css, used)!.css;
    expect(kept).toContain(String.raw`:where(.group):hover .group-hover\:underline{text-decoration:underline}`);
    expect(kept).toContain(String.raw`.content-\[\"\}\"\]{--tw-content:"}";content:var(--tw-content)}`);
    expect(kept).not.toContain(".flex{");
    expect(kept.endsWith("}.glossary-term{color:inherit}")).toBe(true);
  });

  it("returns null for a stylesheet without a utilities layer, and fails on one that is cut short", () => {
    expect(pruneUtilities(".a{color:red}", new Set())).toBeNull();
    expect(() => pruneUtilities("@layer utilities{.a{color:red}", new Set())).toThrow(/Unbalanced/);
  });
});

describe("pruneComponents", () => {
  it("keeps the components whose classes the page uses, and everything outside their layer", () => {
    const css = "@layer components{.kicker{font-size:.75rem}.prose h3{margin:0}.button{color:red}}.x{color:blue}";
    expect(pruneComponents(css, new Set(["prose"]))).toEqual({
      css: "@layer components{.prose h3{margin:0}}.x{color:blue}",
      removed: 2,
    });
    expect(pruneComponents(".x{color:blue}", new Set())).toEqual({ css: ".x{color:blue}", removed: 0 });
  });
});

describe("scopeSelectors", () => {
  const scope = AFTER_MAIN;
  it("limits every selector of a list to the scope, keeping its specificity and its pseudo-element last", () => {
    expect(scopeSelectors(".a,.b:hover", scope)).toBe(`:is(.a)${scope},:is(.b:hover)${scope}`);
    expect(scopeSelectors(String.raw`.backdrop\:bg-black\/50::backdrop`, scope)).toBe(
      String.raw`:is(.backdrop\:bg-black\/50)${scope}::backdrop`,
    );
    expect(scopeSelectors(String.raw`.marker\:x ::marker`, scope)).toBe(String.raw`:is(.marker\:x *)${scope}::marker`);
    expect(scopeSelectors("::placeholder", scope)).toBe(`:is(*)${scope}::placeholder`);
    expect(scopeSelectors(".a::before:hover", scope)).toBe(`:is(.a)${scope}::before:hover`);
    // Commas and colons inside escapes, brackets and functions are part of the selector.
    expect(scopeSelectors(String.raw`.w-\[min\(1rem\,2rem\)\],:where(.s>:not(:last-child))`, scope)).toBe(
      String.raw`:is(.w-\[min\(1rem\,2rem\)\])${scope},:is(:where(.s>:not(:last-child)))${scope}`,
    );
  });
});

describe("takePrintRules", () => {
  it("takes out the top-level print blocks only", () => {
    expect(takePrintRules("@layer u{@media print{.a{b:c}}}.b{}@media print{.c{d:e}}.d{}@media print{x{}}")).toEqual({
      css: "@layer u{@media print{.a{b:c}}}.b{}.d{}",
      print: "@media print{.c{d:e}}@media print{x{}}",
    });
  });
});

describe("laterStylesheet", () => {
  const css = [
    "@layer properties{@supports (-moz-orient:inline){*{--tw-shadow:0 0 #0000;--tw-a:0}}}",
    "@layer theme{:root{--color-ink:#111}}",
    "@layer base{a{color:inherit}}",
    "@layer components{.kicker{font-size:.75rem}.button{color:red}}",
    String.raw`@layer utilities{.flex{display:flex}.shadow-2xl{--tw-shadow:0 0 1px;box-shadow:var(--tw-shadow)}`,
    String.raw`@media (width>=48rem){.md\:grid{display:grid}}}`,
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-a{syntax:"*";inherits:false;initial-value:0}',
    "@keyframes spin{to{transform:rotate(360deg)}}",
    ".glossary-tip{color:red}",
  ].join("");

  it("repeats, scoped and in order, the class rules the later elements use, with what those rules need", () => {
    const used = new Set(["button", "shadow-2xl", "md:grid"]);
    expect(laterStylesheet(css, used, "@media print{nav{display:none}}")).toBe(
      [
        "@layer properties{@supports (-moz-orient:inline){*{--tw-shadow:0 0 #0000}}}",
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
        `@layer components{:is(.button)${AFTER_MAIN}{color:red}}`,
        `@layer utilities{:is(.shadow-2xl)${AFTER_MAIN}{--tw-shadow:0 0 1px;box-shadow:var(--tw-shadow)}`,
        String.raw`@media (width>=48rem){:is(.md\:grid)${AFTER_MAIN}{display:grid}}}`,
        "@keyframes spin{to{transform:rotate(360deg)}}",
        "@media print{nav{display:none}}",
      ].join(""),
    );
  });
});

describe("laterStylesheet, on a page split inside its <main>", () => {
  const css =
    "/*! licence */@layer utilities{.mt-4{margin-top:1rem}}" +
    "html:has(dialog[open]){overflow:hidden}.glossary-tip{color:red}.glossary-tip strong{display:block}" +
    "@media (hover:hover){.glossary-tip:hover{color:blue}}.no-js .x{display:none}" +
    "@media print{.glossary-tip{display:none}}";

  it("also repeats, scoped and in order, the rules outside the layers that can match what follows the split", () => {
    expect(laterStylesheet(css, new Set(["mt-4", "glossary-tip"]), "", AFTER_SPLIT)).toBe(
      `@layer utilities{:is(.mt-4)${AFTER_SPLIT}{margin-top:1rem}}` +
        `:is(html:has(dialog[open]))${AFTER_SPLIT}{overflow:hidden}` +
        `:is(.glossary-tip)${AFTER_SPLIT}{color:red}:is(.glossary-tip strong)${AFTER_SPLIT}{display:block}` +
        `@media (hover:hover){:is(.glossary-tip:hover)${AFTER_SPLIT}{color:blue}}`,
    );
  });
});

describe("pruneUnlayered", () => {
  const css =
    "/*! tailwindcss | https://tailwindcss.com */@layer properties{*{--tw-a:0}}@layer utilities{.mt-4{margin-top:1rem}}" +
    '@font-face{font-family:"X";src:local("Y")}html:has(dialog[open]){overflow:hidden}' +
    ".glossary-tip{color:red}@media (hover:hover){.glossary-tip:hover{color:blue}}.no-js [data-nav]{display:block}" +
    "@keyframes spin{to{rotate:1turn}}";

  it("drops the rules outside the layers none of whose classes the page uses, and keeps every other block", () => {
    const result = pruneUnlayered(css, new Set(["no-js"]));
    expect(result.removed).toBe(2);
    expect(result.css).toBe(
      "/*! tailwindcss | https://tailwindcss.com */@layer properties{*{--tw-a:0}}@layer utilities{.mt-4{margin-top:1rem}}" +
        '@font-face{font-family:"X";src:local("Y")}html:has(dialog[open]){overflow:hidden}' +
        ".no-js [data-nav]{display:block}@keyframes spin{to{rotate:1turn}}",
    );
  });

  it("keeps a rule one of whose classes the page uses", () => {
    expect(pruneUnlayered(css, new Set(["glossary-tip", "no-js"])).css).toBe(css);
  });

  it("keeps a rule with a selector that needs no class the page lacks: in a list, or inside :not()", () => {
    const kept = '@media print{[data-slot="search"],.glossary-tip-button{display:none}}p:not(.lead){margin:0}';
    expect(pruneUnlayered(kept, new Set()).css).toBe(kept);
  });
});

describe("firstScreenEnd", () => {
  const end = (html: string) => firstScreenEnd(html, scanHtml(html));

  it("is the end of the first section after the header of <main>, sections inside it included", () => {
    const html =
      "<header><section>site</section></header><main><header><h1>T</h1></header><p>x</p>" +
      '<section id="key"><section>a</section><ul></ul></section><section>b</section></main>';
    const at = end(html);
    expect(html.slice(0, at)).toMatch(/<ul><\/ul><\/section>$/);
    expect(html.slice(at)).toBe("<section>b</section></main>");
  });

  it("is -1 where <main> has no header, or no section after it", () => {
    expect(end("<main><section>a</section></main>")).toBe(-1);
    expect(end("<main><header>T</header><p>x</p></main><section>after</section>")).toBe(-1);
    expect(end("<p>no main</p>")).toBe(-1);
  });
});

describe("islandStart", () => {
  const start = (html: string) => islandStart(html, scanHtml(html));
  const island = '<astro-island uid="a"><form><section>fields</section></form></astro-island>';

  it("is where the island the first screen ends in begins, after the header of <main>", () => {
    const html = `<main><header><h1>T</h1><p>standfirst</p></header><div><noscript>n</noscript>${island}</div></main>`;
    expect(html.slice(start(html))).toMatch(/^<astro-island uid="a">/);
  });

  it("is -1 where the first screen ends outside an island, or the island holds the header", () => {
    expect(start(`<main><header><h1>T</h1></header><section>a</section>${island}</main>`)).toBe(-1);
    expect(start(`<main><astro-island><header><h1>T</h1></header><section>a</section></astro-island></main>`)).toBe(-1);
    expect(start("<main><p>no header</p></main>")).toBe(-1);
  });
});

describe("splitsToTry", () => {
  const page = (before: string, after: string) =>
    `<main><header><h1>T</h1></header><section>${before}</section>${after}</main><footer></footer>`;
  const tries = (html: string, whole: boolean) => splitsToTry(html, firstScreenEnd(html, scanHtml(html)), whole);
  const rest = "<p>more of the lesson</p>".repeat(20);

  it("splits a long page after its first screen even when it fits whole, and tries after <main> only when not", () => {
    expect(tries(page("key takeaways", rest), true)).toEqual(["after-section"]);
    expect(tries(page("key takeaways", rest), false)).toEqual(["after-section", "after-main"]);
  });

  it("keeps whole a page that fits and is mostly its first screen, or has none", () => {
    expect(tries(page(rest, "<p>a tip</p>"), true)).toEqual([]);
    expect(tries(`<main><p>${rest}</p></main>`, true)).toEqual([]);
  });

  it("tries before the island a page's first screen ends in, not after that screen, when it does not fit whole", () => {
    const html = `<main><header><h1>T</h1></header><astro-island><section>form</section></astro-island>${rest}</main>`;
    const island = (whole: boolean) =>
      splitsToTry(html, firstScreenEnd(html, scanHtml(html)), whole, islandStart(html, scanHtml(html)));
    expect(island(false)).toEqual(["before-island", "after-main"]);
    // Whole, it is not split: the first screen's end is inside the island, where no link may go.
    expect(island(true)).toEqual([]);
  });

  it("tries after <main> alone where there is no first screen to split after, and nothing without a <main>", () => {
    expect(tries(`<main><p>${rest}</p></main>`, false)).toEqual(["after-main"]);
    expect(tries(`<div>${rest}</div>`, false)).toEqual([]);
  });
});

describe("openElements and markSplit", () => {
  const html =
    '<body class="a"><header><p>x</p></header><main id="main"><div class="space-y-4"><header><h1>T</h1><br>' +
    '<img src="i.png"></header><section>rest</section></div></main><footer></footer></body>';
  const at = html.indexOf("</header>", html.indexOf("<main")) + "</header>".length;

  it("names the elements a point of the page is inside, outermost first, void elements and closed ones aside", () => {
    expect(openElements(scanHtml(html), at).map((tag) => tag.name)).toEqual(["body", "main", "div"]);
  });

  it("inserts the link there and marks it and the elements it sits in from <main> inward", () => {
    const link = '<link rel="stylesheet" href="/later.css">';
    expect(markSplit(html, at, link, openElements(scanHtml(html), at))).toBe(
      '<body class="a"><header><p>x</p></header><main data-split id="main"><div data-split class="space-y-4">' +
        '<header><h1>T</h1><br><img src="i.png"></header>' +
        '<link data-split rel="stylesheet" href="/later.css"><section>rest</section></div></main><footer></footer></body>',
    );
  });

  it("splits nothing outside <main>", () => {
    const before = html.indexOf("</p>");
    expect(markSplit(html, before, "<link>", openElements(scanHtml(html), before))).toBeUndefined();
  });

  it("splits nothing inside an island, whose markup React hydrates", () => {
    const island =
      '<main><astro-island uid="1"><form><section>a</section><section>b</section></form></astro-island></main>';
    const inside = island.indexOf("</section>") + "</section>".length;
    expect(markSplit(island, inside, "<link>", openElements(scanHtml(island), inside))).toBeUndefined();
  });
});

describe("pruneProperties", () => {
  const fallback = "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-a:0;--tw-ab:initial;--tw-b:0}}}";
  const registered = [
    '@property --tw-a{syntax:"*";inherits:false;initial-value:0}',
    '@property --tw-ab{syntax:"*";inherits:false}',
    '@property --tw-b{syntax:"*";inherits:false;initial-value:0}',
  ].join("");
  const css = `${fallback}@layer utilities{.x{--tw-a:1px;translate:var(--tw-a)}.y{--tw-ab:2px}}${registered}`;

  it("drops the registration and the fallback line of each property nothing reads, by its whole name", () => {
    const result = pruneProperties(css, css);
    expect(result.removed).toEqual(["--tw-ab", "--tw-b"]);
    expect(result.css).toBe(
      "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-a:0}}}" +
        "@layer utilities{.x{--tw-a:1px;translate:var(--tw-a)}.y{--tw-ab:2px}}" +
        '@property --tw-a{syntax:"*";inherits:false;initial-value:0}',
    );
  });

  it("keeps a property read anywhere else the page can read it: another style, a script, with a fallback value", () => {
    const read = `${css}<style>.z{width:var( --tw-b , 1px)}</style><script>el.style.margin = "var(--tw-ab)"</script>`;
    const result = pruneProperties(css, read);
    expect(result.removed).toEqual([]);
    expect(result.css).toBe(css);
  });
});

describe("pruneThemeVariables", () => {
  const theme =
    '@layer theme{:root,:host{--font-sans:ui-sans-serif, system-ui;--font-mono:ui-monospace, "Courier New";' +
    "--default-font-family:var(--font-sans);--default-mono-font-family:var(--font-mono);" +
    "--text-8xl:6rem;--text-8xl--line-height:1;--color-ink:#111;--color-up:#1c6a37}}";
  const css = `${theme}@layer base{html{font-family:var(--default-font-family,sans-serif)}}.x{color:var(--color-ink)}`;

  it("drops each variable nothing reads, and then those only the dropped ones read", () => {
    const result = pruneThemeVariables(css, "<p class=x>");
    expect(result.removed.sort()).toEqual(
      ["--default-mono-font-family", "--font-mono", "--text-8xl", "--text-8xl--line-height", "--color-up"].sort(),
    );
    expect(result.css).toBe(
      "@layer theme{:root,:host{--font-sans:ui-sans-serif, system-ui;--default-font-family:var(--font-sans);" +
        "--color-ink:#111}}" +
        "@layer base{html{font-family:var(--default-font-family,sans-serif)}}.x{color:var(--color-ink)}",
    );
  });

  it("keeps a variable read by the page's other styles, its scripts or a stylesheet that loads later", () => {
    const read =
      '<style>.y{fill:var( --color-up )}</style><script>el.style.font = "var(--default-mono-font-family)"</script>' +
      ".z{line-height:var(--text-8xl--line-height);font-size:var(--text-8xl)}";
    const result = pruneThemeVariables(css, read);
    expect(result.removed).toEqual([]);
    expect(result.css).toBe(css);
  });

  it("keeps a variable a script reads by name", () => {
    const read = '<script>getComputedStyle(document.body).getPropertyValue("--color-up")</script>';
    expect(pruneThemeVariables(css, read).removed).not.toContain("--color-up");
    expect(pruneThemeVariables(css, "<script>x('--color-upper')</script>").removed).toContain("--color-up");
  });

  it("reads a name whole: --text-8xl is not read by var(--text-8xl--line-height)", () => {
    const result = pruneThemeVariables(css, ".z{line-height:var(--text-8xl--line-height)}");
    expect(result.removed).toContain("--text-8xl");
    expect(result.removed).not.toContain("--text-8xl--line-height");
  });

  it("leaves a stylesheet without a theme layer as it is", () => {
    expect(pruneThemeVariables(".x{color:red}", "")).toEqual({ css: ".x{color:red}", removed: [] });
  });
});

describe("pruneKeyframes", () => {
  const keyframes = "@keyframes spin{to{transform:rotate(360deg)}}@keyframes pulse{50%{opacity:.5}}";

  it("drops the keyframes no animation names, and keeps those named in the stylesheet or elsewhere", () => {
    const css = `@layer theme{:root{--animate-pulse:pulse 2s infinite}}${keyframes}.x{color:red}`;
    expect(pruneKeyframes(css, "")).toEqual({
      css: "@layer theme{:root{--animate-pulse:pulse 2s infinite}}@keyframes pulse{50%{opacity:.5}}.x{color:red}",
      removed: ["spin"],
    });
    expect(pruneKeyframes(keyframes, "<style>.y{animation:spin 1s}</style>").removed).toEqual(["pulse"]);
  });

  it("reads a name whole: spinner and spin-fast do not name spin", () => {
    expect(pruneKeyframes(keyframes, ".z{animation:spinner 1s,spin-fast 1s,pulse 1s}").removed).toEqual(["spin"]);
  });
});

describe("pruneElementRules", () => {
  const base = [
    "@layer base{",
    "*,:after,:before{margin:0}",
    "code,kbd,samp,pre{font-family:monospace}",
    "sub,sup{font-size:75%}",
    "table{border-collapse:collapse}",
    ":where(select:is([multiple],[size])) optgroup{font-weight:bolder}",
    "abbr:where([title]){text-decoration:underline dotted}",
    "img,svg,video{display:block}",
    "mark{background:yellow}",
    "@supports (color:red){textarea::placeholder{color:red}}",
    "}",
  ].join("");
  const css = `@layer theme{code{color:red}}${base}.x{color:red}`;

  it("finds the element a selector's subject must be", () => {
    expect(subjectElement("abbr:where([title])")).toBe("abbr");
    expect(subjectElement(":where(select:is([multiple],[size])) optgroup")).toBe("optgroup");
    expect(subjectElement("ul > li + LI")).toBe("li");
    expect(subjectElement("li:nth-child(2n + 1)")).toBe("li");
    expect(subjectElement("::placeholder")).toBeUndefined();
    expect(subjectElement("*")).toBeUndefined();
  });

  it("drops the base rules whose every selector is an optional element the page lacks, and nothing else", () => {
    const result = pruneElementRules(css, new Set(["img", "sub", "p"]));
    expect(result.css).toBe(
      "@layer theme{code{color:red}}@layer base{*,:after,:before{margin:0}sub,sup{font-size:75%}" +
        "img,svg,video{display:block}mark{background:yellow}}.x{color:red}",
    );
    expect(result.removed).toBe(5);
  });

  it("keeps them all on a page that has the elements", () => {
    const present = new Set(["code", "sub", "table", "optgroup", "abbr", "textarea"]);
    expect(pruneElementRules(css, present)).toEqual({ css, removed: 0 });
  });

  describe("the parts only some kinds of input have", () => {
    const inputs = [
      "@layer base{::placeholder{opacity:1}::-webkit-search-decoration{-webkit-appearance:none}",
      "::-webkit-date-and-time-value{min-height:1lh}::-webkit-datetime-edit-year-field{padding-block:0}",
      "::-webkit-calendar-picker-indicator{line-height:1}::-webkit-inner-spin-button{height:auto}",
      "::file-selector-button{margin-inline-end:4px}::file-selector-button,::placeholder{color:red}}",
    ].join("");

    it("go where no such input is: a search box keeps only what every input has", () => {
      const result = pruneElementRules(inputs, new Set(["input", "input[type=search]"]));
      expect(result.css).toBe(
        "@layer base{::placeholder{opacity:1}::-webkit-search-decoration{-webkit-appearance:none}" +
          "::file-selector-button,::placeholder{color:red}}",
      );
      expect(result.removed).toBe(5);
    });

    it("stay for a date field, a number, a list of suggestions or a file input", () => {
      const kept = (kind: string) => pruneElementRules(inputs, new Set(["input", kind])).css;
      expect(kept("input[type=date]")).toBe(
        "@layer base{::-webkit-date-and-time-value{min-height:1lh}::-webkit-datetime-edit-year-field{padding-block:0}" +
          "::-webkit-calendar-picker-indicator{line-height:1}::-webkit-inner-spin-button{height:auto}}",
      );
      expect(kept("input[type=number]")).toBe(
        "@layer base{::placeholder{opacity:1}::-webkit-inner-spin-button{height:auto}" +
          "::file-selector-button,::placeholder{color:red}}",
      );
      expect(kept("input[list]")).toContain("::-webkit-calendar-picker-indicator{line-height:1}");
      expect(kept("input[type=file]")).toContain("::file-selector-button{margin-inline-end:4px}");
    });
  });
});

describe("laterElementRules", () => {
  const css =
    "@layer base{*{margin:0}summary{display:list-item}button,input{font:inherit}::placeholder{opacity:1}" +
    "@supports (x:y){::placeholder{color:currentColor}}h1{font-size:inherit}}";
  const page = new Set(["h1", "button", "summary", "input", "input[type=search]"]);

  it("gives the later stylesheet the base rules only elements after the split need, in their order", () => {
    const { css: later, before } = laterElementRules(css, page, new Set(["h1", "button"]));
    expect(later).toBe(
      "@layer base{summary{display:list-item}::placeholder{opacity:1}@supports (x:y){::placeholder{color:currentColor}}}",
    );
    expect([...before]).toEqual(["h1", "button"]);
    expect(pruneElementRules(css, before).css).toBe(
      "@layer base{*{margin:0}button,input{font:inherit}h1{font-size:inherit}}",
    );
  });

  it("moves nothing when the first part needs them all", () => {
    expect(laterElementRules(css, page, page).css).toBe("");
  });

  it("keeps a rule in the first part when a base rule that stays there styles the same element", () => {
    const styled = css.replace("h1{font-size:inherit}", "h1,summary{display:flex}");
    const { css: later, before } = laterElementRules(styled, page, new Set(["h1", "button"]));
    expect(later).toBe("@layer base{::placeholder{opacity:1}@supports (x:y){::placeholder{color:currentColor}}}");
    expect(before.has("summary")).toBe(true);
    expect(pruneElementRules(styled, before).css).toContain("summary{display:list-item}");
  });
});

describe("pruneFontFaces", () => {
  const core = '@font-face{font-family:"A";src:url(/a-core.woff2);unicode-range:U+0020-007E, U+2013-2014}';
  const extended = '@font-face{font-family:"A";src:url(/a-ext.woff2);unicode-range:U+00A1-00A6, U+00C0-00FF, U+20AC}';
  const local = '@font-face{font-family:"A Fallback";src:local("Times New Roman")}';
  const css = `${core}${extended}${local}body{font-family:"A"}`;

  it("reads unicode-range values, wildcards included", () => {
    expect(unicodeRanges("U+0020-007E, u+00a0,U+4??")).toEqual([
      [0x20, 0x7e],
      [0xa0, 0xa0],
      [0x400, 0x4ff],
    ]);
    expect(() => unicodeRanges("U+zz")).toThrow(/unicode-range/);
  });

  it("drops a face none of whose characters the page shows, and keeps the others and those without a range", () => {
    expect(pruneFontFaces(css, "Plain text — nothing else")).toEqual({
      css: `${core}${local}body{font-family:"A"}`,
      removed: 1,
    });
    expect(pruneFontFaces(css, "Café")).toEqual({ css, removed: 0 });
    expect(pruneFontFaces(css, "Costs 5 €")).toEqual({ css, removed: 0 });
  });
});

describe("ownCode", () => {
  it("leaves out React's runtime, whose words are not the page's classes or elements, and keeps the islands' code", () => {
    const island = 'jsx("textarea",{className:"inline mt-2"})';
    const runtime = 'function r(e){return"https://react.dev/errors/"+e}var k=["textarea","inline","transition"];';
    const internals = "x.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE.H";
    expect(ownCode([island, runtime, internals])).toEqual([island]);
  });
});

describe("pageScriptFiles", () => {
  it("finds the script files the page names and every file they import, statically or not", () => {
    const files: Record<string, string> = {
      "island.A.js": 'import{j as e}from"./jsx.B.js";const c=()=>import("./chart.C.js");',
      "jsx.B.js": "export const j=1;",
      "chart.C.js": 'import"./jsx.B.js";',
      "deferred.D.js": 'const m=["_astro/shared.E.js"];',
      "shared.E.js": "",
      "elsewhere.F.js": "",
    };
    const html =
      '<astro-island component-url="/_astro/island.A.js"></astro-island>' +
      '<script type="module">addEventListener("load",()=>import("/_astro/deferred.D.js"))</script>' +
      '<a href="/_astro/gone.G.js">x</a>';
    const found = pageScriptFiles(html, (name) => files[name]);
    expect([...found].sort()).toEqual([
      "chart.C.js",
      "deferred.D.js",
      "gone.G.js",
      "island.A.js",
      "jsx.B.js",
      "shared.E.js",
    ]);
  });
});
