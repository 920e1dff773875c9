/**
 * Draws the share images and home-screen icons after `astro build`:
 *  - for every built page whose head names a share image under /og/ (written by
 *    src/components/seo/SeoHead.astro), a 1200×630 PNG of its title, description
 *    and section in the site's newspaper style (src/lib/share-card.ts);
 *  - /apple-touch-icon.png (180), /icons/icon-192.png, /icons/icon-512.png and
 *    /icons/icon-maskable-512.png, the logo's initials, for the web app manifest.
 * satori lays the text out to SVG and resvg draws it. satori reads TrueType, not
 * WOFF2, and does not apply variable-font axes, so the Fontsource latin files
 * (the same faces the pages use) are instanced at the weights drawn and converted
 * to TrueType once per build by subset-font. Drawn images are kept in Astro's cache
 * folder by a hash of what they show, so a rebuild redraws only what changed.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";
import type { AstroIntegration } from "astro";
import { Parser } from "htmlparser2";
import satori from "satori";
import subsetFont from "subset-font";
import { builtPages } from "./built-pages";
import { routeOfFile } from "../lib/routes";
import { CARD, DISPLAY, TEXT, iconArt, initialsOf, shareCard, shareImagePath } from "../lib/share-card";

/** Raise to redraw every cached image (a change of fonts or of how they are drawn). */
const CACHE_VERSION = 1;

/** The icons the manifest and the head link to, and their drawing. */
export const ICONS = [
  { path: "/apple-touch-icon.png", size: 180, safe: false },
  { path: "/icons/icon-192.png", size: 192, safe: false },
  { path: "/icons/icon-512.png", size: 512, safe: false },
  { path: "/icons/icon-maskable-512.png", size: 512, safe: true },
] as const;

/** Printable ASCII, Latin-1 and Latin Extended-A, and the punctuation English text uses. */
const CHARACTERS =
  Array.from({ length: 0x17f - 0x20 + 1 }, (_, i) => String.fromCodePoint(0x20 + i)).join("") + "‘’“”‚„–—…•·€™−×";

type SatoriFont = Parameters<typeof satori>[1]["fonts"][number];

let fontsPromise: Promise<SatoriFont[]> | undefined;

/** The three faces the images use, as TrueType instances (once per process). */
export function shareFonts(): Promise<SatoriFont[]> {
  fontsPromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = (pkg: string, name: string) => join(dirname(require.resolve(`${pkg}/package.json`)), "files", name);
    const display = await readFile(
      file("@fontsource-variable/playfair-display", "playfair-display-latin-wght-normal.woff2"),
    );
    const text = await readFile(file("@fontsource-variable/source-serif-4", "source-serif-4-latin-wght-normal.woff2"));
    const instance = (font: Buffer, weight: number) =>
      subsetFont(font, CHARACTERS, { targetFormat: "truetype", variationAxes: { wght: weight } });
    const [display900, text400, text600] = await Promise.all([
      instance(display, 900),
      instance(text, 400),
      instance(text, 600),
    ]);
    return [
      { name: DISPLAY, data: display900, weight: 900, style: "normal" },
      { name: TEXT, data: text400, weight: 400, style: "normal" },
      { name: TEXT, data: text600, weight: 600, style: "normal" },
    ];
  })();
  return fontsPromise;
}

/** Draws a satori tree to PNG at its own size. */
export async function drawPng(tree: unknown, width: number, height: number): Promise<Buffer> {
  const svg = await satori(tree as Parameters<typeof satori>[0], { width, height, fonts: await shareFonts() });
  return new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng();
}

/** What a built page's head says about it: meta name/property → content. */
export function readHeadMeta(html: string): Map<string, string> {
  const meta = new Map<string, string>();
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        const key = attributes["property"] ?? attributes["name"];
        if (tag === "meta" && key && attributes["content"] !== undefined && !meta.has(key))
          meta.set(key, attributes["content"]);
      },
      onclosetag(tag) {
        if (tag === "head") parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return meta;
}

interface SiteSettings {
  name: string;
  logo: string;
  motto: string;
  url: string;
}

export function shareImages(): AstroIntegration {
  let cacheDir: URL;
  return {
    name: "share-images",
    hooks: {
      "astro:config:done": ({ config }) => {
        cacheDir = new URL("share-images/", config.cacheDir);
      },
      "astro:build:done": async ({ dir, logger }) => {
        const started = performance.now();
        const dist = fileURLToPath(dir);
        const root = new URL("../../", import.meta.url);
        const site = JSON.parse(await readFile(new URL("content/site.json", root), "utf8")) as SiteSettings;
        const host = new URL(site.url).host;
        let drawn = 0;
        let cached = 0;

        const write = async (path: string, tree: unknown, width: number, height: number) => {
          const key = createHash("sha256")
            .update(JSON.stringify([CACHE_VERSION, width, height, tree]))
            .digest("hex")
            .slice(0, 32);
          const cacheFile = fileURLToPath(new URL(`${key}.png`, cacheDir));
          const fromCache = await readFile(cacheFile).catch(() => undefined);
          const png = fromCache ?? (await drawPng(tree, width, height));
          if (fromCache) cached += 1;
          else {
            await mkdir(dirname(cacheFile), { recursive: true });
            await writeFile(cacheFile, png);
            drawn += 1;
          }
          const target = join(dist, path);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, png);
        };

        let pages = 0;
        for (const file of await builtPages(dist)) {
          const meta = readHeadMeta(await readFile(join(dist, file), "utf8"));
          const image = meta.get("og:image");
          if (!image) continue;
          const path = new URL(image).pathname;
          const expected = shareImagePath(routeOfFile(file));
          if (path !== expected)
            throw new Error(`share images: ${file} names ${path} as its share image; expected ${expected}`);
          // og:title reads as the <title> does, "Page | Site"; the card shows the site as its logo already.
          const ogTitle = meta.get("og:title") ?? site.name;
          const suffix = ` | ${site.name}`;
          const title = ogTitle.endsWith(suffix) ? ogTitle.slice(0, -suffix.length) : ogTitle;
          const card = shareCard({
            logo: site.logo,
            kicker: meta.get("article:section") ?? "",
            title,
            description: meta.get("og:description") ?? "",
            host,
            motto: site.motto,
          });
          await write(path, card, CARD.width, CARD.height);
          pages += 1;
        }
        for (const icon of ICONS) {
          await write(icon.path, iconArt({ initials: initialsOf(site.logo), ...icon }), icon.size, icon.size);
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `${pages} share images and ${ICONS.length} icons (${drawn} drawn, ${cached} from the cache) in ${seconds} s`,
        );
      },
    },
  };
}
