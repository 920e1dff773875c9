#!/usr/bin/env node
// @ts-check
/**
 * `npm run fonts`: rewrites the committed core font files (src/assets/fonts/)
 * from Fontsource's latin variable files: the weight axis cut to the range the
 * design uses, the characters cut to CORE_RANGE (both in src/build/fonts.ts).
 * Run it after changing either. Needs fontTools with brotli
 * (Debian: apt-get install python3-fonttools python3-brotli).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CORE_RANGE, FONTS } from "../src/build/fonts.ts";

const python = process.env["PYTHON"] ?? "/usr/bin/python3";
try {
  execFileSync(python, ["-c", "import fontTools, brotli"], { stdio: "ignore" });
} catch {
  console.error(
    `fonts: ${python} lacks fontTools or brotli (Debian: apt-get install python3-fonttools python3-brotli)`,
  );
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "fonts-"));
try {
  for (const font of Object.values(FONTS)) {
    const instance = join(work, "instance.ttf");
    const [low, high] = font.weight;
    execFileSync(python, [
      "-m",
      "fontTools.varLib.instancer",
      font.source,
      `wght=${low}:${high}`,
      "-q",
      "-o",
      instance,
    ]);
    execFileSync(python, [
      "-m",
      "fontTools.subset",
      instance,
      `--unicodes=${CORE_RANGE.replaceAll(" ", "")}`,
      "--layout-features=*",
      "--flavor=woff2",
      `--output-file=${font.core}`,
    ]);
    const kb = (/** @type {string} */ path) => `${(statSync(path).size / 1024).toFixed(1)} KB`;
    console.log(`fonts: ${font.core} ${kb(font.core)} (from ${kb(font.source)}, weights ${low}–${high})`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
