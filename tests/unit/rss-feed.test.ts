import { getRssString } from "@astrojs/rss";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { feedItems, feedOptions } from "../../src/lib/feed";
import { anchoredUpdates } from "../../src/lib/market-updates";
import { marketSchema, siteSchema } from "../../src/schemas";
import { parseXml, rfc822Problem, rssProblems } from "../helpers/rss-rules";

const market = marketSchema.parse(JSON.parse(readFileSync("content/market.json", "utf-8")));
const site = siteSchema.parse(JSON.parse(readFileSync("content/site.json", "utf-8")));
const origin = site.url;
/** Lessons as the learn collection gives them (front matter title, description, lastReviewed). */
const lessons = [
  {
    id: "reading-a-bond-quote",
    title: "Reading a Bond Quote",
    description: "Price, yield and spread.",
    lastReviewed: "2026-11-23",
  },
  { id: "taxes", title: "Taxes & Bonds <2026>", description: "How interest is taxed.", lastReviewed: "2026-10-02" },
];

async function buildFeed(feedLessons = lessons) {
  const items = feedItems({ origin, updates: market.updates, lessons: feedLessons });
  return getRssString(feedOptions({ site, origin, items }));
}

describe("the RSS rules themselves", () => {
  test("RFC 822 dates: form, a real day, the right weekday", () => {
    expect(rfc822Problem("Tue, 01 Aug 2023 12:00:00 GMT")).toBeUndefined();
    expect(rfc822Problem("01 Aug 2023 12:00 +0000")).toBeUndefined();
    expect(rfc822Problem("2023-08-01T12:00:00Z")).toMatch(/not an RFC 822/);
    expect(rfc822Problem("Mon, 01 Aug 2023 12:00:00 GMT")).toMatch(/is not a Mon/);
    expect(rfc822Problem("Thu, 31 Jun 2023 12:00:00 GMT")).toMatch(/not a real date/);
  });

  test("a feed missing what RSS 2.0 requires is refused, naming it", () => {
    const broken =
      '<rss version="2.0"><channel><title>T</title><link>/relative</link>' +
      "<item><link>/x</link><pubDate>yesterday</pubDate></item>" +
      "<item><title>a</title><guid>https://e.example/1</guid></item><item><title>b</title><guid>https://e.example/1</guid></item>" +
      "</channel></rss>";
    const problems = rssProblems(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        "the channel has no <description>",
        'the channel\'s <link> "/relative" is not an absolute http(s) URL',
        "item 1 has neither a <title> nor a <description>",
        'item 1: <link> "/x" is not an absolute http(s) URL',
        'item 1: <pubDate>: "yesterday" is not an RFC 822 date-time',
        'item 3: <guid> "https://e.example/1" is used twice',
      ]),
    );
  });
});

describe("the site's feed", () => {
  test("keeps every RSS 2.0 rule", async () => {
    expect(rssProblems(await buildFeed())).toEqual([]);
  });

  test("has one item per market update and per lesson, each linking where it should", async () => {
    const channel = parseXml(await buildFeed()).children[0]!.children.find((node) => node.name === "channel")!;
    const items = channel.children.filter((node) => node.name === "item");
    expect(items).toHaveLength(market.updates.length + lessons.length);
    const field = (item: (typeof items)[number], name: string) =>
      item.children.find((node) => node.name === name)?.text.trim();
    const links = items.map((item) => field(item, "link"));
    // Each update links to its anchor on /analysis, named after its date.
    for (const update of market.updates)
      expect(links).toContain(`https://corporate-bonds.example.com/analysis#update-${update.date}`);
    expect(links).toContain("https://corporate-bonds.example.com/learn/reading-a-bond-quote");
    // Special characters in content arrive as text, not markup.
    expect(items.map((item) => field(item, "title"))).toContain("Taxes & Bonds <2026>");
    // Newest first.
    const dates = items.map((item) => Date.parse(field(item, "pubDate")!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(field(items[0]!, "pubDate")).toBe("Mon, 23 Nov 2026 12:00:00 GMT");
  });

  test("works with no lessons yet (updates only)", async () => {
    const xml = await buildFeed([]);
    expect(rssProblems(xml)).toEqual([]);
    expect(xml.match(/<item>/g)).toHaveLength(market.updates.length);
  });
});

describe("update anchors", () => {
  test("are the date, with a counter for a second update of the same day, newest first", () => {
    const anchored = anchoredUpdates([
      { date: "2023-01-05", title: "a", summary: "a" },
      { date: "2023-03-01", title: "b", summary: "b" },
      { date: "2023-01-05", title: "c", summary: "c" },
    ]);
    expect(anchored.map((update) => [update.title, update.id])).toEqual([
      ["b", "update-2023-03-01"],
      ["a", "update-2023-01-05"],
      ["c", "update-2023-01-05-2"],
    ]);
  });
});
