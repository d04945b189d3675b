// What the page says when a moderator kicks its player or closes its room (docs/moderation.md,
// "What a sanction does"): the pushed RoomLeft's kind, with the moderator's reason as the server
// gave it, never longer than a detail the banner shows.

import { RemovedBy, type RoomLeft } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import { MAX_DETAIL_CHARS } from "./errors";

/** Whether `left` is a moderator's doing rather than the answer to the player's own LeaveRoom. */
export function byModerator(left: RoomLeft): boolean {
  return left.moderation !== RemovedBy.UNSPECIFIED;
}

/** The banner's words for `left` (a moderator's kick or close). */
export function moderatorRemovalWords(left: RoomLeft): string {
  const key = left.moderation === RemovedBy.KICK ? "status.moderatorKicked" : "status.roomClosed";
  const reason = [...left.reason.trim()].slice(0, MAX_DETAIL_CHARS).join("");
  return reason === "" ? t(key) : `${t(key)} (${reason})`;
}
