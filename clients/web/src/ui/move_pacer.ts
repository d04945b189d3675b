// Following every move (issue: the table, round three, point 2). The server answers at once, and
// computers decide in milliseconds, so two opponents' tiles would appear together. The pacer
// holds a batch that places another seat's tile until PACE_MS after the last one shown, so each
// move can be followed; everything that comes after a held batch waits behind it, in order. Only
// the page's showing waits: the server is not slowed, and the player's own batches are never
// held unless an opponent's move before them still is. A snapshot replaces the state: what is
// held is dropped. The player may turn pacing off (pacingOn/storePacing).

export const PACE_MS = 800;
export const PACE_STORAGE_KEY = "carc.paceMoves";

/** Whether moves are paced: on unless the player turned it off. */
export function pacingOn(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(PACE_STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}

export function storePacing(storage: Storage | undefined, on: boolean): void {
  try {
    storage?.setItem(PACE_STORAGE_KEY, on ? "on" : "off");
  } catch {
    // A convenience for the next visit only.
  }
}

export interface PacerTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const windowTimers: PacerTimers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

export class MovePacer<B> {
  private readonly held: B[] = [];
  private lastShown = -Infinity;
  private timer: unknown;

  /**
   * `show` applies a batch to the page: `late` when it was held (from the pacer's timer, or a
   * flush), else during push; it returns whether the page must ask for a snapshot, which push
   * passes on for the batches shown during it. `paced` says whether a batch places another
   * seat's tile; `enabled` is read at each batch (the player's setting).
   */
  constructor(
    private readonly show: (batch: B, late: boolean) => boolean,
    private readonly paced: (batch: B) => boolean,
    private readonly enabled: () => boolean,
    private readonly timers: PacerTimers = windowTimers,
  ) {}

  /** Batches received and not shown yet. */
  get waiting(): number {
    return this.held.length;
  }

  /**
   * A batch from the server: shown now, or held behind the ones waiting. True when a batch shown
   * now asked for a snapshot.
   */
  push(batch: B): boolean {
    this.held.push(batch);
    return this.held.length === 1 ? this.release(false) : false;
  }

  /** Shows everything held at once (pacing turned off). */
  flush(): void {
    this.cancel();
    while (this.held.length > 0) this.show(this.held.shift()!, true);
  }

  /** A snapshot replaced the state: what is held is dropped. */
  clear(): void {
    this.cancel();
    this.held.length = 0;
  }

  private release(late: boolean): boolean {
    this.timer = undefined;
    let resync = false;
    while (this.held.length > 0) {
      const next = this.held[0]!;
      if (this.paced(next) && this.enabled()) {
        const now = this.timers.now();
        const wait = this.lastShown + PACE_MS - now;
        if (wait > 0) {
          this.timer = this.timers.setTimeout(() => this.release(true), wait);
          return resync;
        }
        this.lastShown = now;
      }
      this.held.shift();
      resync = this.show(next, late) || resync;
    }
    return resync;
  }

  private cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
