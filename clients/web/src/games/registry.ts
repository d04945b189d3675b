// The games this client plays: the one place outside the games' own folders that names them.
// Every shared screen finds a game here, by its id, its GameType or the oneof case of a message,
// and talks to it only through GameModule (game_module.ts).
//
// To add a game: write src/games/<id>/ with a GameModule of its own and add it to GAMES below;
// nothing else outside its folder changes (besides the code generated from its .proto).

import type { EventBatch, GameSnapshot } from "../gen/carc/v1/game_pb";
import type { GameType } from "../gen/carc/v1/lobby_pb";
import type { Replay } from "../gen/carc/v1/replay_pb";
import type { GameTable, GameTypes } from "../net/game_types";
import { baseGame } from "./base/base_module";
import { castleGame } from "./castle/castle_module";
import type { GameModule } from "./game_module";

/** In the order of the game menu. The first is the default: what a room without a game type plays. */
export const GAMES: readonly GameModule[] = [baseGame, castleGame];

export const DEFAULT_GAME: GameModule = GAMES[0]!;

export function gameById(id: string): GameModule | undefined {
  return GAMES.find((g) => g.id === id);
}

export function gameByType(type: GameType | undefined): GameModule | undefined {
  return GAMES.find((g) => g.gameType === type);
}

/** The game whose view the snapshot carries. */
export function gameOfSnapshot(snapshot: GameSnapshot): GameModule | undefined {
  return GAMES.find((g) => g.wire.view === snapshot.view.case);
}

/** Whether the batch carries the game's legal moves or any of its events. */
export function batchIsOf(game: GameModule, batch: EventBatch): boolean {
  return batch.legalMoves.case === game.wire.legalMoves || batch.events.some((e) => e.event.case === game.wire.event);
}

/** The game of a replay, by its start snapshot. */
export function gameOfReplay(replay: Replay): GameModule | undefined {
  return replay.start ? gameOfSnapshot(replay.start) : undefined;
}

/** A game the server offers (its served table) that this page plays (its module). */
export interface OfferedGame {
  readonly module: GameModule;
  readonly table: GameTable;
}

/** The games of the registry that the server's table lists, in the order of GAMES; others are not offered. */
export function offeredGames(types: GameTypes): OfferedGame[] {
  const offered: OfferedGame[] = [];
  for (const module of GAMES) {
    const table = types.games.find((g) => g.gameType === module.gameType);
    if (table) offered.push({ module, table });
  }
  return offered;
}
