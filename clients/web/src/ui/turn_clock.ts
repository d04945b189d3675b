// The turn clocks between server messages: a snapshot or batch says how much time each seat has
// left, and the page counts the running clock down from the moment it arrived, twice a second,
// without rendering the whole screen again. Every game screen keeps one.

import type { ClockState } from "../gen/carc/v1/game_pb";

/** "4:05" for 245,000 ms; never negative. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** The remaining time of `seat` now, counting down for the seat whose clock runs. */
export function remainingMs(clock: ClockState, seat: number, elapsedMs: number): number {
  const base = clock.remainingMs[seat] ?? 0;
  return clock.runningFor === seat ? base - elapsedMs : base;
}

export function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

export class TurnClock {
  private receivedAt = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  /** `state` is the clock of the last snapshot or batch, read at every tick. */
  constructor(
    private readonly doc: Document,
    private readonly state: () => ClockState | undefined,
  ) {
    this.timer = setInterval(() => this.tick(), 500);
  }

  dispose(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A snapshot or batch brought the clocks: they count down from now. */
  restart(): void {
    this.receivedAt = now();
  }

  /** Milliseconds since the clocks arrived. */
  elapsedMs(): number {
    return now() - this.receivedAt;
  }

  /** Counts the running clock down between server messages without re-rendering the page. */
  private tick(): void {
    const state = this.state();
    if (!state || state.runningFor < 0 || state.remainingMs.length === 0) return;
    const el = this.doc.querySelector(`[data-clock-seat="${state.runningFor}"]`);
    if (el) el.textContent = formatClock(remainingMs(state, state.runningFor, this.elapsedMs()));
  }
}
