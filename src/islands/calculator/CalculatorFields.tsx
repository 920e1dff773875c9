import { useState, type ReactNode, type RefObject } from "react";
import { FREQUENCIES } from "../../lib/bond-math";
import { BASES, BASIS_LABELS } from "../../lib/bond/day-count";
import { pickerCanShow, type CalculatorInput, type Errors, type Field } from "../../lib/calculator-form";
import type { Change } from "./use-url-input";

const inputClass =
  "mt-1 block w-full border border-ink bg-paper px-3 py-2 font-sans text-base text-ink aria-[invalid=true]:border-2 aria-[invalid=true]:border-down";

export const FREQUENCY_LABELS: Record<string, string> = {
  annual: "Annual",
  "semi-annual": "Semi-annual",
  quarterly: "Quarterly",
  monthly: "Monthly",
};

interface Props {
  id: string;
  form: RefObject<HTMLFormElement | null>;
  input: CalculatorInput;
  errors: Errors;
  update: (changes: Partial<CalculatorInput>, change: Change) => void;
  settle: () => void;
  /** A date field has been started but not finished (the browser then reports it empty), or no longer is. */
  markUnfinished: (field: Field, unfinished: boolean) => void;
}

/** The calculator's labelled inputs, each with its hint and its error message beside it. */
export function CalculatorFields({ id, form, input, errors, update, settle, markUnfinished }: Props) {
  /** The date field being edited as text, if any. */
  const [textDate, setTextDate] = useState<Field | null>(null);
  const described = (field: Field, hint?: string) =>
    [hint && `${id}-${field}-hint`, errors[field] && `${id}-${field}-error`].filter(Boolean).join(" ") || undefined;
  const wrap = (field: Field, label: string, control: ReactNode, hint?: string) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="font-sans text-sm font-semibold">
        {label}
      </label>
      {control}
      {hint && (
        <p id={`${id}-${field}-hint`} className="mt-1 font-sans text-xs text-ink-2">
          {hint}
        </p>
      )}
      {errors[field] && (
        <p id={`${id}-${field}-error`} className="mt-1 font-sans text-sm font-semibold text-down">
          {errors[field]}
        </p>
      )}
    </div>
  );
  const common = (field: Field, hint?: string) => ({
    id: `${id}-${field}`,
    name: field,
    "aria-invalid": Boolean(errors[field]),
    "aria-describedby": described(field, hint),
    className: inputClass,
  });
  const text = (field: Field, label: string, hint?: string) =>
    wrap(
      field,
      label,
      <input
        {...common(field, hint)}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={input[field]}
        onChange={(event) => update({ [field]: event.target.value }, "typing")}
        onBlur={settle}
      />,
      hint,
    );
  // A date the picker cannot hold (a link's "2029-9-1") is shown as typed in a text box, to correct or clear. The
  // box stays a text box until it loses focus: a control that changed type under the caret would drop the keys.
  const date = (field: Field, label: string, hint?: string) => {
    const check = (control: HTMLInputElement) => markUnfinished(field, control.validity.badInput);
    const picker = pickerCanShow(input[field]) && textDate !== field;
    return wrap(
      field,
      label,
      <input
        {...common(field, hint)}
        type={picker ? "date" : "text"}
        value={input[field]}
        onChange={(event) => update({ [field]: event.target.value }, "typing")}
        onInput={(event) => check(event.currentTarget)}
        onFocus={(event) => setTextDate(event.currentTarget.type === "text" ? field : null)}
        onBlur={(event) => {
          check(event.currentTarget);
          setTextDate(null);
          settle();
        }}
      />,
      hint,
    );
  };
  const select = (field: Field, label: string, options: Array<[string, string]>) => {
    const known = options.some(([value]) => value === input[field]);
    return wrap(
      field,
      label,
      <select
        {...common(field)}
        value={known ? input[field] : ""}
        onChange={(event) => update({ [field]: event.target.value }, "choice")}
      >
        {!known && (
          <option value="" disabled>
            Choose…
          </option>
        )}
        {options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>,
    );
  };

  return (
    // Results update as the visitor types: nothing is ever submitted. `method="dialog"` outside a dialog makes
    // submitting a no-op, so Enter without scripts never reloads the example over what was typed.
    <form
      ref={form}
      method="dialog"
      className="space-y-4"
      onSubmit={(event) => event.preventDefault()}
      aria-label="Bond details"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {date("settle", "Settlement date", "The day you pay and receive the bond.")}
        {date("maturity", "Maturity date")}
        {text("coupon", "Coupon rate (%)", "Per year, e.g. 4.75.")}
        {select(
          "freq",
          "Coupon frequency",
          Object.keys(FREQUENCIES).map((value) => [value, FREQUENCY_LABELS[value]!]),
        )}
        {select(
          "basis",
          "Day count",
          BASES.map((value) => [value, BASIS_LABELS[value]]),
        )}
        {text("face", "Face value", "In dollars; results in $ are for this amount.")}
        {text("redemption", "Redemption (% of par)", "What is repaid at maturity, usually 100.")}
      </div>
      <fieldset className="border border-rule p-3" aria-describedby={errors.mode ? `${id}-mode-error` : undefined}>
        <legend className="px-1 font-sans text-sm font-semibold">I know the bond’s…</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2 font-sans">
          {(["yield", "price"] as const).map((mode) => (
            <label key={mode} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={input.mode === mode}
                onChange={() => update({ mode }, "choice")}
                className="size-4 accent-[var(--color-accent)]"
              />
              {mode === "yield" ? "Yield" : "Price"}
            </label>
          ))}
        </div>
        {errors.mode && (
          <p id={`${id}-mode-error`} className="mt-1 font-sans text-sm font-semibold text-down">
            {errors.mode}
          </p>
        )}
      </fieldset>
      {input.mode === "price"
        ? text("price", "Clean price (% of par)", "As quoted, without accrued interest: 98.5 is $985 per $1,000.")
        : text("yield", "Yield (%)", "Yield to maturity, per year, compounded at the coupon frequency.")}
      <fieldset className="border border-rule p-3">
        <legend className="px-1 font-sans text-sm font-semibold">Call (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {date("callDate", "Call date", "Leave empty for a bond that cannot be called.")}
          {text("callPrice", "Call price (% of par)")}
        </div>
      </fieldset>
      {/* The submit button a form is expected to have (form-mode screen readers look for one); it submits nothing,
      and is out of the tab order, where it would be an invisible stop. */}
      <button type="submit" className="sr-only" tabIndex={-1}>
        Calculate
      </button>
    </form>
  );
}
