// @ts-check
/**
 * The Lighthouse budget and the pure logic that reduces several runs of one route (and of its bare page,
 * scripts/lib/bare-page.mjs) to their medians and judges them, apart from the browser so it is unit-tested.
 */

/** Minimum category scores (0–100) and maximum metric values. */
export const THRESHOLDS = {
  performance: 98,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  /**
   * First Contentful Paint and Largest Contentful Paint, as multiples of the bare page's in the same run: the
   * gate a plain `npm run audit` enforces (CI only reports them, with AUDIT_REPORT_ONLY=timing). Looser than
   * TARGETS until quiet-machine runs show the targets hold on every route.
   */
  fcpRatio: 1.3,
  lcpRatio: 1.3,
  /** Total Blocking Time, ms. */
  tbt: 50,
  /** Cumulative Layout Shift, judged as Lighthouse shows it, to 3 decimals. */
  cls: 0,
  /** Requests Lighthouse's render-blocking insight lists. */
  renderBlocking: 0,
};

/**
 * Where the paint ratios should be, and the longest task the main thread may run (ms, under the simulated 4× CPU
 * slowdown); the table marks each route that meets them. Not yet a gate.
 */
export const TARGETS = { fcpRatio: 1.1, lcpRatio: 1.15, longTask: 50 };

export const CATEGORIES = /** @type {const} */ (["performance", "accessibility", "best-practices", "seo"]);

/**
 * @typedef {object} Run  the figures of one Lighthouse run
 * @property {Record<string, number>} scores  category id → 0–100
 * @property {{ fcp: number, lcp: number, tbt: number, cls: number, si: number }} metrics  ms, CLS unitless
 * @property {Record<string, string[]>} failing  category id → ids of its audits that did not pass
 * @property {number} benchmarkIndex  Lighthouse's measure of the machine's speed during the run (lower: busier)
 * @property {string[]} renderBlocking  URLs of the requests Lighthouse found blocking the first paint
 * @property {number} documentBytes  the page's HTML as transferred (compressed), bytes
 * @property {number} longestTask  the longest main-thread task Lighthouse lists (it lists those of 50 ms or more,
 *   as simulated under its CPU slowdown), ms; 0 when it lists none
 *
 * @typedef {object} RouteResult
 * @property {string} route
 * @property {number} runs
 * @property {Record<string, number>} scores  medians
 * @property {Run["metrics"]} metrics  medians
 * @property {number} benchmarkIndex  median
 * @property {Run["metrics"]} bare  medians of the bare page's runs
 * @property {{ fcp: number, lcp: number }} ratios  the route's median FCP and LCP over its bare page's
 * @property {{ page: number, bare: number }} documentBytes  medians of the HTML's transfer size, bytes
 * @property {{ page: number, bare: number }} longestTask  medians of the runs' longest task, ms (0: none of 50 ms)
 * @property {string[]} renderBlocking  every request any run found blocking the first paint
 * @property {string[]} failing  "category: audit (n/runs)" for every audit that failed in any run
 * @property {string[]} failures  one sentence per threshold missed, naming the figure
 * @property {string[]} untimed  those of `failures` that no machine's speed explains: accessibility, best
 *   practices and SEO, layout shift, render-blocking requests (a busy machine moves paint times, TBT and the
 *   performance score, never these)
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
    renderBlocking: (lhr.audits?.["render-blocking-insight"]?.details?.items ?? [])
      .map((/** @type {{ url?: string }} */ item) => String(item.url ?? ""))
      .filter(Boolean),
    documentBytes: Number(
      (lhr.audits?.["network-requests"]?.details?.items ?? []).find(
        (/** @type {{ resourceType?: string }} */ item) => item.resourceType === "Document",
      )?.transferSize ?? Number.NaN,
    ),
    longestTask: Math.max(
      0,
      ...(lhr.audits?.["long-tasks"]?.details?.items ?? []).map((/** @type {{ duration?: number }} */ item) =>
        Number(item.duration ?? 0),
      ),
    ),
  };
}

/**
 * The median of each metric over several runs.
 * @param {Run[]} runs
 * @returns {Run["metrics"]}
 */
function medianMetrics(runs) {
  const metric = (/** @type {keyof Run["metrics"]} */ key) => median(runs.map((run) => run.metrics[key]));
  return { fcp: metric("fcp"), lcp: metric("lcp"), tbt: metric("tbt"), cls: metric("cls"), si: metric("si") };
}

/**
 * Medians of a route's runs and of its bare page's (measured alternately in the same session), and every
 * threshold they miss. Paint times are judged as ratios to the bare page: a busy machine slows both alike.
 * @param {string} route
 * @param {Run[]} runs
 * @param {Run[]} bareRuns
 * @returns {RouteResult}
 */
export function summarize(route, runs, bareRuns) {
  /** @type {Record<string, number>} */
  const scores = {};
  for (const id of CATEGORIES) scores[id] = median(runs.map((run) => run.scores[id] ?? 0));
  const metrics = medianMetrics(runs);
  const bare = medianMetrics(bareRuns);
  const ratios = { fcp: metrics.fcp / bare.fcp, lcp: metrics.lcp / bare.lcp };
  const renderBlocking = [...new Set(runs.flatMap((run) => run.renderBlocking))];

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
  /** @type {string[]} */
  const untimed = [];
  for (const id of CATEGORIES) {
    const score = scores[id] ?? 0;
    if (!(score >= THRESHOLDS[id])) {
      failures.push(`${id} ${score} < ${THRESHOLDS[id]}`);
      if (id !== "performance") untimed.push(failures.at(-1) ?? "");
    }
  }
  const ratio = (/** @type {number} */ value) => `${value.toFixed(2)}×`;
  if (!(Math.round(ratios.fcp * 100) / 100 <= THRESHOLDS.fcpRatio)) {
    failures.push(`FCP ${ratio(ratios.fcp)} the bare page's > ${ratio(THRESHOLDS.fcpRatio)}`);
  }
  if (!(Math.round(ratios.lcp * 100) / 100 <= THRESHOLDS.lcpRatio)) {
    failures.push(`LCP ${ratio(ratios.lcp)} the bare page's > ${ratio(THRESHOLDS.lcpRatio)}`);
  }
  if (!(metrics.tbt <= THRESHOLDS.tbt)) failures.push(`TBT ${Math.round(metrics.tbt)} ms > ${THRESHOLDS.tbt} ms`);
  if (!(Math.round(metrics.cls * 1000) / 1000 <= THRESHOLDS.cls)) {
    failures.push(`CLS ${metrics.cls.toFixed(3)} > 0`);
    untimed.push(failures.at(-1) ?? "");
  }
  // Judged on the runs' median count, like every other figure; the table lists every URL any run named.
  const blocking = median(runs.map((run) => run.renderBlocking.length));
  if (!(blocking <= THRESHOLDS.renderBlocking)) {
    failures.push(`${blocking} render-blocking request(s): ${renderBlocking.join(", ")}`);
    untimed.push(failures.at(-1) ?? "");
  }
  const benchmarkIndex = median(runs.map((run) => run.benchmarkIndex));
  const documentBytes = {
    page: median(runs.map((run) => run.documentBytes)),
    bare: median(bareRuns.map((run) => run.documentBytes)),
  };
  const longestTask = {
    page: median(runs.map((run) => run.longestTask)),
    bare: median(bareRuns.map((run) => run.longestTask)),
  };
  return {
    route,
    runs: runs.length,
    scores,
    metrics,
    benchmarkIndex,
    bare,
    ratios,
    documentBytes,
    longestTask,
    renderBlocking,
    failing,
    failures,
    untimed,
  };
}
