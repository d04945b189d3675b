// Following every move (issue: the table, round three, point 2): another seat's tile is shown at
// least PACE_MS after the one before it; whatever comes after a held batch waits behind it, in
// order; the player's own moves are not held on their own; turned off, nothing waits; a snapshot
// drops what is held. The setting is kept in the browser.

import { describe, expect, it } from "vitest";
import { MovePacer, PACE_MS, pacingOn, storePacing, type PacerTimers } from "../src/ui/move_pacer";

/** A clock the test moves by hand, with the timers it fires. */
class FakeTimers implements PacerTimers {
  time = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private next = 1;
  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  }
  clearTimeout(id: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== id);
  }
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
    }
    this.time = until;
  }
}

/** A batch: who placed a tile in it (undefined: no tile, a follower say). */
interface Batch {
  n: number;
  tileOf?: number;
}

function pacer(enabled = true, me = 0) {
  const timers = new FakeTimers();
  const shown: { n: number; at: number }[] = [];
  let on = enabled;
  const p = new MovePacer<Batch>(
    (b) => {
      shown.push({ n: b.n, at: timers.now() });
      return b.n < 0;
    },
    (b) => b.tileOf !== undefined && b.tileOf !== me,
    () => on,
    timers,
  );
  return { p, timers, shown, setOn: (v: boolean) => (on = v) };
}

describe("the move pacer", () => {
  it("shows two computers' tiles that came together PACE_MS apart, and their followers with them", () => {
    const { p, timers, shown } = pacer();
    p.push({ n: 1, tileOf: 1 });
    p.push({ n: 2 });  // its follower
    p.push({ n: 3, tileOf: 2 });
    p.push({ n: 4 });
    expect(shown.map((s) => s.n)).toEqual([1, 2]);
    expect(p.waiting).toBe(2);
    timers.advance(PACE_MS - 1);
    expect(shown.map((s) => s.n)).toEqual([1, 2]);
    timers.advance(1);
    expect(shown).toEqual([
      { n: 1, at: 0 },
      { n: 2, at: 0 },
      { n: 3, at: PACE_MS },
      { n: 4, at: PACE_MS },
    ]);
    expect(p.waiting).toBe(0);
  });

  it("does not hold the player's own moves, nor a tile that comes after a pause", () => {
    const { p, timers, shown } = pacer();
    p.push({ n: 1, tileOf: 1 });
    p.push({ n: 2, tileOf: 0 });  // mine
    expect(shown.map((s) => s.n)).toEqual([1, 2]);
    timers.advance(PACE_MS + 5);
    p.push({ n: 3, tileOf: 1 });
    expect(shown.map((s) => s.n)).toEqual([1, 2, 3]);
  });

  it("keeps the order: the player's batch after a held one waits behind it", () => {
    const { p, timers, shown } = pacer();
    p.push({ n: 1, tileOf: 1 });
    p.push({ n: 2, tileOf: 2 });
    p.push({ n: 3 });  // my legal moves, after both
    expect(shown.map((s) => s.n)).toEqual([1]);
    timers.advance(PACE_MS);
    expect(shown.map((s) => s.n)).toEqual([1, 2, 3]);
  });

  it("turned off, shows everything at once, and flush shows what was held", () => {
    const off = pacer(false);
    off.p.push({ n: 1, tileOf: 1 });
    off.p.push({ n: 2, tileOf: 2 });
    expect(off.shown.map((s) => s.n)).toEqual([1, 2]);

    const on = pacer(true);
    on.p.push({ n: 1, tileOf: 1 });
    on.p.push({ n: 2, tileOf: 2 });
    on.setOn(false);
    on.p.flush();
    expect(on.shown.map((s) => s.n)).toEqual([1, 2]);
    on.timers.advance(PACE_MS * 2);
    expect(on.shown.map((s) => s.n)).toEqual([1, 2]);  // the timer was cancelled
  });

  it("tells push's caller of a resync asked by a batch shown during it, never by one shown later", () => {
    const { p, timers, shown } = pacer();
    // A negative n stands for a batch the mirror could not apply (a snapshot is needed).
    expect(p.push({ n: -1 })).toBe(true);
    expect(p.push({ n: 2, tileOf: 1 })).toBe(false);
    expect(p.push({ n: 3, tileOf: 2 })).toBe(false);  // held
    expect(p.push({ n: -4 })).toBe(false);  // held behind it: the late show answers for itself
    timers.advance(PACE_MS);
    expect(shown.map((s) => s.n)).toEqual([-1, 2, 3, -4]);
  });

  it("drops what is held when a snapshot replaces the state", () => {
    const { p, timers, shown } = pacer();
    p.push({ n: 1, tileOf: 1 });
    p.push({ n: 2, tileOf: 2 });
    p.clear();
    timers.advance(PACE_MS * 2);
    expect(shown.map((s) => s.n)).toEqual([1]);
    expect(p.waiting).toBe(0);
  });

  it("keeps the setting in the browser, on by default", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) } as unknown as Storage;
    expect(pacingOn(storage)).toBe(true);
    storePacing(storage, false);
    expect(pacingOn(storage)).toBe(false);
    storePacing(storage, true);
    expect(pacingOn(storage)).toBe(true);
    expect(pacingOn(undefined)).toBe(true);
  });
});
