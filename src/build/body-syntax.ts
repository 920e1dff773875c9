/**
 * In the text of an MDX file a `<` opens a tag (a component, an HTML element) and a `{` a piece of code. A
 * less-than sign or a brace written as text stops the build in the MDX compiler's words ("Unexpected character
 * after `<`, expected a valid JSX tag"), or, for `{word}`, at the page with "ReferenceError: word is not defined"
 * and no file named. This finds those slips first and says how to write what was meant: `\<` and `\{` are the
 * signs themselves. What the compiler reads as text is left alone: a `<` before a space (`yields < 5%`), an
 * element (`<b>`, `</b>`, `<>`), a comment (`{/* … *\/}`), the page's own data (`{props.site.name}`,
 * `{...props.types.security}`, `indicators={…}`), anything escaped, and code.
 */
import { checkTexts } from "./content-errors";
import { splitFrontMatter } from "./front-matter-fences";

/** `text` with each character but a line break turned into a space: what a check must not read, kept in place. */
const blank = (text: string) => text.replace(/[^\n]/g, " ");

/**
 * The source as the check reads it: the front matter, comments, fenced code and code spans blanked, so that every
 * character left is at its own line and column.
 */
function readable(source: string): string {
  const { body } = splitFrontMatter(source);
  const head = source.slice(0, source.length - body.length);
  const text = body
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, blank)
    // An attribute's quoted value is text to the compiler, braces and all: `term="Yield {to} call"`.
    .replace(/=("[^"\n]*"|'[^'\n]*')/g, (value) => `=${blank(value.slice(1))}`)
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[`~]*[ \t]*$|(?![\s\S]))/gm, blank)
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, blank);
  return blank(head) + text;
}

/** The line and column (from 1) of `index` in `text`, as a text editor counts them. */
function where(text: string, index: number): string {
  const before = text.slice(0, index).split("\n");
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/** What follows `index` in the source, to the end of the line, up to 24 characters: what the editor will look for. */
function quote(source: string, index: number): string {
  const line = source.slice(index).split("\n")[0]!.trimEnd();
  return JSON.stringify(line.length > 24 ? `${line.slice(0, 24)}…` : line);
}

/** How the slip that starts at `index` of `text` is written right, or nothing if it is no slip. */
function fix(text: string, index: number): string | undefined {
  const rest = text.slice(index);
  if (rest.startsWith("<")) {
    if (rest.startsWith("<!--")) return "MDX has no <!-- --> comments: write {/* a note */}";
    const autolink = /^<((?:https?|mailto):[^>\s]*)>?/.exec(rest);
    if (autolink) return `MDX has no <…> links: write [the words](${autolink[1]})`;
    // After `<` the compiler reads a tag's name (a letter, `_`), a closing tag (`/`), a fragment (`>`), or, after a
    // space, text. Anything else is a slip: `<5%`, `<=`, `<$1,000`.
    if (/^<[\s\p{L}_/>]/u.test(rest)) return undefined;
    return "a < there starts a tag; for the less-than sign write \\< (or the words: under, at most)";
  }
  if (/^\{(?:\.\.\.)?props\b/.test(rest)) return undefined;
  // An attribute's value: `indicators={props.market.indicators}`.
  if (/=\s*$/.test(text.slice(0, index))) return undefined;
  return "a { there starts code; for a brace write \\{ (and \\} to close it)";
}

/** The slips of one MDX text, each with its line and column, what is written there and how to write it. */
export function bodySyntaxProblems(source: string): string[] {
  const text = readable(source);
  const problems: string[] = [];
  for (const match of text.matchAll(/(?<!\\)[<{]/g)) {
    const how = fix(text, match.index);
    if (how) problems.push(`${where(text, match.index)}, ${quote(source, match.index)}: ${how}`);
  }
  return problems;
}

/** Fails on the first `.mdx` file of `folder` whose text has a `<` or a `{` the MDX compiler would stop at. */
export function checkBodySyntax(folder: string, label: string): void {
  checkTexts(folder, label, bodySyntaxProblems);
}
