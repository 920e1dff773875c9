import { describe, expect, it } from "vitest";
import { afterLoad, deferModuleScripts } from "../../scripts/lib/defer-scripts.mjs";

const tag =
  '<script type="module" src="/_astro/SubscribeForm.astro_astro_type_script_index_0_lang.BpwhPV7i.js"></script>';

describe("deferModuleScripts", () => {
  it("turns a module script file into an inline module that imports it after load, at idle, and marks a failure on <html>", () => {
    const { html, deferred } = deferModuleScripts(`<form></form>${tag}<p>after</p>`);
    expect(deferred).toEqual(["/_astro/SubscribeForm.astro_astro_type_script_index_0_lang.BpwhPV7i.js"]);
    expect(html).toBe(
      '<form></form><script type="module">addEventListener("load",()=>{const go=()=>import("/_astro/SubscribeForm.astro_astro_type_script_index_0_lang.BpwhPV7i.js").catch(()=>{document.documentElement.dataset.scriptFailed=""});self.requestIdleCallback?requestIdleCallback(go,{timeout:2e3}):setTimeout(go)},{once:true})</script><p>after</p>',
    );
    expect(html).not.toContain(" src=");
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

  it("quotes the URL as a JavaScript string", () => {
    expect(afterLoad("/_astro/a.js")).toContain('import("/_astro/a.js")');
  });
});
