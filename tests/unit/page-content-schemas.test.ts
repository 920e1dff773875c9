/** The schemas of the content pages' data files: the shipped files parse, and broken ones are refused. */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  contactPageSchema,
  homeSchema,
  marketSchema,
  pageSchema,
  strategiesSchema,
  typesSchema,
} from "../../src/schemas";

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf-8"));
const home = read("content/home.json");
const types = read("content/types.json");
const strategies = read("content/strategies.json");
const market = read("content/market.json");
const contactPage = read("content/contact-page.json");

/** The first issue's path and message, or "" when the data parses. */
function problem(schema: { safeParse: (data: unknown) => { success: boolean; error?: unknown } }, data: unknown) {
  const result = schema.safeParse(data) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  if (result.success) return "";
  const [issue] = result.error!.issues;
  return `${issue!.path.join(".")}: ${issue!.message}`;
}

describe("homeSchema", () => {
  test("parses content/home.json", () => {
    expect(problem(homeSchema, home)).toBe("");
  });

  test("refuses a hero button that leaves the site", () => {
    const broken = structuredClone(home);
    broken.hero.actions[0].href = "https://example.com";
    expect(problem(homeSchema, broken)).toMatch(/^hero\.actions\.0\.href: must be a path on this site/);
  });
});

describe("typesSchema", () => {
  test("parses content/types.json", () => {
    expect(problem(typesSchema, types)).toBe("");
  });

  test("refuses a bar above 100 or below 0", () => {
    const over = structuredClone(types);
    over.security.items[0].value = 130;
    expect(problem(typesSchema, over)).toMatch(/^security\.items\.0\.value:/);
    const under = structuredClone(types);
    under.highYield.items[3].value = -5;
    expect(problem(typesSchema, under)).toMatch(/^highYield\.items\.3\.value:/);
  });

  test("refuses a bar without its label", () => {
    const broken = structuredClone(types);
    delete broken.investmentGrade.items[0].label;
    expect(problem(typesSchema, broken)).toMatch(/^investmentGrade\.items\.0\.label:/);
  });
});

describe("strategiesSchema", () => {
  test("parses content/strategies.json", () => {
    expect(problem(strategiesSchema, strategies)).toBe("");
  });

  test("refuses barbell shares that do not add up to 100", () => {
    const broken = structuredClone(strategies);
    broken.barbell[1].share = 40;
    expect(problem(strategiesSchema, broken)).toBe("barbell: shares must add up to 100");
  });

  test("refuses a barbell with more than two ends", () => {
    const broken = structuredClone(strategies);
    broken.barbell.push({ label: "Middle", maturity: "5 years", share: 0 });
    expect(problem(strategiesSchema, broken)).toBe("barbell: must list the 2 ends of the barbell");
  });

  test("refuses an allocation model that does not add up to 100, naming the model", () => {
    const broken = structuredClone(strategies);
    broken.allocations[1].highYield = 60;
    expect(problem(strategiesSchema, broken)).toBe("allocations.1: investmentGrade + highYield must add up to 100");
  });
});

describe("pageSchema", () => {
  const page = { title: "Types", description: "x".repeat(60) };

  test("accepts the optional kicker, dek and sidebar links", () => {
    const links = { heading: "Related", items: [{ label: "Glossary", href: "/resources" }] };
    expect(problem(pageSchema, { ...page, kicker: "Explainer", dek: "A standfirst.", links })).toBe("");
  });

  const teaching = {
    lastReviewed: new Date("2026-11-23T00:00:00Z"),
    takeaways: ["One.", "Two.", "Three."],
    quiz: [1, 2, 3].map((n) => ({ question: `Question ${n}?`, answer: `Answer ${n}.` })),
    sources: [{ title: "Investor Bulletin", publisher: "SEC", url: "https://www.sec.gov/files/ib_corporatebonds.pdf" }],
  };

  test("accepts the teaching fields, reading an unquoted YAML date as YYYY-MM-DD", () => {
    expect(problem(pageSchema, { ...page, ...teaching })).toBe("");
    expect(pageSchema.parse({ ...page, ...teaching }).lastReviewed).toBe("2026-11-23");
  });

  test("refuses fewer than 3 takeaways or more than 5 quiz questions", () => {
    expect(problem(pageSchema, { ...page, ...teaching, takeaways: ["One.", "Two."] })).toBe(
      "takeaways: must list 3 to 5 takeaways",
    );
    const quiz = [...teaching.quiz, ...teaching.quiz];
    expect(problem(pageSchema, { ...page, ...teaching, quiz })).toBe("quiz: must ask 3 to 5 questions");
  });

  test("refuses a source whose URL is not http(s)", () => {
    const sources = [{ ...teaching.sources[0], url: "ftp://example.com/file" }];
    expect(problem(pageSchema, { ...page, ...teaching, sources })).toMatch(/^sources\.0\.url:/);
  });

  test("refuses a sidebar link that is neither a site path nor an http(s) URL", () => {
    const links = { heading: "Related", items: [{ label: "Bad", href: "javascript:alert(1)" }] };
    expect(problem(pageSchema, { ...page, links })).toMatch(/^links\.items\.0\.href:/);
  });
});

describe("marketSchema", () => {
  test("parses content/market.json", () => {
    expect(problem(marketSchema, market)).toBe("");
  });

  test("refuses figures without the note that dates them", () => {
    const { snapshot: _removed, ...broken } = market;
    expect(problem(marketSchema, broken)).toMatch(/^snapshot:/);
  });

  test("refuses fund flows without their period", () => {
    const broken = structuredClone(market);
    delete broken.fundFlows.period;
    expect(problem(marketSchema, broken)).toMatch(/^fundFlows\.period:/);
  });

  test("refuses a figure with more decimals than the page shows, which it would round without a word", () => {
    const fedFunds = structuredClone(market);
    fedFunds.indicators[1].value = 5.25;
    expect(problem(marketSchema, fedFunds)).toBe(
      "indicators.1.value: at most one decimal place: the page shows one, so 5.25 would show as 5.3 (write 5.3, or 5.2)",
    );
    const flows = structuredClone(market);
    flows.fundFlows.highYield = 1.85;
    expect(problem(marketSchema, flows)).toMatch(/^fundFlows\.highYield: at most one decimal place/);
    const yields = structuredClone(market);
    yields.yields.investmentGrade = 5.55;
    expect(problem(marketSchema, yields)).toMatch(/^yields\.investmentGrade: at most one decimal place/);
    // Figures the page shows as written pass, however they were typed: 3.9, 4, -1.4.
    const exact = structuredClone(market);
    exact.indicators[0].value = 4;
    exact.sectors[0].ytdReturn = -1.4;
    expect(problem(marketSchema, exact)).toBe("");
  });

  test("refuses an update dated a day the calendar does not have, saying so", () => {
    const broken = structuredClone(market);
    broken.updates[0].date = "2025-04-31";
    expect(problem(marketSchema, broken)).toBe("updates.0.date: is not a day of the calendar: April 2025 has 30 days");
    broken.updates[0].date = "31/03/2025";
    expect(problem(marketSchema, broken)).toBe("updates.0.date: must be a date written YYYY-MM-DD");
  });
});

describe("contactPageSchema", () => {
  test("parses content/contact-page.json", () => {
    expect(problem(contactPageSchema, contactPage)).toBe("");
  });

  test("refuses a form fallback line without the {email} that becomes the contact link, or with two", () => {
    const without = { ...contactPage, formFallback: "Form not loading? Write to us." };
    expect(problem(contactPageSchema, without)).toBe(
      "formFallback: must contain {email}, which becomes the contact email as a link (content/site.json → contact.email)",
    );
    const twice = { ...contactPage, formFallback: "Email {email} or {email}." };
    expect(problem(contactPageSchema, twice)).toBe("formFallback: has {email} 2 times: write it once");
  });

  test("refuses an empty heading in the contact box", () => {
    const broken = structuredClone(contactPage);
    broken.details.heading = " ";
    expect(problem(contactPageSchema, broken)).toMatch(/^details\.heading:/);
  });
});
