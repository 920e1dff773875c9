import { parseIsoDate } from "../../lib/bond/dates";
import { BASIS_LABELS, type Basis } from "../../lib/bond/day-count";
import { dollars, longDate } from "../../lib/calculator-figures";
import { parseNumber, toQuery, type CalculatorInput } from "../../lib/calculator-form";
import { FREQUENCY_LABELS } from "./CalculatorFields";

/** A date and an amount written as the results write them ("1 Sep 2026", "$1,000.00"); as typed if not one. */
const dateText = (text: string) => {
  const day = parseIsoDate(text.trim());
  return day === null ? text : longDate(day);
};
const dollarText = (text: string) => {
  const value = parseNumber(text);
  return value === null ? text : dollars(value);
};

/**
 * On paper only (src/styles/print.css hides `[data-print-only]` on a screen, where the form shows all of it): the
 * bond the results are for, as the visitor entered it (its dates and face value written as the results write them),
 * and the address that opens the same calculation. Printing leaves out the form, and the page's own address in the
 * print header has no query. Rendered in the browser only (it reads the address).
 */
export function PrintedBond({ input }: { input: CalculatorInput }) {
  const given = input.mode === "price" ? ["Clean price", `${input.price} (% of par)`] : ["Yield", `${input.yield}%`];
  const rows: Array<[string, string]> = [
    ["Settlement date", dateText(input.settle)],
    ["Maturity date", dateText(input.maturity)],
    ["Coupon rate", `${input.coupon}%`],
    ["Coupon frequency", FREQUENCY_LABELS[input.freq] ?? input.freq],
    ["Day count", BASIS_LABELS[input.basis as Basis] ?? input.basis],
    ["Face value", dollarText(input.face)],
    ["Redemption", `${input.redemption} (% of par)`],
    [given[0]!, given[1]!],
    ["Call", input.callDate.trim() === "" ? "None" : `${dateText(input.callDate)} at ${input.callPrice} (% of par)`],
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
