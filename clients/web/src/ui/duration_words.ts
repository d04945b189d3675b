// A span of time in words, in the page's language: "1 day", "3 days", "1 day 12 hours",
// "20 hours 5 minutes". The turn-based room's times (RoomOptions.turn_based) in the create-room
// form and the lobby, and what is left of a turn or a reserve on the game screens and the account
// page's games. Intl has the units of every language, so the tables need none.

import { getLanguage } from "../i18n";

const UNITS = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
] as const;

function unitWords(n: number, unit: string): string {
  return new Intl.NumberFormat(getLanguage(), { style: "unit", unit, unitDisplay: "long" }).format(n);
}

/**
 * `seconds` in days, hours and minutes, each rounded down (a time left is never said longer than
 * it is); `parts`: at most that many units from the largest one there is (2: "1 day 4 hours",
 * never its minutes). Under a minute, its seconds.
 */
export function durationWords(seconds: number, parts: number = UNITS.length): string {
  let rest = Math.max(0, Math.floor(seconds));
  if (rest < 60) return unitWords(rest, "second");
  const words: string[] = [];
  let counted = 0;
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (counted > 0 || n > 0) counted++;
    if (n > 0 && counted <= parts) words.push(unitWords(n, unit));
  }
  return new Intl.ListFormat(getLanguage(), { type: "unit", style: "narrow" }).format(words);
}
