/**
 * The next page's HTML, asked for while the visitor is about to follow a link to it: Chromium's speculation rules
 * (src/lib/speculation-rules.ts) prefetch a page of the site once a pointer has rested on a link to it for 200 ms,
 * or pressed it, and the click finds the page in hand. Every page carries its styles inline, so its HTML is all its
 * first paint needs: the click saves the round trip and the download, and only the browser's own work is left.
 *
 * - Written here, once the page has loaded, not into each page, where they would be ≈80 more bytes of its first
 *   round trip. The page's policy allows the rules by their hash, 54 bytes of its headers; the build adds it, and
 *   the attribute this reads, only where that costs the page no round trip (scripts/postbuild.mjs), so a page with
 *   no room for it goes without, and without an error.
 * - Prefetch, not prerender: a prerendered page runs its scripts, its ads and embeds among them, for a page the
 *   visitor may never open.
 * - Chromium holds back by itself under Save-Data, its battery or memory savers, or the visitor's "preload pages"
 *   setting; a browser without speculation rules (Firefox, Safari) goes on as before.
 */
import { PREFETCH_ATTRIBUTE, SPECULATION_RULES } from "../lib/speculation-rules";

if (document.documentElement.hasAttribute(PREFETCH_ATTRIBUTE) && HTMLScriptElement.supports?.("speculationrules")) {
  document.head.append(
    Object.assign(document.createElement("script"), { type: "speculationrules", textContent: SPECULATION_RULES }),
  );
}
