// What the server says of players' games: a player's profile (GET /api/players/{name}) and the
// signed-in player's own games (GET /api/me/games). Read defensively as the rest of the account
// API: an entry without the fields the screens need is dropped, a list that is not one is empty.
// The rooms not finished keep the server's order (the ones waiting for the player's move first).

import { each, isJson, type Json } from "./account_api";
import { parseRatings, type PoolRating } from "./rating_api";

/** A finished game as both answers list it ("recent", "finished"). */
export interface FinishedGame {
  /** The archive's id: the replay is /replay/{id}. */
  id: number;
  room: string;
  /** Seconds since 1970. */
  finishedAt: number;
  /** "base", "count", "castle", or a game this client does not know. */
  game: string;
  /** `account`: an account held the seat (a guest's or a computer's name is nobody's profile). */
  players: { name: string; score: number; account: boolean }[];
  /** The player's seat in `players`, -1 when the answer did not say. */
  seat: number;
  won: boolean;
}

/** How many games of one kind a player played and won. */
export interface GameCount {
  game: string;
  played: number;
  won: number;
}

export interface Profile {
  name: string;
  /** Seconds since 1970. */
  createdAt: number;
  games: GameCount[];
  /** Newest first. */
  recent: FinishedGame[];
  /** Per pool the player has rated games in (rating_api.ts); empty from a server without ratings. */
  ratings: PoolRating[];
  /** Rated games the player left (fair play, docs/moderation.md). */
  abandoned: number;
}

/** A room of the player's whose game has not ended. */
export interface RoomInProgress {
  room: string;
  game: string;
  seat: number;
  players: string[];
  /** The game began (else the room waits in its lobby). */
  started: boolean;
  /** The seat whose turn it is in a running game, -1 when none (a lobby, or an older server). */
  toMove: number;
  /** The turn is the player's own: the server lists these rooms first. */
  yourTurn: boolean;
  /**
   * When the running turn's time runs out in a turn-based game, seconds since 1970; null in a
   * live game, a lobby, or from an older server.
   */
  deadline: number | null;
}

export interface MyGames {
  inProgress: RoomInProgress[];
  finished: FinishedGame[];
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function finishedGame(g: Json): FinishedGame | undefined {
  if (typeof g.id !== "number") return undefined;
  return {
    id: g.id,
    room: text(g.room),
    finishedAt: count(g.finished_at),
    game: text(g.game),
    players: each(g.players, (p) => ({ name: text(p.name), score: count(p.score), account: p.account === true })),
    seat: typeof g.seat === "number" ? g.seat : -1,
    won: g.won === true,
  };
}

export function parseProfile(json: unknown): Profile | undefined {
  if (!isJson(json) || typeof json.name !== "string") return undefined;
  return {
    name: json.name,
    createdAt: count(json.created_at),
    games: each(json.games, (g) => (typeof g.game === "string" ? { game: g.game, played: count(g.played), won: count(g.won) } : undefined)),
    recent: each(json.recent, finishedGame),
    ratings: parseRatings(json.ratings),
    abandoned: count(json.abandoned),
  };
}

export function parseMyGames(json: unknown): MyGames | undefined {
  if (!isJson(json) || !Array.isArray(json.in_progress) || !Array.isArray(json.finished)) return undefined;
  return {
    inProgress: each(json.in_progress, (r) =>
      typeof r.room === "string" && r.room !== ""
        ? {
            room: r.room,
            game: text(r.game),
            seat: typeof r.seat === "number" ? r.seat : -1,
            players: Array.isArray(r.players) ? r.players.map(text) : [],
            started: r.started === true,
            toMove: Number.isInteger(r.to_move) && (r.to_move as number) >= 0 ? (r.to_move as number) : -1,
            yourTurn: r.your_turn === true,
            deadline: typeof r.deadline === "number" && Number.isFinite(r.deadline) && r.deadline > 0 ? r.deadline : null,
          }
        : undefined,
    ),
    finished: each(json.finished, finishedGame),
  };
}
