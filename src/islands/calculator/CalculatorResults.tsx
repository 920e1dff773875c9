import { useId } from "react";
import { MAX_YIELD, MIN_YIELD } from "../../lib/bond-math";
import type { Result } from "../../lib/calculator-form";
import { dollars, longDate, num, percent, signed } from "../../lib/calculator-figures";

// One line height for both cells of a row, so a row name parsed before its value does not move when the value arrives.
const cell = "py-2 text-right leading-7 font-semibold tabular-nums";
const head = "py-2 pr-4 text-left text-sm/7 font-normal text-ink-2";
// The shock table's number columns: a fixed width each (room for a header's longest word and a figure), the row
// names the rest; below 21rem (a 320px screen) the table scrolls sideways in its box rather than squeeze them.
const shockColumns = ["w-17 sm:w-[18%]", "w-20 sm:w-[18%]", "w-18 sm:w-[18%]", "w-17.5 sm:w-[18%]"];

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
      {/*
        The title sits outside the box that scrolls on a narrow phone, so it wraps to the screen; the box is a named
        region in the tab order, so a keyboard can scroll it in every browser.
      */}
      <p id={shockTitle} className="mt-6 mb-2 font-sans text-base font-semibold">
        {`If yields move 1 point: the exact new price and two estimates of the change${call ? " (all to maturity)" : ""}`}
      </p>
      <section
        className="overflow-x-auto"
        // A box that scrolls is reached by the keyboard in every browser only if it takes the focus (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-labelledby={shockTitle}
      >
        {/* At least 352 px wide: the first column then holds its longest word ("yields"), which a narrower table
        (on a 360 px phone) cut in two; 390 px phones still show it whole, narrower screens scroll it. */}
        <table className="w-full min-w-88 table-fixed font-sans text-sm wrap-anywhere" aria-labelledby={shockTitle}>
          <colgroup>
            <col />
            {shockColumns.map((width, index) => (
              <col key={index} className={width} />
            ))}
          </colgroup>
          <thead>
            <tr className="border-b border-ink text-ink-2">
              <th scope="col" className="py-1 pr-2 text-left font-normal">
                Yield move
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                Clean price
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                Exact change
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                Duration estimate
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                With convexity
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-rule tabular-nums">
            {a.shocks.map((shock) => (
              <tr key={shock.change}>
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  {shock.change > 0 ? "If yields rise 1 point" : "If yields fall 1 point"}
                </th>
                <td className="py-2 pr-2 text-right">{num(shock.cleanPrice, 3)}</td>
                <td className="py-2 pr-2 text-right font-semibold">{signed(shock.exact)}</td>
                <td className="py-2 pr-2 text-right">{signed(shock.durationEstimate)}</td>
                <td className="py-2 text-right">{signed(shock.convexityEstimate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
