import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ICONS, drawPng, readHeadMeta } from "../../src/build/share-images";
import { clip, iconArt, initialsOf, shareCard, shareImagePath } from "../../src/lib/share-card";

/** Width and height from a PNG's IHDR chunk (PNG specification, section 11.2.2). */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const card = {
  logo: "Corporate Bonds",
  kicker: "Lesson",
  title: "Reading a Bond Quote",
  description: "How to read the price, yield and spread on a corporate bond quote, with a worked example.",
  host: "corporate-bonds.example.com",
  motto: "The Definitive Guide · Education, Analysis & Strategy",
};

describe("share image paths", () => {
  test("each route has its own image under /og/, the home page index", () => {
    expect(shareImagePath("/")).toBe("/og/index.png");
    expect(shareImagePath("/about")).toBe("/og/about.png");
    expect(shareImagePath("/learn/taxes")).toBe("/og/learn/taxes.png");
    expect(shareImagePath("/404")).toBe("/og/404.png");
  });
});

describe("the card's text", () => {
  test("a long text is cut at a word with an ellipsis, a short one kept", () => {
    expect(clip("Short title", 20)).toBe("Short title");
    const cut = clip("Callable bonds, sinking funds and the yield to worst explained", 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toBe("Callable bonds, sinking funds…");
  });

  test("the icon shows the logo's initials", () => {
    expect(initialsOf("Corporate Bonds")).toBe("CB");
  });

  test("the head's meta tags are read with their entities decoded", () => {
    const meta = readHeadMeta(
      '<html><head><meta property="og:title" content="Risks &amp; Rewards"><meta name="description" content="d"></head>' +
        '<body><meta property="og:title" content="not in the head"></body></html>',
    );
    expect(meta.get("og:title")).toBe("Risks & Rewards");
    expect(meta.get("description")).toBe("d");
  });
});

describe("drawing", () => {
  test("a share card is a 1200×630 PNG", { timeout: 60_000 }, async () => {
    const png = await drawPng(shareCard(card), 1200, 630);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    // Written for a person to look at; not compared with anything.
    mkdirSync("reports", { recursive: true });
    writeFileSync("reports/share-card-sample.png", png);
  });

  test("every icon is a square PNG of its size, the maskable one too", { timeout: 60_000 }, async () => {
    for (const icon of ICONS) {
      const png = await drawPng(iconArt({ initials: "CB", ...icon }), icon.size, icon.size);
      expect(pngSize(png)).toEqual({ width: icon.size, height: icon.size });
    }
    expect(ICONS.map((icon) => icon.size)).toEqual(expect.arrayContaining([180, 192, 512]));
    expect(ICONS.filter((icon) => icon.safe)).toHaveLength(1);
  });
});
