// The server's option table as the C++ tests check it in (tests/golden/game_table.json, the
// answer of GET /api/game-types), for the tests that build forms and summaries from it, and a
// fetch that serves it (or fails) in place of the server's.

import tableText from "../../../tests/golden/game_table.json?raw";
import { offeredGames, type OfferedGame } from "../src/games/registry";
import { parseGameTypes } from "../src/net/game_types";

/** A fresh copy each time, for tests that spoil it. */
export function goldenTableJson(): { games: Record<string, unknown>[] } {
  return JSON.parse(tableText) as { games: Record<string, unknown>[] };
}

/** The registry's games with their golden tables. */
export function goldenGames(): OfferedGame[] {
  return offeredGames(parseGameTypes(goldenTableJson()));
}

export function goldenGame(id: string): OfferedGame {
  const game = goldenGames().find((g) => g.module.id === id);
  if (!game) throw new Error(`no game ${id} in the golden table`);
  return game;
}

/** A fetch answering every request with `body` as JSON (the golden table unless given). */
export function serving(body: unknown = goldenTableJson(), status = 200): typeof fetch {
  return () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
}
