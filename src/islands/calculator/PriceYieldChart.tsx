import { priceYieldCurve } from "../../lib/bond-math";
import type { Result } from "../../lib/calculator-form";
import { num } from "../../lib/calculator-figures";

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
  const { low, high, yields: ys, prices: curve, durationLine: tangent } = priceYieldCurve(bond, a);
  const all = [...curve, ...tangent];
  const pMin = Math.min(...all);
  const pMax = Math.max(...all);
  const x = (y: number) => PAD.left + ((y - low) / (high - low)) * (W - PAD.left - PAD.right);
  const yPos = (p: number) => PAD.top + ((pMax - p) / (pMax - pMin || 1)) * (H - PAD.top - PAD.bottom);
  const path = (prices: number[]) =>
    prices.map((p, i) => `${i ? "L" : "M"}${x(ys[i]!).toFixed(1)} ${yPos(p).toFixed(1)}`).join("");
  const xTicks = [Math.ceil(low), Math.round(y0), Math.floor(high)].filter((v, i, all) => all.indexOf(v) === i);
  const pTicks = [pMin, (pMin + pMax) / 2, pMax];
  // Enough decimals that the three prices read differently (a bond days from maturity moves by hundredths).
  const pDecimals = Math.min(3, Math.max(1, Math.ceil(-Math.log10((pMax - pMin) / 2))));
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
              {`${num(t, 0)}%`}
            </text>
          ))}
          {pTicks.map((p) => (
            <text key={`p${p}`} x={PAD.left - 4} y={yPos(p) + 3} textAnchor="end">
              {num(p, pDecimals)}
            </text>
          ))}
          <text x={W - PAD.right} y={H - 1} textAnchor="end">
            Yield
          </text>
        </g>
        <path d={`M${PAD.left} ${PAD.top}V${H - PAD.bottom}H${W - PAD.right}`} fill="none" stroke="currentColor" />
        <path d={path(tangent)} fill="none" stroke="currentColor" strokeDasharray="4 3" strokeWidth="1.5" />
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
