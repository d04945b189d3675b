// The rows of games the account screens list: a finished game (its game, when it ended, who
// played with their scores, whether the player won, and its replay) and a room of the player's
// not yet finished (with the button that takes the player back to it). Player names and replays
// are links to their addresses (/players/NAME, /replay/ID) that the page opens in place.

import { inPageClick } from "../ui/account";
import { h, type Attrs, type Child } from "../ui/dom";
import type { FinishedGame, RoomInProgress } from "./history_api";
import { t, type AccountMessageKey } from "./i18n";
import { timeAgo, timeLeftWords } from "./time_words";

export interface GameRowActions {
  /** The page opens `path` (a profile or a replay) in place of the screen. */
  open(path: string): void;
  joinRoom(code: string): void;
}

const GAME_NAMES: Record<string, AccountMessageKey> = { base: "games.base", count: "games.count", castle: "games.castle" };

/** A game's name in words; a game this client does not know by the server's own id. */
export function gameName(game: string): string {
  const key = GAME_NAMES[game];
  return key === undefined ? game : t(key);
}

export const profilePath = (name: string) => `/players/${encodeURIComponent(name)}`;

/** A link the page follows in place; a click that asks for another tab or window is the browser's. */
export function pageLink(href: string, open: (path: string) => void, attrs: Attrs, ...children: Child[]): HTMLAnchorElement {
  return h("a", {
    ...attrs,
    href,
    onclick: (e) => {
      if (!inPageClick(e)) return;
      e.preventDefault();
      open(href);
    },
  }, ...children);
}

/**
 * Finished games, newest first as the server lists them; an account's name links to its profile,
 * but for `self` (the profile's own).
 */
export function renderFinished(games: readonly FinishedGame[], nowMs: number, actions: GameRowActions, self?: string): HTMLElement {
  return h("ul", { class: "game-rows" },
    games.map((g) => {
      const id = `game-${g.id}`;
      return h("li", { class: "game-row", "data-game": g.id, "data-game-type": g.game },
        h("div", { class: "game-row-text" },
          h("strong", { id: `${id}-name` }, gameName(g.game)),
          g.won ? h("span", { class: "badge won" }, t("games.won")) : null,
          h("span", { class: "help", id: `${id}-when` }, t("games.finishedAgo", { when: timeAgo(g.finishedAt, nowMs) })),
          h("span", { class: "game-players" },
            g.players.map((p, seat) => h("span", { class: seat === g.seat ? "game-player mine" : "game-player" },
              p.name === self || !p.account
                ? h("span", { class: "player-name" }, p.name)
                : pageLink(profilePath(p.name), actions.open, { class: "player-name" }, p.name),
              " ",
              h("span", { class: "score" }, p.score),
            )),
          ),
        ),
        pageLink(`/replay/${g.id}`, actions.open, {
          class: "button-link",
          id: `${id}-replay`,
          "aria-labelledby": `${id}-replay ${id}-name ${id}-when`,
        }, t("games.watch")),
      );
    }),
  );
}

/** Whose turn it is in a running game: "Your turn", "Ann's turn"; "" when the answer does not
 * say (a lobby, a free seat, an older server). */
export function turnLabel(room: RoomInProgress): string {
  if (!room.started) return "";
  if (room.yourTurn) return t("games.yourTurn");
  const name = room.players[room.toMove] ?? "";
  return name === "" ? "" : t("games.theirTurn", { name });
}

/** The rooms of the player's whose games have not ended, in the server's order, each with whose
 * turn it is, in a turn-based game the time left of that turn at `nowMs`, and the way back in. */
export function renderInProgress(rooms: readonly RoomInProgress[], actions: GameRowActions, nowMs: number): HTMLElement {
  return h("ul", { class: "game-rows" },
    rooms.map((r) => {
      const id = `room-${r.room}`;
      const turn = turnLabel(r);
      const deadline = r.started && r.deadline !== null ? r.deadline : undefined;
      const named = [`${id}-join`, `${id}-name`, turn === "" ? "" : `${id}-turn`, deadline === undefined ? "" : `${id}-deadline`, `${id}-players`];
      return h("li", { class: "game-row", "data-room": r.room, "data-your-turn": r.yourTurn ? "" : undefined },
        h("div", { class: "game-row-text" },
          h("strong", { id: `${id}-name` }, gameName(r.game)),
          h("span", { class: "badge" }, t(r.started ? "games.underWay" : "games.waiting")),
          turn === "" ? null : h("span", { class: r.yourTurn ? "badge your-turn" : "badge", id: `${id}-turn` }, turn),
          deadline === undefined
            ? null
            : h("span", { class: "badge deadline", id: `${id}-deadline`, "data-deadline": deadline }, timeLeftWords(deadline, nowMs)),
          h("span", { class: "help", id: `${id}-players` },
            [t("games.room", { code: r.room }), ...r.players.filter((p) => p !== "")].join(" · "),
          ),
        ),
        h("button", {
          type: "button",
          id: `${id}-join`,
          "aria-labelledby": named.filter((n) => n !== "").join(" "),
          onclick: () => actions.joinRoom(r.room),
        }, t(r.started ? "games.rejoin" : "games.open")),
      );
    }),
  );
}
