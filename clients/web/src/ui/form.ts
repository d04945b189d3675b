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

/** The length in characters (Unicode code points): what the server counts (text_limits.h). */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) ++n;
  return n;
}

/** C0, DEL and C1 control characters, which the server refuses in names and chat. */
export function hasControlCharacter(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}

/**
 * The trimmed player name, or undefined when the server would refuse it: 1..32 characters
 * without control characters (server/codec text_limits.h).
 */
export function validName(name: string): string | undefined {
  const trimmed = name.trim();
  if (hasControlCharacter(trimmed)) return undefined;
  const length = charLength(trimmed);
  return length >= 1 && length <= MAX_NAME_LENGTH ? trimmed : undefined;
}
