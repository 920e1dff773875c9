/**
 * Links in structured content to a page or file the site does not have fail the build, naming the file and the
 * field (and the page meant, for a slip of a letter or two), where before only the built site's link check saw
 * them, naming a built page, and an ad placement on a misspelt route showed nothing without a word.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { uniqueList } from "../../src/build/json-loader";
import { slugify } from "../../src/lib/slug";
import {
  adsSchema,
  booksSchema,
  featuredSchema,
  homeSchema,
  navigationSchema,
  pageSchema,
  resourcesSchema,
} from "../../src/schemas";
import { nearest, publicFiles, sitePages } from "../../src/build/site-paths";
import { contentProblem } from "../helpers/content-problem";

const read = (file: string) => JSON.parse(readFileSync(file, "utf-8"));

const noPage = (path: string, near?: string) =>
  `no page of this site is at ${path}${near ? ` (did you mean ${near}?)` : ""}: write the address of one, such as ` +
  "/about or /learn/taxes (a page's address comes from its file in content/pages or content/learn)";

describe("the site's addresses", () => {
  test("are its routes, its pages' texts (the legal pages among them) and its lessons, and public/'s files", () => {
    const pages = sitePages();
    for (const page of ["/", "/about", "/analysis", "/learn", "/learn/taxes", "/privacy", "/terms", "/rss.xml"]) {
      expect(pages, page).toContain(page);
    }
    for (const page of ["/404", "/index", "/learn/[slug]", "/[legal]", "/_components/HomeHero"]) {
      expect(pages, page).not.toContain(page);
    }
    expect(publicFiles()).toContain("/covers/sample-01.svg");
    expect(publicFiles()).toContain("/favicon.svg");
  });

  test("suggest the page a slip of a letter or two away, and none further", () => {
    const pages = sitePages();
    expect(nearest("/abuot", pages)).toBe("/about");
    expect(nearest("/Analysys", pages)).toBe("/analysis");
    expect(nearest("/market-news", pages)).toBeUndefined();
  });
});

describe("a link to a page the site does not have", () => {
  test("in navigation.json names the item and the field, and the page meant", () => {
    const navigation = read("content/navigation.json");
    navigation.main[1].path = "/abuot";
    expect(contentProblem(navigationSchema, navigation, "content/navigation.json")).toBe(
      `Invalid content in content/navigation.json:\n  - field "main" → item 2 → field "path": ${noPage("/abuot", "/about")}`,
    );
  });

  test("as an ad placement's route names the route, which would otherwise show no ads", () => {
    const ads = read("content/ads.json");
    const { "/analysis": slots, ...placements } = ads.placements;
    expect(
      contentProblem(adsSchema, { ...ads, placements: { ...placements, "/analysys": slots } }, "ads.json"),
    ).toContain(`field "placements" → "/analysys": ${noPage("/analysys", "/analysis")}`);
    expect(contentProblem(adsSchema, { ...ads, sidebars: { "/radoi": [] } }, "ads.json")).toContain(
      `field "sidebars" → "/radoi": ${noPage("/radoi", "/radio")}`,
    );
  });

  test("in home.json, featured.json, resources.json and a page's sidebar links names the field", () => {
    const home = read("content/home.json");
    home.hero.actions[0].href = "/strategys";
    expect(contentProblem(homeSchema, home, "content/home.json")).toContain(
      `field "hero.actions" → item 1 → field "href": ${noPage("/strategys", "/strategies")}`,
    );
    const featured = read("content/featured.json");
    featured[0].link = "/market-news";
    expect(contentProblem(uniqueList(featuredSchema, "title", slugify), featured, "featured.json", "title")).toContain(
      `entry 1 ("${featured[0].title}") → field "link": ${noPage("/market-news")}`,
    );
    const resources = read("content/resources.json");
    resources.education.cards[0].href = "/learn/taxs";
    expect(contentProblem(resourcesSchema, resources, "content/resources.json")).toContain(
      `field "education.cards" → item 1 → field "href": ${noPage("/learn/taxs", "/learn/taxes")}`,
    );
    const page = {
      title: "About",
      description: "A page description that is long enough to pass the check of fifty.",
      links: { heading: "Basics", items: [{ label: "Types", href: "/typse" }] },
    };
    expect(contentProblem(pageSchema, page, "content/pages/about.mdx")).toContain(
      `field "links.items" → item 1 → field "href": ${noPage("/typse", "/types")}`,
    );
  });

  test("is checked by its page alone: a query, a fragment, a trailing slash and a URL elsewhere pass", () => {
    const resources = read("content/resources.json");
    const cards = ["/calculator?price=98", "/resources#duration", "/about/", "https://www.finra.org/"];
    resources.education.cards = cards.map((href) => ({ ...resources.education.cards[0], href }));
    expect(contentProblem(resourcesSchema, resources, "content/resources.json")).toBe("");
    resources.education.cards[0].href = "/calculater?price=98";
    expect(contentProblem(resourcesSchema, resources, "content/resources.json")).toContain(
      noPage("/calculater", "/calculator"),
    );
  });
});

test("a book cover's path names a file in public/, or the build fails naming the book and the file", () => {
  const books = read("content/books.json");
  books[2].cover = "/covers/sample-99.svg";
  expect(contentProblem(uniqueList(booksSchema, "title", slugify), books, "content/books.json", "title")).toBe(
    "Invalid content in content/books.json:\n" +
      `  - entry 3 ("${books[2].title}") → field "cover": there is no file public/covers/sample-99.svg: put the ` +
      "image there, or correct the path (a path here names a file in public/)",
  );
});
