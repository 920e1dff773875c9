/**
 * Glossary helpers for the static page: cross-references between terms. Pure functions; the search itself is in
 * glossary-search.ts.
 */
import type { GlossaryEntry } from "./glossary-search";

export interface RelatedLink {
  id: string;
  term: string;
}

export interface GlossaryItem extends GlossaryEntry {
  /** Terms worth reading next, as in-page links. */
  related: RelatedLink[];
}

/**
 * Resolves each entry's `related` names to the entries they name. A name that
 * is not a term of the glossary (or names the entry itself) fails the build,
 * naming the file and both terms.
 */
export function linkRelated(
  entries: readonly (GlossaryEntry & { related?: readonly string[] | undefined })[],
  file = "content/glossary.json",
): GlossaryItem[] {
  const byName = new Map(entries.map((entry) => [entry.term, entry]));
  return entries.map(({ related = [], ...entry }) => ({
    ...entry,
    related: related.map((name) => {
      const target = byName.get(name);
      if (!target || target.id === entry.id) {
        const why = target ? "which is the term itself" : "which is not a term of the glossary";
        throw new Error(`Invalid content in ${file}: "${entry.term}" lists the related term "${name}", ${why}.`);
      }
      return { id: target.id, term: target.term };
    }),
  }));
}
