// Computer players as the page shows them, wherever a seat is drawn (the lobby, every game's
// players' card and final table): the levels the lobby offers, a computer seat's badge with its
// level, and the marker of a person's seat that a computer plays while its player is away.

import type { SeatInfo } from "../gen/carc/v1/lobby_pb";
import { t, type MessageKey } from "../i18n";
import { skippedBadge } from "./absent_vote";
import { awayBadge } from "./away_countdown";
import { h } from "./dom";

/** The levels the lobby offers, by the names AddComputer.level takes. */
export const COMPUTER_LEVELS = ["easy", "medium", "hard"] as const;
export type ComputerLevel = (typeof COMPUTER_LEVELS)[number];

/** The levels with a yardstick rating: the only computer players a rated room seats. */
export const RATED_LEVELS: readonly ComputerLevel[] = ["easy", "medium", "hard"];

/** The levels a room of these options may seat, of those the server allows. */
export function roomLevels(levels: readonly ComputerLevel[], rated: boolean): ComputerLevel[] {
  return levels.filter((l) => !rated || RATED_LEVELS.includes(l));
}

/** Each offered level's time a move, as the server counts it against Welcome.max_computer_ms. */
const LEVEL_MS: Record<ComputerLevel, number> = { easy: 0, medium: 250, hard: 1000 };

/**
 * The levels a server allows: none when it has no computer players (max_computer_ms 0), else
 * those whose time a move is within its limit (easy, the greedy player, needs none).
 */
export function offeredLevels(maxComputerMs: number): ComputerLevel[] {
  if (maxComputerMs <= 0) return [];
  return COMPUTER_LEVELS.filter((l) => LEVEL_MS[l] <= maxComputerMs);
}

/** The menu's first choice: a real opponent that still answers within a quarter of a second. */
export const DEFAULT_COMPUTER_LEVEL: ComputerLevel = "medium";

// SeatInfo.computer_level holds the server's canonical text of a level, not the name the host
// chose (server/bots/bot_level.cc, LevelText): these are the offered levels' texts.
const CANONICAL = new Map<string, ComputerLevel>([
  ["greedy", "easy"],
  ["mcts@250", "medium"],
  ["mcts@1000", "hard"],
]);

const LEVEL_WORDS: Record<ComputerLevel, MessageKey> = {
  easy: "computer.easy",
  medium: "computer.medium",
  hard: "computer.hard",
};

export function levelName(level: ComputerLevel): string {
  return t(LEVEL_WORDS[level]);
}

/** The menu value as a level, undefined for anything else. */
export function parseComputerLevel(value: string): ComputerLevel | undefined {
  return COMPUTER_LEVELS.find((l) => l === value);
}

/**
 * A seat's level in words: Easy, Medium or Hard for the offered ones; any other level (set by
 * another client: "mcts@500", "random") as the server writes it, since it has no name here.
 */
export function computerLevelText(level: string): string {
  const offered = CANONICAL.get(level);
  return offered === undefined ? level : levelName(offered);
}

export function isComputer(seat: SeatInfo | undefined): boolean {
  return seat !== undefined && seat.occupied && seat.computerLevel !== "";
}

/** "Computer · Hard". */
export function computerBadgeText(level: string): string {
  return t("computer.badge", { level: computerLevelText(level) });
}

/** The badge of a computer's seat; null for a person's. */
export function computerBadge(seat: SeatInfo | undefined): HTMLElement | null {
  if (!seat || !isComputer(seat)) return null;
  return h("span", { class: "badge computer", "data-computer-level": seat.computerLevel }, computerBadgeText(seat.computerLevel));
}

/**
 * Whether a seat's player is there, in a game's players' card: a computer's seat has no
 * connection to show (its badge says what it is instead), and a person's seat a computer plays
 * for, or whose turns the players voted to skip, says so, which says more than "offline".
 */
export function presenceBadge(seat: SeatInfo | undefined): HTMLElement {
  const computer = computerBadge(seat);
  if (computer) return computer;
  if (seat?.skipped) return skippedBadge(seat);
  if (seat?.computerStandingIn) {
    return h("span", { class: "badge stand-in", "data-stand-in": seat.seat }, t("computer.standingIn", { name: seat.name }));
  }
  const away = seat ? awayBadge(document, seat) : null;
  if (away) return away;
  return h("span", { class: `badge ${seat?.connected ? "online" : "offline"}` }, seat?.connected ? t("lobby.online") : t("lobby.offline"));
}
