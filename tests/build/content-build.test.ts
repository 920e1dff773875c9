/**
 * A broken content file must fail the real build with the file and the field
 * named. Each case copies the project's config and content to a temp folder,
 * breaks one file and runs `astro sync` (the content step of `astro build`).
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify, stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, test } from "vitest";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const temps: string[] = [];

/** Runs `astro sync` in a copy of the project where `edit` has changed one JSON content file. */
function syncWith(file: string, edit: (data: any) => unknown): Promise<string> {
  return syncWithText(file, (text) => JSON.stringify(edit(JSON.parse(text)), null, 2));
}

/** Runs `astro sync` in a copy of the project where `edit` has changed one content file's text. */
function syncWithText(file: string, edit: (text: string) => string): Promise<string> {
  return astroWithText("sync", file, edit);
}

/** Runs an astro command in a copy of the project where `edit` has changed one content file's text (or written a new one). */
async function astroWithText(command: "sync" | "build", file: string, edit: (text: string) => string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "content-"));
  temps.push(dir);
  for (const entry of ["astro.config.mjs", "tsconfig.json", "package.json", "src", "content", "public"]) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  const path = join(dir, file);
  writeFileSync(path, edit(existsSync(path) ? readFileSync(path, "utf-8") : ""));
  try {
    await run(process.execPath, [join(root, "node_modules/astro/bin/astro.mjs"), command], {
      cwd: dir,
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
    });
    return "";
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    // Colour codes may still appear (CI forces colour); the words are what matter.
    return stripVTControlCharacters(`${stdout}\n${stderr}`);
  }
}

afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("astro sync with a broken content file", { timeout: 90_000 }, () => {
  test("fails on a wrong type, naming the file and the field", async () => {
    const output = await syncWith("content/market.json", (market) => ({
      ...market,
      yields: { ...market.yields, highYield: "7.9%" },
    }));
    expect(output).toContain("content/market.json");
    expect(output).toContain('field "yields.highYield"');
  });

  test("fails on a missing field, naming the file and the field", async () => {
    const output = await syncWith("content/site.json", ({ tagline: _removed, ...site }) => site);
    expect(output).toContain("content/site.json");
    expect(output).toContain('field "tagline"');
  });

  test("fails on a duplicate glossary term", async () => {
    const output = await syncWith("content/glossary.json", (terms) => [...terms, { ...terms[0] }]);
    expect(output).toContain("content/glossary.json");
    expect(output).toMatch(/duplicate term "Bond"/);
  });

  test("fails on a non-http URL, naming the entry and the field", async () => {
    const output = await syncWith("content/books.json", (books) => [
      { ...books[0], url: "javascript:alert(1)" },
      ...books.slice(1),
    ]);
    expect(output).toContain("content/books.json");
    expect(output).toMatch(/entry 1 \(".+"\) → field "url": must be an absolute http/);
  });

  test("fails on MDX front matter without a description, naming the page and the field", async () => {
    const output = await syncWithText("content/pages/about.mdx", (text) => text.replace(/^description:.*$/m, ""));
    expect(output).toContain('Invalid content in content/pages/about.mdx:\n  - field "description": is required');
  });

  test("fails on a misspelt field, naming it and the fields the entry can have", async () => {
    const output = await syncWith("content/glossary.json", ([{ related, ...first }, ...terms]) => [
      { ...first, relatd: related },
      ...terms,
    ]);
    expect(output).toContain("content/glossary.json");
    expect(output).toContain(
      'entry 1 ("Bond"): unknown field "relatd" (the fields here: term, category, definition, related)',
    );
  });

  test("fails on a site address without its https://, naming the file and the field, not the Astro config", async () => {
    const output = await syncWithText("content/site.json", (text) => text.replace('"https://', '"'));
    expect(output).toContain('Invalid content in content/site.json:\n  - field "url": must be an absolute http');
  });

  test("fails on an unquoted review date that is no such day, which YAML would roll over", async () => {
    const output = await syncWithText("content/learn/taxes.mdx", (text) =>
      text.replace(/^lastReviewed: .*$/m, "lastReviewed: 2026-02-30"),
    );
    expect(output).toContain("Invalid content in content/learn/taxes.mdx");
    expect(output).toContain('field "lastReviewed": 2026-02-30 is no such day');
  });

  test("fails on front matter YAML cannot read, naming the file's own line and the usual cause", async () => {
    const output = await syncWithText("content/learn/taxes.mdx", (text) =>
      text.replace(/^kicker: .*$/m, "kicker: Lesson: taxes"),
    );
    const line = readFileSync(join(root, "content/learn/taxes.mdx"), "utf-8")
      .split("\n")
      .findIndex((text) => text.startsWith("kicker: "));
    expect(output).toContain(
      `Invalid content in content/learn/taxes.mdx:\n  - line ${line + 1}, "kicker: Lesson: taxes": the front matter is not valid YAML`,
    );
    expect(output).toContain("goes in double quotes");
  });

  test("fails on a misspelt front matter field, naming it", async () => {
    const output = await syncWithText("content/learn/taxes.mdx", (text) => text.replace(/^kicker:/m, "kiker:"));
    expect(output).toContain(
      'Invalid content in content/learn/taxes.mdx:\n  - field "kiker": unknown field (the fields here: title, description, kicker,',
    );
    expect(output).not.toContain("**");
  });

  test("fails on a less-than sign the MDX compiler would read as a tag, naming the line and the escape", async () => {
    const text = readFileSync(join(root, "content/learn/taxes.mdx"), "utf-8");
    const line = text.split("\n").findIndex((text) => text.startsWith("## Worked example"));
    const output = await syncWithText("content/learn/taxes.mdx", () =>
      text.replace("\n## Worked example", "\nMost are <5% a year.\n\n## Worked example"),
    );
    expect(output).toContain(
      `Invalid content in content/learn/taxes.mdx:\n  - line ${line + 1}, column 10, "<5% a year.": a < there starts a tag; ` +
        "for the less-than sign write \\<",
    );
  });
});

describe("astro build with a broken MDX page", { timeout: 240_000 }, () => {
  test("fails on a chart without a title, naming the chart and the page", async () => {
    const output = await astroWithText("build", "content/pages/strategies.mdx", (text) =>
      text.replace(/^\s*title="A barbell portfolio"\n/m, ""),
    );
    expect(output).toMatch(/The chart "barbell-chart" on \/strategies\/? has no title/);
  });

  test("fails on a new page file that no route makes a page of, naming the file", async () => {
    const terms = readFileSync(join(root, "content/pages/terms.mdx"), "utf-8");
    const output = await astroWithText("build", "content/pages/glossary-tips.mdx", () => terms);
    expect(output).toContain("Invalid content in content/pages/glossary-tips.mdx");
    expect(output).toContain(
      'no page shows this file: a page\'s address comes from a route in src/pages/, and none reads "glossary-tips"',
    );
  });
});
