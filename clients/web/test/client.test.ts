// CarcClient with a fake WebSocket: Hello/Welcome, request ids, the resume token, and which
// close codes reconnect (docs/protocol.md, "WebSocket close codes").

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorCode } from "../src/gen/carc/v1/session_pb";
import {
  CarcClient,
  ConnectionError,
  RequestTimeoutError,
  ServerError,
  sameHostWebSocketUrl,
  type CloseInfo,
  type ConnectionStatus,
} from "../src/net/client";
import { CloseCode, DEFAULT_BACKOFF, backoffDelay, shouldReconnect } from "../src/net/reconnect";
import { MemoryStorage, RESUME_TOKEN_KEY } from "../src/net/resume_token";
import { FakeWebSocket } from "./fake_websocket";

const WS_URL = "ws://example.test/ws";

function makeClient(storage = new MemoryStorage()) {
  const client = new CarcClient({
    url: WS_URL,
    WebSocket: FakeWebSocket,
    storage,
    clientName: "Ada",
    clientVersion: "test",
    random: () => 0.5,
  });
  const statuses: ConnectionStatus[] = [];
  const closes: CloseInfo[] = [];
  client.on("status", (s) => statuses.push(s));
  client.on("close", (c) => closes.push(c));
  return { client, storage, statuses, closes };
}

/** Opens the last socket and answers its Hello with a Welcome. */
function handshake(serverVersion = "1.2.3"): FakeWebSocket {
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  const hello = ws.lastSent();
  expect(hello.body.case).toBe("hello");
  ws.serverSend({
    requestId: hello.requestId,
    body: { case: "welcome", value: { serverVersion, sessionId: "s1" } },
  });
  return ws;
}

/** Connects, opens the socket and answers its Hello with an Error. */
function connectAndRefuseHello(client: CarcClient, code: ErrorCode, message: string) {
  client.connect();
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  ws.serverSend({
    requestId: ws.sent[0]!.requestId,
    body: { case: "error", value: { code, message } },
  });
  return ws;
}

function helloOf(ws: FakeWebSocket) {
  const m = ws.sent[0];
  if (m?.body.case !== "hello") throw new Error("the first message is not Hello");
  return m.body.value;
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("CarcClient", () => {
  it("sends Hello first and is ready on Welcome", () => {
    const { client, statuses } = makeClient();
    const welcomes: string[] = [];
    client.on("welcome", (w) => welcomes.push(w.serverVersion));
    client.connect();
    const ws = FakeWebSocket.last();
    expect(ws.url).toBe(WS_URL);
    expect(ws.binaryType).toBe("arraybuffer");
    expect(client.status).toBe("connecting");

    handshake("0.9.0");
    expect(ws.sent).toHaveLength(1);
    expect(helloOf(ws)).toMatchObject({
      clientName: "Ada",
      clientVersion: "test",
      resumeToken: "",
    });
    expect(ws.sent[0]!.requestId).toBeGreaterThan(0);
    expect(client.status).toBe("ready");
    expect(client.welcome?.serverVersion).toBe("0.9.0");
    expect(welcomes).toEqual(["0.9.0"]);
    expect(statuses).toEqual(["connecting", "handshake", "ready"]);
  });

  it("matches answers to requests by request id", async () => {
    const { client } = makeClient();
    client.connect();
    const ws = handshake();

    const list = client.request({ case: "listRooms", value: {} });
    const join = client.request({ case: "joinRoom", value: { code: "ABC234" } });
    const [listReq, joinReq] = ws.sent.slice(1);
    expect(listReq!.body.case).toBe("listRooms");
    expect(joinReq!.body.case).toBe("joinRoom");
    expect(listReq!.requestId).not.toBe(joinReq!.requestId);

    // Answers in the other order, with a pushed message in between.
    const pushed: string[] = [];
    client.on("message", (m) => pushed.push(`${m.requestId}:${m.body.case}`));
    ws.serverSend({
      requestId: joinReq!.requestId,
      body: { case: "error", value: { code: ErrorCode.ROOM_NOT_FOUND, message: "no room ABC234" } },
    });
    ws.serverSend({ requestId: 0, body: { case: "chat", value: { seat: 1, text: "hi" } } });
    ws.serverSend({
      requestId: listReq!.requestId,
      body: { case: "roomList", value: { rooms: [{ code: "XYZ" }] } },
    });

    const listAnswer = await list;
    expect(listAnswer.body.case === "roomList" && listAnswer.body.value.rooms[0]?.code).toBe("XYZ");
    const error = await join.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).code).toBe(ErrorCode.ROOM_NOT_FOUND);
    expect(pushed).toEqual([
      `${joinReq!.requestId}:error`,
      "0:chat",
      `${listReq!.requestId}:roomList`,
    ]);
  });

  it("rejects requests when not ready, on close, and on timeout", async () => {
    const { client } = makeClient();
    await expect(client.request({ case: "listRooms", value: {} })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    client.connect();
    const ws = handshake();

    const lost = client.request({ case: "listRooms", value: {} });
    ws.serverClose(1006);
    await expect(lost).rejects.toBeInstanceOf(ConnectionError);

    vi.runOnlyPendingTimers(); // reconnect
    handshake();
    const slow = client.request({ case: "listRooms", value: {} }, 1000);
    vi.advanceTimersByTime(1000);
    await expect(slow).rejects.toBeInstanceOf(RequestTimeoutError);
  });

  it("stores the resume token of SeatGranted", () => {
    const { client, storage } = makeClient();
    client.connect();
    const ws = handshake();
    ws.serverSend({
      requestId: 7,
      body: {
        case: "seatGranted",
        value: { roomCode: "ABC234", seat: 0, resumeToken: "secret-1" },
      },
    });
    expect(storage.getItem(RESUME_TOKEN_KEY)).toBe("secret-1");
    expect(client.resumeToken).toBe("secret-1");
    client.clearResumeToken();
    expect(storage.getItem(RESUME_TOKEN_KEY)).toBeNull();
  });

  it("reconnects after close 1012 and sends Hello with the stored token", () => {
    const storage = new MemoryStorage();
    storage.setItem(RESUME_TOKEN_KEY, "old-token");
    const { client, closes } = makeClient(storage);
    client.connect();
    const first = handshake();
    expect(helloOf(first).resumeToken).toBe("old-token");
    first.serverSend({
      requestId: 0,
      body: {
        case: "seatGranted",
        value: { roomCode: "ABC234", seat: 2, resumeToken: "seat-2-token" },
      },
    });

    first.serverClose(CloseCode.RESTART, "server restarting");
    expect(client.status).toBe("reconnecting");
    const delay = backoffDelay(0, CloseCode.RESTART, DEFAULT_BACKOFF, () => 0.5);
    expect(closes).toEqual([{ code: 1012, reason: "server restarting", reconnectInMs: delay }]);
    expect(FakeWebSocket.instances).toHaveLength(1);

    vi.advanceTimersByTime(delay - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    const second = FakeWebSocket.last();
    second.serverOpen();
    expect(helloOf(second)).toMatchObject({ resumeToken: "seat-2-token", clientName: "Ada" });
    second.serverSend({
      requestId: second.sent[0]!.requestId,
      body: { case: "welcome", value: { serverVersion: "1", roomCode: "ABC234", seat: 2 } },
    });
    expect(client.status).toBe("ready");
    expect(client.welcome?.seat).toBe(2);
  });

  it("reconnects after a lost connection, with growing delays reset by Welcome", () => {
    const { client, closes } = makeClient();
    client.connect();
    handshake();

    FakeWebSocket.last().serverClose(CloseCode.ABNORMAL);
    vi.runOnlyPendingTimers();
    FakeWebSocket.last().serverClose(CloseCode.ABNORMAL); // the server is still down
    vi.runOnlyPendingTimers();
    FakeWebSocket.last().serverClose(CloseCode.ABNORMAL);
    expect(closes.map((c) => c.reconnectInMs)).toEqual([375, 750, 1500]); // 500 * 2^n * 0.75
    vi.runOnlyPendingTimers();
    handshake();
    FakeWebSocket.last().serverClose(CloseCode.ABNORMAL);
    expect(closes.at(-1)?.reconnectInMs).toBe(375);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it("does not reconnect after 4000 (replaced)", () => {
    const storage = new MemoryStorage();
    storage.setItem(RESUME_TOKEN_KEY, "tok");
    const { client, closes } = makeClient(storage);
    client.connect();
    handshake();
    FakeWebSocket.last().serverClose(CloseCode.REPLACED, "replaced by a newer connection");
    expect(client.status).toBe("closed");
    expect(closes).toEqual([
      { code: 4000, reason: "replaced by a newer connection", reconnectInMs: undefined },
    ]);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    // The token stays: the other tab or device holds the same seat.
    expect(storage.getItem(RESUME_TOKEN_KEY)).toBe("tok");

    // The player may take the seat back here explicitly.
    client.connect();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it("does not reconnect after 4001 (kicked) and forgets the token", () => {
    const storage = new MemoryStorage();
    storage.setItem(RESUME_TOKEN_KEY, "tok");
    const { client } = makeClient(storage);
    client.connect();
    handshake();
    FakeWebSocket.last().serverClose(CloseCode.KICKED, "kicked by the host");
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.status).toBe("closed");
    expect(storage.getItem(RESUME_TOKEN_KEY)).toBeNull();
  });

  it("does not reconnect after close() by the page", () => {
    const { client } = makeClient();
    client.connect();
    const ws = handshake();
    client.close();
    expect(ws.closedByClient).toEqual({ code: 1000, reason: "closed by the client" });
    expect(client.status).toBe("closed");
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("forgets a refused resume token and says Hello again without it", () => {
    const storage = new MemoryStorage();
    storage.setItem(RESUME_TOKEN_KEY, "expired");
    const { client } = makeClient(storage);
    let rejected = 0;
    client.on("tokenRejected", () => rejected++);
    const ws = connectAndRefuseHello(client, ErrorCode.INVALID_TOKEN, "unknown or expired");
    expect(rejected).toBe(1);
    expect(storage.getItem(RESUME_TOKEN_KEY)).toBeNull();
    const second = ws.lastSent();
    expect(second.body.case === "hello" && second.body.value.resumeToken).toBe("");
    ws.serverSend({
      requestId: second.requestId,
      body: { case: "welcome", value: { serverVersion: "1" } },
    });
    expect(client.status).toBe("ready");
  });

  it("stops when the server refuses the Hello for another reason", () => {
    const { client } = makeClient();
    const errors: Error[] = [];
    client.on("error", (e) => errors.push(e));
    const ws = connectAndRefuseHello(client, ErrorCode.INVALID_NAME, "names are 1..32 characters");
    expect(errors).toHaveLength(1);
    expect((errors[0] as ServerError).code).toBe(ErrorCode.INVALID_NAME);
    expect(client.status).toBe("closed");
    expect(ws.closedByClient?.code).toBe(1000);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("ignores events of a socket it has replaced", () => {
    const { client } = makeClient();
    client.connect();
    const old = handshake();
    old.serverClose(CloseCode.RESTART);
    vi.runOnlyPendingTimers();
    const messages: unknown[] = [];
    client.on("message", (m) => messages.push(m));
    old.serverSend({ requestId: 0, body: { case: "chat", value: { text: "late" } } });
    old.serverClose(CloseCode.RESTART);
    expect(messages).toEqual([]);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(client.status).toBe("connecting");
  });
});

describe("reconnect policy", () => {
  it("reconnects after 1012, lost connections and 4002, not after 1000, 1009, 4000, 4001, 4004", () => {
    for (const code of [1001, 1006, 1008, 1011, 1012, 4002])
      expect(shouldReconnect(code), `${code}`).toBe(true);
    for (const code of [1000, 1009, 4000, 4001, 4004])
      expect(shouldReconnect(code), `${code}`).toBe(false);
  });

  it("backs off exponentially with jitter, capped, and slower after 1008", () => {
    const b = { initialMs: 500, maxMs: 30_000, policyMinMs: 10_000 };
    expect(backoffDelay(0, 1012, b, () => 0)).toBe(250);
    expect(backoffDelay(0, 1012, b, () => 0.999999)).toBe(500);
    expect(backoffDelay(3, 1012, b, () => 0.5)).toBe(3000);
    expect(backoffDelay(20, 1006, b, () => 0.999999)).toBe(30_000);
    expect(backoffDelay(0, 1008, b, () => 0)).toBe(5000);
    expect(backoffDelay(1000, 1006, b, () => 0)).toBe(15_000);
  });
});

describe("sameHostWebSocketUrl", () => {
  it("uses wss for https pages and the page's host and port", () => {
    expect(sameHostWebSocketUrl({ protocol: "https:", host: "carc.example.org" })).toBe(
      "wss://carc.example.org/ws",
    );
    expect(sameHostWebSocketUrl({ protocol: "http:", host: "localhost:8080" })).toBe(
      "ws://localhost:8080/ws",
    );
  });
});
