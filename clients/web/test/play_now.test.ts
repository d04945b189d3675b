// @vitest-environment happy-dom

// "Play now against the computer" (issue: the table, round three, point 10): one tap sends a
// private two-seat room of the base game, then, once the server answers with the room this page
// hosts, a medium computer, readiness and the start, in that order and once; a server without
// computer players offers no such button; a refused room leaves nothing to follow.

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RoomStateSchema, RoomStatus, SeatInfoSchema, type RoomState } from "../src/gen/carc/v1/lobby_pb";
import { ErrorCode } from "../src/gen/carc/v1/session_pb";
import { setLanguage } from "../src/i18n";
import { defaultRoomForm } from "../src/ui/options";
import { againstComputers, PlayNow } from "../src/ui/play_now";
import { connectedApp } from "./connected_app";

const playNowButton = (root: Element) => root.querySelector<HTMLButtonElement>('button[name="play-now"]');

function hosted(status = RoomStatus.LOBBY): RoomState {
  return create(RoomStateSchema, {
    code: "PLAY23",
    status,
    yourSeat: 0,
    invitePath: "/r/PLAY23",
    options: { seats: 2, isPublic: false, gameOptions: { case: "base", value: {} } },
    seats: [
      { seat: 0, name: "Ada", colour: "red", occupied: true, connected: true, isHost: true },
      { seat: 1, occupied: false },
    ],
  });
}

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

describe("play now", () => {
  it("creates a private two-seat room, then asks for a medium computer, readiness and the start once", async () => {
    const { client, root, ws } = connectedApp(2000, "Ada");
    await vi.waitFor(() => expect(playNowButton(root)).not.toBeNull());
    playNowButton(root)!.click();
    const createRequest = ws.lastSent();
    expect(createRequest.body.case).toBe("createRoom");
    const request = createRequest.body.case === "createRoom" ? createRequest.body.value : undefined;
    expect(request?.playerName).toBe("Ada");
    expect(request?.options?.seats).toBe(2);
    expect(request?.options?.isPublic).toBe(false);
    expect(request?.options?.gameOptions.case).toBe("base");
    const before = ws.sent.length;

    ws.serverSend({ requestId: createRequest.requestId, body: { case: "roomState", value: hosted() } });
    const then = ws.sent.slice(before).map((m) => m.body);
    expect(then).toMatchObject([
      { case: "addComputer", value: { seat: -1, level: "medium" } },
      { case: "setReady", value: { ready: true } },
      { case: "startGame", value: {} },
    ]);
    // The lobby's later states (the computer seated, readiness) ask for nothing more.
    const seated = hosted();
    seated.seats[1] = create(SeatInfoSchema, { seat: 1, name: "Computer 2", occupied: true, ready: true, computerLevel: "mcts@250" });
    ws.serverSend({ body: { case: "roomState", value: seated } });
    ws.serverSend({ body: { case: "roomState", value: hosted() } });
    expect(ws.sent.length).toBe(before + 3);
    client.close();
  });

  it("uses a stand-in name when none is typed, and does not keep it as the player's", async () => {
    const { client, root, ws } = connectedApp(2000);
    await vi.waitFor(() => expect(playNowButton(root)).not.toBeNull());
    playNowButton(root)!.click();
    const sent = ws.lastSent();
    expect(sent.body.case === "createRoom" && sent.body.value.playerName).toBe("Player");
    expect(root.querySelector<HTMLInputElement>('input[name="player-name"]')?.value).toBe("");
    client.close();
  });

  it("sends nothing more after the room is refused, and a later room of the form is left alone", async () => {
    const { client, root, ws } = connectedApp(2000, "Ada");
    await vi.waitFor(() => expect(playNowButton(root)).not.toBeNull());
    playNowButton(root)!.click();
    const createRequest = ws.lastSent();
    ws.serverSend({
      requestId: createRequest.requestId,
      body: { case: "error", value: { code: ErrorCode.TOO_MANY_ROOMS, message: "the server has too many rooms right now" } },
    });
    expect(root.textContent).toContain("too many rooms");
    const before = ws.sent.length;
    ws.serverSend({ body: { case: "roomState", value: hosted() } });
    expect(ws.sent.length).toBe(before);
    client.close();
  });

  it("is not offered by a server without computer players", async () => {
    const { client, root } = connectedApp(0, "Ada");
    await vi.waitFor(() => expect(root.querySelector('form[aria-labelledby="create-heading"]')).not.toBeNull());
    expect(playNowButton(root)).toBeNull();
    client.close();
  });

  it("starts a rematch against computers once this page hosts its room, full, and only that room", () => {
    const playNow = new PlayNow();
    const room = (code: string, computerSeated: boolean) =>
      create(RoomStateSchema, {
        code,
        status: RoomStatus.LOBBY,
        yourSeat: 0,
        seats: [
          { seat: 0, name: "Ada", occupied: true, isHost: true },
          computerSeated ? { seat: 1, name: "Computer 2", occupied: true, ready: true, computerLevel: "greedy" } : { seat: 1, occupied: false },
        ],
      });
    playNow.rematch("NEXT2345");
    expect(playNow.onRoomState(room("OTHER234", true))).toEqual([]);
    expect(playNow.onRoomState(room("NEXT2345", false))).toEqual([]);
    expect(playNow.onRoomState(room("NEXT2345", true))).toMatchObject([
      { case: "setReady", value: { ready: true } },
      { case: "startGame", value: {} },
    ]);
    expect(playNow.onRoomState(room("NEXT2345", true))).toEqual([]);  // once
  });

  it("knows a table of computers from one with other people", () => {
    const finished = (others: { computerLevel: string; occupied: boolean }[]) =>
      create(RoomStateSchema, {
        yourSeat: 0,
        seats: [{ seat: 0, occupied: true }, ...others.map((o, i) => ({ seat: i + 1, ...o }))],
      });
    expect(againstComputers(finished([{ computerLevel: "easy", occupied: true }, { computerLevel: "hard", occupied: true }]))).toBe(true);
    expect(againstComputers(finished([{ computerLevel: "easy", occupied: true }, { computerLevel: "", occupied: true }]))).toBe(false);
    expect(againstComputers(finished([{ computerLevel: "", occupied: false }]))).toBe(true);
    expect(againstComputers(undefined)).toBe(false);
  });

  it("new rooms of the form are private unless the host says otherwise", () => {
    expect(defaultRoomForm().isPublic).toBe(false);
  });
});
