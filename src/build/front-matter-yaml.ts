/**
 * A front matter YAML cannot read stops the build in YAML's own words, with a line counted from the first line
 * after the opening `---` ("bad indentation of a mapping entry (1:13)" for the file's line 2). This reads each
 * front matter first, as Astro will (js-yaml), and names the file, its real line, what is written there and the
 * usual cause.
 */
import { YAMLException, load } from "js-yaml";
import { checkTexts } from "./content-errors";
import { splitFrontMatter } from "./front-matter-fences";

/** Written after YAML's reason: what most often causes it in a front matter of plain text fields. */
const USUAL_CAUSE =
  'a value that holds ": " or " #", or starts with a quote, [, {, &, *, !, |, >, % or @, goes in double quotes ' +
  '(dek: "Bonds: a guide"), with any " inside it written \\"';

/** What YAML cannot read in one text's front matter, if anything. */
export function yamlProblem(source: string): string | undefined {
  const { frontMatter } = splitFrontMatter(source);
  try {
    load(frontMatter);
    return undefined;
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    // A quote or bracket never closed is found only at the end, far from where it opened: no line to name.
    if (/end of the stream within/.test(error.reason)) {
      return `the front matter is not valid YAML (${error.reason}): a quote or bracket is opened and never closed; ${USUAL_CAUSE}`;
    }
    // YAML counts from 0 at the line after the opening ---.
    const lines = frontMatter.split(/\r?\n/);
    const index = Math.min(error.mark.line, lines.length - 1);
    return (
      `line ${index + 2}, ${JSON.stringify(lines[index]?.trim() ?? "")}: the front matter is not valid YAML ` +
      `(${error.reason}); ${USUAL_CAUSE}`
    );
  }
}

/** Fails on the first `.mdx` file of `folder` whose front matter YAML cannot read. */
export function checkFrontMatterYaml(folder: string, label: string): void {
  checkTexts(folder, label, yamlProblem);
}
