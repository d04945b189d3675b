// The connection to the server: one WebSocket at /ws, binary frames only, every client frame a
// serialized ClientMessage and every server frame a ServerMessage (docs/protocol.md).
//
// - On every (re)connect the client sends Hello first, with the resume token kept in storage
//   (SeatGranted.resume_token; a SeatGranted without one, a signed-in account's seat, clears it),
//   and is "ready" once Welcome arrives. A token the server no longer knows
//   (ERROR_CODE_INVALID_TOKEN) is forgotten and Hello is sent again without it. Each token is
//   also kept for an account to claim its game (kept_tokens.ts).
// - Requests carry a request id; `request` returns a promise for the answer with that id (an
//   Error answer rejects it with a ServerError). Game commands are acknowledged by the
//   EventBatch they cause, pushed with request id 0: send them with `send`.
// - A lost connection or close code 1012 (server restart) reconnects with backoff; 4000
//   (replaced by another tab or device), 4001 (kicked), 1000 and 1009 do not.
// - In a cluster a node answers a Hello whose resume token belongs to a room served by another
//   node, or a JoinRoom for such a room, with Redirect, having done nothing of it. The client
//   follows at once (nothing failed, so no backoff), sends the same Hello there and, after its
//   Welcome, the redirected request again with the same request id: the caller, whether it
//   waits on `request` or matches the answer's id like the page does for JoinRoom, sees only
//   the answer of the node that serves the room. Hence the bodies of such requests are kept
//   until their answer. Other requests in flight on the connection left behind are rejected:
//   they may have been done there, and only their callers know whether to repeat them.
// - A Redirect is data from the network: it is followed only to ws: or wss: URLs of at most 500
//   characters, never down from wss: to ws:, and at most 4 times in a row without a Welcome and
//   an answer in between (redirect.ts). A refused one rejects its request with RedirectError and
//   emits "error"; a refused Hello redirect reconnects with backoff to the original URL.
// - After a lost connection the client goes back first to the node a redirect named (the room's,
//   where its seat is); should that fail before Welcome (the node is gone, or the room moved), it
//   returns to the original URL, a front or any node, which redirects again as needed.
//
// The WebSocket constructor, the storage and the random source are injected, for tests.

import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import {
  ClientMessageSchema,
  ServerMessageSchema,
  type ServerMessage,
} from "../gen/carc/v1/messages_pb";
import {
  ErrorCode,
  type Error as ErrorBody,
  type Redirect,
  type Welcome,
} from "../gen/carc/v1/session_pb";
import {
  CloseCode,
  DEFAULT_BACKOFF,
  backoffDelay,
  shouldReconnect,
  type BackoffOptions,
} from "./reconnect";
import { RedirectError, RedirectRoute, RedirectableRequests } from "./redirect";
import { forgetTokens, keepToken, tokensToClaim } from "./kept_tokens";
import { ResumeTokenStore, defaultStorage, type StorageLike } from "./resume_token";

export { RedirectError } from "./redirect";

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  binaryType: string;
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => SocketLike;

/** One request: the `body` of a ClientMessage (the client sets the request id). */
export type RequestBody = Exclude<
  NonNullable<MessageInitShape<typeof ClientMessageSchema>["body"]>,
  { case: undefined }
>;

export type ConnectionStatus =
  | "idle" // connect() not called yet
  | "connecting" // WebSocket opening
  | "handshake" // open, Hello sent, waiting for Welcome
  | "ready" // Welcome received: requests may be sent
  | "reconnecting" // waiting for the backoff delay
  | "closed"; // stopped: close(), or a close code that is not reconnected

export interface CloseInfo {
  code: number;
  reason: string;
  /** The delay before the next attempt, or undefined when the client does not reconnect. */
  reconnectInMs: number | undefined;
}

export interface ClientEvents {
  status: ConnectionStatus;
  /** Every Welcome: after the first Hello and after each reconnect. */
  welcome: Welcome;
  /**
   * Every server message, answers included, after the client's own handling; not a Redirect the
   * client follows (the answer comes from the next node, with the same request id).
   */
  message: ServerMessage;
  /** A Redirect followed: the client is moving to that node. */
  redirect: { url: string; roomCode: string };
  close: CloseInfo;
  /** The stored resume token was refused (the seat is gone); Hello goes on without it. */
  tokenRejected: undefined;
  /** An undecodable frame, a refused handshake, a refused redirect (RedirectError). */
  error: Error;
}

export interface ClientOptions {
  /** The WebSocket URL, e.g. "wss://example.org/ws": a node, or a front of a cluster's nodes. */
  url: string;
  /** Defaults to the browser's WebSocket. */
  WebSocket?: WebSocketConstructor;
  /** Where the resume token is kept; defaults to localStorage. */
  storage?: StorageLike;
  /** Hello.client_name: empty, or a player name of 1..32 characters. */
  clientName?: string;
  clientVersion?: string;
  backoff?: Partial<BackoffOptions>;
  /** [0, 1), for the backoff jitter; defaults to Math.random. */
  random?: () => number;
  /** How long `request` waits for its answer; 0 waits forever. Default 15 s. */
  requestTimeoutMs?: number;
}

/** An Error message from the server, as a rejected request. */
export class ServerError extends Error {
  readonly code: ErrorCode;
  readonly body: ErrorBody;

  constructor(body: ErrorBody) {
    super(`${ErrorCode[body.code] ?? body.code}: ${body.message}`);
    this.name = "ServerError";
    this.code = body.code;
    this.body = body;
  }
}

/** The connection closed (or was never ready) before the answer came. */
export class ConnectionError extends Error {
  constructor(
    message: string,
    readonly closeCode?: number,
  ) {
    super(message);
    this.name = "ConnectionError";
  }
}

/** No answer within `requestTimeoutMs`. */
export class RequestTimeoutError extends Error {
  constructor(readonly requestId: number) {
    super(`no answer to request ${requestId}`);
    this.name = "RequestTimeoutError";
  }
}

interface Pending {
  resolve(m: ServerMessage): void;
  reject(e: Error): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

type Listener<T> = (value: T) => void;

const MAX_REQUEST_ID = 0xffffffff;

export class CarcClient {
  private readonly route: RedirectRoute;
  private readonly WebSocketCtor: WebSocketConstructor;
  private readonly storage: StorageLike;
  private readonly tokens: ResumeTokenStore;
  private readonly clientName: string;
  private readonly clientVersion: string;
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;
  private readonly requestTimeoutMs: number;
  private readonly listeners = new Map<keyof ClientEvents, Set<Listener<never>>>();

  private socket: SocketLike | undefined;
  private status_: ConnectionStatus = "idle";
  private welcome_: Welcome | undefined;
  private nextRequestId = 1;
  private readonly pending = new Map<number, Pending>();
  private helloRequestId = 0;
  private helloToken = "";
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly redirectable = new RedirectableRequests<RequestBody>();

  constructor(options: ClientOptions) {
    this.route = new RedirectRoute(options.url);
    const ctor =
      options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!ctor) throw new Error("no WebSocket implementation available");
    this.WebSocketCtor = ctor;
    this.storage = options.storage ?? defaultStorage();
    this.tokens = new ResumeTokenStore(this.storage);
    this.clientName = options.clientName ?? "";
    this.clientVersion = options.clientVersion ?? "";
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.random = options.random ?? Math.random;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 15_000;
  }

  get status(): ConnectionStatus {
    return this.status_;
  }

  /** Where the client connects: the URL it was created with, or the node a Redirect named. */
  get url(): string {
    return this.route.current;
  }

  /** The Welcome of the current connection, once ready. */
  get welcome(): Welcome | undefined {
    return this.welcome_;
  }

  /** The stored resume token ("" for none). */
  get resumeToken(): string {
    return this.tokens.get();
  }

  /** Forgets the resume token (the seat was given up with LeaveRoom). */
  clearResumeToken(): void {
    this.tokens.clear();
  }

  /** The resume tokens an account may claim (kept_tokens.ts): every seat's kept, and `also`. */
  tokensToClaim(also: readonly string[]): string[] {
    return tokensToClaim(this.storage, [...also, this.tokens.get()]);
  }

  /** `tokens`' games are an account's now: they need not be claimed again. */
  forgetClaimed(tokens: readonly string[]): void {
    forgetTokens(this.storage, tokens);
  }

  /** Takes a seat back with `token` (a game this page left, ui/left_game.ts): a new connection
   * whose Hello carries it. */
  resumeWith(token: string): void {
    this.tokens.set(token);
    this.close();
    this.connect();
  }

  /** Subscribes to an event; returns the function that unsubscribes. */
  on<K extends keyof ClientEvents>(event: K, listener: Listener<ClientEvents[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  /** Opens the connection (again, after "closed"). Does nothing while one is running. */
  connect(): void {
    if (this.socket !== undefined || this.reconnectTimer !== undefined) return;
    this.attempt = 0;
    this.open();
  }

  /** Skips the backoff delay of a pending reconnect (e.g. the browser is online again). */
  reconnectNow(): void {
    if (this.reconnectTimer === undefined) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.open();
  }

  /** Closes the connection for good (1000); pending requests are rejected. */
  close(): void {
    if (this.reconnectTimer !== undefined) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = undefined;
    }
    this.dropSocket("closed by the client");
    this.finish(CloseCode.NORMAL, "closed by the client");
  }

  /** Sends a request without waiting for an answer; returns its request id. */
  send(body: RequestBody): number {
    if (this.status_ !== "ready") {
      throw new ConnectionError(`not connected (${this.status_})`);
    }
    const id = this.sendRaw(body);
    // The page matches JoinRoom's answer by request id, without `request`: keep the body all
    // the same, so that a Redirect can be followed.
    if (body.case === "joinRoom") this.redirectable.keep(id, body);
    return id;
  }

  /** Sends a request and resolves with the server's answer to it (an Error rejects). */
  request(body: RequestBody, timeoutMs: number = this.requestTimeoutMs): Promise<ServerMessage> {
    let id: number;
    try {
      id = this.send(body);
    } catch (e) {
      return Promise.reject(e);
    }
    this.redirectable.keep(id, body);
    return new Promise<ServerMessage>((resolve, reject) => {
      const entry: Pending = { resolve, reject, timer: undefined };
      if (timeoutMs > 0) {
        // The time runs across redirects: the caller waits for one answer, wherever it is from.
        entry.timer = setTimeout(() => {
          this.pending.delete(id);
          this.redirectable.forget(id);
          reject(new RequestTimeoutError(id));
        }, timeoutMs);
      }
      this.pending.set(id, entry);
    });
  }

  private open(): void {
    this.reconnectTimer = undefined;
    this.setStatus("connecting");
    let socket: SocketLike;
    try {
      socket = new this.WebSocketCtor(this.route.current);
    } catch (e) {
      this.emit("error", e instanceof Error ? e : new Error(String(e)));
      this.onClosed(CloseCode.ABNORMAL, "the WebSocket could not be created");
      return;
    }
    this.socket = socket;
    socket.binaryType = "arraybuffer";
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.setStatus("handshake");
      this.sendHello(this.tokens.get());
    };
    socket.onmessage = (ev) => {
      if (this.socket === socket) this.onFrame(ev.data);
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      detach(socket);
      this.onClosed(ev.code, ev.reason);
    };
    socket.onerror = () => {
      // A close event follows: the reconnect logic lives there.
    };
  }

  private sendHello(token: string): void {
    this.helloToken = token;
    this.helloRequestId = this.sendRaw({
      case: "hello",
      value: { clientName: this.clientName, clientVersion: this.clientVersion, resumeToken: token },
    });
  }

  /** Sends `body` with a new request id, or with `requestId` (a redirected request). */
  private sendRaw(body: RequestBody, requestId: number = this.takeRequestId()): number {
    const socket = this.socket;
    if (!socket) throw new ConnectionError(`not connected (${this.status_})`);
    socket.send(toBinary(ClientMessageSchema, create(ClientMessageSchema, { requestId, body })));
    return requestId;
  }

  private takeRequestId(): number {
    const requestId = this.nextRequestId;
    this.nextRequestId = requestId >= MAX_REQUEST_ID ? 1 : requestId + 1;
    return requestId;
  }

  private onFrame(data: unknown): void {
    let bytes: Uint8Array;
    if (data instanceof ArrayBuffer) {
      bytes = new Uint8Array(data);
    } else if (ArrayBuffer.isView(data)) {
      bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    } else {
      this.emit("error", new Error("the server sent a frame that is not binary"));
      return;
    }
    let message: ServerMessage;
    try {
      message = fromBinary(ServerMessageSchema, bytes);
    } catch (e) {
      this.emit("error", new Error(`undecodable ServerMessage: ${String(e)}`));
      return;
    }
    this.handle(message);
  }

  private handle(m: ServerMessage): void {
    const body = m.body;
    if (body.case === "redirect" && m.requestId !== 0 && this.onRedirect(m.requestId, body.value)) {
      return;
    }
    if (m.requestId !== 0 && m.requestId === this.helloRequestId) {
      this.helloRequestId = 0;
      if (body.case === "welcome") {
        this.welcome_ = body.value;
        this.attempt = 0;
        this.resendCarried();
        this.setStatus("ready");
        this.emit("welcome", body.value);
      } else if (
        body.case === "error" &&
        body.value.code === ErrorCode.INVALID_TOKEN &&
        this.helloToken !== ""
      ) {
        this.tokens.clear();
        this.emit("tokenRejected", undefined);
        this.sendHello("");
      } else {
        // Refused for a reason that trying again would not fix (e.g. an invalid client name).
        this.emit(
          "error",
          body.case === "error"
            ? new ServerError(body.value)
            : new Error("unexpected answer to Hello"),
        );
        this.close();
      }
    }
    if (body.case === "seatGranted") {
      // No token: the seat is the signed-in account's, taken back by joining its room
      // (ui/account_seat.ts); a token kept from before names another seat.
      this.tokens.set(body.value.resumeToken);
      keepToken(this.storage, body.value.resumeToken);
    }
    if (m.requestId !== 0) {
      this.answered(m.requestId);
      const entry = this.pending.get(m.requestId);
      if (entry) {
        this.pending.delete(m.requestId);
        if (entry.timer !== undefined) clearTimeout(entry.timer);
        if (body.case === "error") entry.reject(new ServerError(body.value));
        else entry.resolve(m);
      }
    }
    this.emit("message", m);
  }

  /**
   * A Redirect answering the Hello or a request it can repeat: follows it, or refuses it. Returns
   * whether the message is dealt with; a refused request's Redirect goes on to the listeners as
   * its answer, so that a caller matching request ids sees it answered.
   */
  private onRedirect(requestId: number, redirect: Redirect): boolean {
    const toHello = requestId === this.helloRequestId;
    if (!toHello && !this.redirectable.has(requestId)) return false;
    try {
      this.route.follow(redirect.url);
    } catch (e) {
      const error = e instanceof Error ? e : new RedirectError(String(e), redirect.url);
      this.route.endChain();
      if (toHello) this.abandonRedirects(error);
      else this.rejectOne(requestId, error);
      this.emit("error", error);
      return toHello;
    }
    if (!toHello) this.redirectable.carry(requestId);
    this.moveTo();
    this.emit("redirect", { url: redirect.url, roomCode: redirect.roomCode });
    return true;
  }

  /** Leaves this connection for the route's URL at once: a redirect is no failure to back off. */
  private moveTo(): void {
    this.dropSocket("redirected");
    this.rejectPending(new ConnectionError("the connection moved to another server"), true);
    this.open();
  }

  /** A Hello redirect it cannot follow: reconnects with backoff, from the original URL. */
  private abandonRedirects(error: Error): void {
    this.dropSocket("redirect refused");
    this.route.returnToOrigin();
    this.rejectPending(error);
    this.scheduleReconnect(CloseCode.NORMAL, error.message);
  }

  private dropSocket(reason: string): void {
    const socket = this.socket;
    this.socket = undefined;
    this.helloRequestId = 0;
    this.welcome_ = undefined;
    if (socket) {
      detach(socket);
      socket.close(CloseCode.NORMAL, reason);
    }
  }

  /** Sends the redirected requests again, with their ids: their callers wait for those. */
  private resendCarried(): void {
    for (const [id, body] of this.redirectable.takeCarried()) this.sendRaw(body, id);
    if (!this.redirectable.waiting) this.route.endChain();
  }

  /** Any answer but a followed Redirect: the request is done with. */
  private answered(requestId: number): void {
    const wasWaiting = this.redirectable.waiting;
    this.redirectable.forget(requestId);
    if (wasWaiting && !this.redirectable.waiting) this.route.endChain();
  }

  private onClosed(code: number, reason: string): void {
    const welcomed = this.welcome_ !== undefined;
    this.helloRequestId = 0;
    this.welcome_ = undefined;
    this.rejectPending(new ConnectionError(`connection closed (${code})`, code));
    if (code === CloseCode.KICKED) this.tokens.clear(); // the seat is gone
    // Closed before Welcome: a redirected node may be gone or no longer serve the room, and the
    // original URL finds the room's node again. After a Welcome, the node served the room.
    if (welcomed) this.route.endChain();
    else this.route.returnToOrigin();
    if (!shouldReconnect(code)) {
      this.finish(code, reason);
      return;
    }
    this.scheduleReconnect(code, reason);
  }

  private scheduleReconnect(code: number, reason: string): void {
    const delay = backoffDelay(this.attempt, code, this.backoff, this.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.open(), delay);
    this.setStatus("reconnecting");
    this.emit("close", { code, reason, reconnectInMs: delay });
  }

  private finish(code: number, reason: string): void {
    this.helloRequestId = 0;
    this.welcome_ = undefined;
    this.rejectPending(new ConnectionError(`connection closed (${code})`, code));
    if (this.status_ === "closed") return;
    this.setStatus("closed");
    this.emit("close", { code, reason, reconnectInMs: undefined });
  }

  /** Rejects the requests in flight; `keepCarried` spares the redirected ones. */
  private rejectPending(error: Error, keepCarried = false): void {
    const kept = this.redirectable.drop(keepCarried);
    for (const id of [...this.pending.keys()]) {
      if (!kept.has(id)) this.rejectOne(id, error);
    }
  }

  private rejectOne(requestId: number, error: Error): void {
    const entry = this.pending.get(requestId);
    this.pending.delete(requestId);
    this.redirectable.forget(requestId);
    if (!entry) return;
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.reject(error);
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status_ === status) return;
    this.status_ = status;
    this.emit("status", status);
  }

  private emit<K extends keyof ClientEvents>(event: K, value: ClientEvents[K]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as Listener<ClientEvents[K]>)(value);
      } catch (e) {
        // A failing listener must not break the connection: report it outside this call.
        queueMicrotask(() => {
          throw e;
        });
      }
    }
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}

/** The URL of the server's WebSocket on the host that served the page. */
export function sameHostWebSocketUrl(location: { protocol: string; host: string }): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}
