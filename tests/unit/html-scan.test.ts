import { describe, expect, test } from "vitest";
import { decodeEntities, scanHtml } from "../../scripts/lib/html-scan";

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
