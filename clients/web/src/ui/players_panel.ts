// Every seat of the game: colour with its shape, name, score, followers left in the supply,
// turn clock, whether the player is connected, and whose turn it is.

import type { BaseView } from "../gen/carc/v1/base_game_pb";
import type { ClockState } from "../gen/carc/v1/game_pb";
import type { SeatInfo } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import { h } from "./dom";
import { colourBadge } from "./lobby";

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

export function renderPlayers(
  view: BaseView,
  seats: readonly SeatInfo[],
  clock: { state: ClockState; elapsedMs: number } | undefined,
  mySeat: number,
  showPresence = true,
): HTMLElement {
  return h(
    "ol",
    { class: "players", "aria-label": t("game.players") },
    view.scores.map((points, i) => {
      const seat = seats[i];
      const toMove = view.toMove === i;
      const resigned = view.resigned[i] ?? false;
      const hasClock = clock !== undefined && clock.state.remainingMs.length > i;
      return h(
        "li",
        { "data-seat": i, class: `${toMove ? "to-move" : ""} ${view.winners.includes(i) ? "winner" : ""}`.trim(), "aria-current": toMove ? "true" : null },
        seat ? colourBadge(seat.colour) : null,
        h("span", { class: "seat-name" }, seat ? seat.name : t("lobby.seat", { n: i + 1 }), i === mySeat ? ` (${t("lobby.you")})` : ""),
        h("span", { class: "points", "data-points": points }, t("game.points", { n: points })),
        h("span", { class: "supply", title: t("game.supplyHelp") }, t("game.supply", { n: view.supply[i] ?? 0 })),
        hasClock ? h("span", { class: "clock", "data-clock-seat": i }, formatClock(remainingMs(clock.state, i, clock.elapsedMs))) : null,
        showPresence ? h("span", { class: `badge ${seat?.connected ? "online" : "offline"}` }, seat?.connected ? t("lobby.online") : t("lobby.offline")) : null,
        resigned ? h("span", { class: "badge offline" }, t("game.resignedBadge")) : null,
        toMove ? h("span", { class: "badge to-move" }, t("game.toMove")) : null,
      );
    }),
  );
}
