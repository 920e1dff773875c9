import { describe, expect, it } from "vitest";
import { joinScripts, joinStyles } from "../../scripts/lib/join-inline.mjs";

describe("joinStyles", () => {
  it("joins the page's style sheets, in their order, where the first was", () => {
    const html =
      "<head><style>@font-face{font-family:A}</style><script>x()</script><style>p{color:red}</style>" +
      "<style>[data-s]{top:0}</style></head><body><main><style>astro-island{display:contents}</style></main></body>";
    expect(joinStyles(html)).toBe(
      "<head><style>@font-face{font-family:A}\np{color:red}\n[data-s]{top:0}\nastro-island{display:contents}</style>" +
        "<script>x()</script></head><body><main></main></body>",
    );
  });

  it("leaves apart a sheet after a linked stylesheet, with attributes, @import, or in noscript, template or svg", () => {
    const html =
      "<head><style>a{b:c}</style><style media=print>p{d:e}</style><style>@import url(/x.css);</style>" +
      "<style>q{f:g}</style></head><body><noscript><style>h{i:j}</style></noscript><template><style>k{}</style>" +
      "</template><svg><style>l{}</style></svg><link rel=stylesheet href=/later.css><style>m{}</style></body>";
    expect(joinStyles(html)).toBe(html.replace("<style>q{f:g}</style>", "").replace("a{b:c}", "a{b:c}\nq{f:g}"));
  });

  it("returns a page with one sheet or none as it is", () => {
    expect(joinStyles("<style>a{}</style><p>x</p>")).toBe("<style>a{}</style><p>x</p>");
    expect(joinStyles("<p>x</p>")).toBe("<p>x</p>");
  });
});

describe("joinScripts", () => {
  it("joins classic scripts with only white space between them, so that each statement stays its own", () => {
    const html = "<p>a</p><script>(()=>{a()})()</script>\n  <script>(()=>{b()})()</script><p>b</p>";
    const joined = joinScripts(html);
    expect(joined).toBe("<p>a</p><script>(()=>{a()})()\n;(()=>{b()})()</script>\n  <p>b</p>");
    // Run as one, it still calls each function on its own: without the semicolon the second would call a's result.
    const calls: string[] = [];
    const code = /<script>([\s\S]*)<\/script>/.exec(joined)?.[1] ?? "";
    new Function("a", "b", code)(
      () => calls.push("a"),
      () => calls.push("b"),
    );
    expect(calls).toEqual(["a", "b"]);
  });

  it("keeps a line comment at the end of a script from swallowing the next", () => {
    const joined = joinScripts("<script>a()//! note</script><script>b()</script>");
    expect(joined).toBe("<script>a()//! note\n;b()</script>");
  });

  it("leaves apart scripts with markup between them, with attributes, that read currentScript or are strict", () => {
    const html = [
      "<script>a()</script><p>x</p><script>b()</script>",
      '<script type="module">c()</script><script>d()</script>',
      '<script type="application/ld+json">{}</script><script>e()</script>',
      "<script>document.currentScript.previousElementSibling</script>",
      '<script>"use strict";f()</script><script>g()</script>',
    ].join("<hr>");
    expect(joinScripts(html)).toBe(html);
  });

  it("lets a script that reads currentScript begin a run: it stays where it was", () => {
    expect(joinScripts("<i></i><script>document.currentScript.x()</script><script>b()</script>")).toBe(
      "<i></i><script>document.currentScript.x()\n;b()</script>",
    );
  });
});
