// The server's table of its games and their room options (GET /api/game-types, docs/protocol.md
// "Room options: one table per game"): the one source of the create-room form's controls, values,
// defaults and seats, and of the lobby's summary. The answer is checked before anything is built
// from it: a table this page cannot read is refused as a whole, with a message that says where.

import { validOptionValue } from "./option_value";

export const GAME_TYPES_PATH = "/api/game-types";

export type OptionType = "bool" | "int" | "choice" | "size";

interface OptionCommon {
  /** The option's name: the field of the game's options message, and its words' keys (opt.NAME). */
  readonly name: string;
  readonly rule: string;
  /** The default in the table's text form ("true", "c3", "7", "off"). */
  readonly default: string;
  /** One line of English, for an option this page has no words for. */
  readonly summary: string;
  /** The accepted values as the engine writes them ("0..3", "off|WxH (1..145)"). */
  readonly values: string;
}

export type OptionSpec =
  | (OptionCommon & { readonly type: "bool" })
  | (OptionCommon & { readonly type: "choice"; readonly choices: readonly string[] })
  | (OptionCommon & { readonly type: "int"; readonly min: number; readonly max: number })
  /** A size is "off" or "WxH", W and H within min..max. */
  | (OptionCommon & { readonly type: "size"; readonly min: number; readonly max: number });

export interface GameTable {
  /** The game's name (GameModule.id). */
  readonly name: string;
  /** English; the page shows the game's own translated title. */
  readonly title: string;
  /** The GameType number of RoomOptions.game_type. */
  readonly gameType: number;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** In the engine's order, which is the form's. */
  readonly options: readonly OptionSpec[];
}

export interface GameTypes {
  readonly games: readonly GameTable[];
}

/** The table could not be had or read; the message says why, in English (a technical detail). */
export class GameTypesError extends Error {
  override readonly name = "GameTypesError";
}

// Names become translation keys (opt.NAME.CHOICE) and proto field names: no dots, no spaces.
const NAME = /^[a-z][a-z0-9_]*$/;
const CHOICE = /^[A-Za-z0-9_-]+$/;

type Json = Record<string, unknown>;

function fail(where: string, what: string): never {
  throw new GameTypesError(`${GAME_TYPES_PATH}: ${where}: ${what}`);
}

function object(value: unknown, where: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(where, "expected an object");
  return value as Json;
}

function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) fail(where, "expected a list");
  return value;
}

function text(o: Json, key: string, where: string, pattern?: RegExp): string {
  const value = o[key];
  if (typeof value !== "string") fail(`${where}.${key}`, "expected a string");
  if (pattern && !pattern.test(value)) fail(`${where}.${key}`, `${JSON.stringify(value)} is not a valid name`);
  return value;
}

function whole(o: Json, key: string, where: string, min = 0): number {
  const value = o[key];
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
    fail(`${where}.${key}`, `expected a whole number of at least ${min}`);
  }
  return value;
}

function parseOption(value: unknown, where: string): OptionSpec {
  const o = object(value, where);
  const common: OptionCommon = {
    name: text(o, "name", where, NAME),
    rule: text(o, "rule", where),
    default: text(o, "default", where),
    summary: text(o, "summary", where),
    values: text(o, "values", where),
  };
  const type = o.type;
  let option: OptionSpec;
  switch (type) {
    case "bool":
      option = { ...common, type };
      break;
    case "choice": {
      const choices = array(o.choices, `${where}.choices`).map((c, i) => {
        if (typeof c !== "string" || !CHOICE.test(c)) fail(`${where}.choices[${i}]`, "expected a word");
        return c;
      });
      if (choices.length === 0) fail(`${where}.choices`, "expected at least one choice");
      if (new Set(choices).size !== choices.length) fail(`${where}.choices`, "a choice is repeated");
      option = { ...common, type, choices };
      break;
    }
    case "int":
    case "size": {
      // Ints travel as uint32 and a size's sides are at least 1 ("off" is the size without them).
      const min = whole(o, "min", where, type === "size" ? 1 : 0);
      const max = whole(o, "max", where, min);
      option = { ...common, type, min, max };
      break;
    }
    default:
      fail(`${where}.type`, `${JSON.stringify(type)} is not bool, int, choice or size`);
  }
  // The form starts from the default: one it could not send would make every room refused.
  if (!validOptionValue(option, option.default)) fail(`${where}.default`, `${JSON.stringify(option.default)} is not a value of the option`);
  return option;
}

function parseGame(value: unknown, where: string): GameTable {
  const o = object(value, where);
  const minPlayers = whole(o, "min_players", where, 1);
  const options = array(o.options, `${where}.options`).map((x, i) => parseOption(x, `${where}.options[${i}]`));
  const names = options.map((x) => x.name);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated !== undefined) fail(`${where}.options`, `option ${repeated} is given twice`);
  return {
    name: text(o, "name", where, NAME),
    title: text(o, "title", where),
    gameType: whole(o, "game_type", where, 1),
    minPlayers,
    maxPlayers: whole(o, "max_players", where, minPlayers),
    options,
  };
}

/** The table of GET /api/game-types; throws GameTypesError where the answer does not fit. */
export function parseGameTypes(json: unknown): GameTypes {
  const games = array(object(json, "the answer").games, "games").map((g, i) => parseGame(g, `games[${i}]`));
  const types = games.map((g) => g.gameType);
  if (new Set(types).size !== types.length) fail("games", "a game_type is given twice");
  return { games };
}

/**
 * The server refuses this client's address (an address ban, docs/moderation.md): its WebSocket
 * upgrade fails unseen, so the page learns why from this, the first request it makes.
 */
export class AddressBannedError extends Error {
  override readonly name = "AddressBannedError";
  constructor(
    readonly reason: string,
    /** Seconds since the Unix epoch; null: for ever. */
    readonly endsAt: number | null,
  ) {
    super(`address banned: ${reason}`);
  }
}

/** The ban a 403's body tells of, if it is an address ban's. */
async function addressBan(response: Response): Promise<AddressBannedError | undefined> {
  try {
    const body = (await response.json()) as { ban?: { reason?: unknown; ends_at?: unknown; address?: unknown } };
    const ban = body.ban;
    if (ban?.address !== true || typeof ban.reason !== "string") return undefined;
    const endsAt = typeof ban.ends_at === "number" && Number.isFinite(ban.ends_at) ? ban.ends_at : null;
    return new AddressBannedError(ban.reason, endsAt);
  } catch {
    return undefined;
  }
}

/** Fetches and reads the table (from the host that served the page). */
export async function loadGameTypes(http: typeof fetch = fetch): Promise<GameTypes> {
  const response = await http(GAME_TYPES_PATH);
  if (response.status === 403) {
    const ban = await addressBan(response);
    if (ban) throw ban;
  }
  if (!response.ok) throw new GameTypesError(`${GAME_TYPES_PATH}: HTTP ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new GameTypesError(`${GAME_TYPES_PATH}: the answer is not JSON`);
  }
  return parseGameTypes(json);
}
