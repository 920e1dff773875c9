import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  cspHash,
  decodeEntities,
  extractStyleAttributes,
  findInlineCode,
  RESTORE_ISLAND_STYLES,
  scanHtml,
  styleRule,
} from "../../scripts/csp/html-inline";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("decodeEntities", () => {
  test("returns the characters behind named and numeric references", () => {
    expect(decodeEntities("a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#x27;")).toBe(`a & b <c> "d" 'e'`);
  });

  test("returns unknown references unchanged", () => {
    expect(decodeEntities("&bogus; &")).toBe("&bogus; &");
  });

  test("returns references decoded by the attribute rules: a legacy name before = or a letter stays", () => {
    expect(decodeEntities("&copy; &copy &notin; &#x1F600; ?a=1&copy=2&copyx")).toBe("© © ∉ 😀 ?a=1&copy=2&copyx");
  });

  test("returns double quotes in the value unchanged", () => {
    expect(decodeEntities(`"&amp"&quot;`)).toBe(`"&""`);
  });
});

describe("scanHtml", () => {
  test("returns each start tag with its attributes, even when a quoted value holds a >", () => {
    const { tags } = scanHtml(`<div a="1 > 2" b='x' c=bare d><p>`);
    expect(tags.map((tag) => tag.name)).toEqual(["div", "p"]);
    expect(tags[0]!.attributes.map(({ name, value }) => [name, value])).toEqual([
      ["a", "1 > 2"],
      ["b", "x"],
      ["c", "bare"],
      ["d", ""],
    ]);
  });

  test("returns script and style text as written, without reading tags inside it", () => {
    const { scripts, styles, tags } = scanHtml(`<script>if (a<b) x = "<p>";</script><style>p>a{}</style><i>`);
    expect(scripts.map((s) => s.text)).toEqual([`if (a<b) x = "<p>";`]);
    expect(styles.map((s) => s.text)).toEqual(["p>a{}"]);
    expect(tags.map((tag) => tag.name)).toEqual(["script", "style", "i"]);
  });

  test("returns nothing from comments and doctypes", () => {
    const { tags } = scanHtml(`<!doctype html><!-- <script>x</script> --><b>`);
    expect(tags.map((tag) => tag.name)).toEqual(["b"]);
  });

  test("returns nothing from a comment holding a script, a style attribute or an unclosed tag", () => {
    const { tags, scripts, endTags } = scanHtml(`<!--<script>a()</script><p style="x:y" --><!----><i>`);
    expect(tags.map((tag) => tag.name)).toEqual(["i"]);
    expect(scripts).toEqual([]);
    expect(endTags).toEqual([]);
  });

  test("returns unquoted values up to a space or >, and each attribute's offsets", () => {
    const html = `<A HREF=/x?a=1&amp;b=2 data-x = "y > z" hidden Style=color:red><br/>`;
    const [a, br] = scanHtml(html).tags;
    expect(a!.name).toBe("a");
    expect(a!.attributes.map(({ name, value }) => [name, value])).toEqual([
      ["href", "/x?a=1&b=2"],
      ["data-x", "y > z"],
      ["hidden", ""],
      ["style", "color:red"],
    ]);
    expect(a!.attributes.map((item) => html.slice(item.start, item.end))).toEqual([
      "HREF=/x?a=1&amp;b=2",
      `data-x = "y > z"`,
      "hidden",
      "Style=color:red",
    ]);
    expect(html.slice(a!.start, a!.end)).toBe(html.slice(0, html.indexOf("<br/>")));
    expect(html.slice(br!.start, br!.end)).toBe("<br/>");
  });

  test("returns attribute values with their character references decoded", () => {
    const [tag] = scanHtml(`<a title="&lt;b&gt; &#38; &#x22;&quot;" data-q='it&apos;s' href="?a=1&copy=2">`).tags;
    expect(tag!.attributes.map((item) => item.value)).toEqual([`<b> & ""`, "it's", "?a=1&copy=2"]);
  });

  test("returns script text up to its own end tag in any letter case, not a longer name", () => {
    const html = `<script>a = "</scripts>"; b()</SCRIPT ><Style>p{}</sTyle><p>x</p >`;
    const { scripts, styles, tags, endTags } = scanHtml(html);
    expect(scripts.map((s) => s.text)).toEqual([`a = "</scripts>"; b()`]);
    expect(styles.map((s) => s.text)).toEqual(["p{}"]);
    expect(tags.map((tag) => tag.name)).toEqual(["script", "style", "p"]);
    expect(endTags.map(({ name, start, end }) => [name, html.slice(start, end)])).toEqual([
      ["script", "</SCRIPT >"],
      ["style", "</sTyle>"],
      ["p", "</p >"],
    ]);
  });

  test("returns the text of a script the page does not close, to the end of the page", () => {
    const { scripts } = scanHtml(`<script type=module>a()<p>`);
    expect(scripts.map((s) => s.text)).toEqual(["a()<p>"]);
  });
});

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
