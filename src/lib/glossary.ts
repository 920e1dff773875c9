/**
 * Glossary helpers for the static page: cross-references between terms and the
 * page's structured data. Pure functions; the search itself is in glossary-search.ts.
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

interface JsonLdOptions {
  /** The set's name, e.g. "Bond Glossary". */
  name: string;
  description: string;
  /** The absolute URL of the page holding the glossary. */
  url: string;
  /** The fragment of the glossary section on that page. */
  fragment: string;
  terms: readonly GlossaryEntry[];
}

/** schema.org structured data describing the glossary as a DefinedTermSet of DefinedTerms. */
export function glossaryJsonLd({ name, description, url, fragment, terms }: JsonLdOptions) {
  const setId = `${url}#${fragment}`;
  return {
    "@context": "https://schema.org",
    "@type": "DefinedTermSet",
    "@id": setId,
    name,
    description,
    url: setId,
    // Each term inside the set it belongs to (hasDefinedTerm is inDefinedTermSet's inverse: not said twice), named by
    // its address on the page.
    hasDefinedTerm: terms.map((entry) => ({
      "@type": "DefinedTerm",
      name: entry.term,
      description: entry.definition,
      url: `${url}#${entry.id}`,
    })),
  };
}
