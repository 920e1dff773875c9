/**
 * The schema.org items a page writes as microdata (itemscope, itemtype, itemprop on the text a reader sees), read
 * in the browser into the shape of a JSON-LD node, so the same checks (structured-data-rules.ts) apply to both.
 * A property belongs to its nearest itemscope; its value is a nested item, a <meta>'s content, a <link>'s or an
 * <a>'s absolute href, or the element's text. A property given more than once becomes an array, and
 * `hasDefinedTerm` always is one. Run it with page.evaluate(readMicrodata): it uses nothing from outside itself.
 */
export function readMicrodata(): Record<string, unknown>[] {
  const item = (scope: Element): Record<string, unknown> => {
    const node: Record<string, unknown> = {};
    const type = scope.getAttribute("itemtype");
    if (type) node["@type"] = type.replace(/^https?:\/\/schema\.org\//, "");
    const id = scope.getAttribute("itemid");
    if (id) node["@id"] = new URL(id, document.baseURI).href;
    for (const element of scope.querySelectorAll("[itemprop]")) {
      if (element.parentElement?.closest("[itemscope]") !== scope) continue;
      const value = element.hasAttribute("itemscope")
        ? item(element)
        : element instanceof HTMLMetaElement
          ? element.content
          : element instanceof HTMLLinkElement || element instanceof HTMLAnchorElement
            ? element.href
            : (element.textContent ?? "").replace(/\s+/g, " ").trim();
      for (const name of (element.getAttribute("itemprop") ?? "").split(/\s+/).filter(Boolean)) {
        const before = node[name];
        node[name] = before === undefined ? (name === "hasDefinedTerm" ? [value] : value) : [before, value].flat();
      }
    }
    return node;
  };
  // A top-level item's vocabulary is its type's: schema.org, as JSON-LD's @context says it.
  return [...document.querySelectorAll("[itemscope]:not([itemprop])")].map((scope) => ({
    ...(/^https?:\/\/schema\.org\//.test(scope.getAttribute("itemtype") ?? "")
      ? { "@context": "https://schema.org" }
      : {}),
    ...item(scope),
  }));
}
