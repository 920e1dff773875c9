/** Normalises a path for comparison: no trailing slash except for the root. */
export function normalizePath(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? "/";
  return clean.length > 1 ? clean.replace(/\/+$/, "") || "/" : "/";
}

/**
 * How a nav item's link is marked on the page being shown, as its `aria-current`: "page" on the item's own page,
 * "true" on a page inside its section (Learn on a lesson, /learn/risks), nothing elsewhere. Home's section is not
 * every page.
 */
export function currentness(itemPath: string, currentPath: string): "page" | "true" | undefined {
  const item = normalizePath(itemPath);
  const current = normalizePath(currentPath);
  if (item === current) return "page";
  return item !== "/" && current.startsWith(`${item}/`) ? "true" : undefined;
}
