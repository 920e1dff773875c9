import { useId, useMemo, useRef, useState } from "react";
import { withErrorBoundary } from "../../components/ui/error-boundary";
import { useDebounced } from "../../components/ui/use-debounced";
import { parseIsoDate } from "../../lib/bond/dates";
import { evaluate, fixFieldsLine, type Errors, type Field } from "../../lib/calculator-form";
import { CalculatorFields } from "./CalculatorFields";
import { CalculatorResults } from "./CalculatorResults";
import { CashFlowTable } from "./CashFlowTable";
import { num, percent } from "../../lib/calculator-figures";
import { PriceYieldChart } from "./PriceYieldChart";
import { PrintedBond } from "./PrintedBond";
import { useUrlInput } from "./use-url-input";

interface Props {
  /** The build's date (YYYY-MM-DD): the settlement date the server-rendered form shows. */
  today: string;
}

/**
 * The bond calculator: a fixed-coupon bond on real dates, priced from its yield
 * or solved for its yields from its clean price. The arithmetic is
 * src/lib/bond-math.ts; the state lives in the URL.
 */
function Calculator({ today }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const { input, update, settle, ready, restored } = useUrlInput(parseIsoDate(today) ?? 0, form);
  // Date fields the visitor has started but not finished: the browser reports them as empty. Going back or
  // forward puts the address's dates in the fields, finished or empty, so what was noted before no longer holds.
  const [noted, setNoted] = useState<{ restored: number; fields: ReadonlySet<Field> }>({
    restored: 0,
    fields: new Set(),
  });
  const unfinished = noted.restored === restored ? noted.fields : new Set<Field>();
  const outcome = useMemo(() => evaluate(input), [input]);
  const errors: Errors = outcome.ok ? {} : { ...outcome.errors };
  for (const field of unfinished) errors[field] = "Finish the date (month, day and year), or clear it.";
  const id = useId();
  const result = outcome.ok && unfinished.size === 0 ? outcome.result : null;
  const markUnfinished = (field: Field, isUnfinished: boolean) => {
    if (unfinished.has(field) === isUnfinished) return;
    const next = new Set(unfinished);
    if (isUnfinished) next.add(field);
    else next.delete(field);
    setNoted({ restored, fields: next });
  };

  const summary = result
    ? `Clean price ${num(result.analysis.cleanPrice, 3)}, yield to maturity ${percent(result.analysis.yieldToMaturity)}.`
    : fixFieldsLine(errors);
  // What a screen reader reads out, once the visitor pauses: "4", "4.7" and "4.75" are not three results. The
  // line on screen follows every keystroke, as the figures below it do.
  const announced = useDebounced(summary, 750);
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-2" data-calculator-ready={ready ? "true" : undefined}>
      <CalculatorFields
        id={id}
        form={form}
        input={input}
        errors={errors}
        update={update}
        settle={settle}
        markUnfinished={markUnfinished}
      />
      <section
        aria-labelledby={`${id}-results`}
        className="border-t-4 border-double border-ink pt-4 lg:border-t-0 lg:border-l lg:border-rule lg:pt-0 lg:pl-8"
      >
        <h2 id={`${id}-results`} className="text-2xl font-bold">
          Results
        </h2>
        {/* A screen reader reads the line from its live copy below: with both in the tree, it read the line twice. */}
        <p aria-hidden="true" className="mt-2 font-sans text-sm text-ink-2">
          {summary}
        </p>
        <p aria-live="polite" className="sr-only">
          {announced}
        </p>
        {/* Once hydrated: the server knows no visitor's address, and the page's first round trip has no room. */}
        {ready && <PrintedBond input={input} />}
        {result && (
          <>
            <CalculatorResults result={result} />
            <PriceYieldChart result={result} titleId={`${id}-chart`} />
            <CashFlowTable result={result} />
          </>
        )}
        <p data-screen-only className="mt-4 font-sans text-xs text-ink-2">
          The address bar keeps this calculation: copy it to share or bookmark it.
        </p>
      </section>
    </div>
  );
}

export const BondCalculator = withErrorBoundary(Calculator);
