// What the server says of ratings (docs/protocol.md "Ratings"): the leaderboard of a pool
// (GET /api/leaderboard?pool=P&page=N) and a player's ratings per pool (the "ratings" of
// GET /api/players/{name}). Read defensively as the rest of the account API: an entry without
// the fields the screens need is dropped, a list that is not one is empty.

import { each, isJson, type Json } from "./account_api";

/** The pools, in the order the leaderboard offers them. */
export const POOLS = ["base", "count", "castle"] as const;
export type Pool = (typeof POOLS)[number];

export const isPool = (value: unknown): value is Pool => POOLS.some((p) => p === value);

/** A skill belief: mean, uncertainty and the number shown for it. */
export interface Rating {
  mu: number;
  sigma: number;
  rating: number;
}

export interface LeaderboardEntry extends Rating {
  rank: number;
  name: string;
  games: number;
}

/** A computer player's fixed rating in a pool (docs/ratings.md, the yardsticks). */
export interface ComputerRating extends Rating {
  level: ComputerLevel;
}
export type ComputerLevel = "easy" | "medium" | "hard";
const isLevel = (value: unknown): value is ComputerLevel => value === "easy" || value === "medium" || value === "hard";

export interface Leaderboard {
  pool: Pool;
  page: number;
  /** Who is listed: at least `minGames` rated games, the last within `activeDays` days. */
  minGames: number;
  activeDays: number;
  players: LeaderboardEntry[];
  /** Another page follows. */
  more: boolean;
  /** The pool's measured computer players, weakest first (none until they are measured). */
  computers: ComputerRating[];
}

/** One rated game of a player, in its pool's history. */
export interface RatingPoint {
  gameId: number;
  room: string;
  /** Seconds since 1970. */
  at: number;
  place: number;
  left: boolean;
  before: Rating;
  after: Rating;
}

export interface PoolRating extends Rating {
  pool: string;
  games: number;
  /** Seconds since 1970. */
  lastGameAt: number;
  provisional: boolean;
  /** The strongest computer player whose rating is below the player's, if any. */
  strongerThan: ComputerLevel | undefined;
  /** Oldest first (the server lists the newest first). */
  history: RatingPoint[];
}

const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function rating(o: unknown): Rating | undefined {
  if (!isJson(o) || typeof o.rating !== "number") return undefined;
  return { mu: num(o.mu), sigma: num(o.sigma), rating: o.rating };
}

export function parseLeaderboard(json: unknown): Leaderboard | undefined {
  if (!isJson(json) || !isPool(json.pool) || !Array.isArray(json.players)) return undefined;
  return {
    pool: json.pool,
    page: num(json.page) || 1,
    minGames: num(json.min_games),
    activeDays: num(json.active_days),
    players: each(json.players, (p) => {
      const r = rating(p);
      return r && typeof p.name === "string" && p.name !== "" ? { ...r, rank: num(p.rank), name: p.name, games: num(p.games) } : undefined;
    }),
    more: json.more === true,
    computers: each(json.computers, (c) => {
      const r = rating(c);
      return r && isLevel(c.level) ? { ...r, level: c.level } : undefined;
    }),
  };
}

function point(o: Json): RatingPoint | undefined {
  const before = rating(o.before);
  const after = rating(o.after);
  if (!before || !after) return undefined;
  return { gameId: num(o.game_id), room: typeof o.room === "string" ? o.room : "", at: num(o.at), place: num(o.place), left: o.left === true, before, after };
}

/** A profile's "ratings": per pool, its history oldest first. */
export function parseRatings(list: unknown): PoolRating[] {
  return each(list, (o) => {
    const r = rating(o);
    if (!r || typeof o.pool !== "string") return undefined;
    return {
      ...r,
      pool: o.pool,
      games: num(o.games),
      lastGameAt: num(o.last_game_at),
      provisional: o.provisional === true,
      strongerThan: isLevel(o.stronger_than) ? o.stronger_than : undefined,
      history: each(o.history, point).reverse(),
    };
  });
}
