/**
 * The RSS 2.0 rules a feed must keep (RSS Advisory Board, "RSS 2.0 Specification",
 * https://www.rssboard.org/rss-specification, and RFC 822 section 5 for dates),
 * checked on the XML text. Shared by the unit test (the feed built from the content)
 * and the end-to-end test (the feed the site serves). Returns what is wrong, [] if nothing.
 */
import { Parser } from "htmlparser2";

export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: "#document", attributes: {}, children: [], text: "" };
  const stack = [root];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const node = { name, attributes, children: [], text: "" };
        stack.at(-1)!.children.push(node);
        stack.push(node);
      },
      ontext(text) {
        stack.at(-1)!.text += text;
      },
      onclosetag() {
        stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return root;
}

const child = (node: XmlNode, name: string) => node.children.find((item) => item.name === name);
const children = (node: XmlNode, name: string) => node.children.filter((item) => item.name === name);

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** RFC 822 date-time, with the four-digit year RSS 2.0 recommends: "Tue, 01 Aug 2023 12:00:00 GMT". */
const RFC822 =
  /^(?:(Mon|Tue|Wed|Thu|Fri|Sat|Sun), )?(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2})(?::(\d{2}))? (UT|GMT|EST|EDT|CST|CDT|MST|MDT|PST|PDT|[A-IK-Z]|[+-]\d{4})$/;

/** Why a date is not an RFC 822 date (undefined if it is one): its form, a real day, and a weekday that matches. */
export function rfc822Problem(text: string): string | undefined {
  const match = RFC822.exec(text);
  if (!match) return `"${text}" is not an RFC 822 date-time`;
  const [, weekday, day, month, year, hour, minute, second = "00"] = match;
  const date = new Date(
    Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day), Number(hour), Number(minute), Number(second)),
  );
  if (date.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 60)
    return `"${text}" is not a real date and time`;
  if (weekday && DAYS[date.getUTCDay()] !== weekday) return `"${text}": ${year}-${month}-${day} is not a ${weekday}`;
  return undefined;
}

const isAbsoluteHttp = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && text.startsWith(`${url.protocol}//`);
  } catch {
    return false;
  }
};

export function rssProblems(xml: string): string[] {
  const problems: string[] = [];
  const document = parseXml(xml);
  const rss = child(document, "rss");
  if (!rss) return ["the root element is not <rss>"];
  if (rss.attributes["version"] !== "2.0") problems.push(`<rss version="${rss.attributes["version"]}">, not 2.0`);
  const channels = children(rss, "channel");
  if (channels.length !== 1) return [...problems, `<rss> holds ${channels.length} <channel> elements, not 1`];
  const channel = channels[0]!;

  for (const name of ["title", "link", "description"]) {
    const node = child(channel, name);
    if (!node || node.text.trim() === "") problems.push(`the channel has no <${name}>`);
  }
  const link = child(channel, "link")?.text.trim() ?? "";
  if (link && !isAbsoluteHttp(link)) problems.push(`the channel's <link> "${link}" is not an absolute http(s) URL`);
  const language = child(channel, "language")?.text.trim();
  if (language !== undefined && !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(language))
    problems.push(`<language>${language}</language> is not a language code`);
  for (const name of ["pubDate", "lastBuildDate"]) {
    const node = child(channel, name);
    const why = node && rfc822Problem(node.text.trim());
    if (why) problems.push(`the channel's <${name}>: ${why}`);
  }
  const self = children(channel, "atom:link").find((node) => node.attributes["rel"] === "self");
  if (self && !isAbsoluteHttp(self.attributes["href"] ?? ""))
    problems.push(`<atom:link rel="self"> href "${self.attributes["href"]}" is not absolute`);

  const guids = new Set<string>();
  children(channel, "item").forEach((item, index) => {
    const where = `item ${index + 1}`;
    const title = child(item, "title")?.text.trim() ?? "";
    const description = child(item, "description")?.text.trim() ?? "";
    if (!title && !description) problems.push(`${where} has neither a <title> nor a <description>`);
    const itemLink = child(item, "link")?.text.trim();
    if (itemLink !== undefined && !isAbsoluteHttp(itemLink))
      problems.push(`${where}: <link> "${itemLink}" is not an absolute http(s) URL`);
    const guid = child(item, "guid");
    if (guid) {
      const value = guid.text.trim();
      const permalink = (guid.attributes["isPermaLink"] ?? "true") === "true";
      if (permalink && !isAbsoluteHttp(value)) problems.push(`${where}: permalink <guid> "${value}" is not absolute`);
      if (guids.has(value)) problems.push(`${where}: <guid> "${value}" is used twice`);
      guids.add(value);
    }
    const pubDate = child(item, "pubDate");
    const why = pubDate && rfc822Problem(pubDate.text.trim());
    if (why) problems.push(`${where}: <pubDate>: ${why}`);
  });
  return problems;
}
