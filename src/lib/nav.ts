/** Normalises a path for comparison: no trailing slash except for the root. */
export function normalizePath(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? "/";
  return clean.length > 1 ? clean.replace(/\/+$/, "") || "/" : "/";
}

/** True when a nav item's path is the page being shown (exact match, so Home is not marked current on every page). */
export function isCurrent(itemPath: string, currentPath: string): boolean {
  return normalizePath(itemPath) === normalizePath(currentPath);
}
