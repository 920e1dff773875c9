import { describe, expect, test } from "vitest";
import { median, readRun, summarize } from "../../scripts/lib/audit.mjs";

type Run = Parameters<typeof summarize>[1][number];

function run(overrides: { perf?: number; lcp?: number; tbt?: number; cls?: number; seo?: number } = {}): Run {
  return {
    scores: {
      performance: overrides.perf ?? 100,
      accessibility: 100,
      "best-practices": 100,
      seo: overrides.seo ?? 100,
    },
    metrics: { fcp: 900, lcp: overrides.lcp ?? 1200, tbt: overrides.tbt ?? 0, cls: overrides.cls ?? 0, si: 1000 },
    failing: { performance: [], accessibility: [], "best-practices": [], seo: [] },
    benchmarkIndex: 1800,
  };
}

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
    const result = summarize("/about", [run(), run({ perf: 90, lcp: 2400, tbt: 300 }), run({ perf: 99 })]);
    expect(result.scores["performance"]).toBe(99);
    expect(result.metrics.lcp).toBe(1200);
    expect(result.failures).toEqual([]);
  });

  test("names every threshold the medians miss, with the figure", () => {
    const slow = run({ perf: 91, lcp: 1800, tbt: 120, cls: 0.02, seo: 92 });
    expect(summarize("/", [slow, slow, run()]).failures).toEqual([
      "performance 91 < 98",
      "seo 92 < 100",
      "LCP 1800 ms > 1500 ms",
      "TBT 120 ms > 50 ms",
      "CLS 0.020 > 0",
    ]);
  });

  test("judges CLS to 3 decimals, as Lighthouse shows it", () => {
    expect(summarize("/", [run({ cls: 0.0004 })]).failures).toEqual([]);
    expect(summarize("/", [run({ cls: 0.0006 })]).failures).toEqual(["CLS 0.001 > 0"]);
  });

  test("counts in how many runs each audit failed", () => {
    const failing = { ...run().failing, seo: ["link-text"] };
    const result = summarize("/", [{ ...run(), failing }, run(), { ...run(), failing }]);
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
    });
  });
});
