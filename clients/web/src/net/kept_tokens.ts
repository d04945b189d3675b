// The resume tokens of the seats this browser took as a guest, kept for an account to claim
// (POST /api/me/claims): a guest who signs up or signs in makes the games those seats played,
// finished or not, the account's. The page's resume token names one seat and goes when the seat
// is given up; this list outlives it, so that the games played before signing up count too.
// Kept where the resume token is (the browser's storage, never shown); the server takes at most
// 32 tokens a claim, so the list keeps the newest 32.

import type { StorageLike } from "./resume_token";

export const KEPT_TOKENS_KEY = "carc.keptTokens";
export const MAX_KEPT_TOKENS = 32;

/** The tokens kept, oldest first; anything unreadable counts as none. */
export function keptTokens(storage: StorageLike): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEPT_TOKENS_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string" && t !== "") : [];
  } catch {
    return [];
  }
}

function store(storage: StorageLike, tokens: readonly string[]): void {
  try {
    if (tokens.length === 0) storage.removeItem(KEPT_TOKENS_KEY);
    else storage.setItem(KEPT_TOKENS_KEY, JSON.stringify(tokens.slice(-MAX_KEPT_TOKENS)));
  } catch {
    // A full or disabled storage: those games stay the guest's.
  }
}

/** Keeps `token` as the newest (once). */
export function keepToken(storage: StorageLike, token: string): void {
  if (token === "") return;
  store(storage, [...keptTokens(storage).filter((t) => t !== token), token]);
}

/** Forgets `claimed`: their games are an account's now. */
export function forgetTokens(storage: StorageLike, claimed: readonly string[]): void {
  store(storage, keptTokens(storage).filter((t) => !claimed.includes(t)));
}

/** The tokens to claim: the kept ones and `also` (the seat's now, a game left), newest last,
 * each once, at most 32. */
export function tokensToClaim(storage: StorageLike, also: readonly string[]): string[] {
  const all = [...keptTokens(storage), ...also].filter((t) => t !== "");
  return [...new Set(all.reverse())].slice(0, MAX_KEPT_TOKENS).reverse();
}
