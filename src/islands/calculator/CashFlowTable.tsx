import type { Result } from "../../lib/calculator-form";
import { dollars, longDate } from "../../lib/calculator-figures";

/** Every remaining payment, in dollars for the face value, with its present value at the yield to maturity. */
export function CashFlowTable({ result }: { result: Result }) {
  const { analysis, face } = result;
  const money = (perHundred: number) => dollars((perHundred * face) / 100);
  // A zero-coupon bond's schedule has coupons of nothing: only what is paid is listed.
  const flows = analysis.flows.filter((flow) => flow.coupon !== 0 || flow.principal !== 0);
  const total = flows.reduce((sum, flow) => sum + flow.presentValue, 0);
  return (
    <details className="mt-6 font-sans">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">
        Cash flows ({flows.length} {flows.length === 1 ? "payment" : "payments"})
      </summary>
      {/* A large face value's figures can outgrow a phone's width: the table then scrolls in its box, not the page. */}
      <div className="overflow-x-auto">
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">Remaining payments and their present value at the yield to maturity</caption>
          <thead>
            <tr className="border-b border-ink text-ink-2">
              <th scope="col" className="py-1 pr-2 text-left font-normal">
                Date
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                Coupon
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                Principal
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Present value
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-rule">
            {flows.map((flow) => (
              <tr key={flow.date}>
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {longDate(flow.date)}
                </th>
                <td className="py-1 pr-2 text-right">{flow.coupon ? money(flow.coupon) : "–"}</td>
                <td className="py-1 pr-2 text-right">{flow.principal ? money(flow.principal) : "–"}</td>
                <td className="py-1 text-right">{money(flow.presentValue)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-ink font-semibold">
              <th scope="row" colSpan={3} className="py-1 pr-2 text-left">
                Total: the dirty price
              </th>
              <td className="py-1 text-right">{money(total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}
