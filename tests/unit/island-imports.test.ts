import { describe, expect, it } from "vitest";
import { staticImports, withIslandImports } from "../../scripts/lib/island-imports.mjs";

/** Script files under /_astro/, minified as the build writes them. */
const FILES: Record<string, string> = {
  "Player.a1.js": 'import{j as e}from"./react.b2.js";import"./styles.c3.js";export{P as Player};',
  "client.d4.js": 'import{r}from"./react.b2.js";import{c}from"./dom.e5.js";export default c;',
  "react.b2.js": "const r=1;export{r};",
  "dom.e5.js":
    'import{r}from"./react.b2.js";export*from"./scheduler.f6.js";const c=()=>import("./lazy.g7.js");export{c};',
  "scheduler.f6.js": 'import"./dom.e5.js";export const s=1;',
  "styles.c3.js": 'import"https://cdn.example/x.js";import"/_astro/missing.h8.js";',
  "lazy.g7.js": 'import"./never.i9.js";',
};
const read = (name: string) => FILES[name];

describe("staticImports", () => {
  it("lists what the entries import, directly or through each other, breadth first, each once", async () => {
    expect(await staticImports(["/_astro/Player.a1.js", "/_astro/client.d4.js"], read)).toEqual([
      "/_astro/react.b2.js",
      "/_astro/styles.c3.js",
      "/_astro/dom.e5.js",
      "/_astro/missing.h8.js",
      "/_astro/scheduler.f6.js",
    ]);
  });

  it("leaves out what is loaded with import(), another host's file, and the entries themselves", async () => {
    const files = await staticImports(["/_astro/dom.e5.js", "/_astro/scheduler.f6.js"], read);
    expect(files).toEqual(["/_astro/react.b2.js"]);
  });

  it("lists a file it cannot read without following it, and reads nothing outside /_astro/", async () => {
    expect(await staticImports(["/_astro/styles.c3.js"], read)).toEqual(["/_astro/missing.h8.js"]);
    expect(await staticImports(["/elsewhere/Player.a1.js"], read)).toEqual([]);
  });
});

describe("withIslandImports", () => {
  const island = (client: string, extra = "") =>
    `<astro-island uid="x" component-url="/_astro/Player.a1.js" renderer-url="/_astro/client.d4.js" ` +
    `client="${client}"${extra} ssr><button>Play</button></astro-island>`;

  it("names the files on each island that hydrates when reached for, at the end of its start tag", async () => {
    expect(await withIslandImports(`<main>${island("interaction")}</main>`, read)).toBe(
      `<main><astro-island uid="x" component-url="/_astro/Player.a1.js" renderer-url="/_astro/client.d4.js" ` +
        `client="interaction" ssr data-imports="/_astro/react.b2.js /_astro/styles.c3.js /_astro/dom.e5.js ` +
        `/_astro/missing.h8.js /_astro/scheduler.f6.js"><button>Play</button></astro-island></main>`,
    );
  });

  it("names each island's own files when a page has two", async () => {
    const second = `<astro-island component-url="/_astro/dom.e5.js" client="interaction"></astro-island>`;
    const out = await withIslandImports(`${island("interaction")}${second}`, read);
    expect([...out.matchAll(/data-imports="([^"]*)"/g)].map((match) => match[1])).toEqual([
      "/_astro/react.b2.js /_astro/styles.c3.js /_astro/dom.e5.js /_astro/missing.h8.js /_astro/scheduler.f6.js",
      "/_astro/react.b2.js /_astro/scheduler.f6.js",
    ]);
  });

  it("leaves alone an island another directive hydrates, one already named, and one that imports nothing", async () => {
    const alone = [
      island("idle"),
      island("interaction", ' data-imports="/_astro/react.b2.js"'),
      `<astro-island component-url="/_astro/react.b2.js" client="interaction"></astro-island>`,
    ].join("");
    expect(await withIslandImports(alone, read)).toBe(alone);
  });
});
