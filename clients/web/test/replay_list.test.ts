// The list of finished games on Home reads GET /api/games: each game by its id in the registry,
// and whatever does not have the documented shape is dropped.

import { describe, expect, it } from "vitest";
import { DEFAULT_GAME, GAMES } from "../src/games/registry";
import { parseGameList } from "../src/ui/replay_list";

describe("archive list", () => {
  it("reads GET /api/games and drops what does not fit", () => {
    const games = parseGameList({
      games: [
        { id: 7, room: "ABC234", finished_at: 1700000000, players: [{ name: "Ann", score: 30 }, { name: "Bob", score: 18 }] },
        { id: "x", players: [] },
      ],
    });
    expect(games).toEqual([{ id: 7, game: DEFAULT_GAME.id, room: "ABC234", finishedAt: 1700000000, players: [{ name: "Ann", score: 30 }, { name: "Bob", score: 18 }] }]);
    expect(parseGameList({})).toEqual([]);
  });

  it("knows every game of the registry by its id, and lists any other as the default game", () => {
    for (const game of GAMES) expect(parseGameList({ games: [{ id: 8, game: game.id, players: [] }] })[0]?.game).toBe(game.id);
    expect(parseGameList({ games: [{ id: 9, game: "a game of a newer server", players: [] }] })[0]?.game).toBe(DEFAULT_GAME.id);
  });
});
