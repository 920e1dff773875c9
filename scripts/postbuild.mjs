#!/usr/bin/env node
/**
 * Runs after `astro build` (npm run build) and prepares dist/ for a real host:
 *  1. style="…" attributes become data-inline-style="…", drawn by a <style> element in each page with the
 *     rules of its own values (allowed by its hash) and handed back to each island before it hydrates,
 *     so the Content-Security-Policy needs neither 'unsafe-inline' nor 'unsafe-hashes';
 *  2. a page's module script files (Astro writes every bundled script as one) load after the page has, at
 *     idle, from one inline script (scripts/lib/defer-scripts.mjs): no script file competes with a first paint;
 *     and every inline script is minified (scripts/lib/minify-scripts.mjs); an island that hydrates when reached
 *     for names the files its code imports, which its loader then asks for at once (scripts/lib/island-imports.mjs);
 *  3. each page's copy of the stylesheet loses the utilities the page cannot use, the custom properties, theme
 *     variables and keyframes nothing left reads, the base rules for elements it cannot have and the font faces
 *     for characters it never shows (scripts/lib/page-css.mjs); on a long page, and on one that fits the first
 *     round trip (after its own response headers) only without them, what only follows its first screen uses (the
 *     first section after its <main>'s header), and the print rules, move to a stylesheet linked there that holds
 *     up no paint (where that point is inside an island, what that island and what follows it use, to one
 *     linked right before the island, or failing that what only its footer and dialogs use, to one linked after
 *     </main>); a page with islands that fits only without Astro's inline island code
 *     (scripts/lib/defer-scripts.mjs, islandScripts) takes it from a deferred file shared by such pages;
 *     every class and custom property that only these stylesheets name gets a short name, the same on every page
 *     (a class that the code a page runs names keeps its name on that page: scripts/lib/short-classes.mjs,
 *     scripts/lib/short-properties.mjs); and a page's style sheets become one, and
 *     its scripts that follow each other too (scripts/lib/join-inline.mjs): one hash each in its policy; and a page
 *     gets the next page's prefetch (src/browser/next-page-prefetch.ts: `data-prefetch` on its <html>, and the
 *     speculation rules' hash in its policy) unless it fits the first round trip only without;
 *  4. the security headers, with a CSP for each page that allows its own inline <script> and <style>
 *     elements (and the speculation rules where it prefetches) by hash and only the hosts of content/site.json
 *     that it names (and, for images, those of absolute image URLs: book covers, img and srcset), and a policy of
 *     its own for Pagefind's search worker (the only one that allows WebAssembly), are written as dist/_headers
 *     (Netlify, Cloudflare Pages) and dist/_nginx/security-headers.conf + dist/_nginx/csp-map.conf
 *     (included by deploy/nginx/site.conf.template);
 *  5. every html/css/js/mjs/svg/xml/txt/json/webmanifest file of 256 bytes or more gets a .br and a .gz beside it,
 *     each only where it is smaller (nginx's brotli_static / gzip_static serve them without compressing per
 *     request).
 * Usage: node scripts/postbuild.mjs [--dist dist]
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile, readdir, stat, writeFile, mkdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { extname, join, relative, resolve, sep } from "node:path";
import { parseArgs, promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { brotliCompress, brotliCompressSync, constants, gzip } from "node:zlib";
import { cspHash, extractStyleAttributes, findInlineCode, styleRule } from "./csp/html-inline.ts";
import { deferModuleScripts, islandScripts } from "./lib/defer-scripts.mjs";
import { withIslandImports } from "./lib/island-imports.mjs";
import { attribute, decodeEntities, scanHtml } from "./lib/html-scan.ts";
import {
  classCounts,
  classesInCss,
  pageNames,
  renamable,
  renameInCss,
  renameInHtml,
  shortNames,
} from "./lib/short-classes.mjs";
import { joinScripts, joinStyles } from "./lib/join-inline.mjs";
import { minifyInlineScripts } from "./lib/minify-scripts.mjs";
import { FIRST_ROUND_TRIP } from "./lib/slow-start.mjs";
import { PREFETCH_ATTRIBUTE, SPECULATION_RULES } from "../src/lib/speculation-rules.ts";
import {
  customPropertyCounts,
  fixedCustomProperties,
  renameCustomProperties,
  renameCustomPropertiesInHtml,
} from "./lib/short-properties.mjs";
import {
  AFTER_MAIN,
  AFTER_SPLIT,
  firstScreenEnd,
  islandStart,
  laterStylesheet,
  markSplit,
  openElements,
  ownCode,
  pageScriptFiles,
  pruneComponents,
  laterElementRules,
  pruneElementRules,
  pruneFontFaces,
  pruneKeyframes,
  pruneProperties,
  pruneThemeVariables,
  pruneUnlayered,
  pruneUtilities,
  splitsToTry,
  takePrintRules,
  withoutStyles,
} from "./lib/page-css.mjs";
import {
  cspDirectives,
  originOf,
  pageHeaderBytes,
  pagePermissionsPolicy,
  renderHeadersFile,
  renderNginxCspMap,
  renderNginxHeaders,
  SEARCH_WORKER_PATH,
  securityHeaders,
  serializeCsp,
  WORKER_CSP_DIRECTIVES,
} from "./csp/security-headers.ts";

const { values } = parseArgs({ options: { dist: { type: "string", default: "dist" } } });
const dist = resolve(values.dist);
const root = new URL("../", import.meta.url);
const readJson = async (path) => JSON.parse(await readFile(new URL(path, root), "utf8"));

/** Every file under dir, as absolute paths. */
async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Runs fn over items, `limit` at a time. */
async function pool(items, limit, fn) {
  const queue = [...items];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length > 0) await fn(queue.shift());
  });
  await Promise.all(workers);
}

const urlPath = (file) => `/${relative(dist, file).split(sep).join("/")}`;

// 1. style="…" → data-inline-style="…" + a <style> of the page's own (+ a restore script after islands).
async function externalizeStyleAttributes(pages) {
  const declarations = new Set();
  for (const page of pages) {
    const result = extractStyleAttributes(page.html);
    if (result.declarations.size === 0) continue;
    result.declarations.forEach((text) => declarations.add(text));
    // The rules for this page's own values only (its CSP hashes its own styles): no extra render-blocking request,
    // and no bytes in its first round trip for another page's elements.
    const rules = [...result.declarations].sort().map(styleRule).join("");
    if (rules.includes("</")) throw new Error(`A style attribute cannot end the <style> element it moves to: ${rules}`);
    const head = result.html.indexOf("</head>");
    if (head < 0) throw new Error(`${urlPath(page.file)} has no </head> to add its moved styles to`);
    page.html = `${result.html.slice(0, head)}<style>${rules}</style>${result.html.slice(head)}`;
    await writeFile(page.file, page.html);
  }
  return declarations.size;
}

// 2. Script files after load (before the headers hash the inline script this writes).
async function deferScriptFiles(pages) {
  let count = 0;
  for (const page of pages) {
    const result = deferModuleScripts(page.html);
    if (result.deferred.length === 0) continue;
    page.html = result.html;
    count += result.deferred.length;
    await writeFile(page.file, page.html);
  }
  return count;
}

// 2b. Every inline script minified (scripts/lib/minify-scripts.mjs), before the headers hash them.
async function minifyScripts(pages) {
  let before = 0;
  let after = 0;
  for (const page of pages) {
    const result = await minifyInlineScripts(page.html);
    before += result.before;
    after += result.after;
    if (result.html === page.html) continue;
    page.html = result.html;
    await writeFile(page.file, page.html);
  }
  return { before, after };
}

// 2c. Each island that hydrates when reached for names the files its code imports (scripts/lib/island-imports.mjs),
// before the stylesheets' step measures what fits the first round trip. `read`: policyContext's, the build's script
// files by name.
async function nameIslandImports(pages, read) {
  let count = 0;
  for (const page of pages) {
    const html = await withIslandImports(page.html, read);
    if (html === page.html) continue;
    page.html = html;
    count += 1;
    await writeFile(page.file, page.html);
  }
  return count;
}

// The bytes the first round trip of a response carries, FIRST_ROUND_TRIP (scripts/lib/slow-start.mjs): TCP's
// initial window. A page's response headers take their share first (pageHeaderBytes: 0.7–0.8 KB as nginx sends
// them, 1.2–1.3 KB on the pages that also carry a Permissions-Policy), so how much of the page fits is that less
// its own headers.

/** How precompress() writes a file's .br: the smallest brotli can make it. */
const brotliOptions = (size) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** A page's size as the host sends it. */
const brotliSize = (text) => {
  const body = Buffer.from(text);
  return brotliCompressSync(body, brotliOptions(body.length)).length;
};

// 3. Each page's stylesheet without what cannot apply to it (scripts/lib/page-css.mjs), before the headers hash
// it: its first round trip carries only its own rules. On a long page, and on one too big for the first round
// trip whole that fits it without them, what only the elements after its first screen use (or, where that point
// is inside an island, before that island, or else after its <main>: footer, dialogs, notifications) and
// the print rules go to a stylesheet of their own, linked there at low priority: it holds up no paint (a
// stylesheet in <body> is not render-blocking), and Chromium's parser waits for it before it reads on, so nothing
// is ever drawn without its styles.
async function pruneStylesheets(pages, shortenFor, context) {
  const { Scanner } = await import("@tailwindcss/oxide");
  const astro = join(dist, "_astro");
  // How a page goes out, with `shorten`, its own short names (shortClassNames) for its markup and styles: `finish`
  // gives it with them, its style sheets joined and its scripts that follow each other too
  // (scripts/lib/join-inline.mjs); `fits` says whether it then comes whole in the first round trip, after its
  // response headers (brotli-compressed), and `size` how many bytes that takes; `closest` is the fewest bytes any
  // form of it took, for the summary of the pages that do not fit even split.
  const goingOut = (/** @type {{ html: (html: string) => string, css: (css: string) => string }} */ shorten) => {
    const finish = (/** @type {string} */ html) => joinScripts(joinStyles(shorten.html(html)));
    let closest = Infinity;
    const size = (/** @type {string} */ html) => {
      const out = finish(html);
      const { csp, permissions } = pagePolicy(out, context);
      const bytes = brotliSize(out) + pageHeaderBytes(csp, permissions);
      closest = Math.min(closest, bytes);
      return bytes;
    };
    const fits = (/** @type {string} */ html) => size(html) <= FIRST_ROUND_TRIP;
    return { shorten, finish, fits, size, closest: () => closest };
  };
  // The build's script files, read once (an island file this step writes is put there before it is written).
  const { code, read } = context;
  // The classes a part of a page can use: those Tailwind's scanner finds in it (without its stylesheets) and
  // in the scripts the page runs (its own: ownCode), and every class attribute's classes as the browser reads them
  // ("[&amp;&gt;h2]:mt-0" is "[&>h2]:mt-0").
  const classesIn = (html, scripts) => {
    const files = [{ content: withoutStyles(html), extension: "html" }];
    for (const content of scripts) files.push({ content, extension: "js" });
    const used = new Set(new Scanner({}).scanFiles(files));
    for (const tag of scanHtml(html).tags) {
      attribute(tag, "class")
        ?.split(/\s+/)
        .forEach((name) => used.add(name));
    }
    return used;
  };
  const laterFiles = new Map();
  const islandFiles = new Set();
  let islandPages = 0;
  let splitPages = 0;
  let before = 0;
  let after = 0;
  let later = 0;
  // The page as it would go out (`going`: goingOut's, for it) with only the styles it can use, split if that makes it
  // fit the first round trip.
  const fit = (/** @type {{ html: string }} */ page, /** @type {ReturnType<typeof goingOut>} */ going) => {
    const { fits } = going;
    const styles = [...page.html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
    const scripts = [...pageScriptFiles(page.html, read)].map((name) => read(name));
    const ownScripts = ownCode(scripts);
    const mainEnd = page.html.indexOf("</main>");
    const afterMain = mainEnd < 0 ? page.html.length : mainEnd + "</main>".length;
    const used = classesIn(page.html.slice(0, afterMain), ownScripts);
    const usedLater = classesIn(page.html.slice(afterMain), ownScripts);
    const scanned = scanHtml(page.html);
    // The elements `tags` are, and those `codes` can create (a tag name is a string in their code). And the kinds
    // of <input> among them (`input[type=number]`): any string of a script may be a type.
    const elementsOf = (/** @type {typeof scanned.tags} */ tags, /** @type {string[]} */ codes) => {
      const found = new Set(tags.map((tag) => tag.name));
      for (const tag of tags.filter(({ name }) => name === "input")) {
        found.add(`input[type=${(attribute(tag, "type") ?? "text").toLowerCase()}]`);
        if (tag.attributes.some(({ name }) => name === "list")) found.add("input[list]");
      }
      for (const code of codes) {
        for (const match of code.matchAll(/["'`]([a-z][a-z0-9]*)["'`]/g)) found.add(match[1]);
        for (const match of code.matchAll(/["'`]([a-z][a-z-]*)["'`]/g)) found.add(`input[type=${match[1]}]`);
        if (/\blist\b/.test(code)) found.add("input[list]");
      }
      return found;
    };
    const elements = elementsOf(scanned.tags, [...ownScripts, ...scanned.scripts.map(({ text }) => text)]);
    // The elements before `at`: its tags, and what its inline scripts there can create. No other script runs
    // before the stylesheet linked at `at` has loaded (`load` waits for it): the script files load after `load`,
    // and the islands hydrate when reached for or at idle after it.
    const elementsBefore = (/** @type {number} */ at) =>
      elementsOf(
        scanned.tags.filter((tag) => tag.start < at),
        scanned.scripts.filter(({ tag }) => tag.start < at).map(({ text }) => text),
      );
    // Every character it can show: its text, entities decoded, and its scripts' strings.
    const text = decodeEntities(page.html) + scripts.join("");
    // The page with its stylesheet cut to the utilities and components `usedBy` can use (`splitting`: and
    // without the print rules), then without the registered custom properties none of what is left reads (in any
    // of the page's styles or scripts), the base rules for elements the page cannot have, and the theme
    // variables and keyframes nothing left reads (`later`: the later stylesheet, if any, reads the theme's
    // variables too; it has its own copy of the keyframes).
    // `kept`: the length of the stylesheet that is left.
    const cut = (usedBy, splitting, later = "", present = elements) => {
      let kept = 0;
      const html = page.html.replace(/<style>([\s\S]*?)<\/style>/g, (element, css) => {
        let out = pruneFontFaces(css, text).css;
        const pruned = pruneUtilities(out, usedBy);
        if (pruned) {
          out = pruneComponents(splitting ? takePrintRules(pruned.css).css : pruned.css, usedBy).css;
          out = pruneUnlayered(out, usedBy).css;
          const rest = page.html.replace(element, "") + out + scripts.join("");
          out = pruneElementRules(pruneProperties(out, rest).css, present).css;
          const others = page.html.replace(element, "") + scripts.join("");
          out = pruneKeyframes(pruneThemeVariables(out, others + later).css, others).css;
          kept = out.length;
        }
        return `<style>${out}</style>`;
      });
      return { html, kept };
    };
    const sheet = styles.find(([, css]) => css.includes("@layer utilities{"))?.[1] ?? "";
    let { html, kept } = cut(new Set([...used, ...usedLater]), false);
    // Where the page may be split, and in what order, is splitsToTry's (scripts/lib/page-css.mjs): a long page
    // after its first screen wherever that fits the first round trip, any other only if it does not fit whole. A
    // page that fits it no way keeps all its styles inline: the rest of it comes in the next round trip either
    // way, and its styles ride in it, where a stylesheet of their own would be one more request before the page is
    // complete (docs/performance-log.md, "…but only where that makes the page fit the first round trip":
    // Lighthouse's LCP on such pages with and without it). `split` returns the page split one way, if that fits.
    // `at`: where the link goes in the page as it is; the base rules only what follows it needs (a search box's
    // placeholder) go with the styles that follow.
    const split = (name, before, later, scope, at, place) => {
      const elementRules = laterElementRules(sheet, elements, elementsBefore(at));
      const laterCss = elementRules.css + laterStylesheet(sheet, later, takePrintRules(sheet).print, scope);
      const result = cut(before, true, laterCss, elementRules.before);
      const shortCss = going.shorten.css(laterCss);
      const file = `${name}.${createHash("sha256").update(shortCss).digest("base64url").slice(0, 8)}.css`;
      const placed = place(result.html, `<link rel="stylesheet" href="/_astro/${file}" fetchpriority="low">`);
      if (placed === undefined || !fits(placed)) return undefined;
      return { html: placed, kept: result.kept, file, laterCss: shortCss };
    };
    // A split inside <main>, after the point `pointIn` gives in a form of the page: what follows the link, and the
    // elements it sits in (a rule of theirs can match what follows: `space-y-4`), take the later stylesheet.
    const splitInside = (
      /** @type {string} */ name,
      /** @type {(html: string, scan: typeof scanned) => number} */ pointIn,
    ) => {
      const at = pointIn(page.html, scanned);
      const open = openElements(scanned, at);
      const following = open.map((tag) => page.html.slice(tag.start, tag.end)).join("") + page.html.slice(at);
      return split(
        name,
        classesIn(page.html.slice(0, at), scripts),
        classesIn(following, scripts),
        AFTER_SPLIT,
        at,
        (text, link) => {
          const scan = scanHtml(text);
          const point = pointIn(text, scan);
          return markSplit(text, point, link, openElements(scan, point));
        },
      );
    };
    const afterSection = firstScreenEnd(page.html, scanned);
    /** @type {Record<string, () => ReturnType<typeof split>>} */
    const splits = {
      "after-section": () => splitInside("after-section", firstScreenEnd),
      "before-island": () => splitInside("before-island", islandStart),
      "after-main": () =>
        split("after-main", used, usedLater, AFTER_MAIN, afterMain, (text, link) =>
          text.replace("</main>", () => `</main>${link}`),
        ),
    };
    /** @type {ReturnType<typeof split>} */
    let fitted;
    const island = islandStart(page.html, scanned);
    for (const name of splitsToTry(page.html, afterSection, fits(html), island)) fitted ??= splits[name]();
    return { sheet, fitted, ...(fitted ?? { html, kept }) };
  };
  /** @type {{ file: string, over: number }[]} */
  const over = [];
  // The pages that fit, and by how much: a few bytes to spare and any change to the shell may push one over.
  /** @type {{ file: string, over: number }[]} */
  const fitting = [];
  /** @type {string[]} the pages that go without the next page's prefetch, which would cost them a round trip */
  const noPrefetch = [];
  for (const page of pages) {
    if (![...page.html.matchAll(/<style>([\s\S]*?)<\/style>/g)].some(([, css]) => css.includes("@layer utilities{")))
      continue;
    const going = goingOut(shortenFor(page));
    const { fits } = going;
    // The page fitted, and if that does not make it fit the first round trip, fitted again without Astro's island
    // code (the <astro-island> element and its directives): that goes to a file of its own, which runs once the
    // page is parsed, as it would inline (an island waits for both); only where that makes the page fit: on a page
    // that fits anyway it would be one more request before the page is complete.
    const fitWhole = (/** @type {{ html: string }} */ form) => {
      const first = fit(form, going);
      const islands = fits(first.html) ? undefined : islandScripts(form.html);
      if (!islands) return first;
      const file = `islands.${createHash("sha256").update(islands.code).digest("base64url").slice(0, 8)}.js`;
      code.set(file, islands.code);
      const retry = fit({ html: islands.html(`/_astro/${file}`) }, going);
      return fits(retry.html) ? { ...retry, islands: { file, code: islands.code } } : first;
    };
    // The next page's prefetch (src/browser/next-page-prefetch.ts: its policy's hash of the rules, and the
    // attribute that tells the shell's code to write them), unless the page fits the first round trip only without.
    let chosen = fitWhole({ html: withPrefetch(page.html) });
    if (!fits(chosen.html)) {
      const without = fitWhole(page);
      if (fits(without.html)) {
        chosen = without;
        noPrefetch.push(page.file);
      }
    }
    const { sheet, fitted, html, kept, islands } = chosen;
    if (islands) {
      if (!islandFiles.has(islands.file)) await writeFile(join(astro, islands.file), islands.code);
      islandFiles.add(islands.file);
      islandPages += 1;
    }
    if (fitted) {
      if (!laterFiles.has(fitted.file)) {
        laterFiles.set(fitted.file, fitted.laterCss);
        await writeFile(join(astro, fitted.file), fitted.laterCss);
        later += fitted.laterCss.length;
      }
      splitPages += 1;
    }
    const bytes = going.size(html);
    if (bytes > FIRST_ROUND_TRIP) over.push({ file: page.file, over: going.closest() - FIRST_ROUND_TRIP });
    else fitting.push({ file: page.file, over: bytes - FIRST_ROUND_TRIP });
    before += sheet.length;
    after += kept;
    page.html = going.finish(html);
    await writeFile(page.file, page.html);
  }
  return { before, after, splitPages, laterFiles: laterFiles.size, later, islandPages, over, fitting, noPrefetch };
}

// 3b. The short names (scripts/lib/short-classes.mjs, scripts/lib/short-properties.mjs): what besides the pages'
// own stylesheets and markup may name a class or a custom property. `shared`: what may name one on any page: the
// build's stylesheet files and its scripts outside _astro/ (Pagefind's), the tests that look at the built site
// (end-to-end, deploy and build tests and their helpers; the unit tests read fixtures of their own) and
// html-validate's configuration (`tel-non-breaking` reads "whitespace-nowrap"). The checks are read so that a
// name they look for is kept; a checkout without them only renames more. `scripts`: the script files under
// _astro/, which name a class only on the pages that run them (shortClassNames), and a custom property anywhere.
async function namingCode(files) {
  const astro = join(dist, "_astro", sep);
  const isScript = (/** @type {string} */ file) => file.startsWith(astro) && file.endsWith(".js");
  const read = (/** @type {string[]} */ list) => Promise.all(list.map((file) => readFile(file, "utf8")));
  const scripts = await read(files.filter(isScript));
  const shared = await read(files.filter((file) => /\.(js|css)$/.test(file) && !isScript(file)));
  const tests = fileURLToPath(new URL("tests/", root));
  const unit = join(fileURLToPath(new URL("tests/unit/", root)), sep);
  const checks = existsSync(tests)
    ? (await walk(tests)).filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.startsWith(unit))
    : [];
  const validator = fileURLToPath(new URL(".htmlvalidate.mjs", root));
  if (existsSync(validator)) checks.push(validator);
  shared.push(...(await read(checks)));
  return { shared, scripts };
}

// Each page's short class names: every class the pages' markup names gets one, unless shared code names it (it
// keeps its name everywhere); on a page, a class keeps its name too where the code that page runs names it: its
// inline scripts, its islands' props (which reach their scripts, which may set them as classes) and the script
// files it loads (a class the calculator's script sets stays whole on /calculator, and is short on a lesson). A
// short name is the same on every page where the class has one. Returns the names for a page.
function shortClassNames(pages, shared, read) {
  const taken = new Set();
  for (const text of shared) classesInCss(text).forEach((name) => taken.add(name));
  /** @type {Map<string, string[]>} each page's own code */
  const pageCode = new Map();
  for (const page of pages) {
    const { scripts, styles, tags } = scanHtml(page.html);
    const texts = scripts
      .filter((script) => attribute(script.tag, "type") !== "application/ld+json")
      .map((script) => script.text);
    for (const tag of tags) if (tag.name === "astro-island") texts.push(attribute(tag, "props") ?? "");
    for (const name of pageScriptFiles(page.html, read)) texts.push(read(name) ?? "");
    for (const style of styles) classesInCss(style.text).forEach((name) => taken.add(name));
    pageCode.set(page.file, texts);
  }
  const counts = classCounts(pages.map((page) => page.html));
  counts.forEach((_count, name) => taken.add(name));
  const keep = new Set(renamable(counts.keys(), shared));
  const names = shortNames(new Map([...counts].filter(([name]) => keep.has(name))), taken);
  return (/** @type {{ file: string, html: string }} */ page) =>
    pageNames(names, page.html, pageCode.get(page.file) ?? []);
}

// Every custom property the pages' stylesheets set, read or register that none of that code names, nor the
// pages' markup outside their <style> elements (inline scripts, island props, a moved style attribute's value),
// nor a selector or an at-rule's condition.
function shortPropertyNames(pages, code) {
  const texts = [...code, ...pages.map((page) => withoutStyles(page.html))];
  const stylesheets = pages.flatMap((page) => scanHtml(page.html).styles.map((style) => style.text));
  const counts = customPropertyCounts(stylesheets);
  const fixed = new Set(stylesheets.flatMap((css) => [...fixedCustomProperties(css)]));
  // No short name may be one that stays: every name any of them has, "--" left off as shortNames gives them.
  const taken = new Set([...counts.keys(), ...fixed].map((name) => name.slice(2)));
  for (const text of texts) for (const [name] of text.matchAll(/--[a-zA-Z_][\w-]*/g)) taken.add(name.slice(2));
  const keep = new Set(renamable(counts.keys(), texts).filter((name) => !fixed.has(name)));
  const short = shortNames(new Map([...counts].filter(([name]) => keep.has(name))), taken);
  return new Map([...short].map(([name, letters]) => [name, `--${letters}`]));
}

// 3c. On every page, the style sheets as one, and the scripts that follow each other as one
// (scripts/lib/join-inline.mjs): fewer hashes in its policy. pruneStylesheets did so on the pages it pruned, and
// measured them so.
async function joinInlineCode(pages) {
  for (const page of pages) {
    const html = joinScripts(joinStyles(page.html));
    if (html === page.html) continue;
    page.html = html;
    await writeFile(page.file, page.html);
  }
}

// 4. The headers.
// What every page's policy reads besides the page: the owner's hosts (content/site.json), the hosts of absolute
// image URLs (book covers, img and srcset), whether any image is a data: URL, and the site's script files (a host
// a page's code names is allowed on that page).
async function policyContext(pages) {
  const settings = await readJson("content/site.json");
  const books = await readJson("content/books.json").catch(() => []);
  const imageUrls = new Set(books.map((book) => book.cover).filter(Boolean));
  const stylesheets = new Set();
  let dataImages = false;
  for (const page of pages) {
    if (findInlineCode(page.html).styles.some((text) => text.includes("data:"))) dataImages = true;
    for (const tag of scanHtml(page.html).tags) {
      const src = attribute(tag, "src");
      if (tag.name === "img" || tag.name === "source") {
        if (src) imageUrls.add(src);
        for (const candidate of (attribute(tag, "srcset") ?? "").split(",")) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url) imageUrls.add(url);
        }
        if (src?.startsWith("data:")) dataImages = true;
      } else if (tag.name === "link" && /\bstylesheet\b/.test(attribute(tag, "rel") ?? "")) {
        const href = attribute(tag, "href");
        if (href?.startsWith("/")) stylesheets.add(join(dist, href.split("?")[0]));
      }
    }
  }
  // Only the stylesheets the pages link (Pagefind ships UI styles this site does not use).
  for (const file of stylesheets) {
    if (/url\(\s*["']?data:/.test(await readFile(file, "utf8").catch(() => ""))) dataImages = true;
  }
  const astro = join(dist, "_astro");
  /** @type {Map<string, string | undefined>} the script files under _astro/ read so far, by name */
  const code = new Map();
  const read = (/** @type {string} */ name) => {
    if (!code.has(name))
      code.set(name, existsSync(join(astro, name)) ? readFileSync(join(astro, name), "utf8") : undefined);
    return code.get(name);
  };
  return { settings, imageUrls, dataImages, code, read };
}

// The next page's prefetch (src/browser/next-page-prefetch.ts): the shell's code writes the speculation rules into
// a page whose <html> carries PREFETCH_ATTRIBUTE, and that page's policy allows them by their hash (pagePolicy);
// step 3 sets it wherever it costs the page no round trip.
const PREFETCHES = new RegExp(`<html\\b[^>]*\\s${PREFETCH_ATTRIBUTE}[\\s=>]`, "i");
const withPrefetch = (/** @type {string} */ html) => html.replace(/<html\b/i, `<html ${PREFETCH_ATTRIBUTE}`);

// A page's own policy: the hashes of its inline code (the speculation rules the shell's code writes in it too), and
// the owner's hosts that its markup or its code names; and its Permissions-Policy where that lets in another host's
// code.
function pagePolicy(html, context) {
  const inline = findInlineCode(html);
  const code = [...pageScriptFiles(html, context.read)].map((name) => context.read(name) ?? "");
  const directives = cspDirectives({
    settings: context.settings,
    scriptHashes: [...inline.scripts, ...(PREFETCHES.test(html) ? [SPECULATION_RULES] : [])].map(cspHash),
    styleHashes: inline.styles.map(cspHash),
    imageUrls: context.imageUrls,
    dataImages: context.dataImages,
    reads: [decodeEntities(html), ...code].join("\n"),
  });
  return { inline, directives, csp: serializeCsp(directives), permissions: pagePermissionsPolicy(directives) };
}

async function writeHeaders(pages, files) {
  const context = await policyContext(pages);
  const { settings, imageUrls, dataImages } = context;
  const scriptHashes = new Set();
  const styleHashes = new Set();
  const pagePolicies = [];
  const forbidden = [];
  for (const page of pages) {
    const { inline, directives, csp, permissions } = pagePolicy(page.html, context);
    inline.scripts.forEach((text) => scriptHashes.add(cspHash(text)));
    inline.styles.forEach((text) => styleHashes.add(cspHash(text)));
    pagePolicies.push({ file: relative(dist, page.file).split(sep).join("/"), csp, permissions });
    forbidden.push(...inline.forbidden.map((what) => `${urlPath(page.file)}: ${what}`));
    for (const tag of scanHtml(page.html).tags) {
      const src = attribute(tag, "src");
      if ((tag.name === "script" || tag.name === "iframe") && originOf(src)) {
        const directive = tag.name === "script" ? "script-src" : "frame-src";
        const allowed = directives.find(([name]) => name === directive)?.[1] ?? [];
        if (!allowed.includes(originOf(src))) {
          console.warn(
            `postbuild: ${urlPath(page.file)} loads ${src}, which its CSP's ${directive} does not allow (not in content/site.json)`,
          );
        }
      }
    }
  }
  if (forbidden.length > 0) {
    throw new Error(
      `Inline code that no Content-Security-Policy without 'unsafe-inline' can allow (use addEventListener and real URLs):\n  ${forbidden.join("\n  ")}`,
    );
  }
  const wasm = files.some((path) => path.endsWith(".wasm") || /[/\\]wasm\.[^/\\]*\.pagefind$/.test(path));
  const searchWorker = files.some((path) => urlPath(path) === SEARCH_WORKER_PATH);
  if (wasm && !searchWorker) {
    throw new Error(
      `The build ships WebAssembly but not ${SEARCH_WORKER_PATH}, the one place its policy allows compiling it ` +
        "(no page gets 'wasm-unsafe-eval'): did Pagefind change how it runs?",
    );
  }
  // The default (see HeaderPlan): every page's hashes, and every configured host.
  const directives = cspDirectives({ settings, scriptHashes, styleHashes, imageUrls, dataImages });
  const plan = {
    headers: securityHeaders(),
    pages: pagePolicies.sort((a, b) => a.file.localeCompare(b.file)),
    defaultCsp: serializeCsp(directives),
    defaultPermissions: pagePermissionsPolicy(directives),
    workers: searchWorker ? [[SEARCH_WORKER_PATH, serializeCsp(WORKER_CSP_DIRECTIVES)]] : [],
  };
  const headersFile = renderHeadersFile(plan);
  await writeFile(join(dist, "_headers"), headersFile);
  await mkdir(join(dist, "_nginx"), { recursive: true });
  await writeFile(join(dist, "_nginx", "security-headers.conf"), renderNginxHeaders(plan.headers));
  await writeFile(join(dist, "_nginx", "csp-map.conf"), renderNginxCspMap(plan));
  const length = Math.max(...plan.pages.map((page) => page.csp.length));
  if (length > 2000)
    console.warn(`postbuild: a page's CSP is ${length} characters; Cloudflare Pages caps a header at 2,000`);
  const rules = headersFile.split("\n").filter((line) => line.startsWith("/")).length;
  if (rules > 100) console.warn(`postbuild: _headers has ${rules} rules; Cloudflare Pages reads at most 100`);
  return { scripts: scriptHashes.size, styles: styleHashes.size, length, rules, worker: searchWorker };
}

// 5. Precompression.
const COMPRESSIBLE = new Set([".html", ".css", ".js", ".mjs", ".svg", ".xml", ".txt", ".json", ".webmanifest"]);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function precompress(files) {
  const targets = files.filter(
    (file) => COMPRESSIBLE.has(extname(file)) && !relative(dist, file).startsWith(`_nginx${sep}`),
  );
  let before = 0;
  let afterBr = 0;
  let count = 0;
  await pool(targets, availableParallelism(), async (file) => {
    const body = await readFile(file);
    if (body.length < 256) return; // too small to gain; nginx sends them as they are too (gzip_min_length 256)
    const [br, gz] = await Promise.all([
      brotli(body, brotliOptions(body.length)),
      gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    before += body.length;
    afterBr += Math.min(br.length, body.length);
    count += 1;
  });
  return { count, before, afterBr };
}

if (!(await stat(dist).catch(() => null))?.isDirectory()) {
  console.error(`postbuild: ${dist} does not exist; run astro build first`);
  process.exit(1);
}
const started = performance.now();
const htmlFiles = (await walk(dist)).filter((file) => file.endsWith(".html"));
const pages = await Promise.all(htmlFiles.map(async (file) => ({ file, html: await readFile(file, "utf8") })));
const moved = await externalizeStyleAttributes(pages);
const deferred = await deferScriptFiles(pages);
const minified = await minifyScripts(pages);
const code = await namingCode(await walk(dist));
const context = await policyContext(pages);
const islandImports = await nameIslandImports(pages, context.read);
const classNamesOf = shortClassNames(pages, code.shared, context.read);
const propertyNames = shortPropertyNames(pages, [...code.shared, ...code.scripts]);
const stylesheets = await pruneStylesheets(
  pages,
  (page) => {
    const classNames = classNamesOf(page);
    return {
      html: (html) => renameCustomPropertiesInHtml(renameInHtml(html, classNames), propertyNames),
      css: (css) => renameCustomProperties(renameInCss(css, classNames), propertyNames),
    };
  },
  context,
);
await joinInlineCode(pages);
const files = (await walk(dist)).filter((file) => !/\.(br|gz)$/.test(file));
const csp = await writeHeaders(pages, files);
const compressed = await precompress(files);
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
const routeOf = (/** @type {string} */ file) => `/${relative(dist, file).replace(/(^|\/)index\.html$/, "")}`;
// "/about 392, /analysis 1,919 bytes over": each page's address and how far its smallest form is over.
const overBy = (/** @type {{ file: string, over: number }[]} */ list) =>
  `${list
    .map(({ file, over }) => ({ route: routeOf(file), over }))
    .sort((a, b) => a.route.localeCompare(b.route))
    .map(({ route, over }) => `${route} ${over.toLocaleString("en-US")}`)
    .join(", ")} bytes over`;
// "/resources 12, /about 85 bytes to spare": the three pages that fit with the least room. `0 - over`, not
// `-over`: a page that fits exactly would print "-0".
const spareOf = (/** @type {{ file: string, over: number }[]} */ list) =>
  `${[...list]
    .sort((a, b) => b.over - a.over)
    .slice(0, 3)
    .map(({ file, over }) => `${routeOf(file)} ${(0 - over).toLocaleString("en-US")}`)
    .join(", ")} bytes to spare`;
console.log(
  `postbuild: ${pages.length} pages; ${moved} style attribute values moved to each page's <style>; ` +
    `${deferred} script file(s) load after their page; ` +
    `inline scripts ${kb(minified.before / Math.max(1, pages.length))} → ${kb(minified.after / Math.max(1, pages.length))} a page on average; ` +
    `${islandImports} page(s) name the files their islands import; ` +
    `stylesheets ${kb(stylesheets.before / Math.max(1, pages.length))} → ${kb(stylesheets.after / Math.max(1, pages.length))} a page on average, ` +
    `${stylesheets.splitPages} page(s) take the styles of what follows their first screen (the first section after <main>'s header: the long pages, wherever they then fit the first round trip of ${FIRST_ROUND_TRIP} bytes, their headers first; where that section is inside an island, the island) or of what follows <main> (a page that fits it only so) from ${stylesheets.laterFiles} stylesheet(s) (${kb(stylesheets.later)}), ` +
    `${stylesheets.islandPages} that fit it only without Astro's island code take it from a file, ` +
    `${stylesheets.over.length} do not fit it even so${stylesheets.over.length ? ` (${overBy(stylesheets.over)})` : ""}` +
    `${stylesheets.fitting.length ? `, the closest of those that fit: ${spareOf(stylesheets.fitting)}` : ""}; ` +
    `the next page's prefetch on every page` +
    `${stylesheets.noPrefetch.length ? ` but ${stylesheets.noPrefetch.map(routeOf).join(", ")}, which would not fit the first round trip with it` : ""}; ` +
    `each page's CSP allows its own inline code by hash (${csp.scripts} scripts and ${csp.styles} styles in all; ` +
    `the longest policy ${csp.length} characters)` +
    `${csp.worker ? "; the search worker's own allows WebAssembly" : ""}; _headers has ${csp.rules} rules; ` +
    `${compressed.count} files precompressed (${kb(compressed.before)} → ${kb(compressed.afterBr)} brotli) ` +
    `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
