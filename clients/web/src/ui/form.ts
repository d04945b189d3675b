// What every form of the page checks the same way, whichever game it is for: the outcome of a
// form (a value to send, or why not), whole numbers typed as text, and the player's name as the
// server counts it.

import { t, type MessageKey } from "../i18n";

/** Why a form cannot be sent: a shared message, or a game's own words about its own options. */
export type Failure = { ok: false; error: MessageKey } | { ok: false; message: string };

export type Result<T> = { ok: true; value: T } | Failure;

/** The words of a failure, in the current language. */
export function failureText(failure: Failure): string {
  return "error" in failure ? t(failure.error) : failure.message;
}

/** A whole number written in decimal digits only, within lo..hi. */
export function parseIntIn(text: string, lo: number, hi: number): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= lo && n <= hi ? n : undefined;
}

/** lo, lo + 1, ..., hi: the choices of a number menu. */
export function range(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let n = lo; n <= hi; n++) out.push(n);
  return out;
}

export const MAX_NAME_LENGTH = 32;

/** The length in UTF-8 bytes: what the server counts. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * The trimmed player name, or undefined when the server would refuse it: 1..32 bytes of UTF-8
 * without control characters (server/rooms/lobby.cc ValidName).
 */
export function validName(name: string): string | undefined {
  const trimmed = name.trim();
  const length = utf8Length(trimmed);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return undefined;
  return length >= 1 && length <= MAX_NAME_LENGTH ? trimmed : undefined;
}
