import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  article,
  breadcrumbs,
  graph,
  headline,
  jsonLdText,
  organization,
  organizationName,
  website,
  websiteName,
  type SiteFacts,
} from "../../src/lib/structured-data";
import { siteSchema } from "../../src/schemas";
import { structuredDataProblems, typesOf } from "../helpers/structured-data-rules";

const site = siteSchema.parse(JSON.parse(readFileSync("content/site.json", "utf-8")));
const facts: SiteFacts = {
  name: site.name,
  url: site.url,
  description: site.description,
  lang: site.lang,
  logo: `${site.url}/icons/icon-512.png`,
  email: site.contact.email,
  phone: site.contact.phone,
  address: site.contact.address,
};
const page = {
  headline: "Reading a Bond Quote",
  description: "How to read a quote.",
  url: `${site.url}/learn/reading-a-bond-quote`,
  image: `${site.url}/og/learn/reading-a-bond-quote.png`,
  dateModified: "2026-11-23",
};

describe("the rules check", () => {
  test("refuses what Google's rich results would not read", () => {
    const bad = graph([
      { "@type": "Organization", "@id": "o", name: "", url: "/", logo: { url: "/logo.png", width: 16, height: 16 } },
      {
        "@type": "Article",
        headline: "x".repeat(111),
        image: "/a.png",
        dateModified: "23/11/2026",
        author: { "@id": "?" },
      },
      breadcrumbs([{ name: "Home", url: "/" }]),
    ]);
    expect(structuredDataProblems(bad)).toEqual(
      expect.arrayContaining([
        "Organization: no name",
        "Organization: url is not an absolute URL",
        "Organization: logo is not an absolute URL",
        "Organization: logo is smaller than 112×112",
        "Article: headline longer than 110 characters",
        "Article: image is not an absolute URL",
        "Article: dateModified is not ISO 8601",
        "Article: author is missing or names no node of the page",
        "Article: publisher is missing or names no node of the page",
        "BreadcrumbList: itemListElement needs at least two ListItems",
      ]),
    );
  });
});

describe("the site's structured data", () => {
  test("the home page: the publisher with its logo, email, phone and address, and the site with its description", () => {
    const block = graph([organization(facts), website(facts)]);
    expect(structuredDataProblems(block)).toEqual([]);
    expect(typesOf(block)).toEqual(["Organization", "WebSite"]);
    expect(block["@graph"]).toMatchObject([
      {
        logo: { url: `${site.url}/icons/icon-512.png`, width: 512, height: 512 },
        email: site.contact.email,
        telephone: site.contact.phone,
        address: { streetAddress: site.contact.address.street, postalCode: site.contact.address.postalCode },
      },
      { description: site.description, publisher: { "@id": organization(facts)["@id"] } },
    ]);
  });

  test("every other page names the same publisher and site by @id, name and URL only", () => {
    const block = graph([organizationName(facts), websiteName(facts)]);
    expect(structuredDataProblems(block)).toEqual([]);
    const [publisher, named] = block["@graph"] as Record<string, unknown>[];
    expect(publisher).toEqual({
      "@type": "Organization",
      "@id": organization(facts)["@id"],
      name: facts.name,
      url: organization(facts)["url"],
    });
    expect(named).toEqual({
      "@type": "WebSite",
      "@id": website(facts)["@id"],
      name: facts.name,
      url: website(facts)["url"],
    });
  });

  test("a lesson: Article with headline, dateModified, image, author and publisher, and its breadcrumbs", () => {
    const block = graph([
      organizationName(facts),
      websiteName(facts),
      article(facts, page),
      breadcrumbs([
        { name: "Home", url: `${site.url}/` },
        { name: "Learn", url: `${site.url}/learn` },
        { name: page.headline, url: page.url },
      ]),
    ]);
    expect(structuredDataProblems(block)).toEqual([]);
    const node = block["@graph"] as Record<string, unknown>[];
    expect(node[2]).toMatchObject({ headline: "Reading a Bond Quote", dateModified: "2026-11-23" });
  });

  test("an explainer not yet reviewed has no dateModified rather than a made-up one", () => {
    const { dateModified: _, ...undated } = page;
    expect(article(facts, undated)).not.toHaveProperty("dateModified");
  });

  test("a headline over 110 characters is cut at a word", () => {
    const long = `${"Corporate bond ".repeat(8)}end`;
    expect(headline(long).length).toBeLessThanOrEqual(110);
    expect(headline(long)).toMatch(/bond…$/);
  });

  test("text from content cannot close the script element it is written into", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
