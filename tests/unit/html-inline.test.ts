import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  cspHash,
  extractStyleAttributes,
  findInlineCode,
  RESTORE_ISLAND_STYLES,
  styleRule,
} from "../../scripts/csp/html-inline";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("findInlineCode", () => {
  test("returns inline scripts that run, but not external ones or data blocks", () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script>
      <script type="application/ld+json">{"@type":"Thing"}</script><script type="importmap">{}</script>`;
    expect(findInlineCode(html).scripts).toEqual(["a()", "b()", "{}"]);
  });

  test("returns style elements and style attribute values", () => {
    const code = findInlineCode(`<style>p{}</style><div style="min-height:250px"></div>`);
    expect(code.styles).toEqual(["p{}"]);
    expect(code.styleAttributes).toEqual(["min-height:250px"]);
  });

  test("returns event-handler attributes and javascript: URLs as forbidden", () => {
    const code = findInlineCode(`<img onerror="x()"><a href=" javascript:void(0)">`);
    expect(code.forbidden).toEqual(["<img onerror>", `<a href="javascript:…">`]);
  });
});

describe("cspHash", () => {
  test("returns the sha256 source expression a browser computes for the text", () => {
    expect(cspHash("alert(1)")).toBe(sha("alert(1)"));
    expect(cspHash("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  test("returns the hash of the text with CRLF and CR read as LF, as the HTML parser does", () => {
    expect(cspHash("a\r\nb\rc")).toBe(sha("a\nb\nc"));
  });
});

describe("styleRule", () => {
  test("returns an unlayered rule with three attribute selectors matching the declarations", () => {
    const selector = `[data-inline-style="min-height:250px"]`;
    expect(styleRule("min-height:250px")).toBe(`${selector}${selector}${selector}{min-height:250px}`);
  });

  test("returns quotes and backslashes escaped in the selector", () => {
    expect(styleRule(`font-family:"A\\B"`)).toContain(`[data-inline-style="font-family:\\"A\\\\B\\""]`);
  });

  test("throws for declarations that could end the rule early", () => {
    expect(() => styleRule("color:red}body{color:blue")).toThrow(/cannot move to a stylesheet/);
  });
});

describe("extractStyleAttributes", () => {
  test("returns the page with each style attribute renamed, and every distinct declaration list", () => {
    const html = `<div class="a" style="min-height:250px">x</div><span style='color:red'></span><div style="min-height:250px"></div>`;
    const { html: out, declarations } = extractStyleAttributes(html);
    expect(out).toBe(
      `<div class="a" data-inline-style="min-height:250px">x</div><span data-inline-style='color:red'></span><div data-inline-style="min-height:250px"></div>`,
    );
    expect([...declarations]).toEqual(["min-height:250px", "color:red"]);
  });

  test("returns declarations decoded, as the browser reads the attribute", () => {
    const { declarations } = extractStyleAttributes(`<p style="font-family:&quot;A B&quot;">`);
    expect([...declarations]).toEqual([`font-family:"A B"`]);
  });

  test("returns the restore script right after each island that holds styled elements, and only there", () => {
    const html =
      `<astro-island uid="1"><span style="left:0%"></span><astro-island uid="2"><i style="a:b"></i></astro-island></astro-island>` +
      `<astro-island uid="3"><b></b></astro-island><p style="c:d"></p>`;
    const { html: out } = extractStyleAttributes(html);
    const script = `<script>${RESTORE_ISLAND_STYLES}</script>`;
    expect(out.split(script)).toHaveLength(2);
    expect(out).toContain(`</astro-island></astro-island>${script}<astro-island uid="3">`);
    expect(out).toContain(`<p data-inline-style="c:d"></p>`);
  });

  test("returns unquoted and upper-case style attributes renamed, and a second style attribute dropped", () => {
    const { html: out, declarations } = extractStyleAttributes(`<p STYLE=color:red style="x:y">a > b</p>`);
    expect(out).toBe(`<p data-inline-style=color:red >a > b</p>`);
    expect([...declarations]).toEqual(["color:red"]);
  });

  test("returns the page unchanged when it has no style attribute", () => {
    const html = `<p data-style="x">style="not an attribute"</p><script>el.style="x"</script>`;
    expect(extractStyleAttributes(html)).toEqual({ html, declarations: new Set() });
  });

  test("returns island props untouched: a style inside an escaped attribute value is not an attribute", () => {
    const html = `<div props="{&quot;style&quot;:&quot;x&quot;}" style="display:contents"></div>`;
    const { html: out } = extractStyleAttributes(html);
    expect(out).toBe(`<div props="{&quot;style&quot;:&quot;x&quot;}" data-inline-style="display:contents"></div>`);
  });
});
