#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench`: how long `astro build` takes for the site as shipped and
 * for synthetic sites with 10× and 100× its content (generated glossary terms,
 * books and MDX sections, in a temporary copy of the project that links this
 * node_modules), and how build time grows; then the glossary search benchmark
 * (`npm run bench:search`). Writes reports/bench.json and reports/bench.md.
 * Usage: node scripts/bench.mjs [scale ...]   (default: 1 10 100; env BENCH_RUNS, default 3)
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { basename, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { filesUnder } from "./lib/dist.mjs";

const scales = process.argv.slice(2).length > 0 ? process.argv.slice(2).map(Number) : [1, 10, 100];
const root = resolve(".");
/** Not copied into a synthetic project: dependencies are linked, outputs and history are not needed. */
const SKIP = new Set(["node_modules", "dist", ".astro", ".git", "reports", "test-results", "playwright-report"]);
const CACHES = new Set([".astro", ".vite", ".cache"]);
/** Builds per scale; the fastest counts (the least disturbed by whatever else the machine runs). */
const RUNS = Number(process.env["BENCH_RUNS"] ?? 3);

/**
 * Runs a command, resolving with its duration in seconds; rejects with its output on failure.
 * @param {string} command @param {string[]} args @param {string} cwd
 */
function timed(command, args, cwd) {
  return new Promise((done, fail) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) =>
      code === 0
        ? done({ seconds: (performance.now() - start) / 1000, output })
        : fail(new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${output.slice(-3000)}`)),
    );
  });
}

/**
 * A copy of the project whose content is `scale` times larger.
 * @param {number} scale
 */
function synthesize(scale) {
  const dir = mkdtempSync(join(tmpdir(), `bench-${scale}x-`));
  for (const entry of readdirSync(root)) {
    if (!SKIP.has(entry)) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  // node_modules: a link per package, so Astro's and Vite's caches (node_modules/.astro, .vite) stay in the copy.
  mkdirSync(join(dir, "node_modules"));
  for (const entry of readdirSync(join(root, "node_modules"))) {
    if (!CACHES.has(entry)) symlinkSync(join(root, "node_modules", entry), join(dir, "node_modules", entry));
  }
  const copies = (/** @type {number} */ n) => (n === 0 ? "" : ` ${n + 1}`);

  // Glossary: each term again with a number, its related terms pointing at the same copy.
  const glossaryFile = join(dir, "content/glossary.json");
  /** @type {{ term: string, related?: string[] }[]} */
  const glossary = JSON.parse(readFileSync(glossaryFile, "utf-8"));
  const terms = Array.from({ length: scale }, (_, n) =>
    glossary.map((entry) => ({
      ...entry,
      term: entry.term + copies(n),
      ...(entry.related ? { related: entry.related.map((name) => name + copies(n)) } : {}),
    })),
  ).flat();
  writeFileSync(glossaryFile, JSON.stringify(terms, null, 2));

  // Books: each book again with a numbered title and retailer page, reusing the sample covers.
  const booksFile = join(dir, "content/books.json");
  /** @type {{ title: string, url: string }[]} */
  const books = JSON.parse(readFileSync(booksFile, "utf-8"));
  const catalogue = Array.from({ length: scale }, (_, n) =>
    books.map((book) => ({ ...book, title: book.title + copies(n), url: n === 0 ? book.url : `${book.url}-${n + 1}` })),
  ).flat();
  writeFileSync(booksFile, JSON.stringify(catalogue, null, 2));

  // MDX: every page's body sections repeated (imports and exports kept once at the top).
  let mdxBytes = 0;
  for (const file of filesUnder(join(dir, "content/pages"), ".mdx")) {
    const path = join(dir, "content/pages", file);
    const text = readFileSync(path, "utf-8");
    const match = /^(---\n[\s\S]*?\n---\n)([\s\S]*)$/.exec(text);
    const [frontmatter, body] = match ? [match[1] ?? "", match[2] ?? ""] : ["", text];
    const lines = body.split("\n");
    const head = lines.filter((line) => /^(import|export)\s/.test(line));
    const rest = lines.filter((line) => !/^(import|export)\s/.test(line)).join("\n");
    const grown = `${frontmatter}${head.join("\n")}\n${Array.from({ length: scale }, () => rest).join("\n\n")}`;
    writeFileSync(path, grown);
    mdxBytes += Buffer.byteLength(grown);
  }
  return { dir, terms: terms.length, books: catalogue.length, mdxBytes };
}

const astro = join(root, "node_modules/astro/bin/astro.mjs");
/** @type {{ scale: number, terms: number, books: number, mdxKB: number, pages: number, htmlMB: number, seconds: number, slowest: number }[]} */
const rows = [];
for (const scale of scales) {
  const project = synthesize(scale);
  const out = join(project.dir, "bench-dist");
  try {
    process.stdout.write(`bench: building ${scale}× (${project.terms} terms, ${project.books} books) `);
    /** @type {number[]} */
    const times = [];
    for (let run = 0; run < RUNS; run++) {
      // Every build starts cold, as in CI: no output, no content-layer or Vite cache.
      for (const cache of [
        out,
        join(project.dir, ".astro"),
        ...[...CACHES].map((c) => join(project.dir, "node_modules", c)),
      ]) {
        rmSync(cache, { recursive: true, force: true });
      }
      const { seconds } = await timed(process.execPath, [astro, "build", "--outDir", out], project.dir);
      times.push(seconds);
      process.stdout.write(`${seconds.toFixed(1)} s `);
    }
    const seconds = Math.min(...times);
    const pages = filesUnder(out, ".html");
    const htmlBytes = pages.reduce((sum, file) => sum + readFileSync(join(out, file)).length, 0);
    rows.push({
      scale,
      terms: project.terms,
      books: project.books,
      mdxKB: Math.round(project.mdxBytes / 1024),
      pages: pages.length,
      htmlMB: htmlBytes / 2 ** 20,
      seconds,
      slowest: Math.max(...times),
    });
    console.log("");
  } finally {
    rmSync(project.dir, { recursive: true, force: true });
  }
}

const base = rows.find((row) => row.scale === 1) ?? rows[0];
const header = [
  "Content",
  "Glossary terms",
  "Books",
  "MDX",
  "Pages",
  "HTML",
  "Build",
  "Slowest",
  "Pages/s",
  "HTML MB/s",
  "Time vs 1×",
];
const table = rows.map((row) => [
  `${row.scale}×`,
  String(row.terms),
  String(row.books),
  `${row.mdxKB} KB`,
  String(row.pages),
  `${row.htmlMB.toFixed(1)} MB`,
  `${row.seconds.toFixed(1)} s`,
  `${row.slowest.toFixed(1)} s`,
  (row.pages / row.seconds).toFixed(2),
  (row.htmlMB / row.seconds).toFixed(2),
  base ? `${(row.seconds / base.seconds).toFixed(1)}×` : "",
]);
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB RAM`;
const about =
  `Cold \`astro build\` (fastest of ${RUNS}; "Slowest" shows the spread), ${new Date().toISOString().slice(0, 10)}, ` +
  `${machine}, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} at the end`;
console.log(`\n${about}\n`);
const widths = header.map((_, i) => Math.max(...[header, ...table].map((row) => String(row[i]).length)));
for (const row of [header, ...table]) console.log(row.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join("  "));
mkdirSync("reports", { recursive: true });
writeFileSync("reports/bench.json", JSON.stringify({ about, rows }, null, 2));
const markdown = [header, header.map(() => "---"), ...table].map((row) => `| ${row.join(" | ")} |`).join("\n");
writeFileSync("reports/bench.md", `${about}\n\n${markdown}\n`);

const scripts = JSON.parse(readFileSync("package.json", "utf-8")).scripts ?? {};
if (scripts["bench:search"]) {
  console.log(`\nbench: npm run bench:search (${basename(scripts["bench:search"])})`);
  const child = spawn("npm", ["run", "--silent", "bench:search"], { stdio: "inherit" });
  const code = await new Promise((done) => child.on("exit", done));
  if (code !== 0) process.exit(Number(code) || 1);
}
