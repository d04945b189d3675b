// Times in words, in the page's language: how long ago a session was last seen ("5 minutes
// ago", "yesterday"), how long a refusal asks the player to wait ("in 2 minutes"), the day an
// account was made, what is left of a turn-based game's turn ("20 hours 5 minutes left"), a clock
// time ("10:00 PM", "22:00"). Intl has the words of every language, so the tables need none but
// for the turn's time left.

import { getLanguage } from "../i18n";
import { durationWords } from "../ui/duration_words";
import { t } from "./i18n";

/** Each unit and how many of it make the next. */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

function inUnits(seconds: number, round: (n: number) => number, numeric: "auto" | "always"): string {
  const words = new Intl.RelativeTimeFormat(getLanguage(), { numeric });
  let value = seconds;
  for (const [unit, size] of UNITS) {
    // Rounded first: 59.6 seconds is "1 minute", never "60 seconds".
    if (Math.abs(round(value)) < size) return words.format(round(value), unit);
    value /= size;
  }
  return words.format(round(value), "year");
}

/** "5 minutes ago", "yesterday", "now": the moment `atSeconds` seen from `nowMs`. */
export function timeAgo(atSeconds: number, nowMs: number): string {
  // A server clock a little ahead of this one is not "in 3 seconds".
  return inUnits(Math.min(0, atSeconds - nowMs / 1000), Math.round, "auto");
}

/** "in 2 minutes": a wait of `seconds`, rounded up, so that the player never asks too early. */
export function waitWords(seconds: number): string {
  return inUnits(Math.max(1, seconds), Math.ceil, "always");
}

/** "28 November 2026": the day of `atSeconds`. */
export function dayWords(atSeconds: number): string {
  return new Intl.DateTimeFormat(getLanguage(), { dateStyle: "long" }).format(new Date(atSeconds * 1000));
}

/** "10:00 PM", "22:00": a clock time "HH:MM" as the page's language writes it; the time as it
 * came when it is not one. */
export function clockWords(time: string): string {
  const match = /^(\d\d):(\d\d)$/.exec(time);
  if (!match) return time;
  // Any day, read in UTC: a clock time, with no zone or daylight saving to move it.
  const at = Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]));
  return new Intl.DateTimeFormat(getLanguage(), { timeStyle: "short", timeZone: "UTC" }).format(at);
}

/**
 * "20 hours 5 minutes left", "time is up": what is left until a turn-based game's `deadline`
 * (seconds since 1970) by this device's clock at `nowMs`, in its two largest units, rounded down.
 */
export function timeLeftWords(deadline: number, nowMs: number): string {
  const left = deadline - nowMs / 1000;
  return left > 0 ? t("games.timeLeft", { time: durationWords(left, 2) }) : t("games.timeUp");
}
