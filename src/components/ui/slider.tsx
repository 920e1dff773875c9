import * as SliderPrimitive from "@radix-ui/react-slider";
import type { ComponentProps } from "react";
import { cn } from "./cn";

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** Accessible name of the thumb (the element with role="slider"). */
  label: string;
  /** Spoken value, such as "90%". */
  valueText?: string;
};

/** A single-thumb Radix slider (shadcn style): arrow keys, Page Up/Down, Home/End, pointer drag. */
export function Slider({ className, label, valueText, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn(
        "relative flex h-11 w-full touch-none items-center select-none data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track data-slot="slider-track" className="relative h-1.5 w-full grow overflow-hidden bg-rule">
        <SliderPrimitive.Range data-slot="slider-range" className="absolute h-full bg-ink" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        data-slot="slider-thumb"
        aria-label={label}
        aria-valuetext={valueText}
        className="block size-5 rounded-full border-2 border-ink bg-paper shadow transition-transform hover:scale-110 focus-visible:scale-110"
      />
    </SliderPrimitive.Root>
  );
}
