// The games of the room this page is in: which game the room plays, one GameSession per game
// (made once its code is in, GamePlays), and which game's code each server message needs.

import type { EventBatch } from "../gen/carc/v1/game_pb";
import type { RoomState } from "../gen/carc/v1/lobby_pb";
import type { History, ServerMessage } from "../gen/carc/v1/messages_pb";
import { ErrorCode } from "../gen/carc/v1/session_pb";
import type { GameModule, GameSession, GameSessionActions } from "../games/game_module";
import { DEFAULT_GAME, GAMES, batchIsOf, gameByType, gameOfSnapshot } from "../games/registry";
import type { GamePlays } from "./game_plays";

export class RoomGames {
  private readonly sessions = new Map<GameModule, GameSession>();

  constructor(
    private readonly doc: Document,
    private readonly plays: GamePlays,
    private readonly actions: GameSessionActions,
  ) {}

  /**
   * The game `room` plays: its game type says, but the default type is also what a room shows
   * before (or without) knowing its game, so there another game takes over once its own
   * messages have come: a view of it, or a batch of it (`batch`).
   */
  game(room: RoomState | undefined, batch?: EventBatch): GameModule {
    const byType = gameByType(room?.options?.gameType);
    if (byType && byType !== DEFAULT_GAME) return byType;
    const shown = (g: GameModule) => this.sessions.get(g)?.hasView === true || (batch !== undefined && batchIsOf(g, batch));
    return GAMES.find((g) => g !== DEFAULT_GAME && shown(g)) ?? DEFAULT_GAME;
  }

  /** The session of `game`, made on first use; undefined until its code is in. */
  session(game: GameModule): GameSession | undefined {
    let session = this.sessions.get(game);
    const play = this.plays.get(game);
    if (!session && play) {
      session = play.createSession(this.doc, this.actions);
      this.sessions.set(game, session);
    }
    return session;
  }

  /** The sessions made so far (none is made by asking). */
  made(): IterableIterator<GameSession> {
    return this.sessions.values();
  }

  /** The session of `game` if made, without making it. */
  existing(game: GameModule): GameSession | undefined {
    return this.sessions.get(game);
  }

  dispose(): void {
    for (const session of this.sessions.values()) session.dispose();
    this.sessions.clear();
  }

  /** The game a History is of, when it has a game part. */
  historyGame(room: RoomState | undefined, history: History): GameModule | undefined {
    if (history.start) return gameOfSnapshot(history.start) ?? DEFAULT_GAME;
    const first = history.batches[0];
    return first ? this.game(room, first) : undefined;
  }

  /**
   * The game whose code `m` needs before it can be applied, if any. A RoomState starts loading
   * its game's code while the lobby fills, so that the game starts without a wait.
   */
  needs(room: RoomState | undefined, m: ServerMessage): GameModule | undefined {
    switch (m.body.case) {
      case "snapshot":
        return gameOfSnapshot(m.body.value) ?? DEFAULT_GAME;
      case "eventBatch":
        return this.game(room, m.body.value);
      case "rematchCreated":
        return this.game(room);
      case "history":
        return this.historyGame(room, m.body.value);
      case "error":
        return m.body.value.code === ErrorCode.STALE_SEQ ? this.game(room) : undefined;
      case "roomState":
        void this.plays.load(gameByType(m.body.value.options?.gameType) ?? DEFAULT_GAME);
        return undefined;
      default:
        return undefined;
    }
  }
}
