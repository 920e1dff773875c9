import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import {
  CORE_RANGE,
  FALLBACK_SERIF,
  FONTS,
  LATIN_RANGE,
  fallbackFaceCss,
  fallbackOverrides,
  fontFaceCss,
  formatUnicodeRange,
  parseUnicodeRange,
  subtractUnicodeRange,
} from "../../src/build/fonts";

describe("parseUnicodeRange", () => {
  test("returns sorted ranges with neighbours and overlaps merged", () => {
    expect(parseUnicodeRange("U+0041, U+0030-0039, U+0042-0045, U+0044-0050")).toEqual([
      [0x30, 0x39],
      [0x41, 0x50],
    ]);
  });

  test("throws on a part that is not a code point or range", () => {
    expect(() => parseUnicodeRange("U+0041, latin")).toThrow('Not a unicode-range part: "latin"');
    expect(() => parseUnicodeRange("U+0050-0041")).toThrow("Backwards");
  });
});

describe("formatUnicodeRange", () => {
  test("writes single code points and ranges as CSS does", () => {
    expect(
      formatUnicodeRange([
        [0x20, 0x7e],
        [0x2026, 0x2026],
      ]),
    ).toBe("U+0020-007E, U+2026");
  });
});

describe("subtractUnicodeRange", () => {
  test("cuts holes and trims ends", () => {
    expect(subtractUnicodeRange("U+0000-00FF", "U+0020-007E, U+00A0, U+00FF")).toBe(
      "U+0000-001F, U+007F-009F, U+00A1-00FE",
    );
  });

  test("returns an empty range when everything is cut", () => {
    expect(subtractUnicodeRange("U+0041-0042", "U+0040-0050")).toBe("");
  });
});

describe("fontFaceCss", () => {
  const css = fontFaceCss(FONTS.text, "/core.woff2", "/latin.woff2");
  const faces = css.split("@font-face").filter(Boolean);
  const range = (face: string) => parseUnicodeRange(/unicode-range:([^}]*)/.exec(face)![1]!);
  const covers = (ranges: [number, number][], char: string) =>
    ranges.some(([first, last]) => char.codePointAt(0)! >= first && char.codePointAt(0)! <= last);

  test("returns the core face, then the rest of latin, never overlapping and never swapping fonts", () => {
    expect(faces).toHaveLength(2);
    expect(faces[0]).toContain("src:url(/core.woff2)");
    expect(faces[1]).toContain("src:url(/latin.woff2)");
    for (const face of faces) {
      expect(face).toContain('font-family:"Source Serif 4 Variable"');
      expect(face).toContain("font-display:optional");
      expect(face).toContain("font-weight:400 700");
    }
    for (const char of "Aa1 ’—…")
      expect([covers(range(faces[0]!), char), covers(range(faces[1]!), char)]).toEqual([true, false]);
    for (const char of "éÉüß€™")
      expect([covers(range(faces[0]!), char), covers(range(faces[1]!), char)]).toEqual([false, true]);
    // A newline or tab never makes a page fetch the latin file.
    expect(covers(range(faces[1]!), "\n")).toBe(false);
  });
});

/** The decompressed tables of a WOFF2 file, by tag (glyf and loca left as WOFF2 transforms them). */
function woff2Tables(path: string): Map<string, Buffer> {
  const file = readFileSync(path);
  expect(file.toString("latin1", 0, 4)).toBe("wOF2");
  const tags = ["cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep"];
  const numTables = file.readUInt16BE(12);
  const compressedLength = file.readUInt32BE(20);
  let offset = 48;
  const base128 = () => {
    let value = 0;
    for (;;) {
      const byte = file[offset++]!;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
  };
  const entries: { tag: string; length: number; transformed: boolean }[] = [];
  for (let index = 0; index < numTables; index++) {
    const flags = file[offset++]!;
    let tag = tags[flags & 0x3f] ?? "";
    if ((flags & 0x3f) === 0x3f) {
      tag = file.toString("latin1", offset, offset + 4);
      offset += 4;
    }
    const version = flags >> 6;
    const length = base128();
    const transformed = tag === "glyf" || tag === "loca" ? version === 0 : version !== 0;
    entries.push({ tag, length: transformed ? base128() : length, transformed });
  }
  const data = brotliDecompressSync(file.subarray(offset, offset + compressedLength));
  const tables = new Map<string, Buffer>();
  let start = 0;
  for (const entry of entries) {
    // hmtx is the only other table WOFF2 may transform; the metrics below read it untransformed.
    if (entry.tag === "hmtx") expect(entry.transformed).toBe(false);
    tables.set(entry.tag, data.subarray(start, start + entry.length));
    start += entry.length;
  }
  return tables;
}

/** A WOFF2 file's character map: code point → glyph id (format 4 and 12 subtables). */
function woff2Cmap(path: string): Map<number, number> {
  const data = woff2Tables(path).get("cmap")!;
  const glyphs = new Map<number, number>();
  const subtables = data.readUInt16BE(2);
  for (let index = 0; index < subtables; index++) {
    const at = data.readUInt32BE(4 + index * 8 + 4);
    const format = data.readUInt16BE(at);
    if (format === 4) {
      const segments = data.readUInt16BE(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let segment = 0; segment < segments; segment++) {
        const end = data.readUInt16BE(ends + segment * 2);
        const first = data.readUInt16BE(starts + segment * 2);
        const delta = data.readUInt16BE(deltas + segment * 2);
        const rangeOffset = data.readUInt16BE(rangeOffsets + segment * 2);
        for (let point = first; point <= end && point !== 0xffff; point++) {
          let glyph = 0;
          if (rangeOffset === 0) glyph = (point + delta) & 0xffff;
          else {
            const raw = data.readUInt16BE(rangeOffsets + segment * 2 + rangeOffset + (point - first) * 2);
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) glyphs.set(point, glyph);
        }
      }
    } else if (format === 12) {
      const groups = data.readUInt32BE(at + 12);
      for (let group = 0; group < groups; group++) {
        const first = data.readUInt32BE(at + 16 + group * 12);
        const end = data.readUInt32BE(at + 20 + group * 12);
        const glyph = data.readUInt32BE(at + 24 + group * 12);
        for (let point = first; point <= end; point++) glyphs.set(point, glyph + point - first);
      }
    }
  }
  return glyphs;
}

/** The code points a WOFF2 file's cmap maps. */
function woff2CodePoints(path: string): Set<number> {
  return new Set(woff2Cmap(path).keys());
}

/**
 * How often English prose uses each character: capsize's "latin" weighting (github.com/seek-oss/capsize,
 * packages/unpack/src/weightings.ts), the one its published Times New Roman figures were measured with.
 */
const ENGLISH_WEIGHTS: Record<string, number> = {
  " ": 0.154,
  e: 0.0922,
  t: 0.0672,
  a: 0.0668,
  i: 0.0588,
  n: 0.0578,
  o: 0.0571,
  r: 0.0526,
  s: 0.0469,
  h: 0.0351,
  l: 0.0304,
  d: 0.0298,
  c: 0.0232,
  u: 0.0207,
  m: 0.0181,
  f: 0.017,
  p: 0.0163,
  g: 0.0155,
  y: 0.0123,
  b: 0.0114,
  w: 0.011,
  ",": 0.0083,
  ".": 0.0079,
  v: 0.0076,
  "0": 0.0053,
  k: 0.0046,
  T: 0.0041,
  S: 0.0041,
  A: 0.004,
  "|": 0.0038,
  C: 0.0031,
  "2": 0.0026,
  M: 0.0025,
  x: 0.0025,
  "1": 0.0023,
  P: 0.0023,
  I: 0.0022,
  "[": 0.0021,
  B: 0.002,
  "-": 0.0018,
  U: 0.0016,
  "5": 0.0015,
  R: 0.0015,
  F: 0.0015,
  "'": 0.0014,
  N: 0.0014,
  H: 0.0013,
  D: 0.0013,
  L: 0.0012,
  W: 0.0012,
  '"': 0.0012,
  E: 0.0011,
  G: 0.0011,
  z: 0.0011,
  "3": 0.001,
  "(": 0.001,
  ")": 0.001,
  j: 0.0009,
  J: 0.0009,
  O: 0.0009,
  "4": 0.0008,
  "8": 0.0008,
  q: 0.0008,
  ":": 0.0008,
  "6": 0.0007,
  "9": 0.0006,
  "7": 0.0005,
  "]": 0.0007,
  K: 0.0007,
  "=": 0.0007,
  V: 0.0005,
  Y: 0.0003,
  $: 0.0002,
  Z: 0.0002,
  Q: 0.0001,
  X: 0.0001,
  "/": 0.0001,
  "%": 0.0001,
  ";": 0.0001,
  á: 0.0001,
  é: 0.0001,
};

/** A WOFF2 file's default-instance metrics, read from its head, hhea, hmtx and cmap tables. */
function woff2Metrics(path: string) {
  const tables = woff2Tables(path);
  const head = tables.get("head")!;
  const hhea = tables.get("hhea")!;
  const hmtx = tables.get("hmtx")!;
  const cmap = woff2Cmap(path);
  const longMetrics = hhea.readUInt16BE(34);
  const advance = (glyph: number) => hmtx.readUInt16BE(Math.min(glyph, longMetrics - 1) * 4);
  // Characters the file lacks (the core subsets have no accented letters) are left out, weights and all.
  let width = 0;
  let weight = 0;
  for (const [char, share] of Object.entries(ENGLISH_WEIGHTS)) {
    const glyph = cmap.get(char.codePointAt(0)!);
    if (glyph === undefined) continue;
    width += advance(glyph) * share;
    weight += share;
  }
  return {
    unitsPerEm: head.readUInt16BE(18),
    ascent: hhea.readInt16BE(4),
    descent: hhea.readInt16BE(6),
    lineGap: hhea.readInt16BE(8),
    xWidthAvg: Math.round(width / weight),
  };
}

describe("the committed core font files", () => {
  const core = new Set(
    parseUnicodeRange(CORE_RANGE).flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => first + i),
    ),
  );
  const latin = new Set(
    parseUnicodeRange(LATIN_RANGE).flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => first + i),
    ),
  );

  for (const font of Object.values(FONTS)) {
    test(`${font.core} maps every core character and nothing else (else run npm run fonts)`, () => {
      const points = woff2CodePoints(font.core);
      expect(points.has(0x41) && woff2CodePoints(font.source).has(0xe9)).toBe(true);
      expect(points.has(0xe9)).toBe(false);
      const inLatin = [...points].filter((point) => latin.has(point));
      expect(inLatin.sort((a, b) => a - b)).toEqual(
        [...core].filter((point) => woff2CodePoints(font.source).has(point)),
      );
    });
  }
});

describe("the fallback faces", () => {
  for (const font of Object.values(FONTS)) {
    test(`${font.family}'s committed metrics are its core file's`, () => {
      expect(woff2Metrics(font.core)).toEqual(font.metrics);
    });
  }

  test("size Times New Roman to the web face: English text runs as wide, ascent and descent land where its do", () => {
    // Source Serif 4's average English advance is 479/1000 em; Times New Roman's is 832/2048.
    const o = fallbackOverrides(FONTS.text.metrics, FALLBACK_SERIF.regular.metrics);
    expect(o.sizeAdjust).toBeCloseTo(0.479 / (832 / 2048), 6);
    expect(o.ascentOverride * o.sizeAdjust).toBeCloseTo(1.036, 6);
    expect(o.descentOverride * o.sizeAdjust).toBeCloseTo(0.335, 6);
    expect(o.lineGapOverride).toBe(0);
  });

  test("returns a regular and a bold face drawn from the local serif, with every override", () => {
    const css = fallbackFaceCss(FONTS.display);
    const faces = css.split("@font-face").filter(Boolean);
    expect(faces).toHaveLength(2);
    expect(faces[0]).toContain('font-family:"Playfair Display Fallback"');
    expect(faces[0]).toContain('src:local("Times New Roman"),local("TimesNewRomanPSMT"),local("Liberation Serif")');
    expect(faces[0]).toContain("font-weight:100 599");
    expect(faces[1]).toContain('local("Times New Roman Bold")');
    expect(faces[1]).toContain("font-weight:600 1000");
    // 452/1000 over 832/2048 is 111.26%; 1082/1000 over that is 97.25%.
    for (const face of faces) {
      expect(face).toContain("size-adjust:111.26%;ascent-override:97.25%;descent-override:22.56%;line-gap-override:0%");
    }
  });
});
