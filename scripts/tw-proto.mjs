import { compile, optimize } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import fs from "node:fs"; import zlib from "node:zlib"; import path from "node:path";
const br = (s) => zlib.brotliCompressSync(Buffer.from(s), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const cssPath = path.resolve("src/styles/global.css");
const src = fs.readFileSync(cssPath, "utf8").replace(/^@import "tailwindcss"[^;]*;/, '@import "tailwindcss" source(none);');
const compiler = await compile(src, { base: path.dirname(cssPath), onDependency() {} });
const jsAll = fs.readdirSync("dist/_astro").filter((f) => f.endsWith(".js"));
// Full (all src) for reference
const scanAll = new Scanner({ sources: [{ base: path.resolve("src"), pattern: "**/*", negated: false }] });
const all = scanAll.scan();
const fullCss = optimize(compiler.build(all), { minify: true }).code;
console.log("all src candidates", all.length, "css", fullCss.length, "br", br(fullCss));
for (const r of process.argv.slice(2)) {
  const html = fs.readFileSync(path.join("dist", r, "index.html"), "utf8");
  const sc = new Scanner({});
  const files = [{ content: html, extension: "html" }];
  // JS the page can load: every island chunk it names + everything those import (approx: all _astro js referenced)
  const refs = new Set([...html.matchAll(/\/_astro\/([^"'()]+\.js)/g)].map((m) => m[1]));
  let grew = true;
  while (grew) { grew = false; for (const f of [...refs]) { const code = fs.readFileSync(path.join("dist/_astro", f), "utf8"); for (const m of code.matchAll(/["'`(\/]\.?\/?([\w.-]+\.js)/g)) { if (jsAll.includes(m[1]) && !refs.has(m[1])) { refs.add(m[1]); grew = true; } } } }
  for (const f of refs) files.push({ content: fs.readFileSync(path.join("dist/_astro", f), "utf8"), extension: "js" });
  const cands = sc.scanFiles(files);
  const fresh = await compile(src, { base: path.dirname(cssPath), onDependency() {} });
  const css = optimize(fresh.build(cands), { minify: true }).code;
  const htmlBr = br(html); const orig = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(m=>m[1]).find(s=>s.includes("tailwindcss"));
  const newPage = br(html.replace(orig, css));
  console.log("   page br", htmlBr, "->", newPage);
  console.log(r.padEnd(28), "js", refs.size, "cands", cands.length, "css", css.length, "br", br(css));
}
