/**
 * Calendar dates as whole day numbers (days since 1970-01-01), so date
 * arithmetic is integer arithmetic with no time zone in sight.
 */

export type DayNumber = number;

const MS_PER_DAY = 86_400_000;

export function fromYmd(year: number, month: number, day: number): DayNumber {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export function toYmd(day: DayNumber): { year: number; month: number; day: number } {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isEndOfMonth(day: DayNumber): boolean {
  const { year, month, day: dom } = toYmd(day);
  return dom === daysInMonth(year, month);
}

/**
 * Moves a date by whole months. A day that does not exist in the target month
 * becomes that month's last day (31 August − 6 months = 28 or 29 February);
 * with `endOfMonth` the result is always the target month's last day.
 */
export function addMonths(day: DayNumber, months: number, endOfMonth = false): DayNumber {
  const { year, month, day: dom } = toYmd(day);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const last = daysInMonth(targetYear, targetMonth);
  return fromYmd(targetYear, targetMonth, endOfMonth ? last : Math.min(dom, last));
}

/** Reads a strict ISO date (YYYY-MM-DD, a real calendar day, years 1900–2200); null otherwise. */
export function parseIsoDate(text: string): DayNumber | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return fromYmd(year, month, day);
}

export function toIsoDate(day: DayNumber): string {
  const { year, month, day: dom } = toYmd(day);
  return `${year}-${String(month).padStart(2, "0")}-${String(dom).padStart(2, "0")}`;
}
