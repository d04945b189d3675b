// @vitest-environment happy-dom

// A guest's games claimed on signing up or in (POST /api/me/claims): the resume tokens the
// browser kept (src/net/kept_tokens.ts: every seat's, the seat's now, a game left) are sent, once
// each; a 200 forgets the kept list and says nothing, a refusal is only logged; then the
// connection opens again (the session cookie goes with a WebSocket's upgrade only), taking the
// seat back with its token. The server is a fake fetch, the page an App on a fake WebSocket.

import { afterEach, describe, expect, it, vi } from "vitest";
import { KEPT_TOKENS_KEY, MAX_KEPT_TOKENS, keepToken, keptTokens, tokensToClaim } from "../src/net/kept_tokens";
import { MemoryStorage, RESUME_TOKEN_KEY } from "../src/net/resume_token";
import { LEFT_GAME_KEY } from "../src/ui/left_game";
import { byId, heading, link, page, type } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";
import { FakeWebSocket } from "./fake_websocket";

/** A browser that played as a guest: two seats given up, one now, and a game left. */
function guestStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(KEPT_TOKENS_KEY, JSON.stringify(["old-1", "old-2", "seat-now"]));
  storage.setItem(RESUME_TOKEN_KEY, "seat-now");
  storage.setItem(LEFT_GAME_KEY, JSON.stringify({ code: "LEFT2345", token: "left" }));
  return storage;
}

/** Signs in (or up) from the header's link with the form. */
async function signIn(root: Element, mode: "sign-in" | "sign-up" = "sign-in"): Promise<void> {
  link(root).click();
  await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
  if (mode === "sign-up") byId(root, "account-mode").click();
  type(root, "account-name", "Ada");
  type(root, "account-password", "correct horse battery");
  root.querySelector("main form")!.dispatchEvent(new Event("submit", { cancelable: true }));
}

const claims = (server: FakeAccountServer) => server.sent.filter((r) => r.path === "/api/me/claims");

function helloToken(ws: FakeWebSocket): string | undefined {
  const hello = ws.sent[0]?.body;
  return hello?.case === "hello" ? hello.value.resumeToken : undefined;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("claiming a guest's games", () => {
  it("sends every token kept after signing up, once each, then connects again with the seat's", async () => {
    const server = new FakeAccountServer()
      .on("POST /api/accounts", json(201, { name: "Ada" }))
      .on("POST /api/me/claims", json(200, { finished: 2, in_progress: 1 }));
    const storage = guestStorage();
    const { root } = page(server, "/", storage);
    const sockets = FakeWebSocket.instances.length;
    await signIn(root, "sign-up");
    await vi.waitFor(() => expect(claims(server)).toHaveLength(1));
    expect(claims(server)[0]).toMatchObject({
      method: "POST",
      body: { tokens: ["old-1", "old-2", "left", "seat-now"] },
      credentials: "same-origin",
      contentType: "application/json",
    });
    // A new connection, whose upgrade carries the session, takes the seat back with its token.
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBe(sockets + 1));
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    expect(helloToken(ws)).toBe("seat-now");
    // Claimed once: the list goes; the seat's token and the game left stay, for their seats.
    expect(storage.getItem(KEPT_TOKENS_KEY)).toBeNull();
    expect(storage.getItem(RESUME_TOKEN_KEY)).toBe("seat-now");
    expect(storage.getItem(LEFT_GAME_KEY)).toContain("left");
    expect(link(root).textContent).toBe("Your account: Ada");
    expect(root.querySelector(".banner")).toBeNull();
  });

  it("only logs a refusal: the player is signed in, told nothing, and the tokens stay for next time", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const server = new FakeAccountServer()
      .on("POST /api/sessions", json(200, { name: "Ada" }))
      .on("POST /api/me/claims", json(400, { error: "tokens: at most 32", field: "tokens" }));
    const storage = guestStorage();
    const { root } = page(server, "/", storage);
    const sockets = FakeWebSocket.instances.length;
    await signIn(root);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]![0])).toContain("400 tokens: at most 32");
    expect(link(root).textContent).toBe("Your account: Ada");
    expect(root.querySelector(".banner")).toBeNull();
    expect(root.querySelector("#account-form-error")).toBeNull();
    expect(keptTokens(storage)).toEqual(["old-1", "old-2", "seat-now"]);
    // The connection opens again all the same.
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBe(sockets + 1));
  });

  it("asks nothing of a browser that kept no token", async () => {
    const server = new FakeAccountServer().on("POST /api/sessions", json(200, { name: "Ada" }));
    const { root } = page(server);
    const sockets = FakeWebSocket.instances.length;
    await signIn(root);
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBe(sockets + 1));
    expect(claims(server)).toEqual([]);
  });

  it("lists the account's games only once the claim is answered", async () => {
    // The account page asked for while signed out: the form first, then the page.
    const server = new FakeAccountServer()
      .on("POST /api/sessions", json(200, { name: "Ada" }))
      .on("GET /api/me/games", json(200, { in_progress: [], finished: [] }));
    const { root } = page(server, "/account", guestStorage());
    await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
    const gamesAsked = () => server.sent.filter((r) => r.path === "/api/me/games").length;
    const before = gamesAsked();
    const release = server.hold("POST /api/me/claims", json(200, { finished: 2, in_progress: 0 }));
    server.on("GET /api/me", json(200, { name: "Ada", created_at: 1 }));
    type(root, "account-name", "Ada");
    type(root, "account-password", "correct horse battery");
    root.querySelector("main form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await vi.waitFor(() => expect(heading(root)).toBe("Your account"));
    await vi.waitFor(() => expect(claims(server)).toHaveLength(1));
    expect(gamesAsked()).toBe(before);
    release();
    await vi.waitFor(() => expect(gamesAsked()).toBe(before + 1));
  });
});

describe("the tokens kept", () => {
  it("keeps the newest 32, each once, with the seat's now and a game left last", () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < 40; ++i) keepToken(storage, `t${i}`);
    keepToken(storage, "t20");
    keepToken(storage, "");
    const kept = keptTokens(storage);
    expect(kept).toHaveLength(MAX_KEPT_TOKENS);
    expect(kept[0]).toBe("t8");
    expect(kept.at(-1)).toBe("t20");
    const claim = tokensToClaim(storage, ["left", "t39", ""]);
    expect(claim).toHaveLength(MAX_KEPT_TOKENS);
    expect(claim.slice(-3)).toEqual(["t20", "left", "t39"]);
    expect(new Set(claim).size).toBe(claim.length);
  });

  it("reads a list that is not one as none", () => {
    const storage = new MemoryStorage();
    storage.setItem(KEPT_TOKENS_KEY, "{not json");
    expect(keptTokens(storage)).toEqual([]);
    storage.setItem(KEPT_TOKENS_KEY, JSON.stringify({ tokens: ["a"] }));
    expect(keptTokens(storage)).toEqual([]);
    storage.setItem(KEPT_TOKENS_KEY, JSON.stringify(["a", 3, "", "b"]));
    expect(keptTokens(storage)).toEqual(["a", "b"]);
  });
});
