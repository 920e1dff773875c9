import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import {
  CORE_RANGE,
  FONTS,
  LATIN_RANGE,
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

/** The code points a WOFF2 file's cmap maps (format 4 and 12 subtables). */
function woff2CodePoints(path: string): Set<number> {
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
  const tables: { tag: string; length: number }[] = [];
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
    tables.push({ tag, length: transformed ? base128() : length });
  }
  const data = brotliDecompressSync(file.subarray(offset, offset + compressedLength));
  let start = 0;
  for (const table of tables) {
    if (table.tag === "cmap") break;
    start += table.length;
  }
  const points = new Set<number>();
  const subtables = data.readUInt16BE(start + 2);
  for (let index = 0; index < subtables; index++) {
    const at = start + data.readUInt32BE(start + 4 + index * 8 + 4);
    const format = data.readUInt16BE(at);
    if (format === 4) {
      const segments = data.readUInt16BE(at + 6) / 2;
      for (let segment = 0; segment < segments; segment++) {
        const end = data.readUInt16BE(at + 14 + segment * 2);
        const first = data.readUInt16BE(at + 16 + segments * 2 + segment * 2);
        for (let point = first; point <= end && point !== 0xffff; point++) points.add(point);
      }
    } else if (format === 12) {
      const groups = data.readUInt32BE(at + 12);
      for (let group = 0; group < groups; group++) {
        const first = data.readUInt32BE(at + 16 + group * 12);
        const end = data.readUInt32BE(at + 20 + group * 12);
        for (let point = first; point <= end; point++) points.add(point);
      }
    }
  }
  return points;
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
