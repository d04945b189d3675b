// Each player's points by category over a whole game, from the scorings the page saw: what was
// scored during play and what the final scoring added, kept apart. Every game names its own
// categories (the base game's roads, cities, cloisters and farms; The Castle's paths, towers,
// houses, keep, courts and wall tiles) and feeds its own events in.
//
// The page may not have seen every scoring (it joined late and the server's History left old
// batches out, or a resync skipped some): `table` then answers undefined, because the categories
// no longer add up to the scores, and the final table falls back to what it knows for sure.

export interface SplitPoints {
  during: number;
  end: number;
}

export class CategoryLedger<C extends string> {
  private readonly seats = new Map<number, Map<C, SplitPoints>>();

  reset(): void {
    this.seats.clear();
  }

  /** `points` for `seat` in `category`, scored during play or (`atEnd`) by the final scoring. */
  add(seat: number, category: C, points: number, atEnd: boolean): void {
    if (seat < 0 || points === 0) return;
    let row = this.seats.get(seat);
    if (!row) this.seats.set(seat, (row = new Map()));
    const cell = row.get(category) ?? { during: 0, end: 0 };
    if (atEnd) cell.end += points;
    else cell.during += points;
    row.set(category, cell);
  }

  /**
   * Per seat of `scores`, the points of each of `categories`; undefined unless every seat's
   * categories add up to its score (and no points lie outside them).
   */
  table(categories: readonly C[], scores: readonly number[]): Record<C, SplitPoints>[] | undefined {
    if ([...this.seats.keys()].some((seat) => seat >= scores.length)) return undefined;
    const rows = scores.map((_, seat) => {
      const row = this.seats.get(seat);
      return Object.fromEntries(categories.map((c) => [c, { ...(row?.get(c) ?? { during: 0, end: 0 }) }])) as Record<C, SplitPoints>;
    });
    const adds = rows.every((row, seat) => {
      const sum = categories.reduce((s, c) => s + row[c].during + row[c].end, 0);
      const counted = [...(this.seats.get(seat)?.values() ?? [])].reduce((s, p) => s + p.during + p.end, 0);
      return sum === scores[seat] && counted === sum;
    });
    return adds ? rows : undefined;
  }
}
