/**
 * The dated market updates on /analysis, newest first, each with a stable anchor
 * (`update-2023-08-01`) so the feed and other pages can link straight to one.
 * The date makes the anchor: fixing a typo in a title must not break links to it.
 */
export interface MarketUpdate {
  /** YYYY-MM-DD. */
  date: string;
  title: string;
  summary: string;
}

export interface AnchoredUpdate extends MarketUpdate {
  /** The id of the update on /analysis. */
  id: string;
}

/** Newest first; two updates of the same day keep the editor's order and get `-2`, `-3` … after the date. */
export function anchoredUpdates(updates: readonly MarketUpdate[]): AnchoredUpdate[] {
  const perDay = new Map<string, number>();
  const withIds = updates.map((update) => {
    const count = (perDay.get(update.date) ?? 0) + 1;
    perDay.set(update.date, count);
    return { ...update, id: count === 1 ? `update-${update.date}` : `update-${update.date}-${count}` };
  });
  return withIds.sort((a, b) => b.date.localeCompare(a.date));
}
