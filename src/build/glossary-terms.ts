/**
 * The build step that links glossary terms in the pages that teach (the lessons and the four explainers).
 * The first time a page's prose names a glossary term, the words become a link to the term's entry on
 * /resources (a link the author wrote to that entry counts as naming it), followed by a small "?" button, and
 * the definition sits beside them in a popover. The browser does the rest:
 * - hover or keyboard focus on the link shows the definition (the `interestfor` attribute),
 * - a click or tap on the button shows or hides it (`popovertarget`),
 * - Escape, or a click elsewhere, closes it (an `auto` popover); it stays open while the pointer is over it.
 * A browser without popovers still has the link to the glossary; its button does nothing. One thing takes a script:
 * the definition closes as the focus leaves its "?" (src/browser/glossary-tips.ts, which finds the buttons by their
 * `popovertarget` and the definitions by `role="tooltip"`: keep both).
 *
 * Only text inside paragraphs and list items is read, never headings, links, code or a component's own text.
 * Definitions come from content/glossary.json, so each is written once.
 *
 * Astro 7 renders Markdown and MDX with Sätteri, whose HTML-tree ("hast") plugins take the place of rehype
 * plugins: an object with a visitor per node type. The integration below adds this one to the processor.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { termMatcher } from "../lib/glossary-term-matcher";
import { slugify } from "../lib/slug";
import { glossarySchema } from "../schemas/glossary";
import { parseContent, parseJsonText } from "./content-errors";
import { uniqueList } from "./json-loader";

/** The hast (HTML syntax tree) shapes this step reads and writes. */
interface Text {
  type: "text";
  value: string;
}
interface Element {
  type: "element";
  tagName: string;
  properties: Record<string, string | boolean | string[]>;
  children: Node[];
}
type Node = Text | Element | { type: string; tagName?: string; name?: string | null };

/** The part of Sätteri's visitor context this step uses. */
interface VisitorContext {
  parent(node: Node): Node | undefined;
  replaceNode(node: Node, nodes: Node[]): void;
  textContent(node: Node): string;
}

export interface GlossaryEntry {
  term: string;
  /** Its anchor on /resources (the slug of the term, as the glossary's own ids). */
  id: string;
  definition: string;
}

export interface Options {
  /** The glossary file (a JSON list of `{ term, definition }`). */
  glossary: string | URL;
  /** Which source files get their terms linked: a file whose path contains one of these. */
  include: readonly string[];
}

/** Text inside these is never linked: headings, links, code and controls. */
const SKIP = new Set(["a", "button", "code", "pre", "kbd", "samp", "h1", "h2", "h3", "h4", "h5", "h6", "script"]);
/** Text is linked only inside these: prose. */
const PROSE = new Set(["p", "li"]);

/** "’s" or "'s" ending a word. */
const POSSESSIVE = /^['’]s(?![\p{L}\p{N}])/u;

const text = (value: string): Text => ({ type: "text", value });
const element = (tagName: string, properties: Element["properties"], children: Node[]): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});

/** The link, its button and its popover for one occurrence of `entry`, written in the text as `words`. */
export function termNodes(entry: GlossaryEntry, words: string): Element[] {
  const tip = `glossary-tip-${entry.id}`;
  return [
    // The term and its button never part at a line break.
    element("span", { className: ["glossary-entry"] }, [
      element("a", { href: `/resources#${entry.id}`, className: ["glossary-term"], interestfor: tip }, [text(words)]),
      element(
        "button",
        {
          type: "button",
          className: ["glossary-tip-button"],
          popovertarget: tip,
          ariaLabel: `Definition of ${entry.term}`,
        },
        [element("span", { className: ["glossary-tip-mark"] }, [text("?")])],
      ),
    ]),
    element(
      "span",
      { id: tip, popover: "auto", role: "tooltip", className: ["glossary-tip"], dataPagefindIgnore: "" },
      [element("strong", {}, [text(entry.term)]), text(` ${entry.definition}`)],
    ),
  ];
}

/**
 * The glossary's entries, checked as the content loader checks them: the plugin reads the file before the loader
 * does, so a slip in it (a trailing comma, an entry without its term) is reported here, naming the file, the entry
 * and the field.
 */
export function readGlossary(file: string | URL): GlossaryEntry[] {
  const name = relative(process.cwd(), typeof file === "string" ? file : fileURLToPath(file));
  const schema = uniqueList(glossarySchema, "term", slugify);
  const data = parseJsonText(readFileSync(file, "utf-8"), name, { schema, labelKey: "term" });
  const list = parseContent(schema, data, name, "term");
  return list.map(({ term, definition }) => ({ term, id: slugify(term), definition }));
}

/** True when a text node sits in prose (a paragraph or list item) and not in a heading, link, code or component. */
function inProse(node: Node, ctx: VisitorContext): boolean {
  let prose = false;
  for (let at = ctx.parent(node); at; at = ctx.parent(at)) {
    if (at.type === "mdxJsxTextElement") return false;
    if (at.type !== "element" || !at.tagName) continue;
    if (SKIP.has(at.tagName)) return false;
    if (PROSE.has(at.tagName)) prose = true;
  }
  return prose;
}

/**
 * The plugin as a Sätteri plugin factory: called once per document, it returns nothing for a document outside
 * `include`, and otherwise a visitor that remembers which terms that document has already linked.
 */
export function glossaryTermsPlugin(options: Options) {
  const entries = readGlossary(options.glossary);
  const matcher = termMatcher(entries.map((entry) => ({ term: entry.term, value: entry })));
  return ({ fileURL }: { fileURL: URL | undefined }) => {
    const path = fileURL ? fileURLToPath(fileURL).replaceAll("\\", "/") : "";
    if (!options.include.some((part) => path.includes(part))) return null;
    const seen = new Set<GlossaryEntry>();
    const byHref = new Map(entries.map((entry) => [`/resources#${entry.id}`, entry]));
    return {
      name: "glossary-terms",
      // A link the author wrote to a term's entry is that term's first mention too: it gets the definition.
      element: {
        filter: ["a"],
        visit(node: Element, ctx: VisitorContext) {
          const entry = byHref.get(String(node.properties["href"] ?? ""));
          if (!entry || seen.has(entry) || !inProse(node, ctx)) return;
          seen.add(entry);
          ctx.replaceNode(node, termNodes(entry, ctx.textContent(node)));
        },
      },
      text(node: Text, ctx: VisitorContext) {
        if (!inProse(node, ctx)) return;
        const nodes: Node[] = [];
        let at = 0;
        for (let found = matcher.next(node.value, at, seen); found; found = matcher.next(node.value, at, seen)) {
          seen.add(found.term);
          if (found.index > at) nodes.push(text(node.value.slice(at, found.index)));
          // A possessive stays with its term, before the button: "the issuer’s ? finances", not "issuer ? ’s".
          const after = found.index + found.length;
          const end = after + (POSSESSIVE.exec(node.value.slice(after))?.[0].length ?? 0);
          nodes.push(...termNodes(found.term, node.value.slice(found.index, end)));
          at = end;
        }
        if (nodes.length === 0) return;
        if (at < node.value.length) nodes.push(text(node.value.slice(at)));
        ctx.replaceNode(node, nodes);
      },
    };
  };
}

/** An Astro integration that adds the step to the Markdown processor, which MDX shares. */
export function glossaryTerms(options: Options): AstroIntegration {
  return {
    name: "glossary-terms",
    hooks: {
      "astro:config:setup": ({ config }) => {
        const processor = config.markdown.processor as { name: string; options?: { hastPlugins?: unknown[] } };
        if (processor.name !== "satteri" || !processor.options?.hastPlugins)
          throw new Error(`glossary-terms: expected the Sätteri Markdown processor, found "${processor.name}"`);
        processor.options.hastPlugins.push(glossaryTermsPlugin(options));
      },
    },
  };
}
