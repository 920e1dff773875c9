/** Maturities as editors write them in content/strategies.json, read as numbers for the charts and the schema. */

/** A span of maturities in years; `to` is undefined for an open end ("10+ years"). */
export interface MaturityRange {
  from: number;
  to: number | undefined;
}

/**
 * Reads a maturity written for readers: "1–3 years" (en dash or hyphen),
 * "10+ years", "5 years" or "1 year". Returns undefined for anything else.
 */
export function parseMaturity(text: string): MaturityRange | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:([–-])\s*(\d+(?:\.\d+)?)|(\+))?\s*years?\s*$/.exec(text);
  if (!match) return undefined;
  const from = Number(match[1]);
  if (match[4]) return { from, to: undefined };
  const to = match[3] === undefined ? from : Number(match[3]);
  return to >= from ? { from, to } : undefined;
}
