// A WebSocket stand-in for the client tests: records what the client sends and lets the test
// play the server (open, messages, close codes).

import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import {
  ClientMessageSchema,
  ServerMessageSchema,
  type ClientMessage,
} from "../src/gen/carc/v1/messages_pb";
import type { SocketLike } from "../src/net/client";

export class FakeWebSocket implements SocketLike {
  /** Every socket the client created, oldest first. */
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  static last(): FakeWebSocket {
    const s = FakeWebSocket.instances.at(-1);
    if (!s) throw new Error("no socket was created");
    return s;
  }

  binaryType = "blob";
  readyState = 0; // CONNECTING
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  readonly sent: ClientMessage[] = [];
  closedByClient: { code: number | undefined; reason: string | undefined } | undefined;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: Uint8Array): void {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.sent.push(fromBinary(ClientMessageSchema, data));
  }

  close(code?: number, reason?: string): void {
    this.closedByClient = { code, reason };
    this.readyState = 3;
  }

  // The server's side.

  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.({ type: "open" } as Event);
  }

  serverSend(init: MessageInitShape<typeof ServerMessageSchema>): void {
    const bytes = toBinary(ServerMessageSchema, create(ServerMessageSchema, init));
    // Browsers deliver binary frames as an ArrayBuffer of exactly the frame.
    this.onmessage?.({ type: "message", data: bytes.slice().buffer } as MessageEvent);
  }

  serverClose(code: number, reason = ""): void {
    this.readyState = 3;
    this.onclose?.({ type: "close", code, reason, wasClean: code !== 1006 } as CloseEvent);
  }

  /** The last message the client sent. */
  lastSent(): ClientMessage {
    const m = this.sent.at(-1);
    if (!m) throw new Error("nothing was sent");
    return m;
  }
}
