// The server's move texts (engine Game::MoveText: "place_tile 1 -2 r3", "score_feature 0
// doubled"), which the analysis gives for the move played and the computer's. Each game words
// them for its replay (GameReplay.describeMove); what every game shares is here. A place is told
// as players see it, never in coordinates.

import { t, type MessageKey } from "../i18n";

export interface MoveText {
  /** The move's type: the first word. */
  name: string;
  /** The numbers in order ("r3", a rotation, counts as 3). */
  numbers: number[];
  /** The other words after the type ("doubled"). */
  words: string[];
}

export function parseMoveText(text: string): MoveText {
  const [name = "", ...rest] = text.trim().split(/\s+/);
  const numbers: number[] = [];
  const words: string[] = [];
  for (const token of rest) {
    const n = /^r?(-?\d+)$/.exec(token);
    if (n) numbers.push(Number(n[1]));
    else words.push(token);
  }
  return { name, numbers, words };
}

/** A placement "x y r" (quarter turns clockwise) in words, `area` saying where; undefined when the numbers are missing. */
export function placementText(numbers: readonly number[], area: (x: number, y: number) => string): string | undefined {
  const [x, y, rotation] = numbers;
  if (x === undefined || y === undefined || rotation === undefined) return undefined;
  return t("analysis.placement", { area: area(x, y), degrees: (((rotation % 4) + 4) % 4) * 90 });
}

const AREAS: readonly (readonly MessageKey[])[] = [
  ["area.topLeft", "area.top", "area.topRight"],
  ["area.left", "area.middle", "area.right"],
  ["area.bottomLeft", "area.bottom", "area.bottomRight"],
];

/** Which third of [min, max] `v` lies in: 0, 1 or 2 (the middle when the range is one wide). */
function third(v: number, min: number, max: number): number {
  if (max <= min) return 1;
  const f = (v - min) / (max - min);
  return f < 1 / 3 ? 0 : f > 2 / 3 ? 2 : 1;
}

/**
 * Where square (x, y) lies on a board whose squares span `xs` and `ys`, in the words players
 * use ("at the top left of the board"): players see no coordinates.
 */
export function areaText(x: number, y: number, xs: readonly number[], ys: readonly number[]): string {
  const row = third(y, Math.min(y, ...ys), Math.max(y, ...ys));
  const column = third(x, Math.min(x, ...xs), Math.max(x, ...xs));
  return t(AREAS[row]![column]!);
}
