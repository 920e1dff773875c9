/**
 * Applies a glossary search result to the static glossary markup
 * (GlossaryPanels.astro) in place: hides terms and categories without matches,
 * expands the others, counts matches in each header and wraps matched text in
 * <mark>. An empty search restores the panels as they were before it began.
 * Text goes in through text nodes only, never as HTML.
 */
import { countLabel, splitHighlights, type GlossaryResult, type Range } from "../../lib/glossary-search";

function highlight(element: Element, text: string, ranges: readonly Range[]) {
  element.replaceChildren(
    ...splitHighlights(text, ranges).map((segment) => {
      if (!segment.mark) return document.createTextNode(segment.text);
      const mark = document.createElement("mark");
      mark.textContent = segment.text;
      return mark;
    }),
  );
}

/** Each term of the glossary markup under `root`: its element, id, name and definition, and their text. */
export function readTerms(root: ParentNode) {
  return [...root.querySelectorAll<HTMLElement>("[data-term-id]")].map((element) => {
    const name = element.querySelector("[data-term-name]");
    const definition = element.querySelector("[data-term-definition]");
    return {
      element,
      id: element.dataset["termId"] ?? "",
      name,
      definition,
      nameText: name?.textContent ?? "",
      definitionText: definition?.textContent ?? "",
    };
  });
}

export function createGlossaryView(root: HTMLElement) {
  const panels = [...root.querySelectorAll<HTMLDetailsElement>("details[data-category]")].map((panel) => {
    const count = panel.querySelector<HTMLElement>("[data-count]");
    return { panel, category: panel.dataset["category"] ?? "", count, label: count?.textContent ?? "" };
  });
  const terms = readTerms(root);
  /** Which panels were open when the search began; null while not searching. */
  let saved: boolean[] | null = null;

  function restore(before: boolean[]) {
    panels.forEach(({ panel, count, label }, index) => {
      panel.hidden = false;
      panel.open = before[index] ?? panel.open;
      if (count) count.textContent = label;
    });
    for (const { element, name, definition, nameText, definitionText } of terms) {
      element.hidden = false;
      if (name) name.textContent = nameText;
      if (definition) definition.textContent = definitionText;
    }
  }

  return {
    show(result: GlossaryResult) {
      if (!result.searching) {
        if (saved) restore(saved);
        saved = null;
        return;
      }
      saved ??= panels.map(({ panel }) => panel.open);
      const counts = new Map(result.groups.map((group) => [group.category, group.matches.length]));
      const matches = new Map(result.groups.flatMap((group) => group.matches.map((match) => [match.entry.id, match])));
      for (const { panel, category, count } of panels) {
        const found = counts.get(category) ?? 0;
        panel.hidden = found === 0;
        if (found > 0) panel.open = true;
        if (count) count.textContent = `(${countLabel(found)})`;
      }
      for (const { element, id, name, definition } of terms) {
        const match = matches.get(id);
        element.hidden = !match;
        if (!match) continue;
        if (name) highlight(name, match.entry.term, match.termRanges);
        if (definition) highlight(definition, match.entry.definition, match.definitionRanges);
      }
    },
  };
}

export type GlossaryView = ReturnType<typeof createGlossaryView>;
