// A turn-based game's clock (ClockState.turn_based, docs/protocol.md "Turn-based rooms"), shown
// beside the players where a live game shows its turn clocks: whose move it is and how long is
// left of it until its deadline (days, hours and minutes, and the day and hour it falls in the
// device's own zone), and each seat's reserve left. The server's times are seconds since the Unix
// epoch, so the device's clock counts them down: the words are written again every few seconds
// in place, without rendering the screen again. Only the game screens import this (their chunk),
// not the home screen.

import type { ClockState, TurnBasedClock } from "../gen/carc/v1/game_pb";
import { getLanguage, t } from "../i18n";
import { h } from "./dom";
import { durationWords } from "./duration_words";

/** What the card says at a moment. */
export interface TurnBasedLines {
  /** "Your move: 20 hours 5 minutes left, until Wed 12 Nov, 18:30." */
  turn: string;
  /** "low" once the move's own time has gone (the reserve runs, or it has run out). */
  level: "ok" | "low";
  /** Per seat: "Ann: 3 days of reserve left". */
  reserves: string[];
}

/** Seat numbers to names, and the seat of this connection (-1: a spectator). */
export interface SeatNames {
  name(seat: number): string;
  yourSeat: number;
}

/** The day and time of `atSeconds` in the device's zone: "Wed 12 Nov, 18:30". */
export function deadlineWords(atSeconds: number): string {
  return new Intl.DateTimeFormat(getLanguage(), { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" })
    .format(new Date(atSeconds * 1000));
}

/** A seat's reserve left at `nowSeconds`: the running seat's counts down once its move's time has gone. */
export function reserveLeft(clock: TurnBasedClock, seat: number, nowSeconds: number): number {
  const reserve = Number(clock.reserveSeconds[seat] ?? 0n);
  if (seat !== clock.seat) return reserve;
  return Math.max(0, Math.min(reserve, Number(clock.deadline) - nowSeconds));
}

export function turnBasedLines(clock: TurnBasedClock, nowSeconds: number, seats: SeatNames): TurnBasedLines {
  const deadline = Number(clock.deadline);
  const left = deadline - nowSeconds;
  const mine = clock.seat === seats.yourSeat;
  const name = seats.name(clock.seat);
  const reserveStart = Number(clock.reserveSeconds[clock.seat] ?? 0n);
  // The move's own time ends where the seat's reserve begins.
  const onReserve = nowSeconds >= deadline - reserveStart;
  let turn: string;
  if (left <= 0) turn = mine ? t("game.deadlinePassedYours") : t("game.deadlinePassed", { name });
  else {
    const params = { name, time: durationWords(left, 2), when: deadlineWords(deadline) };
    turn = mine ? t("game.deadlineYours", params) : t("game.deadline", params);
    if (onReserve) turn = `${turn} ${t("game.onReserve")}`;
  }
  return {
    turn,
    level: onReserve ? "low" : "ok",
    reserves: clock.reserveSeconds.map((_, seat) => {
      const seatName = seat === seats.yourSeat ? `${seats.name(seat)} (${t("lobby.you")})` : seats.name(seat);
      const reserve = reserveLeft(clock, seat, nowSeconds);
      return reserve > 0 ? t("game.reserveLeft", { name: seatName, time: durationWords(reserve, 2) }) : t("game.reserveNone", { name: seatName });
    }),
  };
}

/** Seconds since the Unix epoch by the device's clock. */
function nowSeconds(): number {
  return Date.now() / 1000;
}

/**
 * The card of a turn-based game, kept by its screen for the screen's life: render() at every
 * rendering (null when the clock is not a turn-based one), and its timer writes the words again
 * in place between server messages.
 */
export class TurnBasedCard {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly doc: Document,
    private readonly state: () => ClockState | undefined,
    private readonly seats: () => SeatNames,
    private readonly now: () => number = nowSeconds,
  ) {
    // The words change by the minute (by the second in a turn's last minute).
    this.timer = setInterval(() => this.tick(), 1000);
  }

  dispose(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  render(): HTMLElement | null {
    const clock = this.state()?.turnBased;
    if (!clock) return null;
    const lines = turnBasedLines(clock, this.now(), this.seats());
    return h(
      "section",
      { class: "card turn-based-clock", "aria-labelledby": "turn-based-title" },
      h("h3", { id: "turn-based-title" }, t("game.turnBasedTitle")),
      h("p", { "data-turn-left": "", "data-level": lines.level }, lines.turn),
      h("ul", { "aria-label": t("game.reserves") },
        lines.reserves.map((text, seat) =>
          h("li", { "data-reserve-seat": seat, "data-level": seat === clock.seat ? lines.level : "ok" }, text)),
      ),
    );
  }

  /** The card's words from the device's clock now, changed only where they differ. */
  tick(): void {
    const clock = this.state()?.turnBased;
    const turn = this.doc.querySelector<HTMLElement>("[data-turn-left]");
    if (!clock || !turn) return;
    const lines = turnBasedLines(clock, this.now(), this.seats());
    const set = (el: Element | null, text: string, level: string) => {
      if (!el) return;
      if (el.textContent !== text) el.textContent = text;
      if (el.getAttribute("data-level") !== level) el.setAttribute("data-level", level);
    };
    set(turn, lines.turn, lines.level);
    lines.reserves.forEach((text, seat) =>
      set(this.doc.querySelector(`[data-reserve-seat="${seat}"]`), text, seat === clock.seat ? lines.level : "ok"));
  }
}
