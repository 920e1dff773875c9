import { describe, expect, test } from "vitest";
import { SPECULATION_RULES } from "../../src/lib/speculation-rules";

type Where = { href_matches?: string; and?: Where[]; not?: Where };

/** Whether a link to `href`, on the page at `page`, matches a document rule's `where`, as Chromium reads it. */
function matches(where: Where, href: string, page: string): boolean {
  if (where.and) return where.and.every((part) => matches(part, href, page));
  if (where.not) return !matches(where.not, href, page);
  return new URLPattern(where.href_matches!, page).test(new URL(href, page));
}

const rules = JSON.parse(SPECULATION_RULES) as {
  prefetch: { where: Where; eagerness: string }[];
  prerender?: unknown;
};
const page = "https://corporate-bonds.example.com/learn/risks";
const prefetched = (href: string) => rules.prefetch.some((rule) => matches(rule.where, href, page));

describe("the next page's speculation rules", () => {
  test("prefetch the site's pages, with their query or fragment, once the visitor reaches for a link", () => {
    for (const href of ["/", "/learn/taxes", "/resources#corporate-bond", "/calculator?coupon=5&yield=6"]) {
      expect(prefetched(href), href).toBe(true);
    }
    expect(rules.prefetch.map((rule) => rule.eagerness)).toEqual(["moderate"]);
  });

  test("leave out the radio's endless stream and everything else under /api/, and other sites", () => {
    for (const href of ["/api/stream?port=8076", "/api/now-playing", "https://www.finra.org/"]) {
      expect(prefetched(href), href).toBe(false);
    }
  });

  test("prerender nothing: a prerendered page would run its ads and embeds", () => {
    expect(rules.prerender).toBeUndefined();
  });
});
