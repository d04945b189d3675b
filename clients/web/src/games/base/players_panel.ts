// Every seat of a base game: colour with its shape, name, score, followers left in the supply,
// turn clock, whether the player is connected (or a computer plays the seat), and whose turn it
// is.

import type { BaseView } from "../../gen/carc/v1/base_game_pb";
import type { ClockState } from "../../gen/carc/v1/game_pb";
import type { SeatInfo } from "../../gen/carc/v1/lobby_pb";
import { colourBadge } from "../../ui/colour_badge";
import { computerBadge, presenceBadge } from "../../ui/computer_player";
import { h } from "../../ui/dom";
import { clockSpan, remainingMs } from "../../ui/turn_clock";
import { t } from "./i18n/play";

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
        hasClock ? clockSpan(i, remainingMs(clock.state, i, clock.elapsedMs)) : null,
        // A replay has no presence, but its seats were still people or computers.
        showPresence ? presenceBadge(seat) : computerBadge(seat),
        resigned ? h("span", { class: "badge offline" }, t("game.resignedBadge")) : null,
        toMove ? h("span", { class: "badge to-move" }, t("game.toMove")) : null,
      );
    }),
  );
}
