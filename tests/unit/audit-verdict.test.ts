import { describe, expect, test } from "vitest";
import { median, readRun, summarize } from "../../scripts/lib/audit-verdict.mjs";

type Run = Parameters<typeof summarize>[1][number];

interface Overrides {
  perf?: number;
  fcp?: number;
  lcp?: number;
  tbt?: number;
  cls?: number;
  seo?: number;
  a11y?: number;
  renderBlocking?: string[];
  longestTask?: number;
}

function run(overrides: Overrides = {}): Run {
  return {
    scores: {
      performance: overrides.perf ?? 100,
      accessibility: overrides.a11y ?? 100,
      "best-practices": 100,
      seo: overrides.seo ?? 100,
    },
    metrics: {
      fcp: overrides.fcp ?? 900,
      lcp: overrides.lcp ?? 1200,
      tbt: overrides.tbt ?? 0,
      cls: overrides.cls ?? 0,
      si: 1000,
    },
    failing: { performance: [], accessibility: [], "best-practices": [], seo: [] },
    benchmarkIndex: 1800,
    renderBlocking: overrides.renderBlocking ?? [],
    documentBytes: 18000,
    longestTask: overrides.longestTask ?? 0,
  };
}

/** The bare page's runs: FCP 850 ms, LCP 1100 ms. */
const bare = [run({ fcp: 850, lcp: 1100 }), run({ fcp: 850, lcp: 1100 }), run({ fcp: 850, lcp: 1100 })];

describe("median", () => {
  test("returns the middle value of an odd list and the mean of the middle two of an even one", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1500, 1400, 9000])).toBe(1500);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe("summarize", () => {
  test("returns no failure when the medians meet every threshold, even if one run missed", () => {
    const runs = [run(), { ...run({ perf: 90, lcp: 2400, tbt: 300 }), documentBytes: 30000 }, run({ perf: 99 })];
    const result = summarize("/about", runs, [...bare.slice(1), { ...run(), documentBytes: 4000 }]);
    expect(result.scores["performance"]).toBe(99);
    expect(result.documentBytes).toEqual({ page: 18000, bare: 18000 });
    expect(result.longestTask).toEqual({ page: 0, bare: 0 });
    expect(result.metrics.lcp).toBe(1200);
    expect(result.ratios.fcp).toBeCloseTo(900 / 850, 9);
    expect(result.ratios.lcp).toBeCloseTo(1200 / 1100, 9);
    expect(result.failures).toEqual([]);
  });

  test("names every threshold the medians miss, with the figure", () => {
    const slow = run({ perf: 91, fcp: 1200, lcp: 1800, tbt: 120, cls: 0.02, seo: 92, renderBlocking: ["/a.css"] });
    expect(summarize("/", [slow, slow, run()], bare).failures).toEqual([
      "performance 91 < 98",
      "seo 92 < 100",
      "FCP 1.41× the bare page's > 1.30×",
      "LCP 1.64× the bare page's > 1.30×",
      "TBT 120 ms > 50 ms",
      "CLS 0.020 > 0",
      "1 render-blocking request(s): /a.css",
    ]);
  });

  test("tells apart the misses no machine's speed explains from those a busy machine can cause", () => {
    const slow = run({ perf: 91, fcp: 1200, lcp: 1800, tbt: 120 });
    expect(summarize("/", [slow, slow, run()], bare).untimed).toEqual([]);
    const broken = run({ seo: 92, a11y: 95, cls: 0.02, renderBlocking: ["/a.css"] });
    expect(summarize("/", [broken, broken, run()], bare).untimed).toEqual([
      "accessibility 95 < 100",
      "seo 92 < 100",
      "CLS 0.020 > 0",
      "1 render-blocking request(s): /a.css",
    ]);
  });

  test("judges paint times against the bare page of the same run, not against a fixed time", () => {
    // A busy machine: both slow alike, the route passes.
    const busyBare = [run({ fcp: 1700, lcp: 2200 })];
    expect(summarize("/", [run({ fcp: 1850, lcp: 2500 })], busyBare).failures).toEqual([]);
    // A quiet machine, a slow route: it fails, though its times alone would look fine.
    expect(summarize("/", [run({ fcp: 1000, lcp: 1200 })], [run({ fcp: 700, lcp: 900 })]).failures).toEqual([
      "FCP 1.43× the bare page's > 1.30×",
      "LCP 1.33× the bare page's > 1.30×",
    ]);
  });

  test("judges CLS to 3 decimals, as Lighthouse shows it", () => {
    expect(summarize("/", [run({ cls: 0.0004 })], bare).failures).toEqual([]);
    expect(summarize("/", [run({ cls: 0.0006 })], bare).failures).toEqual(["CLS 0.001 > 0"]);
  });

  test("reports the median of the runs' longest tasks, the page's and its bare page's, without failing on them", () => {
    const runs = [run({ longestTask: 74 }), run(), run({ longestTask: 54 })];
    const result = summarize("/", runs, [run(), run({ longestTask: 51 }), run()]);
    expect(result.longestTask).toEqual({ page: 54, bare: 0 });
    expect(result.failures).toEqual([]);
  });

  test("counts in how many runs each audit failed", () => {
    const failing = { ...run().failing, seo: ["link-text"] };
    const result = summarize("/", [{ ...run(), failing }, run(), { ...run(), failing }], bare);
    expect(result.failing).toEqual(["seo: link-text (2/3)"]);
  });
});

describe("readRun", () => {
  test("returns scores out of 100, the metrics and the audits that did not pass", () => {
    const lhr = {
      categories: {
        performance: {
          score: 0.975,
          auditRefs: [
            { id: "largest-contentful-paint", weight: 25 },
            { id: "unused-css-rules", weight: 0 },
          ],
        },
        accessibility: { score: 1, auditRefs: [{ id: "color-contrast", weight: 7 }] },
        "best-practices": { score: 1, auditRefs: [] },
        seo: {
          score: 0.92,
          auditRefs: [
            { id: "link-text", weight: 1 },
            { id: "structured-data", weight: 0 },
          ],
        },
      },
      audits: {
        "largest-contentful-paint": { score: 0.9, scoreDisplayMode: "numeric", numericValue: 1700 },
        "unused-css-rules": { score: 0.5, scoreDisplayMode: "metricSavings" },
        "color-contrast": { score: 1, scoreDisplayMode: "binary" },
        "link-text": { score: 0, scoreDisplayMode: "binary" },
        "structured-data": { score: null, scoreDisplayMode: "manual" },
        "first-contentful-paint": { numericValue: 900 },
        "total-blocking-time": { numericValue: 40 },
        "cumulative-layout-shift": { numericValue: 0 },
        "speed-index": { numericValue: 1100 },
        "render-blocking-insight": { details: { items: [{ url: "http://127.0.0.1/_astro/a.css" }] } },
        "long-tasks": {
          details: {
            items: [
              { url: "http://127.0.0.1/", duration: 54, startTime: 834.3 },
              { url: "Unattributable", duration: 61.2, startTime: 751.3 },
            ],
          },
        },
        "network-requests": {
          details: {
            items: [
              { url: "http://127.0.0.1/", resourceType: "Document", transferSize: 18160 },
              { url: "http://127.0.0.1/favicon.svg", resourceType: "Image", transferSize: 452 },
            ],
          },
        },
      },
      environment: { benchmarkIndex: 1834.5 },
    };
    expect(readRun(lhr)).toEqual({
      scores: { performance: 98, accessibility: 100, "best-practices": 100, seo: 92 },
      metrics: { fcp: 900, lcp: 1700, tbt: 40, cls: 0, si: 1100 },
      failing: {
        performance: ["largest-contentful-paint"],
        accessibility: [],
        "best-practices": [],
        seo: ["link-text"],
      },
      benchmarkIndex: 1834.5,
      renderBlocking: ["http://127.0.0.1/_astro/a.css"],
      documentBytes: 18160,
      longestTask: 61.2,
    });
  });

  test("reads no long task as 0", () => {
    expect(readRun({ audits: { "long-tasks": { details: { items: [] } } } }).longestTask).toBe(0);
    expect(readRun({ audits: {} }).longestTask).toBe(0);
  });
});
