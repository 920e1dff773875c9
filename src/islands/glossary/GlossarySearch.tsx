import { Fragment, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { withErrorBoundary } from "../../components/ui/error-boundary";
import {
  createGlossarySearch,
  resultSummary,
  type GlossaryEntry,
  type GlossaryResult,
} from "../../lib/glossary-search";
import { createGlossaryView, readTerms, type GlossaryView } from "./glossary-view";
import { useDebounced } from "../../components/ui/use-debounced";

export interface GlossarySearchText {
  label: string;
  placeholder: string;
  noResults: string;
  noResultsHint: string;
  didYouMean: string;
}

interface Props {
  /** Category order of the panels. */
  categories: string[];
  /**
   * How many terms each category has, in that order: the server's summary line ("24 terms in 4 categories"), which
   * the browser's first render must repeat. Every term's id, category, name and definition is read from the panels
   * the island filters, so the page does not carry them twice (the panels' text, and the island's props).
   */
  counts: number[];
  /** Id of the static glossary markup this search filters (GlossaryPanels.astro). */
  listId: string;
  text: GlossarySearchText;
}

/**
 * The entries as the panels show them: each term's id, its panel's category, its name and definition. On the
 * server, where nothing is searched, stand-ins without text, as many in each category as it has: with no query the
 * summary counts only the entries and their categories.
 */
function fromPanels(listId: string, categories: string[], counts: number[]): GlossaryEntry[] {
  const list = typeof document === "undefined" ? null : document.getElementById(listId);
  if (!list) {
    return categories.flatMap((category, index) =>
      Array.from({ length: counts[index] ?? 0 }, (_, n) => ({
        id: `${category}-${n}`,
        category,
        term: "",
        definition: "",
      })),
    );
  }
  return readTerms(list).map(({ element, id, nameText, definitionText }) => ({
    id,
    category: element.closest<HTMLElement>("details[data-category]")?.dataset["category"] ?? "",
    term: nameText,
    definition: definitionText,
  }));
}

/** What screen readers hear, a moment after typing stops: the count, and any suggestions. */
function announce(result: GlossaryResult, text: GlossarySearchText): string {
  if (!result.searching) return "";
  if (result.total > 0) return resultSummary(result);
  const hint =
    result.suggestions.length > 0 ? `${text.didYouMean} ${result.suggestions.join(", ")}?` : text.noResultsHint;
  return `${text.noResults}. ${hint}`;
}

/**
 * The glossary's live search (docs/decisions.md, "Glossary"). The terms themselves are static HTML that
 * reads without JavaScript; this island only adds the search box, the count
 * and the empty state, and filters and highlights that markup in place.
 */
function Search({ categories, counts, listId, text }: Props) {
  const search = useMemo(
    () => createGlossarySearch(fromPanels(listId, categories, counts), categories),
    [categories, counts, listId],
  );
  const [query, setQuery] = useState("");
  const result = useMemo(() => search(query), [search, query]);
  const announcement = useDebounced(announce(result, text), 400);
  const inputId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const view = useRef<GlossaryView | null>(null);

  useLayoutEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    view.current = createGlossaryView(list);
    // Keep anything typed before the island hydrated.
    if (input.current?.value) setQuery(input.current.value);
    const reset = () => flushSync(() => setQuery(""));
    list.addEventListener("glossary:reset", reset);
    return () => list.removeEventListener("glossary:reset", reset);
  }, [listId]);

  useLayoutEffect(() => view.current?.show(result), [result]);

  const empty = result.searching && result.total === 0;
  return (
    <div data-slot="glossary-search">
      <label htmlFor={inputId} className="sr-only">
        {text.label}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => event.key === "Escape" && setQuery("")}
          placeholder={text.placeholder}
          dir="auto"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-controls={listId}
          aria-describedby={statusId}
          className="min-h-12 w-full border border-ink bg-paper py-2 pr-3 pl-11 font-sans text-base text-ink"
        />
        {/* After the box, though drawn over it: a first frame drawn before the box had arrived had the icon
        centred on nothing, and moved it. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </div>
      <p id={statusId} className="mt-2 min-h-6 font-sans text-sm text-ink-2">
        {empty ? "" : resultSummary(result)}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {empty && (
        <div className="mt-2 border border-rule bg-paper-2 px-4 py-8 text-center">
          <p className="font-display text-2xl font-bold">{text.noResults}</p>
          <p className="mt-1 text-ink-2">{text.noResultsHint}</p>
          {result.suggestions.length > 0 && (
            <p className="mt-4 font-sans">
              {text.didYouMean}{" "}
              {result.suggestions.map((term, index) => (
                <Fragment key={term}>
                  {index > 0 && ", "}
                  <button
                    type="button"
                    onClick={() => {
                      setQuery(term);
                      input.current?.focus();
                    }}
                    className="min-h-11 cursor-pointer font-semibold text-accent underline underline-offset-2 hover:text-accent-2"
                  >
                    {term}
                  </button>
                </Fragment>
              ))}
              ?
            </p>
          )}
        </div>
      )}
    </div>
  );
}

export const GlossarySearch = withErrorBoundary(Search);
