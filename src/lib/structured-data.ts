/**
 * schema.org structured data (JSON-LD) for the page head: the publisher
 * (Organization) and the site (WebSite) in full on the home page, where Google
 * reads them, and by name on every other page (enough for an Article's author
 * and publisher, and 115–200 bytes brotli lighter a page); an Article on the
 * explainers and lessons, a BreadcrumbList on pages below the top level.
 * Pure: the head component gathers the facts and hands them in.
 */

export interface SiteFacts {
  name: string;
  /** Canonical origin, e.g. https://corporate-bonds.example.com. */
  url: string;
  description: string;
  /** BCP 47, e.g. en-US. */
  lang: string;
  /** Absolute URL of a square PNG logo. */
  logo: string;
  email: string;
  phone: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
}

export interface ArticleFacts {
  headline: string;
  description: string;
  /** Absolute canonical URL of the page. */
  url: string;
  /** Absolute URL of the page's share image (1200×630). */
  image: string;
  /** YYYY-MM-DD: the page's last review. */
  dateModified?: string | undefined;
}

export interface Crumb {
  name: string;
  /** Absolute URL. */
  url: string;
}

type JsonLd = Record<string, unknown>;

const organizationId = (site: SiteFacts) => new URL("/#organization", site.url).href;
const websiteId = (site: SiteFacts) => new URL("/#website", site.url).href;

export function organization(site: SiteFacts): JsonLd {
  return {
    "@type": "Organization",
    "@id": organizationId(site),
    name: site.name,
    url: new URL("/", site.url).href,
    logo: { "@type": "ImageObject", url: site.logo, width: 512, height: 512 },
    email: site.email,
    telephone: site.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
  };
}

/** The publisher as the pages other than the home page name it: the same @id, its name and URL. */
export function organizationName(site: SiteFacts): JsonLd {
  return { "@type": "Organization", "@id": organizationId(site), name: site.name, url: new URL("/", site.url).href };
}

export function website(site: SiteFacts): JsonLd {
  return {
    "@type": "WebSite",
    "@id": websiteId(site),
    name: site.name,
    description: site.description,
    url: new URL("/", site.url).href,
    inLanguage: site.lang,
    publisher: { "@id": organizationId(site) },
  };
}

/** The site as the pages other than the home page name it. */
export function websiteName(site: SiteFacts): JsonLd {
  return { "@type": "WebSite", "@id": websiteId(site), name: site.name, url: new URL("/", site.url).href };
}

/** Google shows at most 110 characters of a headline; a longer one is cut at a word with an ellipsis. */
export function headline(text: string, max = 110): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  // A cut that lands just before a space already ends at a word.
  const space = /\s/.test(text.charAt(max - 1)) ? cut.length : cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}

export function article(site: SiteFacts, page: ArticleFacts): JsonLd {
  return {
    "@type": "Article",
    "@id": `${page.url}#article`,
    headline: headline(page.headline),
    description: page.description,
    url: page.url,
    mainEntityOfPage: page.url,
    image: { "@type": "ImageObject", url: page.image, width: 1200, height: 630 },
    inLanguage: site.lang,
    ...(page.dateModified ? { dateModified: page.dateModified } : {}),
    author: { "@id": organizationId(site) },
    publisher: { "@id": organizationId(site) },
    isPartOf: { "@id": websiteId(site) },
  };
}

export function breadcrumbs(trail: readonly Crumb[]): JsonLd {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** Every node of the page in one @graph, so each is stated once and the others refer to it by @id. */
export function graph(nodes: readonly JsonLd[]): JsonLd {
  return { "@context": "https://schema.org", "@graph": nodes };
}

/**
 * JSON for a <script type="application/ld+json"> element: "<" is escaped so no
 * text from content can close the element or open a comment inside it.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
