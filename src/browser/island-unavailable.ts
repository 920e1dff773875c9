/**
 * Shows the line after an island that says its code did not come (src/components/IslandUnavailable.astro). The
 * build may have put a script of its own between them (scripts/csp/html-inline.ts).
 */
export function showUnavailable(island: Element) {
  let note = island.nextElementSibling;
  while (note instanceof HTMLScriptElement) note = note.nextElementSibling;
  if (note instanceof HTMLElement && note.hasAttribute("data-island-unavailable")) note.hidden = false;
}
