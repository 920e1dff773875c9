import * as SliderPrimitive from "@radix-ui/react-slider";
import { useEffect, useState, type ComponentProps } from "react";
import { cn } from "../../components/ui/cn";

/** The thumb's look; its size (size-5) is THUMB_REM. */
const KNOB =
  "block size-5 rounded-full border-2 border-ink bg-paper [box-shadow:0_1px_3px_0_rgb(0_0_0/0.1),0_1px_2px_-1px_rgb(0_0_0/0.1)]";
const THUMB_REM = 1.25;

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** Accessible name of the thumb (the element with role="slider"). */
  label: string;
  /** Spoken value, such as "90%". */
  valueText?: string;
};

/**
 * A single-thumb Radix slider (shadcn style): arrow keys, Page Up/Down, Home/End, pointer drag.
 *
 * Radix places its thumb only once hydrated (the server renders it hidden), and an island may wait for the
 * visitor before it hydrates: until then a static knob stands where the thumb will be, so the control looks the
 * same before and after. Radix keeps its thumb inside the track, half a thumb from each end at 0% and 100%;
 * the knob follows the same rule.
 */
export function Slider({ className, label, valueText, ...props }: SliderProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const value = props.value?.[0] ?? props.defaultValue?.[0];
  const min = props.min ?? 0;
  const max = props.max ?? 100;
  const percent = value === undefined ? 0 : ((value - min) / (max - min)) * 100;
  const inBounds = (THUMB_REM / 2) * (1 - percent / 50);
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn(
        "relative flex h-11 w-full touch-none items-center select-none data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track
        data-slot="slider-track"
        className="relative h-1.5 w-full grow overflow-hidden bg-rule forced-colors:border forced-colors:border-[CanvasText]"
      >
        <SliderPrimitive.Range
          data-slot="slider-range"
          className="absolute h-full bg-ink forced-colors:bg-[Highlight]"
        />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        data-slot="slider-thumb"
        aria-label={label}
        aria-valuetext={valueText}
        className={cn(KNOB, "transition-transform hover:scale-110 focus-visible:scale-110")}
      />
      {!hydrated && value !== undefined && (
        <span
          aria-hidden="true"
          data-slot="slider-knob"
          className={cn(KNOB, "pointer-events-none absolute -translate-x-1/2")}
          style={{ left: `calc(${percent}% + ${inBounds.toFixed(4)}rem)` }}
        />
      )}
    </SliderPrimitive.Root>
  );
}
