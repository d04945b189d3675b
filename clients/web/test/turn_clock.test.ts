// @vitest-environment happy-dom

// The turn clocks between server messages (ui/turn_clock.ts): the running clock counts down in
// place, a clock under 30 s is marked low, and this seat's own running clock crossing the line
// is told once: words in the live region by the prompt and a short vibration.

import { create } from "@bufbuild/protobuf";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClockStateSchema, type ClockState } from "../src/gen/carc/v1/game_pb";
import { LOW_CLOCK_MS, TurnClock, clockLevel, clockSpan, formatClock } from "../src/ui/turn_clock";

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

function setup(yourSeat: number, state: { clock: ClockState }) {
  const vibrations: number[] = [];
  Object.defineProperty(window.navigator, "vibrate", { value: (ms: number) => vibrations.push(ms), configurable: true });
  const clock = new TurnClock(document, () => state.clock, () => yourSeat, (ms) => `Only ${formatClock(ms)} left`);
  document.body.append(clockSpan(0, state.clock.remainingMs[0] ?? 0), clockSpan(1, state.clock.remainingMs[1] ?? 0), clock.warningElement);
  clock.restart();
  return { clock, vibrations };
}

describe("turn clock", () => {
  it("formats and grades the time left", () => {
    expect(formatClock(245_000)).toBe("4:05");
    expect(formatClock(-5)).toBe("0:00");
    expect(clockLevel(LOW_CLOCK_MS)).toBe("ok");
    expect(clockLevel(LOW_CLOCK_MS - 1)).toBe("low");
    expect(clockSpan(2, 12_000).getAttribute("data-level")).toBe("low");
  });

  it("warns this seat once when its running clock falls under 30 s, and clears when the turn passes", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "performance", "Date"] });
    const state = { clock: create(ClockStateSchema, { remainingMs: [31_000, 90_000], runningFor: 0 }) };
    const { clock, vibrations } = setup(0, state);
    clock.tick();
    expect(clock.warningElement.textContent).toBe("");
    vi.advanceTimersByTime(1500);
    clock.tick();
    expect(document.querySelector('[data-clock-seat="0"]')?.getAttribute("data-level")).toBe("low");
    expect(clock.warningElement.textContent).toBe("Only 0:30 left");
    expect(vibrations).toEqual([200]);
    vi.advanceTimersByTime(5000);
    clock.tick();
    expect(vibrations).toEqual([200]); // once, not at every tick
    // The other seat's turn: no warning any more.
    state.clock = create(ClockStateSchema, { remainingMs: [24_000, 90_000], runningFor: 1 });
    clock.restart();
    clock.tick();
    expect(clock.warningElement.textContent).toBe("");
    // Back to this seat, still low: told again.
    state.clock = create(ClockStateSchema, { remainingMs: [24_000, 88_000], runningFor: 0 });
    clock.restart();
    clock.tick();
    expect(clock.warningElement.textContent).toBe("Only 0:24 left");
    expect(vibrations).toEqual([200, 200]);
    clock.dispose();
  });

  it("marks another seat's low clock but warns nobody else, nor a spectator", () => {
    const state = { clock: create(ClockStateSchema, { remainingMs: [90_000, 10_000], runningFor: 1 }) };
    const { clock, vibrations } = setup(0, state);
    clock.tick();
    expect(document.querySelector('[data-clock-seat="1"]')?.getAttribute("data-level")).toBe("low");
    expect(clock.warningElement.textContent).toBe("");
    expect(vibrations).toEqual([]);
    clock.dispose();
    document.body.replaceChildren();
    const watcher = setup(-1, state);
    watcher.clock.tick();
    expect(watcher.clock.warningElement.textContent).toBe("");
    watcher.clock.dispose();
  });
});
