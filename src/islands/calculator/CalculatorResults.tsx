import { useId } from "react";
import { cn } from "../../components/ui/cn";
import { MAX_YIELD, MIN_YIELD, type YieldShock } from "../../lib/bond-math";
import type { Result } from "../../lib/calculator-form";
import { dollars, longDate, num, percent, signed } from "../../lib/calculator-figures";

// One line height for both cells of a row, so a row name parsed before its value does not move when the value arrives.
const cell = "py-2 text-right leading-7 font-semibold tabular-nums";
const head = "py-2 pr-4 text-left text-sm/7 font-normal text-ink-2";
// The 1-point table: a row for each figure, a column for each move, so it fits a 320px screen without scrolling.
const SHOCK_ROWS: Array<[name: string, value: (shock: YieldShock) => string, bold?: boolean]> = [
  ["New clean price", (shock) => num(shock.cleanPrice, 3)],
  ["Exact change", (shock) => signed(shock.exact), true],
  ["Duration estimate", (shock) => signed(shock.durationEstimate)],
  ["With convexity", (shock) => signed(shock.convexityEstimate)],
];

/** The results table (each row: its name, then its value) and the ±1 point yield moves. */
export function CalculatorResults({ result }: { result: Result }) {
  const shockTitle = useId();
  const { analysis: a, face, call, bond } = result;
  const money = (perHundred: number) => dollars((perHundred * face) / 100);
  // Out of the solver's range, a yield says which side it is on.
  const beyond = (side: "above" | "below" | null) =>
    side === "above" ? `Above ${MAX_YIELD}%` : `Below \u2212${-MIN_YIELD}%`;
  // With a call, the risk figures are still the bond's to maturity: each says so.
  const toMaturity = call ? " to maturity" : "";
  const rows: Array<[string, string]> = [
    ["Clean price", `${num(a.cleanPrice, 4)} (${money(a.cleanPrice)})`],
    ["Accrued interest", `${num(a.accrued, 4)} (${money(a.accrued)})`],
    ["Dirty price", `${num(a.dirtyPrice, 4)} (${money(a.dirtyPrice)})`],
    ["Yield to maturity", percent(a.yieldToMaturity)],
    ...(call
      ? ([
          ["Yield to call", a.yieldToCall === null ? beyond(a.yieldToCallBeyond) : percent(a.yieldToCall)],
          ["Yield to worst", a.yieldToWorst === null ? beyond("below") : percent(a.yieldToWorst)],
        ] as Array<[string, string]>)
      : []),
    ["Current yield", percent(a.currentYield)],
    [`Macaulay duration${toMaturity}`, `${num(a.macaulay, 3)} years`],
    [`Modified duration${toMaturity}`, num(a.modified, 3)],
    [`Convexity${toMaturity}`, num(a.convexity, 2)],
    [`DV01${toMaturity}`, dollars((a.dv01 * face) / 100)],
    ...(bond.couponRate === 0
      ? ([["Coupons", "None: a zero-coupon bond"]] as Array<[string, string]>)
      : ([
          ["Next coupon", longDate(a.nextCoupon)],
          ["Days accrued", String(a.daysAccrued)],
          ["Coupons remaining", String(a.couponsRemaining)],
        ] as Array<[string, string]>)),
  ];
  return (
    <>
      {/*
        Fixed layout: the columns keep their widths while the rows stream in and when the figures change. In both
        tables a word or figure too wide for its column (a reader's own wider spacing, WCAG 1.4.12) breaks inside it
        rather than running over the next one.
      */}
      <table className="mt-4 w-full table-fixed font-sans wrap-anywhere">
        <caption className="sr-only">Results (prices per 100 of face value, dollars for the face value)</caption>
        <colgroup>
          <col className="w-[45%]" />
          <col />
        </colgroup>
        <tbody className="divide-y divide-rule">
          {rows.map(([name, value]) => (
            <tr key={name}>
              <th scope="row" className={head}>
                {name}
              </th>
              <td className={cell}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id={shockTitle} className="mt-6 mb-2 font-sans text-base font-semibold">
        {`If yields move 1 point: the exact new price and two estimates of the change${call ? " (all to maturity)" : ""}`}
      </p>
      <table className="w-full table-fixed font-sans text-sm wrap-anywhere" aria-labelledby={shockTitle}>
        <colgroup>
          <col />
          <col className="w-[32%]" />
          <col className="w-[32%]" />
        </colgroup>
        <thead>
          <tr className="border-b border-ink text-ink-2">
            <td />
            {a.shocks.map((shock) => (
              <th key={shock.change} scope="col" className="py-1 pl-2 text-right font-normal">
                {shock.change > 0 ? "If yields rise 1\u00a0point" : "If yields fall 1\u00a0point"}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-rule tabular-nums">
          {SHOCK_ROWS.map(([name, value, bold]) => (
            <tr key={name}>
              <th scope="row" className="py-2 text-left font-normal text-ink-2">
                {name}
              </th>
              {a.shocks.map((shock) => (
                <td key={shock.change} className={cn("py-2 pl-2 text-right", bold && "font-semibold")}>
                  {value(shock)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
