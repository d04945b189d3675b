// The create-room form: what it holds and what it sends. The settings every room has (the game,
// seats, public, the turn clock, what happens to an absent player) are here; each game's own
// options are its GameOptionsForm (src/games/<game>/), kept per game so that switching the game
// menu back and forth loses nothing. Pure functions turn the form into the protobuf RoomOptions
// and CreateRoom, checked as the server checks them, so that it never has to refuse a form.

import { create } from "@bufbuild/protobuf";
import {
  AbandonPolicy,
  CreateRoomSchema,
  RoomOptionsSchema,
  type CreateRoom,
  type RoomOptions,
} from "../gen/carc/v1/lobby_pb";
import type { GameModule, GameOptionsForm } from "../games/game_module";
import { DEFAULT_GAME, gameById } from "../games/registry";
import { parseIntIn, validName, type Result } from "./form";

export type AbandonChoice = "wait" | "fallback";

/** Everything the "create a room" form holds. */
export interface RoomForm {
  /** The id of the chosen game (src/games/registry.ts). */
  game: string;
  /** Seats of a game whose host chooses them; a game with a fixed number ignores it. */
  seats: number;
  isPublic: boolean;
  /** Text of the number inputs: whole seconds. */
  clockInitial: string;
  clockIncrement: string;
  abandon: AbandonChoice;
  /** Each game's own options by its id, made when the game is first chosen. */
  gameOptions: Record<string, GameOptionsForm>;
}

export const MAX_CLOCK_SECONDS = 86_400;
/** The server's limit on the increment per turn (lobby.cc): an hour. */
export const MAX_CLOCK_INCREMENT_SECONDS = 3_600;

export function defaultRoomForm(): RoomForm {
  return {
    game: DEFAULT_GAME.id,
    seats: 4,
    isPublic: true,
    clockInitial: "0",
    clockIncrement: "0",
    abandon: "wait",
    gameOptions: {},
  };
}

/** The game the form creates a room of. */
export function formGame(form: RoomForm): GameModule {
  return gameById(form.game) ?? DEFAULT_GAME;
}

/** The form's options of `game`, made on first use. */
export function gameOptionsForm(form: RoomForm, game: GameModule): GameOptionsForm {
  return (form.gameOptions[game.id] ??= game.form.createOptions());
}

export function buildRoomOptions(form: RoomForm): Result<RoomOptions> {
  const game = formGame(form);
  const rule = game.form.seats;
  if (!("fixed" in rule) && (!Number.isInteger(form.seats) || form.seats < rule.min || form.seats > rule.max)) {
    return { ok: false, error: "form.errorSeats" };
  }
  const initial = parseIntIn(form.clockInitial.trim(), 0, MAX_CLOCK_SECONDS);
  const increment = parseIntIn(form.clockIncrement.trim(), 0, MAX_CLOCK_INCREMENT_SECONDS);
  if (initial === undefined || increment === undefined) return { ok: false, error: "form.errorClock" };
  // Only the chosen game's options are sent, never another's (which may not even be valid).
  const options = gameOptionsForm(form, game).build();
  if (!options.ok) return options;
  return {
    ok: true,
    value: create(RoomOptionsSchema, {
      isPublic: form.isPublic,
      abandonPolicy: form.abandon === "fallback" ? AbandonPolicy.FALLBACK_MOVE : AbandonPolicy.WAIT,
      // No clock: no increment either.
      clock: { initialSeconds: initial, incrementSeconds: initial === 0 ? 0 : increment },
      gameType: game.gameType,
      seats: "fixed" in rule ? rule.fixed : form.seats,
      gameOptions: options.value,
    }),
  };
}

export function buildCreateRoom(form: RoomForm, playerName: string): Result<CreateRoom> {
  const name = validName(playerName);
  if (name === undefined) return { ok: false, error: "form.errorName" };
  const options = buildRoomOptions(form);
  if (!options.ok) return options;
  return { ok: true, value: create(CreateRoomSchema, { options: options.value, playerName: name }) };
}
