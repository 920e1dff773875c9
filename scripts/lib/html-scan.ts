/**
 * The HTML scanner that the postbuild steps reading or editing built pages share (the CSP's inline code, the joined
 * inline scripts, the short class and property names, each page's own stylesheet). htmlparser2's tokenizer reads
 * the HTML: start tags with their attributes (quoted values may hold ">"; character references decoded as a
 * browser decodes them in an attribute), end tags, comments and doctypes (skipped), and the raw text of <script>
 * and <style>, which runs to the element's own end tag in any letter case (as does the text of <title>,
 * <textarea> and the other elements whose text is not markup). The tokenizer alone, no tree builder: every tag is
 * reported where it is written, with its offsets in the source, and none is implied, renamed or dropped; nor does
 * it track SVG or MathML, so a <style> inside <svg> is raw text too. Pure: no file system, no DOM.
 */
import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";

export interface HtmlAttribute {
  /** Lower-cased name. */
  name: string;
  /** The value with character references decoded ("" for a bare attribute). */
  value: string;
  /** Offsets in the source: the name's first character and one past the value (past its closing quote, if quoted). */
  start: number;
  end: number;
}

export interface HtmlTag {
  /** Lower-cased tag name. */
  name: string;
  /** Offsets in the source: the "<" and one past the ">". */
  start: number;
  end: number;
  attributes: HtmlAttribute[];
}

export interface RawTextElement {
  tag: HtmlTag;
  /** The text between the start tag and its end tag (or the end of the page), exactly as written. */
  text: string;
}

export interface EndTag {
  /** Lower-cased tag name. */
  name: string;
  /** Offsets in the source: the "<" and one past the ">". */
  start: number;
  end: number;
}

export interface ScannedHtml {
  tags: HtmlTag[];
  endTags: EndTag[];
  scripts: RawTextElement[];
  styles: RawTextElement[];
}

/** Splits built HTML into its start and end tags and the raw text of its <script> and <style> elements. */
export function scanHtml(html: string): ScannedHtml {
  const result: ScannedHtml = { tags: [], endTags: [], scripts: [], styles: [] };
  let tag: HtmlTag | undefined; // the start tag being read (a tag the page ends inside is dropped)
  let item: HtmlAttribute | undefined; // its attribute being read
  let rawText: RawTextElement | undefined; // the <script> or <style> whose end tag comes next
  const endOfStartTag = (gt: number) => {
    const done = tag!;
    done.end = gt + 1;
    result.tags.push(done);
    if (done.name === "script" || done.name === "style") {
      rawText = { tag: done, text: html.slice(done.end) };
      (done.name === "script" ? result.scripts : result.styles).push(rawText);
    }
  };
  const ignore = () => {};
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tag = { name: html.slice(start, end).toLowerCase(), start: start - 1, end: html.length, attributes: [] };
    },
    onattribname(start, end) {
      item = { name: html.slice(start, end).toLowerCase(), value: "", start, end };
    },
    onattribdata(start, end) {
      item!.value += html.slice(start, end);
    },
    onattribentity(codePoint) {
      item!.value += String.fromCodePoint(codePoint);
    },
    onattribend(_quote, end) {
      item!.end = end;
      tag!.attributes.push(item!);
    },
    onopentagend: endOfStartTag,
    onselfclosingtag: endOfStartTag, // "/>" closes nothing in HTML: a <script/> still has raw text
    onclosetag(start, end) {
      // The tokenizer reports the name; like it, skip to the next ">".
      const gt = html.indexOf(">", end);
      const name = html.slice(start, end).toLowerCase();
      result.endTags.push({ name, start: start - 2, end: gt < 0 ? html.length : gt + 1 });
      if (rawText) rawText.text = html.slice(rawText.tag.end, start - 2);
      rawText = undefined;
    },
    ontext: ignore,
    ontextentity: ignore,
    oncomment: ignore,
    oncdata: ignore,
    ondeclaration: ignore,
    onprocessinginstruction: ignore,
    onend: ignore,
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  return result;
}

/**
 * Decodes the character references in an attribute value as a browser does
 * (htmlparser2's decoder, attribute rules: "&copy;" and "&copy " decode, "&copy=" does not).
 */
export function decodeEntities(value: string): string {
  // Every reference ends the same before "&quot;" as before the '"' it stands for.
  const [tag] = scanHtml(`<a v="${value.replaceAll('"', "&quot;")}">`).tags;
  return attribute(tag!, "v")!;
}

export function attribute(tag: HtmlTag, name: string): string | undefined {
  return tag.attributes.find((item) => item.name === name)?.value;
}
