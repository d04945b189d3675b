// CarcClient in a cluster: a Redirect answering the Hello or a JoinRoom is followed to the node
// it names (same Hello, then the same request with the same id), only to safe URLs and only a
// few times in a row, and a lost connection goes back to that node first, then to the original
// URL (src/net/client.ts, src/net/redirect.ts).

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerMessage } from "../src/gen/carc/v1/messages_pb";
import { ErrorCode } from "../src/gen/carc/v1/session_pb";
import {
  CarcClient,
  ConnectionError,
  RedirectError,
  RequestTimeoutError,
  ServerError,
  type CloseInfo,
} from "../src/net/client";
import { CloseCode, DEFAULT_BACKOFF, backoffDelay } from "../src/net/reconnect";
import { MAX_REDIRECTS_IN_A_ROW, RedirectRoute, redirectRefusal } from "../src/net/redirect";
import { MemoryStorage, RESUME_TOKEN_KEY } from "../src/net/resume_token";
import { FakeWebSocket } from "./fake_websocket";

const FRONT = "ws://front.test/ws";
const NODE_B = "ws://127.0.0.1:9001/ws";
const NODE_C = "ws://127.0.0.1:9002/ws";

function makeClient(url = FRONT, token = "") {
  const storage = new MemoryStorage();
  if (token !== "") storage.setItem(RESUME_TOKEN_KEY, token);
  const client = new CarcClient({
    url,
    WebSocket: FakeWebSocket,
    storage,
    clientName: "Ada",
    clientVersion: "test",
    random: () => 0.5,
  });
  const errors: Error[] = [];
  const closes: CloseInfo[] = [];
  const messages: ServerMessage[] = [];
  const redirects: string[] = [];
  client.on("error", (e) => errors.push(e));
  client.on("close", (c) => closes.push(c));
  client.on("message", (m) => messages.push(m));
  client.on("redirect", (r) => redirects.push(r.url));
  return { client, errors, closes, messages, redirects };
}

/** Opens the last socket; returns it and the Hello it got. */
function open(): { ws: FakeWebSocket; helloId: number; token: string } {
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  const hello = ws.sent[0];
  if (hello?.body.case !== "hello") throw new Error("the first message is not Hello");
  return { ws, helloId: hello.requestId, token: hello.body.value.resumeToken };
}

function welcome(ws: FakeWebSocket, helloId: number): void {
  ws.serverSend({ requestId: helloId, body: { case: "welcome", value: { serverVersion: "1" } } });
}

/** Opens the last socket and answers its Hello with a Welcome. */
function handshake(): FakeWebSocket {
  const { ws, helloId } = open();
  welcome(ws, helloId);
  return ws;
}

function redirect(ws: FakeWebSocket, requestId: number, url: string, roomCode = "ABC234"): void {
  ws.serverSend({ requestId, body: { case: "redirect", value: { url, roomCode } } });
}

const JOIN = { case: "joinRoom", value: { code: "ABC234", playerName: "Ada" } } as const;

beforeEach(() => {
  FakeWebSocket.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("CarcClient redirects", () => {
  it("follows a Hello redirect at once and says the same Hello, token included, there", () => {
    const { client, closes, messages, redirects } = makeClient(FRONT, "seat-token");
    client.connect();
    const front = open();
    expect(front.token).toBe("seat-token");

    redirect(front.ws, front.helloId, NODE_B);
    // No backoff: the next socket exists before any timer ran.
    expect(FakeWebSocket.instances.map((s) => s.url)).toEqual([FRONT, NODE_B]);
    expect(front.ws.closedByClient?.code).toBe(CloseCode.NORMAL);
    expect(client.url).toBe(NODE_B);
    expect(client.status).toBe("connecting");

    const b = open();
    expect(b.token).toBe("seat-token");
    expect(b.ws.sent).toHaveLength(1);
    welcome(b.ws, b.helloId);
    expect(client.status).toBe("ready");
    expect(redirects).toEqual([NODE_B]);
    expect(closes).toEqual([]); // nothing failed
    expect(messages.map((m) => m.body.case)).toEqual(["welcome"]); // the redirect is the client's
  });

  it("sends a redirected JoinRoom again on the new node; its answer settles it", async () => {
    const { client, messages } = makeClient();
    client.connect();
    const front = handshake();
    const list = client.request({ case: "listRooms", value: {} });
    const join = client.request(JOIN);
    const joinReq = front.lastSent();
    expect(joinReq.body.case).toBe("joinRoom");

    redirect(front, joinReq.requestId, NODE_B);
    // The other request may have been done on the node left behind: its caller decides.
    await expect(list).rejects.toBeInstanceOf(ConnectionError);
    const b = open();
    expect(b.ws.url).toBe(NODE_B);
    expect(b.ws.sent).toHaveLength(1); // only Hello before Welcome
    welcome(b.ws, b.helloId);

    const again = b.ws.lastSent();
    expect(again.requestId).toBe(joinReq.requestId);
    expect(again.body).toEqual(joinReq.body);
    b.ws.serverSend({
      requestId: again.requestId,
      body: { case: "roomState", value: { code: "ABC234" } },
    });
    const answer = await join;
    expect(answer.body.case === "roomState" && answer.body.value.code).toBe("ABC234");
    expect(messages.map((m) => m.body.case)).toEqual(["welcome", "welcome", "roomState"]);
  });

  it("rejects the promise with the new node's Error answer", async () => {
    const { client } = makeClient();
    client.connect();
    const front = handshake();
    const join = client.request(JOIN);
    redirect(front, front.lastSent().requestId, NODE_B);
    const b = handshake();
    b.serverSend({
      requestId: b.lastSent().requestId,
      body: { case: "error", value: { code: ErrorCode.ROOM_FULL, message: "full" } },
    });
    const error = await join.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).code).toBe(ErrorCode.ROOM_FULL);
  });

  it("follows a redirected JoinRoom sent with send(), answered under the same request id", () => {
    const { client, messages } = makeClient();
    client.connect();
    const front = handshake();
    const id = client.send(JOIN);
    redirect(front, id, NODE_B);
    const b = handshake();
    expect(b.lastSent().requestId).toBe(id);
    b.serverSend({ requestId: id, body: { case: "roomState", value: { code: "ABC234" } } });
    expect(messages.filter((m) => m.requestId === id).map((m) => m.body.case)).toEqual([
      "roomState",
    ]);
  });

  it("times a redirected request out across the move, and does not send it again", async () => {
    const { client } = makeClient();
    client.connect();
    const front = handshake();
    const join = client.request(JOIN, 1000);
    redirect(front, front.lastSent().requestId, NODE_B);
    const b = open();
    vi.advanceTimersByTime(1000);
    await expect(join).rejects.toBeInstanceOf(RequestTimeoutError);
    welcome(b.ws, b.helloId);
    expect(b.ws.sent.map((m) => m.body.case)).toEqual(["hello"]);
  });

  it("refuses a ws: redirect on a wss: connection", async () => {
    const { client, errors } = makeClient("wss://play.example.org/ws");
    client.connect();
    const front = handshake();
    const join = client.request(JOIN);
    const id = front.lastSent().requestId;
    redirect(front, id, "ws://play.example.org/node/b/ws");

    const error = await join.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(/ws:/);
    expect(errors).toEqual([error]);
    // Still on the node it was on, and ready.
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.status).toBe("ready");
    expect(client.url).toBe("wss://play.example.org/ws");

    // wss: to wss: is followed.
    const next = client.request(JOIN);
    redirect(front, front.lastSent().requestId, "wss://play.example.org/node/b/ws");
    expect(FakeWebSocket.last().url).toBe("wss://play.example.org/node/b/ws");
    const b = handshake();
    b.serverSend({ requestId: b.lastSent().requestId, body: { case: "roomState", value: {} } });
    await expect(next).resolves.toBeTruthy();
  });

  it("refuses a ws: Hello redirect on wss: and reconnects with backoff to the original URL", () => {
    const { client, errors, closes } = makeClient("wss://play.example.org/ws", "tok");
    client.connect();
    const front = open();
    redirect(front.ws, front.helloId, "ws://evil.test/ws");
    expect(errors[0]).toBeInstanceOf(RedirectError);
    expect(client.status).toBe("reconnecting");
    expect(FakeWebSocket.instances).toHaveLength(1);
    const delay = backoffDelay(0, CloseCode.NORMAL, DEFAULT_BACKOFF, () => 0.5);
    expect(closes.map((c) => c.reconnectInMs)).toEqual([delay]);
    vi.advanceTimersByTime(delay);
    expect(FakeWebSocket.last().url).toBe("wss://play.example.org/ws");
  });

  it("refuses URLs that are not ws: or wss:, too long, or not URLs", () => {
    expect(redirectRefusal("ws://b.test/ws", FRONT, false)).toBeUndefined();
    expect(redirectRefusal("wss://b.test/ws", FRONT, false)).toBeUndefined();
    expect(redirectRefusal("ws://b.test/ws", "wss://a.test/ws", false)).toMatch(/ws:/);
    expect(redirectRefusal("ws://b.test/ws", FRONT, true)).toMatch(/ws:/); // an https: page
    for (const url of ["http://b.test/ws", "javascript:alert(1)", "/node/b/ws", "", "b.test"]) {
      expect(redirectRefusal(url, FRONT, false), url).toBeDefined();
    }
    const long = `ws://b.test/${"x".repeat(500 - "ws://b.test/".length)}`;
    expect(long).toHaveLength(500);
    expect(redirectRefusal(long, FRONT, false)).toBeUndefined();
    expect(redirectRefusal(`${long}x`, FRONT, false)).toMatch(/500/);
    // A page served over https: keeps the client on wss:, whatever URL it was given.
    const route = new RedirectRoute(FRONT, () => "https:");
    expect(() => route.follow(NODE_B)).toThrow(RedirectError);
    route.follow("wss://b.test/ws");
    expect(route.current).toBe("wss://b.test/ws");

    const { client, errors } = makeClient();
    client.connect();
    const front = handshake();
    const id = client.send(JOIN);
    redirect(front, id, "https://b.test/ws");
    expect(errors).toHaveLength(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("stops a Hello redirect loop after 4 and falls back to backoff on the original URL", () => {
    const { client, errors, closes } = makeClient(FRONT, "tok");
    client.connect();
    for (let i = 0; i < MAX_REDIRECTS_IN_A_ROW; i++) {
      const { ws, helloId } = open();
      redirect(ws, helloId, i % 2 === 0 ? NODE_B : NODE_C);
    }
    expect(FakeWebSocket.instances).toHaveLength(MAX_REDIRECTS_IN_A_ROW + 1);
    expect(errors).toEqual([]);

    const fifth = open();
    redirect(fifth.ws, fifth.helloId, NODE_B);
    expect(FakeWebSocket.instances).toHaveLength(MAX_REDIRECTS_IN_A_ROW + 1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RedirectError);
    expect(errors[0]!.message).toMatch(/more than 4 redirects/);
    expect(client.status).toBe("reconnecting");
    expect(closes).toHaveLength(1);

    vi.advanceTimersByTime(closes[0]!.reconnectInMs!);
    expect(FakeWebSocket.last().url).toBe(FRONT);
    // A new chain: the original URL may redirect again.
    const again = open();
    expect(again.token).toBe("tok");
    redirect(again.ws, again.helloId, NODE_B);
    expect(FakeWebSocket.last().url).toBe(NODE_B);
  });

  it("rejects a JoinRoom redirected more than 4 times in a row", async () => {
    const { client, errors } = makeClient();
    client.connect();
    let ws = handshake();
    const join = client.request(JOIN);
    const id = ws.lastSent().requestId;
    for (let i = 0; i < MAX_REDIRECTS_IN_A_ROW; i++) {
      redirect(ws, id, i % 2 === 0 ? NODE_B : NODE_C);
      ws = handshake();
      expect(ws.lastSent().requestId).toBe(id);
    }
    redirect(ws, id, NODE_B);
    const error = await join.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(/more than 4 redirects/);
    expect(errors).toEqual([error]);
    expect(FakeWebSocket.instances).toHaveLength(MAX_REDIRECTS_IN_A_ROW + 1);
    expect(client.status).toBe("ready");
  });

  it("counts again from 0 after a Welcome and an answer", async () => {
    const { client, errors } = makeClient();
    client.connect();
    for (let i = 0; i < MAX_REDIRECTS_IN_A_ROW; i++) {
      const h = open();
      redirect(h.ws, h.helloId, i % 2 === 0 ? NODE_B : NODE_C);
    }
    let ws = handshake(); // the Welcome ends the chain of Hello redirects
    const join = client.request(JOIN);
    const id = ws.lastSent().requestId;
    for (let i = 0; i < MAX_REDIRECTS_IN_A_ROW; i++) {
      redirect(ws, id, i % 2 === 0 ? NODE_C : NODE_B);
      ws = handshake();
    }
    // The Welcome alone does not end a JoinRoom's chain; its answer does.
    ws.serverSend({ requestId: id, body: { case: "roomState", value: { code: "ABC234" } } });
    await expect(join).resolves.toBeTruthy();

    const next = client.request(JOIN);
    redirect(ws, ws.lastSent().requestId, NODE_B);
    ws = handshake();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "roomState", value: {} } });
    await expect(next).resolves.toBeTruthy();
    expect(errors).toEqual([]);
    expect(FakeWebSocket.instances).toHaveLength(2 * MAX_REDIRECTS_IN_A_ROW + 2);
  });

  it("reconnects to the redirected node first, then to the original URL when that fails", () => {
    const { client, closes } = makeClient(FRONT, "tok");
    client.connect();
    const front = open();
    redirect(front.ws, front.helloId, NODE_B);
    const b = handshake();

    b.serverClose(CloseCode.ABNORMAL); // lost
    expect(client.url).toBe(NODE_B);
    vi.advanceTimersByTime(closes.at(-1)!.reconnectInMs!);
    const retry = FakeWebSocket.last();
    expect(retry.url).toBe(NODE_B);
    retry.serverClose(CloseCode.ABNORMAL); // the node is gone: no Welcome
    expect(client.url).toBe(FRONT);
    vi.advanceTimersByTime(closes.at(-1)!.reconnectInMs!);
    expect(FakeWebSocket.last().url).toBe(FRONT);

    // The front sends the client on to the room's new node, which takes the seat back.
    const again = open();
    expect(again.token).toBe("tok");
    redirect(again.ws, again.helloId, NODE_C);
    const c = open();
    expect(c.ws.url).toBe(NODE_C);
    expect(c.token).toBe("tok");
    welcome(c.ws, c.helloId);
    expect(client.status).toBe("ready");
  });

  it("goes back to the original URL when the node it was sent to never says Welcome", async () => {
    const { client, closes } = makeClient();
    client.connect();
    const front = handshake();
    const join = client.request(JOIN);
    redirect(front, front.lastSent().requestId, NODE_B);
    FakeWebSocket.last().serverClose(CloseCode.ABNORMAL); // unreachable
    await expect(join).rejects.toBeInstanceOf(ConnectionError);
    expect(client.status).toBe("reconnecting");
    vi.advanceTimersByTime(closes.at(-1)!.reconnectInMs!);
    expect(FakeWebSocket.last().url).toBe(FRONT);
  });

  it("passes a Redirect it cannot match on to the listeners", () => {
    const { client, messages } = makeClient();
    client.connect();
    const ws = handshake();
    redirect(ws, 999, NODE_B);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(messages.at(-1)?.body.case).toBe("redirect");
  });
});
