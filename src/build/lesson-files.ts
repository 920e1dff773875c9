import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ContentFileError } from "./content-errors";
import { splitFrontMatter } from "./front-matter-fences";

/** A lesson's file name is its address: lower-case words of letters and digits joined by hyphens, then `.mdx`. */
const LESSON_FILE = /^[a-z0-9]+(-[a-z0-9]+)*\.mdx$/;

/**
 * Fails on a file in the lessons' folder that would not become the lesson its editor meant: Astro reads only
 * `*.mdx` (a `.md` lesson would be left out without a word) and makes each name a slug (`Taxes.mdx` would quietly
 * replace `taxes.mdx`, and `Bond Ratings.mdx` become /learn/bond-ratings); `index.mdx` would sit at /learn/index
 * beside /learn. A folder with no lesson fails too: /learn, which the navigation links to, would list none. And a
 * lesson is its text: one with none after its front matter, or without the worked example every lesson teaches
 * with, would be published as it stands.
 */
export function checkLessonFiles(folder: string, label = "content/learn"): void {
  const names = readdirSync(folder).filter((name) => !name.startsWith("."));
  if (names.length === 0) {
    throw new ContentFileError(label, [
      "holds no lesson: /learn would list none (a lesson is a file such as bond-ratings.mdx, for /learn/bond-ratings)",
    ]);
  }
  for (const name of names) {
    if (name === "index.mdx") {
      throw new ContentFileError(`${label}/${name}`, [
        "a lesson cannot be called index: /learn is the list of lessons",
      ]);
    }
    if (!LESSON_FILE.test(name)) {
      throw new ContentFileError(`${label}/${name}`, [
        "a lesson's file name is its address: lower-case letters, digits and hyphens, ending in .mdx " +
          "(such as bond-ratings.mdx for /learn/bond-ratings)",
      ]);
    }
    const { body } = splitFrontMatter(readFileSync(join(folder, name), "utf-8"));
    if (body.trim() === "") {
      throw new ContentFileError(`${label}/${name}`, [
        "has no text after its front matter (the lines between the two ---): the lesson itself goes there",
      ]);
    }
    if (!/^## Worked example/m.test(body)) {
      throw new ContentFileError(`${label}/${name}`, [
        'has no "## Worked example" section: every lesson works its subject through with figures',
      ]);
    }
  }
}
