import { priceYieldCurve } from "../../lib/bond-math";
import type { Result } from "../../lib/calculator-form";
import { num } from "../../lib/calculator-figures";
import { niceTicks } from "../../lib/charts";
import { compactNumber } from "../../lib/number-format";

const W = 320;
const H = 200;
const PAD = { left: 40, right: 8, top: 10, bottom: 30 };

/**
 * The clean price against the yield, 3 points either side of today's yield,
 * with the straight line modified duration predicts: the gap between them is
 * convexity.
 */
export function PriceYieldChart({ result, titleId }: { result: Result; titleId: string }) {
  const { analysis: a, bond } = result;
  const y0 = a.yieldToMaturity;
  const { low, high, yields: ys, prices: curve, durationLine } = priceYieldCurve(bond, a);
  // A long bond's straight line runs below a price of 0 within the 3 points; no price does, so it stops there.
  const below = durationLine.findIndex((p) => p < 0);
  const tangent = below === -1 ? durationLine : durationLine.slice(0, below);
  const zeroAt =
    below > 0
      ? ys[below - 1]! +
        ((ys[below]! - ys[below - 1]!) * durationLine[below - 1]!) / (durationLine[below - 1]! - durationLine[below]!)
      : null;
  const all = [...curve, ...tangent, ...(zeroAt === null ? [] : [0])];
  const pMin = Math.min(...all);
  const pMax = Math.max(...all);
  const x = (y: number) => PAD.left + ((y - low) / (high - low)) * (W - PAD.left - PAD.right);
  const yPos = (p: number) => PAD.top + ((pMax - p) / (pMax - pMin || 1)) * (H - PAD.top - PAD.bottom);
  const path = (prices: number[]) =>
    prices.map((p, i) => `${i ? "L" : "M"}${x(ys[i]!).toFixed(1)} ${yPos(p).toFixed(1)}`).join("");
  const linePath = path(tangent) + (zeroAt === null ? "" : `L${x(zeroAt).toFixed(1)} ${yPos(0).toFixed(1)}`);
  // Round values where they fall on each axis (a bond days from maturity moves by hundredths: its ticks are too).
  const xTicks = niceTicks(low, high, 4);
  const pTicks = niceTicks(pMin, pMax, 3);
  const decimals = (ticks: number[]) => Math.max(...ticks.map((tick) => String(tick).split(".")[1]?.length ?? 0));
  const [xDecimals, pDecimals] = [decimals(xTicks), decimals(pTicks)];
  // At a deeply negative yield a long bond's price runs to millions of percent: those labels in short form.
  const label = (p: number) => (Math.abs(p) >= 100_000 ? compactNumber(p) : num(p, pDecimals));
  return (
    <figure className="mt-6">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="aspect-[8/5] h-auto w-full font-sans text-ink"
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>
          {`Price–yield curve: clean price from ${num(curve[curve.length - 1]!, 2)} at ${num(high, 2)}% to ${num(curve[0]!, 2)} at ${num(low, 2)}%; the duration line lies below the curve on both sides.`}
        </title>
        <g fontSize="10" fill="currentColor">
          {xTicks.map((t) => (
            <text key={`x${t}`} x={x(t)} y={H - 12} textAnchor="middle">
              {`${num(t, xDecimals)}%`}
            </text>
          ))}
          {pTicks.map((p) => (
            <text key={`p${p}`} x={PAD.left - 4} y={yPos(p) + 3} textAnchor="end">
              {label(p)}
            </text>
          ))}
          <text x={W - PAD.right} y={H - 1} textAnchor="end">
            Yield
          </text>
        </g>
        <path d={`M${PAD.left} ${PAD.top}V${H - PAD.bottom}H${W - PAD.right}`} fill="none" stroke="currentColor" />
        <path d={linePath} fill="none" stroke="currentColor" strokeDasharray="4 3" strokeWidth="1.5" />
        <path d={path(curve)} fill="none" stroke="var(--color-accent)" strokeWidth="2.5" />
        <circle cx={x(y0)} cy={yPos(a.cleanPrice)} r="4" fill="var(--color-accent)" />
      </svg>
      <figcaption className="mt-2 font-sans text-xs text-ink-2">
        Solid: the clean price at each yield. Dashed: the straight line modified duration predicts. The curve bends
        above the line on both sides; that bend is convexity.
      </figcaption>
    </figure>
  );
}
