/**
 * YAML reads an unquoted date as a date, and rolls an impossible one over: `lastReviewed: 2026-02-30` arrives as
 * 2 March, which the schema cannot tell from a real 2 March. This reads each file's front matter as written and
 * fails on such a date, naming the file and the field. (A quoted date is text, and the schema refuses it itself.)
 */
import { checkTexts } from "./content-errors";
import { splitFrontMatter } from "./front-matter-fences";

/** `key: YYYY-MM-DD` on a line of its own, unquoted, maybe as a list item or with a comment after it. */
const DATE_LINE = /^[ \t]*(?:-[ \t]+)?([A-Za-z_][\w-]*):[ \t]*(\d{4})-(\d{2})-(\d{2})[ \t]*(?:#.*)?$/gm;

/** The problems of one file's front matter: each unquoted date that is no such day, and what YAML reads it as. */
function impossibleDates(source: string): string[] {
  const { frontMatter } = splitFrontMatter(source);
  const problems: string[] = [];
  for (const [, field, year, month, day] of frontMatter.matchAll(DATE_LINE)) {
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    const written = `${year}-${month}-${day}`;
    const read = Number.isNaN(date.getTime()) ? "nothing" : date.toISOString().slice(0, 10);
    if (read !== written) {
      problems.push(
        `field "${field}": ${written} is no such day (written without quotes, it would be read as ${read}; ` +
          `write the day meant, as "YYYY-MM-DD")`,
      );
    }
  }
  return problems;
}

/** Fails on the first `.mdx` file of `folder` whose front matter holds an impossible unquoted date. */
export function checkFrontMatterDates(folder: string, label: string): void {
  checkTexts(folder, label, impossibleDates);
}
