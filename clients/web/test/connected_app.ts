// The app on a fake WebSocket, past its Welcome: for the tests that play the server to a page.

import { CarcClient } from "../src/net/client";
import { MemoryStorage } from "../src/net/resume_token";
import { App } from "../src/ui/app";
import { FakeWebSocket } from "./fake_websocket";
import { serving } from "./game_table";

/** After a Welcome that allows `maxComputerMs` a computer's move; `name` as if typed on an earlier visit. */
export function connectedApp(maxComputerMs: number, name?: string) {
  FakeWebSocket.reset();
  const storage = new MemoryStorage();
  if (name !== undefined) storage.setItem("carc.playerName", name);
  const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage });
  const root = document.createElement("div");
  document.body.append(root);
  const app = new App(root, client, { location: { origin: "https://x", pathname: "/", hash: "" }, storage: storage as unknown as Storage, http: serving() });
  app.start();
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "welcome", value: { serverVersion: "9", maxComputerMs } } });
  return { client, root, app, ws };
}
