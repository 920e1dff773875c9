/**
 * What Google's rich results read from each schema.org type this site writes, as
 * its structured-data documentation lists the required and recommended properties:
 * Organization (https://developers.google.com/search/docs/appearance/structured-data/organization),
 * WebSite for the site name (…/appearance/site-names), Article (…/structured-data/article),
 * BreadcrumbList (…/structured-data/breadcrumb), and schema.org's DefinedTermSet/DefinedTerm
 * (https://schema.org/DefinedTermSet). Returns what is wrong with a JSON-LD block or a microdata item
 * (microdata.ts), [] if nothing.
 */

type Node = Record<string, unknown>;

const isAbsoluteHttp = (value: unknown) => {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};
const text = (value: unknown) => typeof value === "string" && value.trim().length > 0;
/** ISO 8601 date or date-time, e.g. 2026-11-23 or 2026-11-23T08:00:00+00:00. */
const isoDate = (value: unknown) =>
  typeof value === "string" &&
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) &&
  !Number.isNaN(Date.parse(value));

/** Every node of a block: the block itself, or each node of its @graph. */
export function nodesOf(block: Node): Node[] {
  return Array.isArray(block["@graph"]) ? (block["@graph"] as Node[]) : [block];
}

/** Follows {"@id": …} to the node of the same block that has that id. */
function resolve(value: unknown, nodes: Node[]): Node | undefined {
  if (!value || typeof value !== "object") return undefined;
  const node = value as Node;
  if (node["@type"]) return node;
  return nodes.find((candidate) => candidate["@id"] === node["@id"]);
}

export function structuredDataProblems(block: Node): string[] {
  const problems: string[] = [];
  if (block["@context"] !== "https://schema.org") problems.push(`@context is ${String(block["@context"])}`);
  const nodes = nodesOf(block);
  for (const node of nodes) {
    const type = String(node["@type"]);
    const say = (message: string) => problems.push(`${type}: ${message}`);
    switch (type) {
      case "Organization": {
        if (!text(node["name"])) say("no name");
        if (!isAbsoluteHttp(node["url"])) say("url is not an absolute URL");
        // A logo is recommended, not required (a page other than the home page names its publisher without one).
        const logo = node["logo"] as Node | string | undefined;
        const logoUrl = typeof logo === "string" ? logo : logo?.["url"];
        if (logo !== undefined && !isAbsoluteHttp(logoUrl)) say("logo is not an absolute URL");
        if (typeof logo === "object" && (Number(logo["width"]) < 112 || Number(logo["height"]) < 112))
          say("logo is smaller than 112×112");
        break;
      }
      case "WebSite":
        if (!text(node["name"])) say("no name");
        if (!isAbsoluteHttp(node["url"]) || new URL(String(node["url"])).pathname !== "/")
          say("url is not the home page");
        break;
      case "Article": {
        if (!text(node["headline"])) say("no headline");
        else if (String(node["headline"]).length > 110) say("headline longer than 110 characters");
        const image = node["image"] as Node | string | undefined;
        const imageUrl = typeof image === "string" ? image : image?.["url"];
        if (!isAbsoluteHttp(imageUrl)) say("image is not an absolute URL");
        if (typeof image === "object" && Number(image["width"]) * Number(image["height"]) < 50_000)
          say("image is smaller than 50,000 pixels");
        if (node["dateModified"] !== undefined && !isoDate(node["dateModified"])) say("dateModified is not ISO 8601");
        if (node["datePublished"] !== undefined && !isoDate(node["datePublished"]))
          say("datePublished is not ISO 8601");
        for (const role of ["author", "publisher"]) {
          const party = resolve(node[role], nodes);
          if (!party) say(`${role} is missing or names no node of the page`);
          else if (!text(party["name"]) || !["Organization", "Person"].includes(String(party["@type"])))
            say(`${role} is not a named Organization or Person`);
          else if (role === "author" && !isAbsoluteHttp(party["url"])) say("author has no url");
        }
        break;
      }
      case "BreadcrumbList": {
        const items = node["itemListElement"];
        if (!Array.isArray(items) || items.length < 2) {
          say("itemListElement needs at least two ListItems");
          break;
        }
        items.forEach((item: Node, index) => {
          if (item["@type"] !== "ListItem") say(`item ${index + 1} is not a ListItem`);
          if (item["position"] !== index + 1) say(`item ${index + 1} has position ${String(item["position"])}`);
          if (!text(item["name"])) say(`item ${index + 1} has no name`);
          const last = index === items.length - 1;
          if (!last && !isAbsoluteHttp(item["item"])) say(`item ${index + 1} has no absolute item URL`);
          if (item["item"] !== undefined && !isAbsoluteHttp(item["item"]))
            say(`item ${index + 1}'s item is not absolute`);
        });
        break;
      }
      case "DefinedTermSet": {
        if (!text(node["name"])) say("no name");
        const terms = node["hasDefinedTerm"];
        if (!Array.isArray(terms) || terms.length === 0) say("no hasDefinedTerm");
        else
          terms.forEach((term: Node, index) => {
            if (term["@type"] !== "DefinedTerm") say(`term ${index + 1} is not a DefinedTerm`);
            if (!text(term["name"])) say(`term ${index + 1} has no name`);
            if (!text(term["description"])) say(`term ${index + 1} has no description`);
          });
        break;
      }
      default:
        say("a type this check does not know");
    }
  }
  const ids = nodes.map((node) => node["@id"]).filter(Boolean);
  if (new Set(ids).size !== ids.length) problems.push("two nodes share an @id");
  return problems;
}

export const typesOf = (block: Node) => nodesOf(block).map((node) => String(node["@type"]));
