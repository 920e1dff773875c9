import { describe, expect, it } from "vitest";

import {
  customPropertyCounts,
  fixedCustomProperties,
  renameCustomProperties,
  renameCustomPropertiesInHtml,
} from "../../scripts/lib/short-properties.mjs";

// The fixtures name no custom property of the site: the build keeps every name a test names.

const names = new Map([
  ["--ink-tone", "--a"],
  ["--lead-in", "--b"],
  ["--small--line-height", "--c"],
  ["--accent-tone", "--d"],
  ["--x", "--e"],
]);

describe("renameCustomProperties", () => {
  it("renames where a declaration sets or reads a custom property and where @property registers it", () => {
    const css =
      '@property --lead-in{syntax:"*";inherits:false}@layer theme{:root{--ink-tone:#1b1a17;--small--line-height:calc(1.25/.875)}}' +
      ".text-sm{line-height:var(--lead-in,var(--small--line-height))}" +
      "@media (prefers-color-scheme:dark){:root{--ink-tone:#eee}}p{color:var(--ink-tone)}";
    expect(renameCustomProperties(css, names)).toBe(
      '@property --b{syntax:"*";inherits:false}@layer theme{:root{--a:#1b1a17;--c:calc(1.25/.875)}}' +
        ".text-sm{line-height:var(--b,var(--c))}" +
        "@media (prefers-color-scheme:dark){:root{--a:#eee}}p{color:var(--a)}",
    );
  });

  it("leaves selectors, conditions, strings, comments and longer words as they are", () => {
    const css =
      ".accent-\\[var\\(--accent-tone\\)\\]{accent-color:var(--accent-tone)}" +
      '[data-inline-style="--x:1"]{--x:1}@supports (--x:0){a{content:"--x";b:c--x}}/* --ink-tone */' +
      ".\\[--x\\:2px\\]{--x:2px}";
    expect(renameCustomProperties(css, names)).toBe(
      ".accent-\\[var\\(--accent-tone\\)\\]{accent-color:var(--d)}" +
        '[data-inline-style="--x:1"]{--e:1}@supports (--x:0){a{content:"--x";b:c--x}}/* --ink-tone */' +
        ".\\[--x\\:2px\\]{--e:2px}",
    );
  });

  it("renames inside nested rules and keeps a name it has no short one for", () => {
    const css = ".a{--ink-tone:red;&:hover{color:var(--ink-tone)}}.b{--kept:1;color:var(--kept)}";
    expect(renameCustomProperties(css, names)).toBe(
      ".a{--a:red;&:hover{color:var(--a)}}.b{--kept:1;color:var(--kept)}",
    );
  });
});

describe("fixedCustomProperties", () => {
  it("names the custom properties a selector or a condition names, not those a declaration sets or reads", () => {
    const fixed = fixedCustomProperties(
      '@property --lead-in{inherits:false}.x{color:var(--ink-tone)}.\\[--y\\:1\\]{--y:1}@supports (--z:0){a{--w:0}}[title="--q"]{--v:0}',
    );
    expect([...fixed].sort()).toEqual(["--y", "--z"]);
  });
});

describe("customPropertyCounts", () => {
  it("counts where each custom property can be renamed, over every stylesheet", () => {
    const counts = customPropertyCounts([":root{--a-b:1}p{x:var(--a-b)}", "q{x:var(--a-b);y:var(--c)}.\\[--d\\]{}"]);
    expect([...counts].sort()).toEqual([
      ["--a-b", 3],
      ["--c", 1],
    ]);
  });
});

describe("renameCustomPropertiesInHtml", () => {
  it("renames in <style> elements only: an attribute or a script keeps the name", () => {
    const html =
      '<style>:root{--ink-tone:#000}</style><p data-inline-style="--ink-tone:red" class="accent-[var(--accent-tone)]">x</p>' +
      '<script>getComputedStyle(document.body).getPropertyValue("--ink-tone")</script><svg><style>.l{stroke:var(--ink-tone)}</style></svg>';
    expect(renameCustomPropertiesInHtml(html, names)).toBe(
      '<style>:root{--a:#000}</style><p data-inline-style="--ink-tone:red" class="accent-[var(--accent-tone)]">x</p>' +
        '<script>getComputedStyle(document.body).getPropertyValue("--ink-tone")</script><svg><style>.l{stroke:var(--a)}</style></svg>',
    );
  });
});
