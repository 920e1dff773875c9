/**
 * A glossary definition opened with its "?" button (a popover, role tooltip) stays open until a press elsewhere or
 * Escape, so on a phone it covered what the keyboard moved to next: the term after it, a link under it. It closes as
 * the focus leaves its button, unless the focus went into the definition itself (a long one scrolls, and can take
 * the focus). The buttons are found by what they open, not by their class: a class named in the shell's script
 * would keep its rules in every page's stylesheet (scripts/lib/page-css.mjs).
 */
for (const button of document.querySelectorAll<HTMLButtonElement>("button[popovertarget]")) {
  const tip = button.popoverTargetElement;
  if (!(tip instanceof HTMLElement) || tip.getAttribute("role") !== "tooltip") continue;
  button.addEventListener("focusout", (event) => {
    const into = event.relatedTarget instanceof Node && tip.contains(event.relatedTarget);
    if (tip.matches(":popover-open") && !into) tip.hidePopover();
  });
  button.dataset["enhanced"] = "";
}
