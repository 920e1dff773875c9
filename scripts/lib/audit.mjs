// @ts-check
/**
 * The Lighthouse budget and the pure logic that reduces several
 * runs of one route to their medians and judges them, apart from the browser
 * so it is unit-tested.
 */

/** Minimum category scores (0–100) and maximum metric values. */
export const THRESHOLDS = {
  performance: 98,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  /** Largest Contentful Paint, ms. */
  lcp: 1500,
  /** Total Blocking Time, ms. */
  tbt: 50,
  /** Cumulative Layout Shift, judged as Lighthouse shows it, to 3 decimals. */
  cls: 0,
};

export const CATEGORIES = /** @type {const} */ (["performance", "accessibility", "best-practices", "seo"]);

/**
 * @typedef {object} Run  the figures of one Lighthouse run
 * @property {Record<string, number>} scores  category id → 0–100
 * @property {{ fcp: number, lcp: number, tbt: number, cls: number, si: number }} metrics  ms, CLS unitless
 * @property {Record<string, string[]>} failing  category id → ids of its audits that did not pass
 * @property {number} benchmarkIndex  Lighthouse's measure of the machine's speed during the run (lower: busier)
 *
 * @typedef {object} RouteResult
 * @property {string} route
 * @property {number} runs
 * @property {Record<string, number>} scores  medians
 * @property {Run["metrics"]} metrics  medians
 * @property {number} benchmarkIndex  median
 * @property {string[]} failing  "category: audit (n/runs)" for every audit that failed in any run
 * @property {string[]} failures  one sentence per threshold missed, naming the figure
 */

/**
 * The median of a list of numbers (the middle one, or the mean of the two middle ones).
 * @param {number[]} values
 */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The figures of one Lighthouse result (LHR) that the budget judges.
 * @param {any} lhr
 * @returns {Run}
 */
export function readRun(lhr) {
  /** @type {Record<string, number>} */
  const scores = {};
  /** @type {Record<string, string[]>} */
  const failing = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories?.[id];
    scores[id] = category?.score == null ? 0 : Math.round(category.score * 100);
    failing[id] = (category?.auditRefs ?? [])
      .filter((/** @type {{ id: string, weight: number }} */ ref) => {
        const audit = lhr.audits?.[ref.id];
        return (
          audit &&
          audit.scoreDisplayMode !== "informative" &&
          audit.scoreDisplayMode !== "notApplicable" &&
          audit.scoreDisplayMode !== "manual" &&
          audit.score !== null &&
          audit.score < 1 &&
          (ref.weight > 0 || id !== "performance")
        );
      })
      .map((/** @type {{ id: string }} */ ref) => ref.id);
  }
  const value = (/** @type {string} */ id) => Number(lhr.audits?.[id]?.numericValue ?? Number.NaN);
  return {
    scores,
    metrics: {
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      si: value("speed-index"),
    },
    failing,
    benchmarkIndex: Number(lhr.environment?.benchmarkIndex ?? Number.NaN),
  };
}

/**
 * Medians of a route's runs and every threshold they miss.
 * @param {string} route
 * @param {Run[]} runs
 * @returns {RouteResult}
 */
export function summarize(route, runs) {
  /** @type {Record<string, number>} */
  const scores = {};
  for (const id of CATEGORIES) scores[id] = median(runs.map((run) => run.scores[id] ?? 0));
  const metric = (/** @type {keyof Run["metrics"]} */ key) => median(runs.map((run) => run.metrics[key]));
  const metrics = { fcp: metric("fcp"), lcp: metric("lcp"), tbt: metric("tbt"), cls: metric("cls"), si: metric("si") };

  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const run of runs) {
    for (const [category, ids] of Object.entries(run.failing)) {
      for (const id of ids) counts.set(`${category}: ${id}`, (counts.get(`${category}: ${id}`) ?? 0) + 1);
    }
  }
  const failing = [...counts].map(([name, count]) => `${name} (${count}/${runs.length})`);

  /** @type {string[]} */
  const failures = [];
  for (const id of CATEGORIES) {
    const score = scores[id] ?? 0;
    if (!(score >= THRESHOLDS[id])) failures.push(`${id} ${score} < ${THRESHOLDS[id]}`);
  }
  if (!(metrics.lcp <= THRESHOLDS.lcp)) failures.push(`LCP ${Math.round(metrics.lcp)} ms > ${THRESHOLDS.lcp} ms`);
  if (!(metrics.tbt <= THRESHOLDS.tbt)) failures.push(`TBT ${Math.round(metrics.tbt)} ms > ${THRESHOLDS.tbt} ms`);
  if (!(Math.round(metrics.cls * 1000) / 1000 <= THRESHOLDS.cls)) failures.push(`CLS ${metrics.cls.toFixed(3)} > 0`);
  const benchmarkIndex = median(runs.map((run) => run.benchmarkIndex));
  return { route, runs: runs.length, scores, metrics, benchmarkIndex, failing, failures };
}
