// The page of the account tests: an App on a fake WebSocket, connected, whose fetch is a
// FakeAccountServer, the address bar's path kept; and the few ways the tests reach into it.

import { afterEach, beforeEach, expect, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { CarcClient } from "../src/net/client";
import { MemoryStorage } from "../src/net/resume_token";
import { App } from "../src/ui/app";
import { json, type FakeAccountServer } from "./fake_account_server";
import { FakeWebSocket } from "./fake_websocket";

/** The tests' clock: 2026-11-28 12:00:00 UTC, in milliseconds. */
export const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
export const NOW_S = NOW / 1000;

export const ADA = { name: "Ada", created_at: NOW_S - 40 * 86400 };

export const SESSIONS = {
  sessions: [
    { id: 13, created_at: NOW_S - 86400 * 2, last_seen_at: NOW_S - 3 * 3600, label: "Firefox on Android", current: false },
    { id: 12, created_at: NOW_S - 86400 * 3, last_seen_at: NOW_S - 20, label: "Chrome on Linux", current: true },
    { id: 9, created_at: NOW_S - 86400 * 30, last_seen_at: NOW_S - 86400 * 6, label: "", current: false },
  ],
};

let clients: CarcClient[] = [];

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

afterEach(() => {
  for (const client of clients) client.close();
  clients = [];
});

/** The page at `pathname` (and its query), connected, with `server` for its fetch and `storage` for the
 * browser's; the address bar's path kept. */
export function page(server: FakeAccountServer, pathname = "/", storage = new MemoryStorage()) {
  FakeWebSocket.reset();
  const location = { origin: "https://x", pathname: "", search: "", hash: "" };
  // A path with a query ("/leaderboard?pool=count") as the browser splits it.
  const go = (url: string) => {
    const at = url.indexOf("?");
    location.pathname = at < 0 ? url : url.slice(0, at);
    location.search = at < 0 ? "" : url.slice(at);
  };
  go(pathname);
  const history = {
    replaceState: (_data: unknown, _unused: string, url?: string) => {
      if (url !== undefined) go(url);
    },
  };
  const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage });
  clients.push(client);
  const root = document.createElement("div");
  document.body.append(root);
  const app = new App(root, client, { location, history, storage: storage as unknown as Storage, http: server.fetch, now: () => NOW });
  app.start();
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "welcome", value: { serverVersion: "9", maxComputerMs: 2000 } } });
  return { root, location, ws, client };
}

export const link = (root: Element) => root.querySelector<HTMLAnchorElement>("header #account-link")!;
export const heading = (root: Element) => root.querySelector("main h2")?.textContent;
export const byId = <T extends HTMLElement>(root: Element, id: string) => root.querySelector<T>(`#${id}`)!;

export function type(root: Element, id: string, text: string): void {
  const input = byId<HTMLInputElement>(root, id);
  input.value = text;
  input.dispatchEvent(new Event("input"));
}


/** A page whose browser is signed in as Ada, on the account page. */
export async function accountPage(server: FakeAccountServer) {
  server.on("GET /api/me", json(200, ADA)).on("GET /api/me/sessions", json(200, SESSIONS));
  const p = page(server);
  await vi.waitFor(() => expect(link(p.root).getAttribute("href")).toBe("/account"));
  link(p.root).click();
  await vi.waitFor(() => expect(p.root.querySelectorAll("li.session")).toHaveLength(3));
  return p;
}
