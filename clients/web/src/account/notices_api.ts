// Which notices the player is pushed and their quiet hours, on the server (docs/protocol.md,
// "Which notices, and quiet hours"; the server's accounts/notice_preferences_api.h). Each request
// answers as the rest of the account API does (account_api.ts): a value or a refusal, never an
// exception; an answer without the documented shape is a refusal.
//
// The server's contract: GET /api/me/notices -> {"push": {"turn", "reminder", "invitation",
// "game_over": bool}, "quiet": null | {"from": "HH:MM", "to": "HH:MM"}, "time_zone"}; PUT any of
// those fields -> 200 the whole object, each field given replacing what was kept (in "push", each
// kind given) and the others staying; 400 field "push", "quiet" (not two different HH:MM times)
// or "time_zone" (a zone the server's database lacks), and then nothing changes.

import { isJson, type AccountApi, type Answer, type Json } from "./account_api";

/** The kinds in the server's order, which is the card's. */
export const NOTICE_KINDS = ["turn", "reminder", "invitation", "game_over"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface QuietHours {
  /** Local times "HH:MM" in the preferences' zone; `from` after `to` runs over midnight. */
  from: string;
  to: string;
}

export interface NoticePreferences {
  push: Record<NoticeKind, boolean>;
  quiet: QuietHours | null;
  /** An IANA name ("Europe/Berlin"): the zone of the quiet hours. */
  timeZone: string;
}

/** What a PUT may change: any of the fields, and in `push` any of the kinds. */
export interface NoticeChange {
  push?: Partial<Record<NoticeKind, boolean>>;
  quiet?: QuietHours | null;
  timeZone?: string;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

function parseQuiet(json: unknown): QuietHours | null | undefined {
  if (json === null) return null;
  if (!isJson(json) || typeof json.from !== "string" || typeof json.to !== "string") return undefined;
  return CLOCK.test(json.from) && CLOCK.test(json.to) ? { from: json.from, to: json.to } : undefined;
}

/** A kind the server does not name is on, as on a server that has not heard of it yet. */
export function parseNotices(json: unknown): NoticePreferences | undefined {
  if (!isJson(json) || !isJson(json.push) || typeof json.time_zone !== "string") return undefined;
  const quiet = parseQuiet(json.quiet);
  if (quiet === undefined) return undefined;
  const push = json.push;
  const kinds = Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, push[kind] !== false])) as Record<NoticeKind, boolean>;
  return { push: kinds, quiet, timeZone: json.time_zone };
}

function changeJson(change: NoticeChange): Json {
  const body: Json = {};
  if (change.push !== undefined) body.push = change.push;
  if (change.quiet !== undefined) body.quiet = change.quiet;
  if (change.timeZone !== undefined) body.time_zone = change.timeZone;
  return body;
}

export const getNotices = (api: AccountApi): Promise<Answer<NoticePreferences>> => api.get("/api/me/notices", parseNotices);

/** Only the fields in `change` are sent: another device's change to the others stays. */
export const putNotices = (api: AccountApi, change: NoticeChange): Promise<Answer<NoticePreferences>> =>
  api.send("PUT", "/api/me/notices", parseNotices, changeJson(change));
