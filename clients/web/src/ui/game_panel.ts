// The placeholder shown while a game runs: the mirror's seq and the scores.

import type { RoomState } from "../gen/carc/v1/lobby_pb";
import type { BaseView } from "../gen/carc/v1/base_game_pb";
import { t } from "../i18n";
import { colourBadge } from "./lobby";
import { h } from "./dom";

export interface GameModel {
  seq: bigint;
  view: BaseView | undefined;
  room: RoomState | undefined;
}

export function renderGamePanel(model: GameModel, actions: { leave(): void }): HTMLElement {
  const seats = model.room?.seats.filter((s) => s.occupied) ?? [];
  const scores = model.view?.scores ?? [];
  return h(
    "div",
    { class: "screen game" },
    h("div", { class: "row" },
      h("h2", {}, model.room ? `${t("game.title")} · ${model.room.code}` : t("game.title")),
      h("button", { type: "button", class: "secondary", onclick: () => actions.leave() }, t("lobby.leave")),
    ),
    h(
      "section",
      { class: "card" },
      model.view === undefined
        ? h("p", {}, t("game.waiting"))
        : [
            h("p", { class: "seq" }, t("game.seq", { seq: model.seq })),
            h("h3", {}, t("game.scores")),
            h(
              "ul",
              { class: "scores" },
              scores.map((points, i) => {
                // The game's seats are the room's occupied seats in order (StartGame compacts them).
                const seat = seats[i];
                return h("li", { "data-seat": i },
                  seat ? colourBadge(seat.colour) : null,
                  h("span", { class: "seat-name" }, seat ? seat.name : t("lobby.seat", { n: i + 1 })),
                  h("span", { class: "points" }, t("game.points", { n: points })),
                );
              }),
            ),
          ],
      h("p", { class: "help" }, t("game.boardLater")),
    ),
  );
}
