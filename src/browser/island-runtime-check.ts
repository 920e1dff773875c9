/**
 * A page too long to carry Astro's island code inline (the runtime that defines <astro-island>, and the islands'
 * directive) takes it from a deferred file of its own (scripts/lib/defer-scripts.mjs, islandScripts), which has
 * run, or failed, by `load`: before this file, which comes after it. If <astro-island> is still not defined, that
 * file did not come (blocked, offline, a deploy that replaced it), so no island will start, and each says so, as it
 * does when its own code fails to load; without the line, the calculator would sit there looking alive.
 */
import { showUnavailable } from "./island-unavailable";

if (!customElements.get("astro-island")) {
  for (const island of document.querySelectorAll("astro-island")) showUnavailable(island);
}
