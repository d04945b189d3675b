// The create-room form: what it holds and what it sends. The settings every room has (the game,
// seats, public, the turn clock or a turn-based game over days, what happens to an absent player,
// hints) are here; each game's own options are its OptionForm (option_form.ts), built from the
// server's table and kept per game so that switching the game menu back and forth loses nothing.
// Pure functions turn the form into the protobuf RoomOptions and CreateRoom, checked as the
// server checks them, so that it never has to refuse a form.

import { create } from "@bufbuild/protobuf";
import {
  CreateRoomSchema,
  RoomOptionsSchema,
  type CreateRoom,
  type RoomOptions,
} from "../gen/carc/v1/lobby_pb";
import { DEFAULT_GAME, type OfferedGame } from "../games/registry";
import { DEFAULT_ABANDON, abandonPolicy, type AbandonChoice } from "./abandon_policy";
import { parseIntIn, validName, type Result } from "./form";
import { t } from "../i18n";
import { OptionForm } from "./option_form";
import { optionLabel } from "./option_text";
import { houseRule } from "./rated_form";

/** The games the form can create, as far as GET /api/game-types has told. */
export type OfferedGames =
  | { status: "loading" }
  /** `reason` is the technical detail, shown inside a translated sentence. */
  | { status: "failed"; reason: string }
  | { status: "ready"; games: readonly OfferedGame[] };

/** Everything the "create a room" form holds. */
export interface RoomForm {
  /** The id of the chosen game (src/games/registry.ts); the first offered game when the server does not offer it. */
  game: string;
  /** Seats of a game whose host chooses them; a game with a fixed number ignores it. */
  seats: number;
  isPublic: boolean;
  /** Text of the number inputs: whole seconds. */
  clockInitial: string;
  clockIncrement: string;
  /**
   * A game over days (RoomOptions.turn_based) in place of the live clock, which is then not sent:
   * the server refuses a room with both.
   */
  turnBased: boolean;
  /** A turn-based room's time per move and reserve per player, in seconds: one of the menus' choices. */
  moveSeconds: number;
  reserveSeconds: number;
  abandon: AbandonChoice;
  /** Whether a player may ask the computer for a move (RoomOptions.hints). */
  hints: boolean;
  /** A rated game (RoomOptions.rated): the game's standard rules and no hints (rated_form.ts). */
  rated: boolean;
  /** Each game's own options by its id, made when the game is first chosen. */
  gameOptions: Record<string, OptionForm>;
  /** Whether the folded part (the room's settings and the game's rule options) is open. */
  advancedOpen: boolean;
}

export const MAX_CLOCK_SECONDS = 86_400;
/** The server's limit on the increment per turn (lobby.cc): an hour. */
export const MAX_CLOCK_INCREMENT_SECONDS = 3_600;

const HOUR = 3_600;
const DAY = 86_400;
/** The server's limits on a turn-based room's time per move (1 hour to 14 days) and reserve (0 to 14 days). */
export const MIN_MOVE_SECONDS = HOUR;
export const MAX_MOVE_SECONDS = 14 * DAY;
export const MAX_RESERVE_SECONDS = 14 * DAY;
/** The time-per-move menu's choices. */
export const MOVE_CHOICES: readonly number[] = [HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY];
/** The reserve menu's choices; 0: none. */
export const RESERVE_CHOICES: readonly number[] = [0, DAY, 3 * DAY, 7 * DAY];
/** A move a day: a player who looks in once a day, at any hour, keeps up. */
export const DEFAULT_MOVE_SECONDS = DAY;
/**
 * Three days for the whole game: a long weekend away or a few busy days, once, without the room's
 * absent policy playing for the player; yet a game does not stall for a week on one who left.
 */
export const DEFAULT_RESERVE_SECONDS = 3 * DAY;

export function defaultRoomForm(): RoomForm {
  return {
    game: DEFAULT_GAME.id,
    seats: 4,
    // Listed for everyone only when the host says so: most rooms are for friends with the code.
    isPublic: false,
    clockInitial: "0",
    clockIncrement: "0",
    turnBased: false,
    moveSeconds: DEFAULT_MOVE_SECONDS,
    reserveSeconds: DEFAULT_RESERVE_SECONDS,
    abandon: DEFAULT_ABANDON,
    // A hint is a computer's move: the host turns it on for a room that wants it.
    hints: false,
    rated: false,
    gameOptions: {},
    advancedOpen: false,
  };
}

/** The game the form creates a room of, undefined when none is offered. */
export function formGame(form: RoomForm, games: readonly OfferedGame[]): OfferedGame | undefined {
  return games.find((g) => g.module.id === form.game) ?? games[0];
}

/** The form's options of `game`, made on first use. */
export function gameOptionsForm(form: RoomForm, game: OfferedGame): OptionForm {
  return (form.gameOptions[game.module.id] ??= new OptionForm(game));
}

/** A number of seats the host cannot choose: the game's only one. */
export function fixedSeats(game: OfferedGame): number | undefined {
  return game.table.minPlayers === game.table.maxPlayers ? game.table.minPlayers : undefined;
}

export function buildRoomOptions(form: RoomForm, games: readonly OfferedGame[]): Result<RoomOptions> {
  const game = formGame(form, games);
  if (!game) return { ok: false, error: "home.gameTypesLoading" };
  const { minPlayers, maxPlayers } = game.table;
  const fixed = fixedSeats(game);
  if (fixed === undefined && (!Number.isInteger(form.seats) || form.seats < minPlayers || form.seats > maxPlayers)) {
    return { ok: false, error: "form.errorSeats" };
  }
  // A turn-based room has no live clock (what its boxes hold stays in the form, unsent).
  let clock: { initialSeconds: number; incrementSeconds: number } | undefined;
  let turnBased: { moveSeconds: number; reserveSeconds: number } | undefined;
  if (form.turnBased) {
    const { moveSeconds, reserveSeconds } = form;
    if (!within(moveSeconds, MIN_MOVE_SECONDS, MAX_MOVE_SECONDS) || !within(reserveSeconds, 0, MAX_RESERVE_SECONDS)) {
      return { ok: false, error: "form.errorTurnBased" };
    }
    turnBased = { moveSeconds, reserveSeconds };
  } else {
    const initial = parseIntIn(form.clockInitial.trim(), 0, MAX_CLOCK_SECONDS);
    const increment = parseIntIn(form.clockIncrement.trim(), 0, MAX_CLOCK_INCREMENT_SECONDS);
    if (initial === undefined || increment === undefined) return { ok: false, error: "form.errorClock" };
    // No clock: no increment either.
    clock = { initialSeconds: initial, incrementSeconds: initial === 0 ? 0 : increment };
  }
  // Only the chosen game's options are sent, never another's (which may not even be valid).
  const optionForm = gameOptionsForm(form, game);
  const options = optionForm.build();
  if (!options.ok) return options;
  const houseRuleText = form.rated ? ratedHouseRule(optionForm) : undefined;
  if (houseRuleText !== undefined) return { ok: false, message: houseRuleText };
  return {
    ok: true,
    value: create(RoomOptionsSchema, {
      isPublic: form.isPublic,
      abandonPolicy: abandonPolicy(form.abandon),
      // A rated room has no hints: the server refuses one that asks for both.
      hints: form.hints && !form.rated,
      rated: form.rated,
      clock,
      turnBased,
      gameType: game.module.gameType,
      seats: fixed ?? form.seats,
      gameOptions: options.value,
    }),
  };
}

function within(n: number, lo: number, hi: number): boolean {
  return Number.isInteger(n) && n >= lo && n <= hi;
}

export function buildCreateRoom(form: RoomForm, games: readonly OfferedGame[], playerName: string): Result<CreateRoom> {
  const name = validName(playerName);
  if (name === undefined) return { ok: false, error: "form.errorName" };
  const options = buildRoomOptions(form, games);
  if (!options.ok) return options;
  return { ok: true, value: create(CreateRoomSchema, { options: options.value, playerName: name }) };
}

/** Why a rated room cannot have the form's options (the house rule it sets), undefined when it can. */
export function ratedHouseRule(options: OptionForm): string | undefined {
  const rule = houseRule(options.game, options.options, options.values);
  return rule && t("home.ratedHouseRule", { option: optionLabel(options.game.module.messages, rule) });
}
