// Room codes and invite links (/r/CODE).

import { create } from "@bufbuild/protobuf";
import { JoinRoomSchema, type JoinRoom } from "../gen/carc/v1/lobby_pb";
import type { Result } from "./form";
import { validName } from "./form";

/** The letters and digits of room codes: no I, L, O, 0 or 1. */
export const INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** New rooms' codes; rooms made before codes grew from 6 letters keep theirs. */
export const INVITE_CODE_LENGTH = 8;
const OLD_CODE_LENGTH = 6;

const CODE_RE = new RegExp(`^(?:[${INVITE_ALPHABET}]{${INVITE_CODE_LENGTH}}|[${INVITE_ALPHABET}]{${OLD_CODE_LENGTH}})$`);

/** Upper case, without spaces and dashes: what a person may type or paste. */
export function normaliseInviteCode(input: string): string {
  return input.replace(/[\s-]+/g, "").toUpperCase();
}

export function isValidInviteCode(code: string): boolean {
  return CODE_RE.test(code);
}

/** The normalised code, or undefined when it is not a room code. */
export function parseInviteCode(input: string): string | undefined {
  const code = normaliseInviteCode(input);
  return isValidInviteCode(code) ? code : undefined;
}

/** The room code of an invite link: a path ending in /r/CODE, or a hash #/r/CODE. */
export function parseInvitePath(pathname: string, hash = ""): string | undefined {
  const re = /(?:^|\/)r\/([^/?#]+)\/?$/;
  const fromHash = /^#\/?r\/([^/?#]+)\/?$/.exec(hash);
  const match = re.exec(pathname) ?? fromHash;
  if (!match || match[1] === undefined) return undefined;
  let text: string;
  try {
    text = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  return parseInviteCode(text);
}

/** The page path without a trailing /r/CODE (where to go after leaving a room). */
export function homePath(pathname: string): string {
  const stripped = pathname.replace(/\/r\/[^/]*\/?$/, "/");
  return stripped === "" ? "/" : stripped;
}

/** The full invite link of a room: RoomState.invite_path (or /r/CODE) on this page's origin. */
export function inviteUrl(origin: string, invitePath: string, code: string): string {
  const path = invitePath !== "" ? invitePath : `/r/${code}`;
  return origin + (path.startsWith("/") ? path : `/${path}`);
}

export function buildJoinRoom(codeInput: string, playerName: string, spectate: boolean): Result<JoinRoom> {
  const name = validName(playerName);
  if (name === undefined) return { ok: false, error: "form.errorName" };
  const code = parseInviteCode(codeInput);
  if (code === undefined) return { ok: false, error: "form.errorCode" };
  return { ok: true, value: create(JoinRoomSchema, { code, playerName: name, spectate }) };
}
