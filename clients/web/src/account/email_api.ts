// The player's e-mail address on the server (docs/protocol.md, "E-mail"; the server's
// accounts/email_api.h): its state, giving or changing it (a confirmation link is mailed to it),
// the daily digest on or off, its removal, and the confirmation link's token posted back. Each
// request answers as the rest of the account API does (account_api.ts): a value or a refusal,
// never an exception; an answer without the documented shape is a refusal.
//
// The server's contract: GET /api/me/email -> {"address": string|null, "verified", "digest",
// "sending"}; PUT {address, lang} -> 202 the same (400 field "address" or "lang", 429 with
// Retry-After while the last link is under 10 minutes old, 503 when it sends no mail); PATCH
// {digest} -> 200 the same (404 without an address); DELETE -> 204; POST /api/email/verify
// {token} -> 200 {"verified": true} (400 field "token": unknown, used, replaced or out of date).

import { isJson, type AccountApi, type Answer } from "./account_api";

export interface EmailState {
  /** null when the player gave none. */
  address: string | null;
  /** Whether the link mailed to the address was opened. */
  verified: boolean;
  /** Whether the daily digest of the games waiting for the player's move goes to it. */
  digest: boolean;
  /** Whether this server sends mail at all: without, an address can only be seen and removed. */
  sending: boolean;
}

/** The longest address the server keeps (RFC 5321's path limit). */
export const MAX_ADDRESS_CHARS = 254;

/** A link goes out at most once per this many seconds and account (the server's rule). */
export const RESEND_SECONDS = 600;

export function parseEmail(json: unknown): EmailState | undefined {
  if (!isJson(json) || (json.address !== null && typeof json.address !== "string")) return undefined;
  return {
    address: json.address === "" ? null : json.address,
    verified: json.verified === true,
    digest: json.digest === true,
    sending: json.sending === true,
  };
}

const parseVerified = (json: unknown): true | undefined => (isJson(json) && json.verified === true ? true : undefined);

export const getEmail = (api: AccountApi): Promise<Answer<EmailState>> => api.get("/api/me/email", parseEmail);

/** `lang`: the page's language, that of the link's mail and of every mail after it. */
export const putEmail = (api: AccountApi, address: string, lang: string): Promise<Answer<EmailState>> =>
  api.send("PUT", "/api/me/email", parseEmail, { address, lang });

export const patchDigest = (api: AccountApi, digest: boolean): Promise<Answer<EmailState>> =>
  api.send("PATCH", "/api/me/email", parseEmail, { digest });

/** 204, also when there was none. */
export const deleteEmail = (api: AccountApi): Promise<Answer<void>> => api.send("DELETE", "/api/me/email");

/** Anyone may post it: the token is the credential, so this works signed out too. */
export const verifyEmail = (api: AccountApi, token: string): Promise<Answer<true>> =>
  api.send("POST", "/api/email/verify", parseVerified, { token });
