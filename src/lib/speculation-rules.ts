/**
 * The speculation rules that prefetch the next page (src/browser/next-page-prefetch.ts), as the text the browser
 * hashes: the build allows exactly this text in a page's Content-Security-Policy (scripts/postbuild.mjs), so the
 * browser module and the build read it from here. Chromium at "moderate" eagerness prefetches a page of the site
 * once a pointer has rested on a link to it for 200 ms, or pressed it; nothing under /api/ (the radio's endless
 * stream lives there).
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ where: { and: [{ href_matches: "/*" }, { not: { href_matches: "/api/*" } }] }, eagerness: "moderate" }],
});

/** The attribute the build sets on a page's `<html>` where its policy allows the rules. */
export const PREFETCH_ATTRIBUTE = "data-prefetch";
