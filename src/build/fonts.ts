/**
 * The two self-hosted faces and how they are split. Each family is served as
 * a small "core" file (printable ASCII and the punctuation the site's English
 * text uses, cut by scripts/subset-fonts.mjs to the weights the design uses),
 * not preloaded but fetched after `load` for the next page (src/browser/web-fonts.ts), plus the rest of Fontsource's latin file behind a
 * unicode-range that excludes the core: a browser fetches that one only for a
 * page that has one of its characters (an accented name, say).
 */

/** A CSS unicode-range as [first, last] code point pairs. */
export type CodeRanges = [number, number][];

/**
 * Printable ASCII, the no-break space, §©«°±²³·¹»¼½¾×÷, en and em dashes, curly quotes, bullet, ellipsis, minus:
 * every character the lessons' formulas and figures use, so no page fetches the rest of latin (≈50 KB) for a
 * "÷" (the budgets table counts the font files each page loads: 2 when it needs only the core).
 */
export const CORE_RANGE =
  "U+0020-007E, U+00A0, U+00A7, U+00A9, U+00AB, U+00B0-00B3, U+00B7, U+00B9, U+00BB-00BE, U+00D7, U+00F7, U+2013-2014, U+2018-201D, U+2022, U+2026, U+2212";

/** C0 and C1 control characters. */
const CONTROL_RANGE = "U+0000-001F, U+007F-009F";

/** What Fontsource's "latin" files cover (their own unicode-range). */
export const LATIN_RANGE =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

/**
 * A face's metrics in font units, as capsize reads them: hhea's ascender, descender and line gap, and the
 * average advance width of English text (letters, digits, space and punctuation weighted by how often English
 * prose uses them; capsize's "latin" weighting, in tests/unit/fonts.test.ts).
 */
export interface FaceMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  xWidthAvg: number;
}

export interface FontFamily {
  /** The CSS family name the design tokens use (src/styles/global.css). */
  family: string;
  /** The name of its metric-matched fallback face, next in the design tokens' font stacks. */
  fallback: string;
  /** The default instance's metrics (weight 400), read from the core file; a unit test re-derives them. */
  metrics: FaceMetrics;
  /** Fontsource's latin variable file, the source of both parts. */
  source: string;
  /** The committed core subset, written by scripts/subset-fonts.mjs. */
  core: string;
  /** The weight axis range kept in the core file and declared for both parts. */
  weight: [number, number];
}

/** The display face (headlines, logo) and the text face (body copy). */
export const FONTS = {
  display: {
    family: "Playfair Display Variable",
    fallback: "Playfair Display Fallback",
    metrics: { unitsPerEm: 1000, ascent: 1082, descent: -251, lineGap: 0, xWidthAvg: 452 },
    source: "node_modules/@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2",
    core: "src/assets/fonts/playfair-display-latin-core-wght.woff2",
    weight: [400, 900],
  },
  text: {
    family: "Source Serif 4 Variable",
    fallback: "Source Serif 4 Fallback",
    metrics: { unitsPerEm: 1000, ascent: 1036, descent: -335, lineGap: 0, xWidthAvg: 479 },
    source: "node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2",
    core: "src/assets/fonts/source-serif-4-latin-core-wght.woff2",
    weight: [400, 700],
  },
} satisfies Record<string, FontFamily>;

/** Parses "U+0020-007E, U+00A0" into sorted, merged code point ranges. */
export function parseUnicodeRange(text: string): CodeRanges {
  const ranges = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): [number, number] => {
      const match = /^U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/i.exec(part);
      if (!match) throw new Error(`Not a unicode-range part: "${part}"`);
      const first = parseInt(match[1]!, 16);
      const last = match[2] ? parseInt(match[2], 16) : first;
      if (last < first) throw new Error(`Backwards unicode-range part: "${part}"`);
      return [first, last];
    })
    .sort((a, b) => a[0] - b[0]);
  const merged: CodeRanges = [];
  for (const [first, last] of ranges) {
    const previous = merged.at(-1);
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else merged.push([first, last]);
  }
  return merged;
}

/** Writes code point ranges back as a CSS unicode-range. */
export function formatUnicodeRange(ranges: CodeRanges): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return ranges
    .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
    .join(", ");
}

/** The code points of `range` that are not in `minus`. */
export function subtractUnicodeRange(range: string, minus: string): string {
  const cut = parseUnicodeRange(minus);
  const result: CodeRanges = [];
  for (const [first, last] of parseUnicodeRange(range)) {
    let start = first;
    for (const [cutFirst, cutLast] of cut) {
      if (cutLast < start || cutFirst > last) continue;
      if (cutFirst > start) result.push([start, cutFirst - 1]);
      start = cutLast + 1;
    }
    if (start <= last) result.push([start, last]);
  }
  return formatUnicodeRange(result);
}

/**
 * The @font-face rules for one family: the core file, then the rest of latin.
 * font-display: optional — a face that is not there within ~100 ms (on a first
 * visit it is not: the core is fetched after `load`) is skipped for this page
 * view instead of swapped in later, so text never reflows (CLS 0); the next page has it cached.
 */
export function fontFaceCss({ family, weight }: FontFamily, coreUrl: string, latinUrl: string): string {
  const face = (url: string, range: string) =>
    `@font-face{font-family:"${family}";font-style:normal;font-display:optional;font-weight:${weight[0]} ${weight[1]};` +
    `src:url(${url}) format("woff2-variations");unicode-range:${range}}`;
  // Control characters never render: leaving them out keeps a stray one from fetching the latin file.
  const rest = subtractUnicodeRange(LATIN_RANGE, `${CORE_RANGE}, ${CONTROL_RANGE}`);
  return face(coreUrl, CORE_RANGE) + face(latinUrl, rest);
}

/**
 * The local serif every fallback face is drawn from, by its full and PostScript names: Times New Roman
 * (Windows, macOS) or Liberation Serif (Linux; made with Times New Roman's metrics, so the same numbers hold).
 * Its metrics are capsize's, the figures Astro's own font fallbacks use; Liberation Serif's files read the same.
 */
export const FALLBACK_SERIF = {
  regular: {
    local: ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif", "LiberationSerif"],
    metrics: { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, xWidthAvg: 832 },
  },
  bold: {
    local: ["Times New Roman Bold", "TimesNewRomanPS-BoldMT", "Liberation Serif Bold", "LiberationSerif-Bold"],
    metrics: { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, xWidthAvg: 886 },
  },
} satisfies Record<string, { local: string[]; metrics: FaceMetrics }>;

const percent = (value: number) => `${Number((value * 100).toFixed(2))}%`;

/**
 * The overrides that draw `fallback` at the size and line position of `font`: size-adjust scales its glyphs so
 * English text runs as wide, then ascent, descent and line gap are the web face's, in the scaled em.
 */
export function fallbackOverrides(font: FaceMetrics, fallback: FaceMetrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = font.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust,
    ascentOverride: font.ascent / em,
    descentOverride: Math.abs(font.descent) / em,
    lineGapOverride: font.lineGap / em,
  };
}

/**
 * The metric-matched fallback faces of one family: the local serif's regular for weights below 600 and its
 * bold from 600 up (the design's semibold and bold), each sized to the web face's regular instance. Text paints
 * in these at once; with font-display: optional the web face replaces them only if it arrives within about
 * 100 ms, and because they occupy the same room, nothing moves either way.
 */
export function fallbackFaceCss({ fallback, metrics }: FontFamily): string {
  return (["regular", "bold"] as const)
    .map((style) => {
      const serif = FALLBACK_SERIF[style];
      const o = fallbackOverrides(metrics, FALLBACK_SERIF.regular.metrics);
      const src = serif.local.map((name) => `local("${name}")`).join(",");
      return (
        `@font-face{font-family:"${fallback}";font-style:normal;font-weight:${style === "regular" ? "100 599" : "600 1000"};` +
        `src:${src};size-adjust:${percent(o.sizeAdjust)};ascent-override:${percent(o.ascentOverride)};` +
        `descent-override:${percent(o.descentOverride)};line-gap-override:${percent(o.lineGapOverride)}}`
      );
    })
    .join("");
}
