// Invitations to a room (docs/protocol.md, "Friends and invitations"): the signed-in player's
// pending ones (GET /api/me/invitations), their answers (accept: the room's code, to join as from
// the code; decline), and sending one (POST /api/invitations). Read defensively as the rest of
// the account API: an entry without an id, a sender or a room is dropped; an answer that is not
// the documented shape is a refusal, never an exception.

import { each, isJson, type AccountApi, type Answer, type Refusal } from "./account_api";
import { t } from "./i18n";

export interface Invitation {
  id: number;
  /** Who invited (their name as they chose it). */
  from: string;
  room: string;
  /** "base", "count", "castle", or a game this client does not know; may be "". */
  game: string;
  /** Seconds since 1970. */
  createdAt: number;
}

const seconds = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export function parseInvitations(json: unknown): Invitation[] | undefined {
  if (!isJson(json) || !Array.isArray(json.invitations)) return undefined;
  return each(json.invitations, (i) =>
    Number.isSafeInteger(i.id) && typeof i.from === "string" && i.from !== "" && typeof i.room === "string" && i.room !== ""
      ? { id: i.id as number, from: i.from, room: i.room, game: typeof i.game === "string" ? i.game : "", createdAt: seconds(i.created_at) }
      : undefined,
  );
}

/** The room of an accepted invitation; only a code of the shape rooms have (6 to 8 capitals and
 * digits) is joined. */
export function parseAccepted(json: unknown): string | undefined {
  return isJson(json) && typeof json.room === "string" && /^[A-Z0-9]{6,8}$/.test(json.room) ? json.room : undefined;
}

/** The id of a sent invitation (201, or 200 for the invitee's pending one to that room). */
function parseSent(json: unknown): number | undefined {
  return isJson(json) && Number.isSafeInteger(json.id) ? (json.id as number) : undefined;
}

export const listInvitations = (api: AccountApi): Promise<Answer<Invitation[]>> => api.get("/api/me/invitations", parseInvitations);

export const acceptInvitation = (api: AccountApi, id: number): Promise<Answer<string>> =>
  api.send("POST", `/api/me/invitations/${encodeURIComponent(id)}/accept`, parseAccepted);

export const declineInvitation = (api: AccountApi, id: number): Promise<Answer<void>> =>
  api.send("POST", `/api/me/invitations/${encodeURIComponent(id)}/decline`);

export const sendInvitation = (api: AccountApi, to: string, room: string): Promise<Answer<number>> =>
  api.send("POST", "/api/invitations", parseSent, { to, room });

/**
 * What a refused invitation says to its sender. 404 is the server's one answer for an unknown
 * player, one who blocks the sender and one who takes no invitations from them: the words stay
 * as neutral as the answer.
 */
export function invitationRefusal(refusal: Refusal, otherwise: (refusal: Refusal) => string, wait: (refusal: Refusal) => string): string {
  if (refusal.status === 404) return t("invite.notTaken");
  if (refusal.status === 409 && refusal.field === "room") return t("invite.roomGone");
  if (refusal.status === 409 && refusal.field === "to") return t("invite.full");
  if (refusal.status === 429) return t("invite.tooMany", { when: wait(refusal) });
  return otherwise(refusal);
}
