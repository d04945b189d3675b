// A placeholder page: connects to /ws on the host that served it and shows the server's
// version. It already keeps a GameMirror up to date, with RequestSnapshot on a gap or a hash
// mismatch, so the lobby and the board can be built on it.

import { create } from "@bufbuild/protobuf";
import { RequestSnapshotSchema } from "./gen/carc/v1/game_pb";
import { ErrorCode } from "./gen/carc/v1/session_pb";
import { CarcClient, sameHostWebSocketUrl, type ConnectionStatus } from "./net/client";
import { CloseCode } from "./net/reconnect";
import { GameMirror } from "./state/game_mirror";

const CLIENT_VERSION = "web-0.1.0";

const line = document.getElementById("connection");

function show(text: string): void {
  if (line) line.textContent = text;
}

const STATUS_TEXT: Record<ConnectionStatus, string> = {
  idle: "Not connected.",
  connecting: "Connecting…",
  handshake: "Connected, saying hello…",
  ready: "Connected.",
  reconnecting: "Connection lost, reconnecting…",
  closed: "Disconnected.",
};

const client = new CarcClient({
  url: sameHostWebSocketUrl(window.location),
  clientVersion: CLIENT_VERSION,
});
const mirror = new GameMirror();

function requestSnapshot(): void {
  if (client.status !== "ready") return;
  client.send({ case: "requestSnapshot", value: create(RequestSnapshotSchema) });
}

client.on("status", (status) => {
  if (status !== "ready") show(STATUS_TEXT[status]);
  // A snapshot asked for on a connection that is gone will never come; the server sends a new
  // one after the reconnect.
  if (status === "reconnecting") mirror.clearSnapshotRequest();
});

client.on("welcome", (welcome) => {
  show(`Connected to carcassonne-server ${welcome.serverVersion}.`);
});

client.on("close", (info) => {
  if (info.code === CloseCode.REPLACED) {
    show("This seat was opened in another tab or on another device.");
  } else if (info.code === CloseCode.KICKED) {
    show("The host removed you from the room.");
  }
});

client.on("message", (m) => {
  switch (m.body.case) {
    case "snapshot": {
      const result = mirror.applySnapshot(m.body.value);
      if (result.hasView && !result.hashMatches) {
        console.warn(`PublicHash of the snapshot at seq ${result.seq} differs from the server's`);
      }
      break;
    }
    case "eventBatch": {
      const result = mirror.applyBatch(m.body.value);
      if (result.kind !== "applied") console.warn(result.message);
      if (result.requestSnapshot) requestSnapshot();
      break;
    }
    case "error":
      // This copy is behind the game: resync.
      if (m.body.value.code === ErrorCode.STALE_SEQ && mirror.requestResync()) requestSnapshot();
      break;
    default:
      break;
  }
});

window.addEventListener("online", () => client.reconnectNow());

client.connect();
