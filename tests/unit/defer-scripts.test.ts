import { describe, expect, it } from "vitest";
import { afterLoad, deferModuleScripts, islandScripts } from "../../scripts/lib/defer-scripts.mjs";

const tag =
  '<script type="module" src="/_astro/SubscribeForm.astro_astro_type_script_index_0_lang.BpwhPV7i.js"></script>';

describe("deferModuleScripts", () => {
  it("turns a module script file into an inline module that imports it after load and the first paint, at idle, and marks a failure on <html>", () => {
    const { html, deferred } = deferModuleScripts(`<form></form>${tag}<p>after</p>`);
    expect(deferred).toEqual(["/_astro/SubscribeForm.astro_astro_type_script_index_0_lang.BpwhPV7i.js"]);
    expect(html).toBe(
      '<form></form><script type="module">addEventListener("load",()=>new Promise(painted=>{new PerformanceObserver(painted).observe({type:"paint",buffered:true});setTimeout(painted,500)}).then(()=>(self.requestIdleCallback||setTimeout)(()=>{for(const src of ["/_astro/SubscribeForm.astro_astro_type_script_index_0_lang.BpwhPV7i.js"])import(src).catch(()=>{document.documentElement.dataset.scriptFailed=""})},{timeout:2e3})),{once:true})</script><p>after</p>',
    );
    expect(html).not.toContain(" src=");
  });

  it("imports all of a page's files from one module, where the last of them was, in the page's order", () => {
    const file = (name: string) => `<script type="module" src="/_astro/${name}.js"></script>`;
    const { html, deferred } = deferModuleScripts(
      `<head>${file("a")}</head><main>${file("b")}</main>${file("c")}<p>end</p>`,
    );
    expect(deferred).toEqual(["/_astro/a.js", "/_astro/b.js", "/_astro/c.js"]);
    expect(html).toBe(`<head></head><main></main>${afterLoad(deferred)}<p>end</p>`);
    expect(afterLoad(deferred)).toContain(
      'for(const src of ["/_astro/a.js","/_astro/b.js","/_astro/c.js"])import(src)',
    );
  });

  it("leaves inline modules, classic scripts and other hosts' scripts alone", () => {
    const page = [
      '<script type="module">import("/x.js")</script>',
      '<script src="/classic.js"></script>',
      '<script type="module" src="https://example.org/a.js"></script>',
      '<script type="module" src="//example.org/b.js"></script>',
      '<script type="application/ld+json">{}</script>',
    ].join("");
    expect(deferModuleScripts(page)).toEqual({ html: page, deferred: [] });
  });

  it("quotes the URLs as JavaScript strings", () => {
    expect(afterLoad(['/_astro/a".js'])).toContain('["/_astro/a\\".js"]');
  });
});

describe("islandScripts", () => {
  const runtime =
    '(()=>{class b extends HTMLElement{};customElements.get("astro-island")||customElements.define("astro-island",b)})();';
  const directive =
    '(()=>{const d=()=>{};(self.Astro||(self.Astro={})).interaction=d,window.dispatchEvent(new Event("astro:interaction"))})();';
  const theme = '(()=>{document.documentElement.classList.remove("no-js")})();';

  it("moves Astro's directive and runtime scripts into one deferred file, directives first, where the first one was", () => {
    const page = `<head><script>${theme}</script></head><main><script>${directive}</script><script>${runtime}</script><astro-island></astro-island></main><script type="application/ld+json">{}</script>`;
    const islands = islandScripts(page);
    expect(islands?.code).toBe(`${directive}\n${runtime}`);
    expect(islands?.html("/_astro/islands.x.js")).toBe(
      `<head><script>${theme}</script></head><main><script src="/_astro/islands.x.js" defer></script><astro-island></astro-island></main><script type="application/ld+json">{}</script>`,
    );
  });

  it("finds nothing on a page without islands", () => {
    expect(
      islandScripts(`<script>${theme}</script><script type="module">import("/_astro/a.js")</script>`),
    ).toBeUndefined();
  });
});
