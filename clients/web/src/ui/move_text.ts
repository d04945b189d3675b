// The server's move texts (engine Game::MoveText: "place_tile 1 -2 r3", "score_feature 0
// doubled"), which the analysis gives for the move played and the computer's. Each game words
// them for its replay (GameReplay.describeMove); what every game shares is here.

import { t } from "../i18n";

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

/** A placement "x y r" (quarter turns clockwise) in words; undefined when the numbers are missing. */
export function placementText(numbers: readonly number[]): string | undefined {
  const [x, y, rotation] = numbers;
  if (x === undefined || y === undefined || rotation === undefined) return undefined;
  return t("analysis.placement", { x, y, degrees: (((rotation % 4) + 4) % 4) * 90 });
}
