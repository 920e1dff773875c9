/**
 * Finds glossary terms in running text, so a lesson can link a term to its entry without markup.
 * Pure functions; the build step that rewrites the HTML is src/build/glossary-terms.ts.
 */

/**
 * The phrases that name a term in prose. A bracketed part is an alternative name: "Face Value (Par Value)"
 * is found as "face value" or "par value", "Yield to Maturity (YTM)" as "yield to maturity" or "YTM",
 * "High Yield (Junk) Bond" as "high yield bond" or "junk bond".
 */
export function termPhrases(term: string): string[] {
  const match = /^(.*?)\s*\(([^)]+)\)\s*(.*)$/.exec(term.trim());
  if (!match) return [term.trim()];
  const [, before = "", inside = "", after = ""] = match;
  const join = (...parts: string[]) => parts.filter(Boolean).join(" ");
  const phrases = after ? [join(before, after), join(inside, after)] : [before, inside];
  return [...new Set(phrases.filter((phrase) => phrase.length > 0))];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A phrase as a pattern: any case, spaces and hyphens interchangeable, an optional plural ending. */
function phrasePattern(phrase: string): string {
  const words = phrase.split(/[\s\u2010-\u2014-]+/).map(escape);
  const last = words.pop() ?? "";
  // "maturity" → "maturities", "bond" → "bonds", "spread" → "spreads".
  const plural = /y$/i.test(last) ? `(?:${last}|${last.slice(0, -1)}ies)` : `${last}s?`;
  return [...words, plural].join("[\\s\\u2010-\\u2014-]+");
}

export interface TermMatcher<T> {
  /** The earliest (then longest) phrase in `text` from `from` whose term is not in `seen`. */
  next(text: string, from: number, seen: ReadonlySet<T>): { index: number; length: number; term: T } | undefined;
}

/**
 * A matcher over every phrase of every term. Phrases are tried longest first, so "yield to maturity" wins
 * over a term called "maturity" where both start; a phrase only counts as a whole word (or an acronym in capitals),
 * and not as the end of a hyphenated compound, which names something else: the price–yield curve is not the yield
 * curve, and a non-investment-grade bond is not investment grade.
 */
export function termMatcher<T>(terms: readonly { term: string; value: T }[]): TermMatcher<T> {
  const phrases = terms
    .flatMap(({ term, value }) => termPhrases(term).map((phrase) => ({ phrase, value })))
    .sort((a, b) => b.phrase.length - a.phrase.length);
  const patterns = phrases.map(({ phrase, value }) => {
    // An acronym ("YTM") matches only in capitals, so it is not found inside ordinary words.
    const flags = /^[A-Z]{2,}$/.test(phrase) ? "gu" : "giu";
    const before = "(?<![\\p{L}\\p{N}]|[\\p{L}\\p{N}][\\u2010-\\u2014-])";
    return { value, regex: new RegExp(`${before}${phrasePattern(phrase)}(?![\\p{L}\\p{N}])`, flags) };
  });
  /** The earliest match from `from`, the longest where several start at once, whether or not its term is seen. */
  const first = (text: string, from: number) => {
    let best: { index: number; length: number; term: T } | undefined;
    for (const { value, regex } of patterns) {
      regex.lastIndex = from;
      const found = regex.exec(text);
      if (!found) continue;
      if (!best || found.index < best.index || (found.index === best.index && found[0].length > best.length))
        best = { index: found.index, length: found[0].length, term: value };
    }
    return best;
  };
  return {
    next(text, from, seen) {
      // A term already linked still claims its words: a later "yield to maturity" is not linked as "maturity".
      for (let found = first(text, from); found; found = first(text, found.index + found.length)) {
        if (!seen.has(found.term)) return found;
      }
      return undefined;
    },
  };
}
