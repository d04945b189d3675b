// The turn clocks between server messages: a snapshot or batch says how much time each seat has
// left, and the page counts the running clock down from the moment it arrived, twice a second,
// without rendering the whole screen again. Every game screen keeps one.

import type { ClockState } from "../gen/carc/v1/game_pb";
import { formatClock, remainingMs } from "./players_panel";

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
