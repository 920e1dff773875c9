/** Keyboard rules for the site search dialog. */

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * True when the key opens search: Ctrl+K (⌘K on a Mac) from anywhere, even a field, as on many sites. A key
 * without a modifier would be a single-character shortcut, which WCAG 2.1.4 asks to let visitors turn off: a
 * speech-input user saying "slash" on a link would open the dialog.
 */
export function opensSearch(event: KeyLike): boolean {
  return event.key.toLowerCase() === "k" && event.ctrlKey !== event.metaKey && !event.altKey;
}

/** Pagefind reports directory URLs ("/about/#x"); the site links without the trailing slash. */
export function cleanResultUrl(url: string): string {
  return url.replace(/(?<=.)\/(?=$|#|\?)/, "");
}
