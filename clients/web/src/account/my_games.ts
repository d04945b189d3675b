// The account page's "Your games": the rooms whose games have not ended first (the way back to
// each, whose turn it is and, in a turn-based game, how long is left of it), then the finished games with their replays (GET /api/me/games). A server that cannot
// say leaves this part with its reason; the rest of the page works as ever.

import { h } from "../ui/dom";
import { renderFinished, renderInProgress, type GameRowActions } from "./game_rows";
import type { MyGames } from "./history_api";
import { t } from "./i18n";

export interface MyGamesModel {
  value: MyGames | undefined;
  /** Why they could not be had; "" when none. */
  error: string;
}

export const GAMES_HEADING = "games-heading";

export function renderMyGames(model: MyGamesModel, self: string | undefined, nowMs: number, actions: GameRowActions): HTMLElement {
  const games = model.value;
  return h("section", { class: "card", "aria-labelledby": GAMES_HEADING },
    h("h3", { id: GAMES_HEADING, tabindex: -1 }, t("games.title")),
    h("p", { class: "notice", role: "status" }, games === undefined && model.error === "" ? t("games.loading") : ""),
    model.error !== "" ? h("p", { class: "form-error", id: "games-error" }, model.error) : null,
    games
      ? [
          h("h4", {}, t("games.inProgress")),
          games.inProgress.length === 0 ? h("p", { class: "empty" }, t("games.noneInProgress")) : renderInProgress(games.inProgress, actions, nowMs),
          h("h4", {}, t("games.finished")),
          games.finished.length === 0 ? h("p", { class: "empty" }, t("games.noneFinished")) : renderFinished(games.finished, nowMs, actions, self),
        ]
      : null,
  );
}
