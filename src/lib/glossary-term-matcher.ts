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

/** A run of letters and digits: a phrase can only start where one starts (see the look-behind below). */
const RUN = /[\p{L}\p{N}]+/gu;

/** The keys a run of text may be filed under: itself, and its singular when it ends like a plural. */
function runKeys(run: string): string[] {
  const lower = run.toLowerCase();
  const keys = [lower];
  if (lower.endsWith("ies")) keys.push(`${lower.slice(0, -3)}y`);
  if (lower.endsWith("s")) keys.push(lower.slice(0, -1));
  return keys;
}

/**
 * A matcher over every phrase of every term. Phrases are tried longest first, so "yield to maturity" wins
 * over a term called "maturity" where both start; a phrase only counts as a whole word (or an acronym in capitals),
 * and not as the end of a hyphenated compound, which names something else: the price–yield curve is not the yield
 * curve, and a non-investment-grade bond is not investment grade.
 *
 * Each phrase is filed under its first run of letters and digits, so the text is read once, run by run, and at
 * each run only the phrases that begin with that word are tried there: the work grows with the text and the
 * phrases that share a first word, not with the text times the glossary.
 */
export function termMatcher<T>(terms: readonly { term: string; value: T }[]): TermMatcher<T> {
  const phrases = terms
    .flatMap(({ term, value }) => termPhrases(term).map((phrase) => ({ phrase, value })))
    .sort((a, b) => b.phrase.length - a.phrase.length);
  /** Phrases by the lower-case first run they start with. */
  const byFirstRun = new Map<string, { value: T; regex: RegExp }[]>();
  /** Phrases that start with something else (punctuation), searched for the slow way. */
  const others: { value: T; regex: RegExp }[] = [];
  for (const { phrase, value } of phrases) {
    // An acronym ("YTM") matches only in capitals, so it is not found inside ordinary words.
    const flags = /^[A-Z]{2,}$/.test(phrase) ? "u" : "iu";
    const before = "(?<![\\p{L}\\p{N}]|[\\p{L}\\p{N}][\\u2010-\\u2014-])";
    const source = `${before}${phrasePattern(phrase)}(?![\\p{L}\\p{N}])`;
    const first = /^[\p{L}\p{N}]+/u.exec(phrase)?.[0];
    if (first === undefined) {
      others.push({ value, regex: new RegExp(source, `g${flags}`) });
      continue;
    }
    const key = first.toLowerCase();
    const list = byFirstRun.get(key) ?? [];
    list.push({ value, regex: new RegExp(source, `y${flags}`) });
    byFirstRun.set(key, list);
  }
  /** The earliest match from `from`, the longest where several start at once, whether or not its term is seen. */
  const first = (text: string, from: number) => {
    let best: { index: number; length: number; term: T } | undefined;
    const consider = (found: RegExpExecArray | null, value: T) => {
      if (!found) return;
      if (!best || found.index < best.index || (found.index === best.index && found[0].length > best.length))
        best = { index: found.index, length: found[0].length, term: value };
    };
    for (const { value, regex } of others) {
      regex.lastIndex = from;
      consider(regex.exec(text), value);
    }
    const runs = new RegExp(RUN.source, RUN.flags);
    runs.lastIndex = from;
    for (let run = runs.exec(text); run && (!best || run.index <= best.index); run = runs.exec(text)) {
      for (const key of runKeys(run[0])) {
        for (const { value, regex } of byFirstRun.get(key) ?? []) {
          regex.lastIndex = run.index;
          consider(regex.exec(text), value);
        }
      }
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
