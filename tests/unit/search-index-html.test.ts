import { gunzipSync } from "node:zlib";
import { close, createIndex } from "pagefind";
import { afterAll, describe, expect, test } from "vitest";
import { searchIndexExcludes, spaceBetweenElements } from "../../src/lib/search-index-html";

/** The text Pagefind keeps of `main` (what search matches and excerpts show), read the way the build reads a page. */
async function indexedText(main: string): Promise<string> {
  const { index } = await createIndex({ excludeSelectors: searchIndexExcludes });
  if (!index) throw new Error("Pagefind did not start");
  const html = `<!doctype html><html lang="en"><head><title>T</title></head><body><header>Site</header><main data-pagefind-body>${main}</main></body></html>`;
  await index.addHTMLFile({ url: "/page/", content: spaceBetweenElements(html) });
  const { files } = await index.getFiles();
  const fragment = files.find((file) => file.path.includes("fragment/"));
  if (!fragment) throw new Error("Pagefind wrote no fragment");
  const text = gunzipSync(Buffer.from(fragment.content))
    .toString("utf8")
    .replace(/^pagefind_dcd/, "");
  await index.deleteIndex();
  return (JSON.parse(text) as { content: string }).content;
}

afterAll(() => close());

describe("spaceBetweenElements", () => {
  test("puts a space where one element ends and the next begins", () => {
    expect(spaceBetweenElements("<tr><th>End</th><th>Share</th></tr>")).toBe("<tr><th>End</th> <th>Share</th></tr>");
    expect(spaceBetweenElements("<dt>Phone</dt><dd>(212)</dd>")).toBe("<dt>Phone</dt> <dd>(212)</dd>");
  });

  test("leaves a word split by tags, nested ends and what the index skips as they were", () => {
    for (const html of [
      "<b>bond</b>s",
      "<li><a>x</a></li></ul>",
      '<a>default</a><button popovertarget="tip">?</button>',
      '</span><span id="tip" popover="auto" data-pagefind-ignore>Default …</span>,',
    ])
      expect(spaceBetweenElements(html)).toBe(html);
  });
});

describe("what the site search indexes of a page", () => {
  test("a table's caption and cells, a term and its definition, side-by-side spans: separate words", async () => {
    const text = await indexedText(
      "<table><caption>A barbell portfolio</caption><thead><tr><th>End</th><th>Maturity</th><th>Share</th></tr></thead>" +
        '<tbody><tr><th scope="row">Conservative</th><td>80%</td></tr></tbody></table>' +
        '<dl><div><dt>Phone</dt><dd>(212) 555-0142</dd></div></dl><div><span class="block">Secured Bonds</span><span>Lower Risk</span></div>',
    );
    expect(text).toContain("A barbell portfolio End Maturity Share");
    expect(text).toContain("Conservative 80%");
    expect(text).toContain("Phone (212) 555-0142");
    expect(text).toContain("Secured Bonds Lower Risk");
  });

  test("leaves out ads, failure messages, the new-tab hint and a glossary term's “?” and in-place definition", async () => {
    const text = await indexedText(
      '<p>It is in <span><a href="/resources#default">default</a><button type="button" popovertarget="tip-default" aria-label="Definition of Default"><span>?</span></button></span>' +
        '<span id="tip-default" popover="auto" data-pagefind-ignore><strong>Default</strong> An issuer’s failure to pay.</span>, and then…</p>' +
        '<p><a href="https://www.sec.gov/" target="_blank">Investor Bulletin<span class="sr-only"> (opens in a new tab)</span></a><span>U.S. Securities and Exchange Commission</span></p>' +
        '<div data-ad-slot="1"><div data-ad-placeholder><span>Search Ads</span><span>Advertisement Space</span></div></div>' +
        "<div data-ad-placeholder><span>Display Network</span><span>Advertisement Space</span></div>" +
        '<div data-embed-unavailable hidden><p role="status">The news feed could not be loaded.</p><button type="button">Try again</button></div>',
    );
    expect(text).toContain("It is in default, and then…");
    expect(text).toContain("Investor Bulletin U.S. Securities and Exchange Commission");
    expect(text).not.toMatch(/Advertisement|new tab|could not be loaded|Try again|failure to pay/);
  });
});
