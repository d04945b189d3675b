// @vitest-environment happy-dom

// A signed-in player's seat after a dropped connection (src/ui/account_seat.ts): the seat is the
// account's and SeatGranted carried no resume token, so a connection signed in
// (Welcome.account_name) re-joins the room by its code, where a guest's page goes home; a refusal
// of that join goes home with the reason. Welcome.account_name is read whether or not the
// generated schema knows field 8 (src/net/welcome_account.ts).

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { beforeEach, describe, expect, it } from "vitest";
import { AbandonPolicy, RoomStateSchema, RoomStatus, type RoomState } from "../src/gen/carc/v1/lobby_pb";
import { ErrorCode, WelcomeSchema } from "../src/gen/carc/v1/session_pb";
import { setLanguage } from "../src/i18n";
import { CarcClient } from "../src/net/client";
import { keptTokens } from "../src/net/kept_tokens";
import { MemoryStorage, RESUME_TOKEN_KEY } from "../src/net/resume_token";
import { welcomeAccount } from "../src/net/welcome_account";
import { roomToRejoin } from "../src/ui/account_seat";
import { App } from "../src/ui/app";
import { FakeWebSocket } from "./fake_websocket";
import { serving } from "./game_table";

beforeEach(() => setLanguage("en", undefined));

/** A Welcome with field 8 as the server writes it: unknown to a schema without it, read by one
 * with it (create() takes no unknown field from its init). */
function welcomeAs(accountName: string, init: { roomCode?: string; seat?: number } = {}) {
  const value = create(WelcomeSchema, { serverVersion: "9", ...init });
  if (accountName !== "") value.$unknown = [{ no: 8, wireType: WireType.LengthDelimited, data: new BinaryWriter().string(accountName).finish() }];
  return value;
}

function welcome(ws: FakeWebSocket, accountName: string, roomCode = "", seat = -1): void {
  const hello = ws.sent.filter((m) => m.body.case === "hello").at(-1)!;
  ws.serverSend({ requestId: hello.requestId, body: { case: "welcome", value: welcomeAs(accountName, { roomCode, seat }) } });
}

function room(status: RoomStatus, yourSeat = 1): RoomState {
  return create(RoomStateSchema, {
    code: "ABCD2345",
    status,
    yourSeat,
    invitePath: "/r/ABCD2345",
    options: { seats: 2, abandonPolicy: AbandonPolicy.COMPUTER, gameOptions: { case: "base", value: {} } },
    seats: [
      { seat: 0, name: "Bo", colour: "red", occupied: true, connected: true, isHost: true },
      { seat: 1, name: "Ada", colour: "blue", occupied: true, connected: true },
    ],
  });
}

/** A page signed in as `account` ("" a guest), seated in the lobby of ABCD2345 by `token`. */
function seatedPage(account: string, token: string, storage = new MemoryStorage()) {
  FakeWebSocket.reset();
  const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage });
  const root = document.createElement("div");
  document.body.append(root);
  const location = { origin: "https://x", pathname: "/", hash: "" };
  const app = new App(root, client, { location, storage: storage as unknown as Storage, http: serving() });
  app.start();
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  welcome(ws, account);
  ws.serverSend({ body: { case: "roomState", value: room(RoomStatus.LOBBY) } });
  ws.serverSend({ body: { case: "seatGranted", value: { roomCode: "ABCD2345", seat: 1, resumeToken: token } } });
  expect(app.screen).toBe("lobby");
  return { app, client, root, ws, storage };
}

/** The connection drops and the client opens the next one at once. */
function drop(client: CarcClient, ws: FakeWebSocket): FakeWebSocket {
  ws.serverClose(1006);
  client.reconnectNow();
  const next = FakeWebSocket.last();
  expect(next).not.toBe(ws);
  next.serverOpen();
  return next;
}

const joins = (ws: FakeWebSocket) => ws.sent.flatMap((m) => (m.body.case === "joinRoom" ? [{ id: m.requestId, ...m.body.value }] : []));

describe("the reconnect decision", () => {
  const seated = { roomCode: "ABCD2345", seated: true };

  it("re-joins the room seated in when a signed-in connection took no seat back", () => {
    expect(roomToRejoin(seated, { roomCode: "", accountName: "Ada" })).toBe("ABCD2345");
  });

  it("does not when the token took the seat back, for a guest, a spectator or a page in no room", () => {
    expect(roomToRejoin(seated, { roomCode: "ABCD2345", accountName: "Ada" })).toBeUndefined();
    expect(roomToRejoin(seated, { roomCode: "", accountName: "" })).toBeUndefined();
    expect(roomToRejoin({ roomCode: "ABCD2345", seated: false }, { roomCode: "", accountName: "Ada" })).toBeUndefined();
    expect(roomToRejoin({ roomCode: undefined, seated: false }, { roomCode: "", accountName: "Ada" })).toBeUndefined();
  });

  it("reads Welcome.account_name from the wire, \"\" for a guest", () => {
    expect(welcomeAccount(welcomeAs(""))).toBe("");
    const wire = toBinary(WelcomeSchema, welcomeAs("Åsa"));
    expect(welcomeAccount(fromBinary(WelcomeSchema, wire))).toBe("Åsa");
  });
});

describe("an account's seat after a dropped connection", () => {
  it("has no token to keep, and forgets one kept from an earlier seat", () => {
    const storage = new MemoryStorage();
    storage.setItem(RESUME_TOKEN_KEY, "an-older-seat");
    const { client } = seatedPage("Ada", "", storage);
    expect(client.resumeToken).toBe("");
    // The older seat's token stays for a claim; nothing was added for this one.
    expect(keptTokens(storage)).toEqual([]);
  });

  it("joins the room again by its code, the room on the page meanwhile", () => {
    const { app, client, ws } = seatedPage("Ada", "");
    const next = drop(client, ws);
    const hello = next.sent[0]!.body;
    expect(hello.case === "hello" && hello.value.resumeToken).toBe("");
    welcome(next, "Ada");
    expect(joins(next)).toMatchObject([{ code: "ABCD2345", playerName: "Ada", spectate: false }]);
    expect(app.screen).toBe("lobby");
    // The server gives the seat back: the same room goes on.
    next.serverSend({ requestId: joins(next)[0]!.id, body: { case: "seatGranted", value: { roomCode: "ABCD2345", seat: 1 } } });
    next.serverSend({ body: { case: "roomState", value: room(RoomStatus.PLAYING) } });
    expect(app.screen).toBe("game");
    expect(next.sent.filter((m) => m.body.case === "listRooms")).toEqual([]);
    client.close();
  });

  it("joins by code too when the token kept is refused", () => {
    const { client, ws } = seatedPage("Ada", "a-guest-token");
    const next = drop(client, ws);
    const hello = next.sent[0]!;
    expect(hello.body.case === "hello" && hello.body.value.resumeToken).toBe("a-guest-token");
    next.serverSend({ requestId: hello.requestId, body: { case: "error", value: { code: ErrorCode.INVALID_TOKEN, message: "expired" } } });
    welcome(next, "Ada");
    expect(joins(next).map((j) => j.code)).toEqual(["ABCD2345"]);
    client.close();
  });

  it("goes home, joining nothing, for a guest without a seat taken back", () => {
    const { app, client, ws } = seatedPage("", "");
    const next = drop(client, ws);
    welcome(next, "");
    expect(joins(next)).toEqual([]);
    expect(app.screen).toBe("home");
    client.close();
  });

  it("goes home with the reason when the room is gone", () => {
    const { app, client, root, ws } = seatedPage("Ada", "");
    const next = drop(client, ws);
    welcome(next, "Ada");
    next.serverSend({ requestId: joins(next)[0]!.id, body: { case: "error", value: { code: ErrorCode.ROOM_NOT_FOUND, message: "no such room" } } });
    expect(app.screen).toBe("home");
    expect(root.querySelector(".banner")?.textContent).not.toBe("");
    expect(next.sent.some((m) => m.body.case === "listRooms")).toBe(true);
    client.close();
  });
});
