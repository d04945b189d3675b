// @vitest-environment happy-dom

// The account screens of the players' history (src/account/): a profile at /players/NAME (the
// counts per game, the latest games, each linking to its replay and its players to their
// profiles), "Your games" on the account page (rooms not finished first, with the way back in
// through the page's join), the data's download and the account's deletion after its name is
// typed. The server is a fake fetch answering the shapes of GET /api/players/{name},
// GET /api/me/games and DELETE /api/me.

import { describe, expect, it, vi } from "vitest";
import { parseMyGames, parseProfile } from "../src/account/history_api";
import { setLanguage } from "../src/i18n";
import { NOW_S, accountPage, byId, heading, link, page, type } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";
import { FakeWebSocket } from "./fake_websocket";

const FINISHED = {
  id: 41,
  room: "ROOM2345",
  finished_at: NOW_S - 3 * 3600,
  game: "castle",
  players: [{ name: "Ada", score: 31, account: true }, { name: "Bob", score: 27, account: true }, { name: "Computer 3", score: 12, account: false }],
  seat: 0,
  won: true,
  replay: "/api/games/41/replay",
  record: "/api/games/41/record",
};

const EARLIER = { ...FINISHED, id: 40, finished_at: NOW_S - 2 * 86400, game: "count", won: false, players: [{ name: "Bob", score: 50, account: true }, { name: "Ada", score: 44, account: true }, { name: "Bob", score: 3 }], seat: 1 };

const ADA_PROFILE = {
  name: "Ada",
  created_at: NOW_S - 40 * 86400,
  games: [{ game: "base", played: 7, won: 3 }, { game: "castle", played: 2, won: 1 }],
  recent: [FINISHED, EARLIER],
};

const MY_GAMES = {
  in_progress: [
    { room: "PLAY7777", game: "base", seat: 1, players: ["Bob", "Ada"], started: true },
    { room: "WAIT8888", game: "castle", seat: 0, players: ["Ada"], started: false },
  ],
  finished: [FINISHED],
};

describe("the history's answers", () => {
  it("reads a profile and drops the entries without the documented shape", () => {
    const profile = parseProfile({ ...ADA_PROFILE, games: [...ADA_PROFILE.games, { played: 1 }], recent: [FINISHED, { room: "X" }, null] });
    expect(profile?.games).toEqual([{ game: "base", played: 7, won: 3 }, { game: "castle", played: 2, won: 1 }]);
    expect(profile?.recent).toEqual([
      { id: 41, room: "ROOM2345", finishedAt: FINISHED.finished_at, game: "castle", players: [{ name: "Ada", score: 31, account: true }, { name: "Bob", score: 27, account: true }, { name: "Computer 3", score: 12, account: false }], seat: 0, won: true },
    ]);
    expect(parseProfile({ error: "no such player" })).toBeUndefined();
  });

  it("reads the player's games, and nothing from an answer without both lists", () => {
    const games = parseMyGames(MY_GAMES);
    expect(games?.inProgress.map((r) => [r.room, r.started, r.players.join(",")])).toEqual([["PLAY7777", true, "Bob,Ada"], ["WAIT8888", false, "Ada"]]);
    expect(games?.finished.map((g) => g.id)).toEqual([41]);
    expect(parseMyGames({ in_progress: [] })).toBeUndefined();
    expect(parseMyGames({ in_progress: [{ room: "" }, { game: "base" }], finished: [] })?.inProgress).toEqual([]);
  });
});

describe("a player's profile", () => {
  it("opens at its address with the counts per game and the latest games, each with its replay", async () => {
    const server = new FakeAccountServer().on("GET /api/players/Ada", json(200, ADA_PROFILE));
    const { root, location } = page(server, "/players/Ada");
    await vi.waitFor(() => expect(root.querySelectorAll("li.game-row")).toHaveLength(2));
    expect(heading(root)).toBe("Player Ada");
    expect(location.pathname).toBe("/players/Ada");
    expect(root.textContent).toContain("Playing since October 19, 2026.");
    const counts = [...root.querySelectorAll("table.game-counts tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(counts).toEqual([["Carcassonne", "7", "3"], ["The Castle", "2", "1"]]);
    expect(root.querySelector("table.game-counts th[scope=col]")?.textContent).toBe("Game");
    const rows = [...root.querySelectorAll<HTMLElement>("li.game-row")];
    expect(rows.map((r) => r.dataset.game)).toEqual(["41", "40"]);
    expect(rows[0]!.textContent).toContain("The CastleWonFinished 3 hours ago");
    expect(rows[1]!.textContent).toContain("The Count of Carcassonne");
    expect(rows[1]!.querySelector(".badge.won")).toBeNull();
    // The profile's own name is no link, nor a seat no account held (a computer's, a guest's);
    // the other accounts' lead to their profiles.
    expect([...rows[0]!.querySelectorAll("a.player-name")].map((a) => a.getAttribute("href"))).toEqual(["/players/Bob"]);
    expect(rows[0]!.querySelector(".game-players")?.textContent).toContain("Computer 3");
    // A guest who played as "Bob" is not the account Bob.
    expect([...rows[1]!.querySelectorAll("a.player-name")].map((a) => a.getAttribute("href"))).toEqual(["/players/Bob"]);
    const replay = rows[0]!.querySelector<HTMLAnchorElement>("a.button-link")!;
    expect(replay.getAttribute("href")).toBe("/replay/41");
    const named = replay.getAttribute("aria-labelledby")!.split(" ").map((id) => byId(root, id).textContent);
    expect(named).toEqual(["Watch the replay", "The Castle", "Finished 3 hours ago"]);
    expect(server.accountRequests().filter((r) => r.path.startsWith("/api/players/"))).toEqual([
      { method: "GET", path: "/api/players/Ada", body: undefined, credentials: "same-origin", contentType: null },
    ]);

    // The replay opens in the page's viewer (which asks the page's own fetch), at its address.
    vi.stubGlobal("fetch", server.fetch);
    server.on("GET /api/games/41/replay", json(404, { error: "no such game" }));
    replay.click();
    await vi.waitFor(() => expect(location.pathname).toBe("/replay/41"));
    expect(root.querySelector(".screen.account")).toBeNull();
    await vi.waitFor(() => expect(server.sent.at(-1)?.path).toBe("/api/games/41/replay"));
    vi.unstubAllGlobals();
  });

  it("goes from one profile to another by a player's name, and says when there is no such player", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/players/Ada", json(200, ADA_PROFILE))
      .on("GET /api/players/Bob", json(404, { error: "no such player" }));
    const { root, location } = page(server, "/players/Ada");
    await vi.waitFor(() => expect(root.querySelectorAll("li.game-row")).toHaveLength(2));
    root.querySelector<HTMLAnchorElement>('a[href="/players/Bob"]')!.click();
    await vi.waitFor(() => expect(root.querySelector("#profile-error")?.textContent).toBe("No player has this name."));
    expect(heading(root)).toBe("Player Bob");
    expect(location.pathname).toBe("/players/Bob");
    // Back: where the page was before the screens, not the other profile.
    byId(root, "account-back").click();
    expect(location.pathname).toBe("/");
    expect(root.querySelector(".screen.account")).toBeNull();
  });

  it("names a game in the page's language and a name with any letters in its address", async () => {
    const server = new FakeAccountServer().on("GET /api/players/%C3%85sa", json(200, { ...ADA_PROFILE, name: "Åsa" }));
    setLanguage("de", undefined);
    const { root } = page(server, "/players/%C3%85sa");
    await vi.waitFor(() => expect(heading(root)).toBe("Spieler Åsa"));
    expect([...root.querySelectorAll("table.game-counts tbody th")].map((th) => th.textContent)).toEqual(["Carcassonne", "Die Burg"]);
    expect(root.textContent).toContain("Wiederholung ansehen");
  });
});

describe("the account page's games", () => {
  it("lists the rooms not finished first, then the finished games with their replays", async () => {
    const server = new FakeAccountServer().on("GET /api/me/games", json(200, MY_GAMES));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li[data-room]")).toHaveLength(2));
    const section = byId(root, "games-heading").closest("section")!;
    const rows = [...section.querySelectorAll<HTMLElement>("li.game-row")];
    expect(rows.map((r) => r.dataset.room ?? r.dataset.game)).toEqual(["PLAY7777", "WAIT8888", "41"]);
    expect(rows[0]!.textContent).toContain("CarcassonneUnder wayRoom PLAY7777 · Bob · Ada");
    expect(rows[0]!.querySelector("button")?.textContent).toBe("Return to the game");
    expect(rows[1]!.querySelector("button")?.textContent).toBe("Open the room");
    expect(rows[2]!.querySelector("a.button-link")?.getAttribute("href")).toBe("/replay/41");
    // The account's own name links to its profile.
    expect(byId(root, "account-profile").getAttribute("href")).toBe("/players/Ada");
  });

  it("takes the player back to a room by its code, through the page's join, named as the account", async () => {
    const server = new FakeAccountServer().on("GET /api/me/games", json(200, MY_GAMES));
    const { root, location, ws } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li[data-room]")).toHaveLength(2));
    byId(root, "room-PLAY7777-join").click();
    expect(root.querySelector(".screen.account")).toBeNull();
    expect(location.pathname).toBe("/");
    const join = ws.lastSent().body;
    expect(join.case).toBe("joinRoom");
    expect(join.value).toMatchObject({ code: "PLAY7777", playerName: "Ada", spectate: false });
  });

  it("says why the games could not be had, and shows the rest of the page", async () => {
    const server = new FakeAccountServer().on("GET /api/me/games", json(503, { error: "busy" }, { "Retry-After": "4" }));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelector("#games-error")?.textContent).toBe("The server is busy: try again in 4 seconds."));
    expect(root.querySelectorAll("li.session")).toHaveLength(3);
  });
});

describe("the player's data", () => {
  it("offers the data as a download from GET /api/me/export", async () => {
    const { root } = await accountPage(new FakeAccountServer());
    const download = byId<HTMLAnchorElement>(root, "data-download");
    expect(download.getAttribute("href")).toBe("/api/me/export");
    expect(download.hasAttribute("download")).toBe(true);
    expect(download.textContent).toBe("Download my data");
  });

  it("deletes the account only once its name is typed, then goes home signed out and says so", async () => {
    const server = new FakeAccountServer()
      .once("DELETE /api/me", json(400, { error: "the name does not match", field: "name" }))
      .once("DELETE /api/me", json(204));
    const { root, location } = await accountPage(server);
    const first = FakeWebSocket.last();
    expect(root.querySelector('label[for="delete-name"]')?.textContent).toBe("To confirm, type your account's name (Ada)");

    byId<HTMLButtonElement>(root, "delete-account").click();
    expect(byId(root, "delete-name-error").textContent).toBe("Type your account's name to confirm.");
    expect(server.accountRequests().filter((r) => r.method === "DELETE")).toEqual([]);
    expect(document.activeElement?.id).toBe("delete-name");

    type(root, "delete-name", "Bob");
    byId<HTMLButtonElement>(root, "delete-account").click();
    await vi.waitFor(() => expect(byId(root, "delete-name-error").textContent).toBe("This is not your account's name."));
    expect(byId(root, "delete-name").getAttribute("aria-invalid")).toBe("true");
    expect(link(root).textContent).toBe("Your account: Ada");

    type(root, "delete-name", " Ada ");
    byId<HTMLButtonElement>(root, "delete-account").click();
    await vi.waitFor(() => expect(link(root).textContent).toBe("Sign in"));
    expect(server.accountRequests().filter((r) => r.method === "DELETE")).toEqual([
      { method: "DELETE", path: "/api/me", body: { name: "Bob" }, credentials: "same-origin", contentType: "application/json" },
      { method: "DELETE", path: "/api/me", body: { name: "Ada" }, credentials: "same-origin", contentType: "application/json" },
    ]);
    expect(location.pathname).toBe("/");
    expect(root.querySelector(".screen.account")).toBeNull();
    expect(root.querySelector(".banner[role=alert]")?.textContent).toContain("Your account was deleted. You are signed out.");
    // The connection opens again, a guest's: the news stays over it, until dismissed.
    const ws = FakeWebSocket.last();
    expect(ws).not.toBe(first);
    ws.serverOpen();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "welcome", value: { serverVersion: "9" } } });
    expect(root.querySelector("#connection")?.getAttribute("data-status")).toBe("ready");
    expect(root.querySelector(".banner[role=alert]")?.textContent).toContain("Your account was deleted.");
  });
});
