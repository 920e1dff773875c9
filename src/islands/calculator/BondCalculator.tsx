import { useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { withErrorBoundary } from "../../components/ui/error-boundary";
import { FREQUENCIES } from "../../lib/bond-math";
import {
  DEFAULT_INPUT,
  evaluate,
  fromQuery,
  toQuery,
  type CalculatorInput,
  type Field,
} from "../../lib/calculator-form";

const money = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fixed = (digits: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = fixed(3);
const years = fixed(2);

const inputClass =
  "mt-1 block w-full border border-ink bg-paper px-3 py-2 font-sans text-base text-ink aria-[invalid=true]:border-down aria-[invalid=true]:border-2";

interface FieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

function FormField({ id, label, hint, error, children }: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="font-sans text-sm font-semibold">
        {label}
      </label>
      {children(describedBy)}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 font-sans text-xs text-ink-2">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 font-sans text-sm font-semibold text-down">
          {error}
        </p>
      )}
    </div>
  );
}

/** The bond calculator: price ⇄ yield, current yield, durations and a ±1% yield move. State lives in the URL. */
function Calculator() {
  // The server renders the default bond; the browser then reads a shared calculation from the URL.
  const [input, setInput] = useState<CalculatorInput | null>(null);
  const current = input ?? DEFAULT_INPUT;
  const outcome = useMemo(() => evaluate(current), [current]);
  const id = useId();
  const errors = outcome.ok ? {} : outcome.errors;

  useEffect(() => setInput(fromQuery(window.location.search)), []);
  useEffect(() => {
    if (input) window.history.replaceState(null, "", `${window.location.pathname}${toQuery(input)}`);
  }, [input]);

  const update = (changes: Partial<CalculatorInput>) =>
    setInput((previous) => ({ ...(previous ?? DEFAULT_INPUT), ...changes }));
  const set = (field: keyof CalculatorInput) => (event: { target: { value: string } }) =>
    update({ [field]: event.target.value });
  const text = (field: Field & keyof CalculatorInput, label: string, hint?: string) => (
    <FormField id={`${id}-${field}`} label={label} hint={hint} error={errors[field]}>
      {(describedBy) => (
        <input
          id={`${id}-${field}`}
          name={field}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={current[field]}
          onChange={set(field)}
          aria-invalid={Boolean(errors[field])}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </FormField>
  );

  const a = outcome.ok ? outcome.analysis : null;
  const change = (price: number) => (a ? ((price - a.price) / a.price) * 100 : 0);

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <form className="space-y-4" onSubmit={(event) => event.preventDefault()} aria-label="Bond details">
        {text("face", "Face value ($)", "Usually 1,000 for a corporate bond.")}
        {text("coupon", "Coupon rate (% per year)")}
        {text("years", "Years to maturity")}
        <FormField id={`${id}-frequency`} label="Coupon payments" error={errors.frequency}>
          {(describedBy) => (
            <select
              id={`${id}-frequency`}
              value={current.frequency}
              onChange={set("frequency")}
              aria-describedby={describedBy}
              className={inputClass}
            >
              {Object.keys(FREQUENCIES).map((name) => (
                <option key={name} value={name}>
                  {name[0]!.toUpperCase() + name.slice(1)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <fieldset className="border border-rule p-3">
          <legend className="px-1 font-sans text-sm font-semibold">I know the bond’s…</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2 font-sans">
            {(["yield", "price"] as const).map((mode) => (
              <label key={mode} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={mode}
                  checked={current.mode === mode}
                  onChange={() => update({ mode })}
                  className="size-4 accent-[var(--color-accent)]"
                />
                {mode === "yield" ? "Yield (find the price)" : "Price (find the yield)"}
              </label>
            ))}
          </div>
        </fieldset>
        {/* Results update as the visitor types; the button serves Enter and form-mode screen readers. */}
        <button type="submit" className="sr-only">
          Calculate
        </button>
        {current.mode === "yield" ? text("yield", "Yield to maturity (% per year)") : text("price", "Price ($)")}
      </form>

      <section
        aria-labelledby={`${id}-results`}
        className="border-t-4 border-double border-ink pt-4 md:border-t-0 md:border-l md:border-rule md:pt-0 md:pl-8"
      >
        <h2 id={`${id}-results`} className="text-2xl font-bold">
          Results
        </h2>
        <div aria-live="polite">
          {a ? (
            <dl className="mt-4 divide-y divide-rule font-sans">
              {[
                ["Price", `$${money.format(a.price)}`],
                ["Yield to maturity", `${pct.format(a.yieldToMaturity)}%`],
                ["Current yield", `${pct.format(a.currentYield)}%`],
                ["Macaulay duration", `${years.format(a.macaulay)} years`],
                ["Modified duration", `${years.format(a.modified)}`],
                [
                  "If yields rise 1 point",
                  `$${money.format(a.priceIfYieldUp)} (${fixed(2).format(change(a.priceIfYieldUp))}%)`,
                ],
                [
                  "If yields fall 1 point",
                  `$${money.format(a.priceIfYieldDown)} (+${fixed(2).format(change(a.priceIfYieldDown))}%)`,
                ],
              ].map(([term, value]) => (
                <div key={term} className="flex items-baseline justify-between gap-4 py-2">
                  <dt className="text-sm text-ink-2">{term}</dt>
                  <dd className="text-right text-lg font-semibold tabular-nums" data-result={term}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-4 font-sans text-sm text-ink-2">Fix the highlighted field to see the results.</p>
          )}
        </div>
        <p className="mt-4 font-sans text-xs text-ink-2">
          The address bar keeps this calculation: copy it to share or bookmark it.
        </p>
      </section>
    </div>
  );
}

export const BondCalculator = withErrorBoundary(Calculator);
