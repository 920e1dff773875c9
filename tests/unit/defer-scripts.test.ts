import { describe, expect, it } from "vitest";
import { afterLoad, deferModuleScripts, islandScripts } from "../../scripts/lib/defer-scripts.mjs";

const tag =
  '<script type="module" src="/_astro/SubscribeForm.astro_astro_type_script_index_0_lang.BpwhPV7i.js"></script>';

describe("deferModuleScripts", () => {
  it("turns a module script file into one inline classic script at the end of <head>", () => {
    const { html, deferred } = deferModuleScripts(`<head><title>t</title></head><form></form>${tag}<p>after</p>`);
    expect(deferred).toEqual(["/_astro/SubscribeForm.astro_astro_type_script_index_0_lang.BpwhPV7i.js"]);
    expect(html).toBe(`<head><title>t</title>${afterLoad(deferred)}</head><form></form><p>after</p>`);
    expect(html).not.toContain(" src=");
  });

  it("imports all of a page's files from one script, in the page's order", () => {
    const file = (name: string) => `<script type="module" src="/_astro/${name}.js"></script>`;
    const { html, deferred } = deferModuleScripts(
      `<head>${file("a")}</head><main>${file("b")}</main>${file("c")}<p>end</p>`,
    );
    expect(deferred).toEqual(["/_astro/a.js", "/_astro/b.js", "/_astro/c.js"]);
    expect(html).toBe(`<head>${afterLoad(deferred)}</head><main></main><p>end</p>`);
    expect(afterLoad(deferred)).toContain(
      'for(const src of ["/_astro/a.js","/_astro/b.js","/_astro/c.js"])import(src)',
    );
  });

  it("puts it where the last file's tag was in a page without a <head>", () => {
    const file = (name: string) => `<script type="module" src="/_astro/${name}.js"></script>`;
    const { html, deferred } = deferModuleScripts(`<main>${file("a")}</main>${file("b")}<p>end</p>`);
    expect(html).toBe(`<main></main>${afterLoad(deferred)}<p>end</p>`);
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

/**
 * The loader as a browser runs it, with the hooks it uses in our hands: `load`, the paint observer, timers,
 * idle callbacks and `import()`.
 */
function runLoader(sources: string[], { idle = true, failing = [] as string[] } = {}) {
  const code = /^<script>([\s\S]*)<\/script>$/.exec(afterLoad(sources))?.[1] ?? "";
  const imported: string[] = [];
  const dataset: Record<string, string> = {};
  let onLoad = () => {};
  let onPaint = (_list: { getEntriesByName: (name: string) => unknown[] }) => {};
  const timers: { ms: number; run: () => void }[] = [];
  const idles: (() => void)[] = [];
  class FakeObserver {
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe(options: unknown) {
      expect(options).toEqual({ type: "paint", buffered: true });
    }
  }
  const run = new Function(
    "addEventListener",
    "PerformanceObserver",
    "setTimeout",
    "self",
    "document",
    "loadModule",
    code.replace(/\bimport\(/g, "loadModule("),
  );
  run(
    (type: string, listener: () => void) => type === "load" && (onLoad = listener),
    FakeObserver,
    (callback: () => void, ms?: unknown) => timers.push({ ms: typeof ms === "number" ? ms : 0, run: callback }),
    idle ? { requestIdleCallback: (callback: () => void) => idles.push(callback) } : {},
    { documentElement: { dataset } },
    (src: string) => {
      imported.push(src);
      return failing.includes(src) ? Promise.reject(new Error("offline")) : Promise.resolve();
    },
  );
  const settle = () => new Promise((done) => setTimeout(done));
  return {
    imported,
    dataset,
    load: () => onLoad(),
    /** A frame presented: the first contentful paint, or a first paint with no content in it (`first-paint`). */
    paint: async (name = "first-contentful-paint") => {
      onPaint({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
      await settle();
    },
    timer: async (ms: number) => {
      for (const timer of timers.splice(0).filter((each) => each.ms === ms)) timer.run();
      await settle();
    },
    idle: async () => {
      for (const callback of idles.splice(0)) callback();
      await settle();
    },
  };
}

describe("the after-load loader", () => {
  const files = ["/_astro/a.js", "/_astro/b.js"];

  it("imports nothing before load, nor before the first paint, nor before the browser is idle", async () => {
    const page = runLoader(files);
    await page.paint(); // a paint before load is reported again to the observer load sets up (buffered)
    expect(page.imported).toEqual([]);
    page.load();
    await page.idle();
    expect(page.imported).toEqual([]);
    await page.paint();
    expect(page.imported).toEqual([]);
    await page.idle();
    expect(page.imported).toEqual(files);
  });

  it("waits for the first contentful paint, not a first frame with only the page's background", async () => {
    const page = runLoader(files);
    page.load();
    await page.paint("first-paint");
    await page.idle();
    expect(page.imported).toEqual([]);
    await page.paint();
    await page.idle();
    expect(page.imported).toEqual(files);
  });

  it("imports them half a second after load where no paint is reported, and only once", async () => {
    const page = runLoader(files);
    page.load();
    await page.timer(500);
    await page.idle();
    expect(page.imported).toEqual(files);
    await page.paint();
    await page.idle();
    expect(page.imported).toEqual(files);
  });

  it("uses a timer where there is no requestIdleCallback (Safari)", async () => {
    const page = runLoader(files, { idle: false });
    page.load();
    await page.paint();
    expect(page.imported).toEqual([]);
    await page.timer(0);
    expect(page.imported).toEqual(files);
  });

  it("imports each file on its own: one that fails marks <html> and stops no other", async () => {
    const page = runLoader(files, { failing: ["/_astro/a.js"] });
    page.load();
    await page.paint();
    await page.idle();
    expect(page.imported).toEqual(files);
    expect(page.dataset).toEqual({ scriptFailed: "" });
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
