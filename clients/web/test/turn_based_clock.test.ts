// @vitest-environment happy-dom

// A turn-based game's clock (ui/turn_based_clock.ts, ui/duration_words.ts): spans in days, hours
// and minutes in the page's language, never said longer than they are; whose move it is with the
// time left until its deadline by the device's clock; each seat's reserve, the running seat's
// counting down once its move's time has gone; the card on the base game's screen, written again
// in place as time passes.

import { create } from "@bufbuild/protobuf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ClockStateSchema, TurnBasedClockSchema, type ClockState } from "../src/gen/carc/v1/game_pb";
import { RoomStateSchema, RoomStatus } from "../src/gen/carc/v1/lobby_pb";
import { BaseScreen } from "../src/games/base/base_screen";
import { setLanguage } from "../src/i18n";
import { durationWords } from "../src/ui/duration_words";
import { TurnBasedCard, deadlineWords, reserveLeft, turnBasedLines } from "../src/ui/turn_based_clock";
import { placingE, screenActions } from "./games/base/helpers";

const HOUR = 3600;
const DAY = 86_400;
/** Wed 12 Nov 2025, 12:00 UTC. */
const NOW_S = Date.UTC(2025, 10, 12, 12, 0, 0) / 1000;

/** Ann (seat 0) moves; her turn began an hour ago, a day per move, her reserve 3 days. */
function clock(over: { started?: number; move?: number; reserves?: number[]; seat?: number } = {}) {
  const seat = over.seat ?? 0;
  const reserves = over.reserves ?? [3 * DAY, DAY];
  const started = over.started ?? NOW_S - HOUR;
  const move = over.move ?? DAY;
  return create(TurnBasedClockSchema, {
    seat,
    turnStarted: BigInt(started),
    remindAt: BigInt(started + Math.floor(move * 0.8)),
    deadline: BigInt(started + move + reserves[seat]!),
    reserveSeconds: reserves.map(BigInt),
  });
}

const NAMES = ["Ann", "Bob"];
const seats = (yourSeat: number) => ({ name: (seat: number) => NAMES[seat] ?? `Seat ${seat + 1}`, yourSeat });

beforeEach(() => setLanguage("en", undefined));
afterEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

describe("spans of time in words", () => {
  it("says days, hours and minutes, each rounded down, and seconds under a minute", () => {
    expect(durationWords(HOUR)).toBe("1 hour");
    expect(durationWords(12 * HOUR)).toBe("12 hours");
    expect(durationWords(DAY)).toBe("1 day");
    expect(durationWords(14 * DAY)).toBe("14 days");
    expect(durationWords(DAY + 12 * HOUR)).toBe("1 day 12 hours");
    expect(durationWords(20 * HOUR + 5 * 60 + 59)).toBe("20 hours 5 minutes");
    expect(durationWords(45)).toBe("45 seconds");
    expect(durationWords(-3)).toBe("0 seconds");
  });

  it("keeps the two largest units of a time left, never more", () => {
    expect(durationWords(2 * DAY + 3 * HOUR + 59 * 60, 2)).toBe("2 days 3 hours");
    expect(durationWords(DAY + 59 * 60, 2)).toBe("1 day");
    expect(durationWords(20 * HOUR + 5 * 60, 2)).toBe("20 hours 5 minutes");
    expect(durationWords(59 * 60 + 59, 2)).toBe("59 minutes");
  });

  it("speaks the page's language", () => {
    setLanguage("de", undefined);
    expect(durationWords(3 * DAY)).toBe("3 Tage");
    expect(durationWords(DAY + 4 * HOUR)).toBe("1 Tag, 4 Stunden");
    setLanguage("nl", undefined);
    expect(durationWords(20 * HOUR)).toBe("20 uur");
    setLanguage("sv", undefined);
    expect(durationWords(2 * DAY)).toBe("2 dygn");
  });
});

describe("a turn-based game's clock", () => {
  it("says whose move it is, how long is left of it and until when, by the device's clock", () => {
    const c = clock();
    // A day a move, begun an hour ago, and 3 days of reserve: 3 days 23 hours to the deadline.
    const mine = turnBasedLines(c, NOW_S, seats(0));
    expect(mine.turn).toBe(`Your move: 3 days 23 hours left, until ${deadlineWords(Number(c.deadline))}.`);
    expect(mine.level).toBe("ok");
    expect(mine.reserves).toEqual(["Ann (You): 3 days of reserve left", "Bob: 1 day of reserve left"]);
    const theirs = turnBasedLines(c, NOW_S + 30 * 60, seats(1));
    expect(theirs.turn).toMatch(/^Ann's move: 3 days 22 hours left, until .+\.$/);
    expect(theirs.reserves).toEqual(["Ann: 3 days of reserve left", "Bob (You): 1 day of reserve left"]);
    // A spectator reads it as another's move.
    expect(turnBasedLines(c, NOW_S, seats(-1)).turn).toMatch(/^Ann's move/);
    // The deadline in the device's zone: its weekday and time.
    expect(deadlineWords(Date.UTC(2025, 10, 16, 11, 0, 0) / 1000)).toMatch(/Sun/);
  });

  it("counts the running seat's reserve down once its move's time has gone, and says so in words", () => {
    const c = clock({ started: NOW_S - DAY - 5 * HOUR });
    expect(reserveLeft(c, 0, NOW_S)).toBe(3 * DAY - 5 * HOUR);
    expect(reserveLeft(c, 1, NOW_S)).toBe(DAY);
    const lines = turnBasedLines(c, NOW_S, seats(0));
    expect(lines.level).toBe("low");
    expect(lines.turn).toMatch(/^Your move: 2 days 19 hours left, until .+\. The reserve is in use\.$/);
    expect(lines.reserves[0]).toBe("Ann (You): 2 days 19 hours of reserve left");
  });

  it("says when the time has run out, and a seat without reserve", () => {
    const c = clock({ reserves: [0, 0], started: NOW_S - 2 * DAY });
    expect(turnBasedLines(c, NOW_S, seats(0)).turn).toBe("Your time for this move has run out.");
    const theirs = turnBasedLines(c, NOW_S, seats(1));
    expect(theirs.turn).toBe("Ann's time for this move has run out.");
    expect(theirs.reserves).toEqual(["Ann: no reserve left", "Bob (You): no reserve left"]);
    setLanguage("de", undefined);
    expect(turnBasedLines(clock(), NOW_S, seats(1)).turn).toMatch(/^Ann ist am Zug: noch 3 Tage, 23 Stunden, bis .+\.$/);
  });

  it("shows nothing for a live game's clock, and writes its words again in place as time passes", () => {
    let now = NOW_S;
    const state: { clock: ClockState } = { clock: create(ClockStateSchema, { remainingMs: [60_000, 60_000], runningFor: 0 }) };
    const card = new TurnBasedCard(document, () => state.clock, () => seats(0), () => now);
    expect(card.render()).toBeNull();
    state.clock = create(ClockStateSchema, { runningFor: -1, turnBased: clock({ started: NOW_S - DAY + 60 }) });
    const el = card.render()!;
    document.body.append(el);
    expect(el.getAttribute("aria-labelledby")).toBe("turn-based-title");
    expect(document.getElementById("turn-based-title")?.textContent).toBe("Time to move");
    const turn = el.querySelector("[data-turn-left]")!;
    expect(turn.textContent).toMatch(/^Your move: 3 days left/);
    expect(turn.getAttribute("data-level")).toBe("ok");
    expect(el.querySelector("ul")?.getAttribute("aria-label")).toBe("Reserve left");
    now += 2 * 60;
    card.tick();
    // The move's own time has gone: the words say the reserve runs (the colour only marks it).
    expect(turn.textContent).toMatch(/^Your move: 2 days 23 hours left, until .+\. The reserve is in use\.$/);
    expect(turn.getAttribute("data-level")).toBe("low");
    expect(el.querySelector('[data-reserve-seat="0"]')?.textContent).toBe("Ann (You): 2 days 23 hours of reserve left");
    expect(el.querySelector('[data-reserve-seat="1"]')?.getAttribute("data-level")).toBe("ok");
    card.dispose();
  });

  it("is on the base game's screen beside the players while a turn runs", () => {
    const room = create(RoomStateSchema, {
      code: "ABC234",
      status: RoomStatus.PLAYING,
      yourSeat: 1,
      options: { turnBased: { moveSeconds: DAY, reserveSeconds: 3 * DAY } },
      seats: [
        { seat: 0, name: "Ann", colour: "yellow", occupied: true, connected: false },
        { seat: 1, name: "Bob", colour: "red", occupied: true, connected: true },
      ],
    });
    const screen = new BaseScreen(document, screenActions([], () => undefined), () => Promise.reject(new Error("no archive")));
    const view = placingE();
    screen.snapshotApplied(view);
    const clockState = create(ClockStateSchema, { runningFor: -1, turnBased: clock({ started: Math.floor(Date.now() / 1000) - HOUR }) });
    document.body.replaceChildren(screen.render({ room, view, seq: 5n, clock: clockState }));
    const card = document.querySelector(".side .turn-based-clock")!;
    expect(card.querySelector("[data-turn-left]")?.textContent).toMatch(/^Ann's move: 3 days 2\d hours left/);
    expect([...card.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Ann: 3 days of reserve left", "Bob (You): 1 day of reserve left"]);
    // A live game has none.
    document.body.replaceChildren(screen.render({ room, view, seq: 5n, clock: undefined }));
    expect(document.querySelector(".turn-based-clock")).toBeNull();
    screen.dispose();
  });
});
