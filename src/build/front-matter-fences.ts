/**
 * A text's front matter is the lines between a first line `---` and the next `---`. Without the closing one, or in
 * an empty file, Astro finds no front matter at all and the schema says every field is missing, though they are
 * all there: this names the slip instead.
 */
import { checkTexts } from "./content-errors";

/** A text's front matter (the lines between its fences) and its body (what follows); all body if it has none. */
export function splitFrontMatter(source: string): { frontMatter: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(source);
  return match ? { frontMatter: match[1]!, body: source.slice(match[0].length) } : { frontMatter: "", body: source };
}

/** What is wrong with the fences of one file's front matter, if anything. */
export function fenceProblem(source: string): string | undefined {
  if (source.trim() === "") return "is empty: a text starts with its front matter between two --- lines";
  const lines = source.split(/\r?\n/);
  if (lines[0]?.trim() !== "---") {
    return "does not start with a --- line: the front matter (title: …, description: …) goes between two of them";
  }
  if (!lines.slice(1).some((line) => line.trimEnd() === "---")) {
    return "has no --- line after its front matter: one must close it, before the text";
  }
  return undefined;
}

/** Fails on the first `.mdx` file of `folder` whose front matter is not fenced by two `---` lines. */
export function checkFrontMatterFences(folder: string, label: string): void {
  checkTexts(folder, label, fenceProblem);
}
