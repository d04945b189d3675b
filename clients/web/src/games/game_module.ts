// The contract between the page and one game. The shared screens (home, lobby, the game in
// progress, replays) know games only through this interface, and src/games/registry.ts is the
// only shared file that lists them. A game implements it in its own folder, src/games/<id>/, with
// everything else it needs there too (its screens, its copy of the game, its words in every
// language, its stylesheet). Adding a game to the web client is therefore: a new folder that
// exports a GameModule, one line in registry.ts, and the code generated from its .proto.

import type { EventBatch, GameCommand, GameEvent, GameSnapshot, PlacementPreview } from "../gen/carc/v1/game_pb";
import type { GameType, RoomState } from "../gen/carc/v1/lobby_pb";
import type { History } from "../gen/carc/v1/messages_pb";
import type { Replay } from "../gen/carc/v1/replay_pb";
import type { Tables } from "../i18n";
import type { OptionValues } from "../net/option_value";
import type { OptionsCase } from "../net/options_message";
import type { GamePageActions } from "../ui/game_head";

/** What the game's fields are called in the oneofs of game.proto and lobby.proto, so that its messages are known. */
export interface GameWire {
  /** GameSnapshot.view (and a replay's start snapshot). */
  view: NonNullable<GameSnapshot["view"]["case"]>;
  /** EventBatch.legal_moves. */
  legalMoves: NonNullable<EventBatch["legalMoves"]["case"]>;
  /** GameEvent.event. */
  event: NonNullable<GameEvent["event"]["case"]>;
  /** RoomOptions.game_options: the game's options message, whose fields are its options. */
  options: OptionsCase;
}

/** What a game's session may ask of the page: the shared actions, and sending its commands. */
export interface GameSessionActions extends GamePageActions {
  /** Sends a command of the game, built on `expectedSeq`; false when it could not be sent. */
  sendCommand(command: GameCommand["command"], expectedSeq: bigint): boolean;
  /**
   * What the follower step after a placement (built on `expectedSeq`) would offer, asked before
   * it is sent (PreviewPlacement); undefined when refused or not answered.
   */
  previewPlacement?(command: GameCommand["command"], expectedSeq: bigint): Promise<PlacementPreview | undefined>;
  /** The copy fell behind while batches were held (move_pacer.ts): ask for a snapshot. */
  resync?(): void;
  /** Whether other seats' moves are shown one at a time (move_pacer.ts), and setting it. */
  pacing?: { on(): boolean; set(on: boolean): void } | undefined;
}

/**
 * One room's game on this page: the game's copy of the state (a mirror on the shared rule of
 * state/batch_sequence.ts) and its screen. It lives until the page leaves the room.
 */
export interface GameSession {
  /** Whether a snapshot has brought a view of this game. */
  readonly hasView: boolean;
  /** Whether the game waits for `seat` to act now (it has its legal moves). */
  awaitingSeat(seat: number): boolean;
  applySnapshot(snapshot: GameSnapshot): void;
  /** Applies the batch (or drops it); true when the page should send RequestSnapshot now. */
  applyBatch(batch: EventBatch): boolean;
  /**
   * The game so far as the server sent it to this seat or audience (after a join or a reload):
   * the screen's log and other records of the past are made again from it. The state is the
   * snapshot's, not the history's.
   */
  applyHistory(history: History): void;
  /** The server said this copy is behind (ERROR_CODE_STALE_SEQ); true to send RequestSnapshot now. */
  requestResync(): boolean;
  /** The connection was lost: the snapshot asked for will not come. */
  clearSnapshotRequest(): void;
  rematchCreated(code: string): void;
  /** A request was refused: the screen may offer its choices again. */
  commandFailed(): void;
  /**
   * The game screen. `offline` is the connection's state in words while it cannot send (the
   * prompt says it instead of inviting a move), undefined while connected.
   */
  render(room: RoomState, offline?: string): HTMLElement;
  /** Stops the screen's timers and key listeners. */
  dispose(): void;
}

/**
 * What the game adds to the create-room form beyond its served option table (src/net/game_types.ts),
 * which gives the controls, values, defaults, ranges, seats and the words' keys. Data, mostly.
 */
export interface GameForm {
  /** The legend of the game's fieldset of options. */
  legend(): string;
  /** A line under the game menu while the game is chosen. */
  note?(): HTMLElement;
  /** Under a number of seats the host cannot choose: why. */
  seatsHelp?(): string;
  /** What a size option that is off proposes once turned on ("15x15"), by option name. */
  readonly proposals?: Readonly<Record<string, string>>;
  /**
   * The rules between options that the table does not carry (each value already valid on its
   * own): why the options cannot go together, in words, or undefined when they can.
   */
  check?(values: OptionValues): string | undefined;
  /**
   * The options a rated room may set away from their default: those that only choose the rating
   * pool (the Count: "count" rather than "base"). Every other option is a house rule there.
   */
  readonly ratedPoolOptions?: readonly string[];
}

/** A decision the computer reviewed (ui/analysis.ts): the server's move texts and who decided. */
export interface ReviewedMove {
  seat: number;
  played: string;
  best: string;
  same: boolean;
}

/** A replay of the game, applied step by step and kept for jumping. */
export interface GameReplay {
  /** The number of steps (the replay has one view more: the start). */
  readonly steps: number;
  /** A class the replay screen adds to its own, for the game's styles. */
  readonly screenClass?: string;
  /**
   * Step `index` below the viewer's head, with the viewer's `controls` in its side panel; with
   * `review` (the computer's review of the decision at this step), the move played and the
   * computer's drawn on the board where the game can (reviewDrawn says whether it does).
   */
  render(index: number, controls: HTMLElement, review?: ReviewedMove): HTMLElement;
  reviewDrawn?(index: number, review: ReviewedMove): boolean;
  /**
   * A move the server names in its text (GET /api/games/{id}/analysis: the move played or the
   * computer's) at step `index`'s position, in the game's words; undefined when not understood.
   */
  describeMove?(index: number, move: string): string | undefined;
}

/** The part of a game that plays it: loaded on demand (GameModule.load). */
export interface GamePlay {
  createSession(doc: Document, actions: GameSessionActions): GameSession;
  /** Applies a replay of the game; throws an Error that says why it does not fit together. */
  replay(doc: Document, replay: Replay): GameReplay;
  /**
   * The words of the game's screens (their English comes with this code, not in the main
   * script), for the check that every language has them all.
   */
  readonly messages: Tables<Readonly<Record<string, string>>>;
}

export interface GameModule {
  /** The game's name in GET /api/games ("game"), GET /api/game-types ("name") and this client's forms. */
  readonly id: string;
  readonly gameType: GameType;
  readonly wire: GameWire;
  /** The game's name in the game menu and the lobby. */
  title(): string;
  /** A badge for its games in the list of finished games; none for the most common game. */
  archiveBadge?(): string;
  readonly form: GameForm;
  /** Below the lobby's summary of a room of the game (whose rows come from the option table). */
  lobbyNote?(): HTMLElement;
  /**
   * The "how this game differs" card of a room with these option values (undefined when not
   * known), shown in its lobby; null when the room plays the rules a newcomer knows.
   */
  guide?(values: OptionValues | undefined): HTMLElement | null;
  /**
   * The code that plays and replays the game, in a chunk of its own: a page that only shows the
   * home screen never downloads it. Resolves once the words of its screens are in the languages
   * the page has loaded too (GamePlay.messages). Loaded once; every call returns the same
   * promise's result.
   */
  load(): Promise<GamePlay>;
  /**
   * The game's own messages, for the check that every language has them all; they also word its
   * served options, under keys made of their names (src/ui/option_text.ts).
   */
  readonly messages: Tables<Readonly<Record<string, string>>>;
}
