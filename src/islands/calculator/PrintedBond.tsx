import { BASIS_LABELS, type Basis } from "../../lib/bond/day-count";
import { toQuery, type CalculatorInput } from "../../lib/calculator-form";
import { FREQUENCY_LABELS } from "./CalculatorFields";

/**
 * On paper only (src/styles/print.css hides `[data-print-only]` on a screen, where the form shows all of it): the
 * bond the results are for, as the visitor entered it, and the address that opens the same calculation. Printing
 * leaves out the form, and the page's own address in the print header has no query. Rendered in the browser only
 * (it reads the address).
 */
export function PrintedBond({ input }: { input: CalculatorInput }) {
  const given = input.mode === "price" ? ["Clean price", `${input.price} (% of par)`] : ["Yield", `${input.yield}%`];
  const rows: Array<[string, string]> = [
    ["Settlement date", input.settle],
    ["Maturity date", input.maturity],
    ["Coupon rate", `${input.coupon}%`],
    ["Coupon frequency", FREQUENCY_LABELS[input.freq] ?? input.freq],
    ["Day count", BASIS_LABELS[input.basis as Basis] ?? input.basis],
    ["Face value", `$${input.face}`],
    ["Redemption", `${input.redemption} (% of par)`],
    [given[0]!, given[1]!],
    ["Call", input.callDate.trim() === "" ? "None" : `${input.callDate} at ${input.callPrice} (% of par)`],
  ];
  return (
    <div data-print-only className="mt-4">
      <h3 className="font-sans text-base font-bold">The bond</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 font-sans text-sm">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt>{name}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 font-sans text-xs [overflow-wrap:anywhere]">
        This calculation: {`${window.location.origin}${window.location.pathname}${toQuery(input)}`}
      </p>
    </div>
  );
}
