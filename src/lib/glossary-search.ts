/**
 * Glossary search (docs/decisions.md, "Glossary"): pure functions, no DOM.
 *
 * A term matches when the search text is a case-insensitive substring of the
 * term or of its definition, a hyphen and a space counting as the same. Matches are grouped by category in the
 * glossary's category order, with the matched ranges for highlighting. When
 * nothing matches, fuse.js offers "Did you mean …?" suggestions from the term
 * names. Any input is safe: the text is never turned into a RegExp.
 */
import Fuse from "fuse.js/basic";

/** One glossary entry as the search sees it. */
export interface GlossaryEntry {
  /** Stable anchor id on /resources (the slug of the term). */
  id: string;
  term: string;
  category: string;
  definition: string;
}

/** A half-open range `[start, end)` of UTF-16 code units in the original text. */
export type Range = readonly [start: number, end: number];

export interface TermMatch {
  entry: GlossaryEntry;
  /** Where the query occurs in `entry.term` (empty when it does not). */
  termRanges: Range[];
  /** Where the query occurs in `entry.definition` (empty when it does not). */
  definitionRanges: Range[];
}

export interface CategoryGroup {
  category: string;
  matches: TermMatch[];
}

export interface GlossaryResult {
  /** The query as matched: Unicode-normalised (NFC), surrounding white space removed. */
  query: string;
  /** False for an empty query: every term shows and the panels keep their own state. */
  searching: boolean;
  /** Number of matching terms (every term when not searching). */
  total: number;
  /** Non-empty categories, in the glossary's category order, terms in file order. */
  groups: CategoryGroup[];
  /** Term names that nearly match, offered only when a search finds nothing. */
  suggestions: string[];
}

/** Longest query handed to the fuzzy matcher: typo suggestions for longer text are noise and cost time. */
export const SUGGESTION_QUERY_LIMIT = 64;
/** At most this many "Did you mean …?" suggestions. */
export const SUGGESTION_LIMIT = 3;

/** Lower-cased text plus, when lower-casing changed its length, where each unit came from. */
interface Folded {
  text: string;
  /** `map[i]` is the index in the original of the character that folded unit `i` came from; null = identity. */
  map: number[] | null;
}

/**
 * A hyphen (ASCII, Unicode's, the non-breaking one) is read as a space: "high-yield" finds "High Yield", and
 * "zero coupon" finds "zero-coupon".
 */
const HYPHENS = new Set(["-", "\u2010", "\u2011"]);

/**
 * Lower-cases `original` one code point at a time, each hyphen made a space. A few characters grow when
 * lower-cased ("İ" becomes "i̇"); then a map back to the original is kept so
 * highlight ranges still point at the right characters.
 */
function fold(original: string): Folded {
  let text = "";
  let map: number[] | null = null;
  let index = 0;
  for (const char of original) {
    const lower = HYPHENS.has(char) ? " " : char.toLowerCase();
    if (map === null && lower.length !== char.length) map = Array.from({ length: text.length }, (_, i) => i);
    if (map !== null) for (let k = 0; k < lower.length; k++) map.push(index);
    text += lower;
    index += char.length;
  }
  map?.push(original.length);
  return { text, map };
}

/** Every non-overlapping occurrence of `needle` (already folded) in `haystack`, as ranges of the original text. */
function occurrences(haystack: Folded, needle: string): Range[] {
  const ranges: Range[] = [];
  const { text, map } = haystack;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    if (map === null) {
      ranges.push([at, at + needle.length]);
      continue;
    }
    // Extend the end to the boundary of the original character the match ends in.
    let end = at + needle.length;
    while (end < text.length && map[end] === map[end - 1]) end++;
    ranges.push([map[at]!, map[end]!]);
  }
  return ranges;
}

/** The query as it is matched: NFC-normalised and trimmed. */
export function normalizeQuery(raw: string): string {
  return String(raw ?? "")
    .normalize("NFC")
    .trim();
}

/** "1 term", "5 terms". */
export function countLabel(count: number): string {
  return `${count} ${count === 1 ? "term" : "terms"}`;
}

/** A line for the results count: "24 terms in 4 categories", "3 terms found in 2 categories", "No terms found". */
export function resultSummary(result: GlossaryResult): string {
  const categories = `${result.groups.length} ${result.groups.length === 1 ? "category" : "categories"}`;
  if (!result.searching) return `${countLabel(result.total)} in ${categories}`;
  if (result.total === 0) return "No terms found";
  return `${countLabel(result.total)} found in ${categories}`;
}

export interface Segment {
  text: string;
  mark: boolean;
}

/** Cuts `text` into plain and highlighted segments; ranges are sorted and non-overlapping, as the search returns them. */
export function splitHighlights(text: string, ranges: readonly Range[]): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), mark: false });
    if (end > start) segments.push({ text: text.slice(start, end), mark: true });
    cursor = Math.max(cursor, end);
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), mark: false });
  return segments;
}

/** How many of the closest names (by shared letter pairs) fuse.js scores for suggestions. */
const SUGGESTION_CANDIDATES = 48;

/** The letter pairs of a text: "bond" → bo, on, nd. */
function bigrams(text: string): Set<string> {
  const pairs = new Set<string>();
  for (let i = 0; i < text.length - 1; i++) pairs.add(text.slice(i, i + 2));
  return pairs;
}

/**
 * "Did you mean …?" over the term names. fuse.js scores the candidates; to keep
 * a keystroke cheap on a large glossary, it only scores the names that share
 * the most letter pairs with the query (a near miss shares most of them).
 */
function createSuggester(entries: readonly GlossaryEntry[]) {
  const postings = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const pair of bigrams(fold(entry.term).text)) {
      const list = postings.get(pair);
      if (list) list.push(index);
      else postings.set(pair, [index]);
    }
  });
  const shared = new Uint16Array(entries.length);

  return (query: string): string[] => {
    const text = fold(query.slice(0, SUGGESTION_QUERY_LIMIT)).text;
    if ([...text].length < 2) return [];
    const touched: number[] = [];
    for (const pair of bigrams(text)) {
      for (const index of postings.get(pair) ?? []) {
        const count = shared[index] ?? 0;
        if (count === 0) touched.push(index);
        shared[index] = count + 1;
      }
    }
    touched.sort((a, b) => shared[b]! - shared[a]! || a - b);
    const candidates = touched.slice(0, SUGGESTION_CANDIDATES).map((index) => entries[index]!);
    shared.fill(0);
    if (candidates.length === 0) return [];
    const fuse = new Fuse(candidates, { keys: ["term"], threshold: 0.4, ignoreLocation: true, minMatchCharLength: 2 });
    const hits = fuse.search(text, { limit: SUGGESTION_LIMIT * 2 });
    return [...new Set(hits.map((hit) => hit.item.term))].slice(0, SUGGESTION_LIMIT);
  };
}

/**
 * Prepares a glossary for searching and returns the search function. Folding
 * every term once here keeps each keystroke to one pass of `indexOf`.
 *
 * @param categoryOrder the order of the panels; categories not listed follow in order of appearance.
 */
export function createGlossarySearch(entries: readonly GlossaryEntry[], categoryOrder: readonly string[] = []) {
  const order = [...new Set([...categoryOrder, ...entries.map((entry) => entry.category)])];
  const indexed = entries.map((entry) => ({ entry, term: fold(entry.term), definition: fold(entry.definition) }));
  const suggest = createSuggester(entries);

  const group = (matches: TermMatch[]): CategoryGroup[] => {
    const byCategory = new Map<string, TermMatch[]>(order.map((category) => [category, []]));
    for (const match of matches) byCategory.get(match.entry.category)!.push(match);
    return order.flatMap((category) => {
      const list = byCategory.get(category)!;
      return list.length > 0 ? [{ category, matches: list }] : [];
    });
  };

  return function search(raw: string): GlossaryResult {
    const query = normalizeQuery(raw);
    if (query === "") {
      const all = indexed.map(({ entry }) => ({ entry, termRanges: [], definitionRanges: [] }));
      return { query, searching: false, total: all.length, groups: group(all), suggestions: [] };
    }
    const needle = fold(query).text;
    const matches: TermMatch[] = [];
    for (const item of indexed) {
      const termRanges = occurrences(item.term, needle);
      const definitionRanges = occurrences(item.definition, needle);
      if (termRanges.length > 0 || definitionRanges.length > 0)
        matches.push({ entry: item.entry, termRanges, definitionRanges });
    }
    const suggestions = matches.length === 0 ? suggest(query) : [];
    return { query, searching: true, total: matches.length, groups: group(matches), suggestions };
  };
}
