/** Keyboard rules for the site search dialog. */

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: unknown;
}

interface ElementLike {
  tagName?: string;
  isContentEditable?: boolean;
}

/** True when "/" should open search: not while the visitor is typing somewhere, not with a modifier. */
export function opensSearch(event: KeyLike): boolean {
  if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as ElementLike | null;
  if (!target) return true;
  if (target.isContentEditable) return false;
  return !["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName ?? "");
}

/** Pagefind reports directory URLs ("/about/#x"); the site links without the trailing slash. */
export function cleanResultUrl(url: string): string {
  return url.replace(/(?<=.)\/(?=$|#|\?)/, "");
}
