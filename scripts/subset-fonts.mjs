#!/usr/bin/env node
// @ts-check
/**
 * `npm run fonts`: rewrites the committed core font files (src/assets/fonts/)
 * from Fontsource's latin variable files: the weight axis cut to the range the
 * design uses, the characters cut to CORE_RANGE (both in src/build/fonts.ts),
 * every OpenType layout feature kept. Run it after changing either. It uses
 * subset-font (HarfBuzz's subsetter, compiled to WebAssembly), so it needs
 * nothing outside node_modules.
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import subsetFont from "subset-font";
import { CORE_RANGE, FONTS } from "../src/build/fonts.ts";

/** The characters of a CSS unicode-range list such as "U+0020-007E, U+00A0". */
function charactersOf(/** @type {string} */ range) {
  return range
    .split(",")
    .map((part) => part.trim().replace(/^U\+/i, ""))
    .flatMap((part) => {
      const [low, high = low] = part.split("-").map((hex) => Number.parseInt(hex, 16));
      return Array.from({ length: /** @type {number} */ (high) - /** @type {number} */ (low) + 1 }, (_, i) =>
        String.fromCodePoint(/** @type {number} */ (low) + i),
      );
    })
    .join("");
}

const kb = (/** @type {string} */ path) => `${(statSync(path).size / 1024).toFixed(1)} KB`;

for (const font of Object.values(FONTS)) {
  const [min, max] = font.weight;
  const subset = await subsetFont(readFileSync(font.source), charactersOf(CORE_RANGE), {
    targetFormat: "woff2",
    variationAxes: { wght: { min, max } },
  });
  writeFileSync(font.core, subset);
  console.log(`fonts: ${font.core} ${kb(font.core)} (from ${kb(font.source)}, weights ${min}–${max})`);
}
