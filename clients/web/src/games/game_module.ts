// The contract between the page and one game. The shared screens (home, lobby, the game in
// progress, replays) know games only through this interface, and src/games/registry.ts is the
// only shared file that lists them. A game implements it in its own folder, src/games/<id>/, with
// everything else it needs there too (its screens, its copy of the game, its words in every
// language, its stylesheet). Adding a game to the web client is therefore: a new folder that
// exports a GameModule, one line in registry.ts, and the code generated from its .proto.

import type { EventBatch, GameCommand, GameEvent, GameSnapshot } from "../gen/carc/v1/game_pb";
import type { GameType, RoomOptions, RoomState } from "../gen/carc/v1/lobby_pb";
import type { Replay } from "../gen/carc/v1/replay_pb";
import type { Language } from "../i18n";
import type { Result } from "../ui/form";
import type { GamePageActions } from "../ui/game_head";

/** What the game's fields are called in the oneofs of game.proto, so that its messages are known. */
export interface GameWire {
  /** GameSnapshot.view (and a replay's start snapshot). */
  view: NonNullable<GameSnapshot["view"]["case"]>;
  /** EventBatch.legal_moves. */
  legalMoves: NonNullable<EventBatch["legalMoves"]["case"]>;
  /** GameEvent.event. */
  event: NonNullable<GameEvent["event"]["case"]>;
}

/** What a game's session may ask of the page: the shared actions, and sending its commands. */
export interface GameSessionActions extends GamePageActions {
  /** Sends a command of the game, built on `expectedSeq`; false when it could not be sent. */
  sendCommand(command: GameCommand["command"], expectedSeq: bigint): boolean;
}

/**
 * One room's game on this page: the game's copy of the state (a mirror on the shared rule of
 * state/batch_sequence.ts) and its screen. It lives until the page leaves the room.
 */
export interface GameSession {
  /** Whether a snapshot has brought a view of this game. */
  readonly hasView: boolean;
  applySnapshot(snapshot: GameSnapshot): void;
  /** Applies the batch (or drops it); true when the page should send RequestSnapshot now. */
  applyBatch(batch: EventBatch): boolean;
  /** The server said this copy is behind (ERROR_CODE_STALE_SEQ); true to send RequestSnapshot now. */
  requestResync(): boolean;
  /** The connection was lost: the snapshot asked for will not come. */
  clearSnapshotRequest(): void;
  rematchCreated(code: string): void;
  /** A request was refused: the screen may offer its choices again. */
  commandFailed(): void;
  render(room: RoomState): HTMLElement;
  /** Stops the screen's timers and key listeners. */
  dispose(): void;
}

/** How many seats a room of the game has: always the same number, or the host's choice. */
export type SeatRule = { fixed: number; help(): string } | { min: number; max: number };

/** The game's part of the create-room form; it keeps its controls' values between renders. */
export interface GameOptionsForm {
  /** The game's fieldset of options. */
  render(): HTMLElement;
  /** The game's options for RoomOptions.game_options, or why they cannot be sent. */
  build(): Result<RoomOptions["gameOptions"]>;
}

/** The game in the create-room form. */
export interface GameForm {
  readonly seats: SeatRule;
  /** A line under the game menu while the game is chosen. */
  note?(): HTMLElement;
  createOptions(): GameOptionsForm;
}

/** The lobby's summary of the game's own options: label and value rows, and a note below them. */
export interface LobbySummary {
  rows: [string, string][];
  note?: HTMLElement | undefined;
}

/** A replay of the game, applied step by step and kept for jumping. */
export interface GameReplay {
  /** The number of steps (the replay has one view more: the start). */
  readonly steps: number;
  /** A class the replay screen adds to its own, for the game's styles. */
  readonly screenClass?: string;
  /** Step `index` below the viewer's head, with the viewer's `controls` in its side panel. */
  render(index: number, controls: HTMLElement): HTMLElement;
}

export interface GameModule {
  /** The game's name in GET /api/games ("game") and in this client's forms. */
  readonly id: string;
  readonly gameType: GameType;
  readonly wire: GameWire;
  /** The game's name in the game menu and the lobby. */
  title(): string;
  /** A badge for its games in the list of finished games; none for the most common game. */
  archiveBadge?(): string;
  readonly form: GameForm;
  lobbySummary(options: RoomOptions): LobbySummary;
  createSession(doc: Document, actions: GameSessionActions): GameSession;
  /** Applies a replay of the game; throws an Error that says why it does not fit together. */
  replay(doc: Document, replay: Replay): GameReplay;
  /** The game's own messages, for the check that every language has them all. */
  readonly messages: Record<Language, Readonly<Record<string, string>>>;
}
