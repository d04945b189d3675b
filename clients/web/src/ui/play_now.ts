// "Play now against the computer": one tap from the home page to a game. The page creates a
// private two-seat room of the base game with the form's defaults; when the server answers with
// the room (this page its host, still in the lobby) the page asks for a medium computer in the
// free seat, says it is ready and starts the game. The room handles one connection's requests in
// order, so the three go out together and no answer is waited for; a refusal of any of them
// leaves the player in the lobby with its reason, where the usual controls go on.

import type { CreateRoom } from "../gen/carc/v1/lobby_pb";
import { RoomStatus, type RoomState } from "../gen/carc/v1/lobby_pb";
import type { OfferedGame } from "../games/registry";
import { DEFAULT_GAME } from "../games/registry";
import { t } from "../i18n";
import type { RequestBody } from "../net/client";
import { DEFAULT_COMPUTER_LEVEL } from "./computer_player";
import { validName, type Result } from "./form";
import { buildCreateRoom, defaultRoomForm } from "./options";

/** The room "Play now" creates: the base game for two, private, the player named `name` (or a
 * stand-in name when the field is empty, so that the one tap is enough). */
export function playNowRoom(games: readonly OfferedGame[], name: string): Result<CreateRoom> {
  const form = { ...defaultRoomForm(), game: DEFAULT_GAME.id, seats: 2, isPublic: false };
  return buildCreateRoom(form, games, validName(name) === undefined ? t("home.playNowName") : name);
}

/** Whether every other seat of the room is a computer's: a rematch then needs nobody's answer. */
export function againstComputers(room: RoomState | undefined): boolean {
  return room !== undefined && room.seats.every((s) => !s.occupied || s.seat === room.yourSeat || s.computerLevel !== "");
}

/** The requests that follow the room's creation, sent once; and a rematch against computers
 * started as soon as this page is seated in its room (the server seats the computers first). */
export class PlayNow {
  private waiting = false;
  private startWhenFull: string | undefined;

  /** The rematch room `code`, against computers, is to start once this page hosts it, full. */
  rematch(code: string): void {
    this.startWhenFull = code;
  }

  /** The room was asked for. */
  begin(): void {
    this.waiting = true;
  }

  /** The creation was refused: nothing follows. */
  cancel(): void {
    this.waiting = false;
  }

  get pending(): boolean {
    return this.waiting;
  }

  /** The requests to send on this RoomState: the computer, readiness and the start, once, for
   * the first room in its lobby that this page hosts; readiness and the start for the rematch
   * room against computers once it is full; none otherwise. */
  onRoomState(room: RoomState): RequestBody[] {
    if (room.status !== RoomStatus.LOBBY) return [];
    const mine = room.seats.find((s) => s.seat === room.yourSeat);
    if (!mine?.isHost) return [];
    if (this.startWhenFull === room.code && room.seats.every((s) => s.occupied)) {
      this.startWhenFull = undefined;
      return [
        { case: "setReady", value: { ready: true } },
        { case: "startGame", value: {} },
      ];
    }
    if (!this.waiting) return [];
    this.waiting = false;
    return [
      { case: "addComputer", value: { seat: -1, level: DEFAULT_COMPUTER_LEVEL } },
      { case: "setReady", value: { ready: true } },
      { case: "startGame", value: {} },
    ];
  }
}
