import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { bodySyntaxProblems, checkBodySyntax } from "../../src/build/body-syntax";

/** A text with this body under a two-line front matter: the body's first line is the file's line 5. */
const text = (body: string) => `---\ntitle: "Risks"\ndek: "A {word} and a <5% in YAML are plain text"\n---\n${body}\n`;

test("what the MDX compiler reads as text or as the page's own code passes", () => {
  const body = [
    "Yields < 5% and a \\<= b, a \\{brace\\}, <b>bold</b>, <>a fragment</>, a } alone.",
    "{/* A note with <FactGrid> and {braces} in it. */}",
    "{props.site.name} is free.",
    "<RiskScale {...props.types.security} />",
    "<IndicatorStrip",
    "  indicators={props.market.indicators}",
    '  note="Rates {up} <5%"',
    "/>",
    "Write `x <= {y}` in code.",
    "```",
    "<5 and {z}",
    "```",
  ].join("\n");
  expect(bodySyntaxProblems(text(body))).toEqual([]);
});

test("a < that starts no tag is named at its line and column, with the sign's escape", () => {
  expect(bodySyntaxProblems(text("Text.\n\nMaturities <5 years and x<=y."))).toEqual([
    'line 7, column 12, "<5 years and x<=y.": a < there starts a tag; for the less-than sign write \\< (or the words: under, at most)',
    'line 7, column 26, "<=y.": a < there starts a tag; for the less-than sign write \\< (or the words: under, at most)',
  ]);
  expect(bodySyntaxProblems(text("A price <$1,000."))[0]).toMatch(/^line 5, column 9, "<\$1,000\.": a < there starts/);
});

test("an HTML comment and a <…> link are named with what MDX writes instead", () => {
  expect(bodySyntaxProblems(text("<!-- to do --> Text."))).toEqual([
    'line 5, column 1, "<!-- to do --> Text.": MDX has no <!-- --> comments: write {/* a note */}',
  ]);
  expect(bodySyntaxProblems(text("See <https://www.sec.gov/files/ib_corporatebonds.pdf> now."))).toEqual([
    'line 5, column 5, "<https://www.sec.gov/fil…": MDX has no <…> links: write [the words](https://www.sec.gov/files/ib_corporatebonds.pdf)',
  ]);
});

test("a brace in the text is named, with its escape", () => {
  expect(bodySyntaxProblems(text("Coupon {rate} of 5%."))).toEqual([
    'line 5, column 8, "{rate} of 5%.": a { there starts code; for a brace write \\{ (and \\} to close it)',
  ]);
});

test("code that is never closed hides nothing before it", () => {
  expect(bodySyntaxProblems(text("A <5% slip.\n\n```\nunclosed {code}"))).toHaveLength(1);
});

test("the check fails on the first such file, naming it", () => {
  const folder = mkdtempSync(join(tmpdir(), "body-syntax-"));
  writeFileSync(join(folder, "risks.mdx"), text("Yields < 5%."));
  writeFileSync(join(folder, "taxes.mdx"), text("Yields <5%."));
  expect(() => checkBodySyntax(folder, "content/learn")).toThrow(
    /^Invalid content in content\/learn\/taxes\.mdx:\n {2}- line 5, column 8, "<5%\.": a < there starts a tag/,
  );
});

test("the shipped lessons and pages pass", () => {
  expect(() => checkBodySyntax("content/learn", "content/learn")).not.toThrow();
  expect(() => checkBodySyntax("content/pages", "content/pages")).not.toThrow();
});
