/**
 * Deep links into the glossary (docs/decisions.md, "Glossary"): `/resources#duration` opens the panel
 * holding that term and scrolls to it, on load and whenever the fragment
 * changes (the "See also" links). If a search is hiding the term, the search
 * is cleared first (GlossarySearch listens for `glossary:reset`).
 */
function reveal() {
  let id: string;
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    return;
  }
  if (!id) return;
  // The terms' ids are lower case; a link typed or copied as "#Duration" finds the term too.
  const term = document.getElementById(id) ?? document.getElementById(id.toLowerCase());
  const list = term?.closest<HTMLElement>("[data-glossary]");
  if (!term || !list || !term.hasAttribute("data-term-id")) return;
  if (term.closest("[hidden]")) list.dispatchEvent(new CustomEvent("glossary:reset"));
  const panel = term.closest("details");
  if (panel && !panel.open) panel.open = true;
  term.scrollIntoView({ block: "start" });
}

reveal();
addEventListener("hashchange", reveal);
