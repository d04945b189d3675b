// The turn clocks between server messages: a snapshot or batch says how much time each seat has
// left, and the page counts the running clock down from the moment it arrived, twice a second,
// without rendering the whole screen again. Every game screen keeps one. A clock under
// LOW_CLOCK_MS is marked (data-level="low", red), and once this seat's own running clock
// crosses that line the page says so: words in a live region by the prompt, a short vibration.

import type { ClockState } from "../gen/carc/v1/game_pb";
import { h } from "./dom";

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

/** Below this, a clock is low: the player should move now. */
export const LOW_CLOCK_MS = 30_000;

/** How a clock of `ms` is shown: "low" under LOW_CLOCK_MS. */
export function clockLevel(ms: number): "ok" | "low" {
  return ms < LOW_CLOCK_MS ? "low" : "ok";
}

/** A seat's clock as the players' card shows it; TurnClock counts it down in place. */
export function clockSpan(seat: number, ms: number): HTMLSpanElement {
  return h("span", { class: "clock", "data-clock-seat": seat, "data-level": clockLevel(ms) }, formatClock(ms));
}

export function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

export class TurnClock {
  private receivedAt = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The seat whose low clock was already told of, until its clock stops or is above the line. */
  private warned = -1;
  /**
   * The words of the low-clock warning (a live region): one element for the screen's life, which
   * each rendering places by the turn's prompt, so that the words survive the re-renders.
   */
  readonly warningElement: HTMLParagraphElement;

  /**
   * `state` is the clock of the last snapshot or batch, read at every tick; `warning` is the
   * words for this seat's own low clock and `yourSeat` that seat (-1: a spectator, never warned).
   */
  constructor(
    private readonly doc: Document,
    private readonly state: () => ClockState | undefined,
    private readonly yourSeat: () => number = () => -1,
    private readonly warning: (ms: number) => string = () => "",
  ) {
    this.warningElement = doc.createElement("p");
    this.warningElement.className = "clock-warning";
    this.warningElement.id = "clock-warning";
    this.warningElement.setAttribute("role", "status");
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
  tick(): void {
    const state = this.state();
    if (!state || state.runningFor < 0 || state.remainingMs.length === 0) {
      this.warned = -1;
      this.warningElement.textContent = "";
      return;
    }
    const seat = state.runningFor;
    const ms = remainingMs(state, seat, this.elapsedMs());
    const el = this.doc.querySelector(`[data-clock-seat="${seat}"]`);
    if (el) {
      el.textContent = formatClock(ms);
      el.setAttribute("data-level", clockLevel(ms));
    }
    if (clockLevel(ms) === "ok" || seat !== this.yourSeat()) {
      this.warned = -1;
      this.warningElement.textContent = "";
      return;
    }
    if (this.warned === seat) return;
    this.warned = seat;
    this.warningElement.textContent = this.warning(ms);
    this.doc.defaultView?.navigator.vibrate?.(200);
  }
}
