// The way into the replay viewer from the home screen: the latest finished games of this
// server (GET /api/games) and a record file from the user's device.

import { DEFAULT_GAME, gameById } from "../games/registry";
import { t } from "../i18n";
import { h, self } from "./dom";

export interface ArchivedGameSummary {
  id: number;
  /** Which game it was: GET /api/games's "game", the id of a game of the registry. */
  game: string;
  room: string;
  finishedAt: number;
  players: { name: string; score: number }[];
}

/** Reads GET /api/games's answer, dropping whatever does not have the documented shape. */
export function parseGameList(json: unknown): ArchivedGameSummary[] {
  const games = (json as { games?: unknown }).games;
  if (!Array.isArray(games)) return [];
  const out: ArchivedGameSummary[] = [];
  for (const g of games as Record<string, unknown>[]) {
    if (typeof g.id !== "number" || !Array.isArray(g.players)) continue;
    out.push({
      id: g.id,
      // A game this client does not know, or none named, is listed as the default game.
      game: (typeof g.game === "string" ? gameById(g.game) : undefined)?.id ?? DEFAULT_GAME.id,
      room: typeof g.room === "string" ? g.room : "",
      finishedAt: typeof g.finished_at === "number" ? g.finished_at : 0,
      players: (g.players as Record<string, unknown>[]).map((p) => ({
        name: typeof p.name === "string" ? p.name : "?",
        score: typeof p.score === "number" ? p.score : 0,
      })),
    });
  }
  return out;
}

export interface ReplayListActions {
  open(id: number): void;
  openFile(name: string, text: string): void;
}

export function renderReplayList(games: readonly ArchivedGameSummary[], actions: ReplayListActions): HTMLElement {
  const file = h("input", {
    type: "file",
    id: "record-file",
    accept: ".json,application/json",
    onchange: (e) => {
      const chosen = self<HTMLInputElement>(e).files?.[0];
      if (!chosen) return;
      void chosen.text().then((text) => actions.openFile(chosen.name, text));
    },
  });
  return h(
    "section",
    { class: "card replays" },
    h("h2", {}, t("replay.listTitle")),
    games.length === 0
      ? h("p", { class: "empty" }, t("replay.none"))
      : h(
          "ul",
          { class: "plain" },
          games.map((g) => {
            const badge = gameById(g.game)?.archiveBadge?.();
            return h("li", { class: "room", "data-game": g.id, "data-game-type": g.game },
              badge !== undefined ? h("span", { class: "badge" }, badge) : null,
              h("span", {}, g.players.map((p) => `${p.name} ${p.score}`).join(" · ")),
              h("span", { class: "help" }, g.finishedAt > 0 ? new Date(g.finishedAt * 1000).toLocaleString() : ""),
              h("button", { type: "button", class: "secondary", onclick: () => actions.open(g.id) }, t("replay.watch")),
            );
          }),
        ),
    h("div", { class: "field" }, h("label", { for: "record-file" }, t("replay.openFile")), file),
  );
}
