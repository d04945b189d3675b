// @vitest-environment happy-dom

// Friends and invitations on the web client (docs/protocol.md, "Friends and invitations"): the
// parsers of the new answers against hostile JSON, whose turn "Your games" says, the home page's
// invitations with their Accept and Decline requests, the profile's Follow toggle and its
// "Invite to a room", and the account page's "Who can invite you". The server is a fake fetch.

import { describe, expect, it, vi } from "vitest";
import { AccountApi } from "../src/account/account_api";
import { parseFollowers, parseFollowing, parsePreferences, sameName } from "../src/account/follows_api";
import { turnLabel } from "../src/account/game_rows";
import { parseMyGames, type RoomInProgress } from "../src/account/history_api";
import { HomeInvitations } from "../src/account/invitations";
import { invitationRefusal, parseAccepted, parseInvitations } from "../src/account/invitations_api";
import { refusalText, waitText } from "../src/account/refusal_words";
import { timeLeftWords } from "../src/account/time_words";
import { setLanguage } from "../src/i18n";
import { ADA, NOW, NOW_S, accountPage, byId, page } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";

const HOSTILE = [null, 7, "x", [], { invitations: "no" }, { following: {} }, { in_progress: 1, finished: [] }];

const INVITATION = { id: 5, from: "Bob", room: "ROOM2345", game: "castle", created_at: NOW_S - 60, expires_at: NOW_S + 86400 };

describe("the answers of friends and invitations", () => {
  it("reads whose turn it is in the player's rooms, in the server's order", () => {
    const games = parseMyGames({
      in_progress: [
        { room: "MINE1111", game: "base", seat: 1, players: ["Bob", "Ada"], started: true, to_move: 1, your_turn: true },
        { room: "THEM2222", game: "base", seat: 0, players: ["Ada", "Bob"], started: true, to_move: 1, your_turn: false },
        { room: "ODD33333", game: "base", seat: 0, players: ["Ada"], started: true, to_move: "1", your_turn: "yes" },
        { room: "LOBBY444", game: "castle", seat: 0, players: ["Ada", ""], started: false, to_move: -1, your_turn: false },
        { room: "NEG55555", started: true, to_move: 2.5 },
      ],
      finished: [],
    });
    expect(games?.inProgress.map((r) => [r.room, r.toMove, r.yourTurn])).toEqual([
      ["MINE1111", 1, true],
      ["THEM2222", 1, false],
      ["ODD33333", -1, false],
      ["LOBBY444", -1, false],
      ["NEG55555", -1, false],
    ]);
    for (const json of HOSTILE) expect(parseMyGames(json)).toBeUndefined();
  });

  it("reads the invitations and drops the ones without an id, a sender or a room", () => {
    const list = parseInvitations({
      invitations: [INVITATION, { ...INVITATION, id: "6" }, { ...INVITATION, id: 7, from: "" }, { ...INVITATION, id: 8, room: 9 }, { id: 9, from: "Cy", room: "ABCDEF" }, null, "x"],
    });
    expect(list).toEqual([
      { id: 5, from: "Bob", room: "ROOM2345", game: "castle", createdAt: NOW_S - 60 },
      { id: 9, from: "Cy", room: "ABCDEF", game: "", createdAt: 0 },
    ]);
    for (const json of HOSTILE) expect(parseInvitations(json)).toBeUndefined();
    expect(parseAccepted({ room: "ROOM2345" })).toBe("ROOM2345");
    // Only a room's code is joined: not a path, not a lower-case word, not a number.
    for (const room of ["../x", "room2345", 1234567, "ABC", "ABCDEFGHI"]) expect(parseAccepted({ room })).toBeUndefined();
  });

  it("reads the follows and the preference, and nothing from what is not theirs", () => {
    expect(parseFollowing({ following: [{ name: "Bob", since: 5 }, { name: "" }, { since: 3 }, { name: "Cy", since: "x" }] })).toEqual([
      { name: "Bob", since: 5 },
      { name: "Cy", since: 0 },
    ]);
    expect(parseFollowers({ following: [] })).toBeUndefined();
    for (const json of HOSTILE) expect(parseFollowing(json)).toBeUndefined();
    expect(parsePreferences({ invitations_from: "followed" })).toBe("followed");
    for (const value of ["everyone", "", null, 1]) expect(parsePreferences({ invitations_from: value })).toBeUndefined();
    // Names as the server compares them: case and width do not matter.
    expect(sameName("ÅSA", "åsa")).toBe(true);
    expect(sameName("Ｂｏｂ", "bob")).toBe(true);
    expect(sameName("Bob", "Bo")).toBe(false);
  });

  it("says an invitation's refusal neutrally: the server's 404 is the same for unknown, blocked and refusing", () => {
    setLanguage("en", undefined);
    const say = (status: number, field?: "room" | "to", retryAfter?: number) => invitationRefusal({ status, error: "x", field, retryAfter }, refusalText, waitText);
    expect(say(404, "to")).toBe("This player takes no invitations from you.");
    expect(say(409, "room")).toBe("This room is over, or you no longer sit in it.");
    expect(say(409, "to")).toBe("This player has too many invitations waiting.");
    expect(say(429, undefined, 120)).toBe("You sent too many invitations: try again in 2 minutes.");
    expect(say(400)).toBe("The server refused the request. (x)");
  });
});

describe("whose turn", () => {
  const room = (over: Partial<RoomInProgress>): RoomInProgress => ({ room: "ROOM2345", game: "base", seat: 0, players: ["Ann", "Bob"], started: true, toMove: 1, yourTurn: false, deadline: null, ...over });

  it("says the player's own turn, another's by name, and nothing when the answer does not say", () => {
    setLanguage("en", undefined);
    expect(turnLabel(room({ toMove: 0, yourTurn: true }))).toBe("Your turn");
    expect(turnLabel(room({}))).toBe("Bob's turn");
    expect(turnLabel(room({ toMove: -1 }))).toBe("");
    expect(turnLabel(room({ toMove: 5 }))).toBe("");
    expect(turnLabel(room({ players: ["Ann", ""] }))).toBe("");
    expect(turnLabel(room({ started: false, yourTurn: true }))).toBe("");
    setLanguage("de", undefined);
    expect(turnLabel(room({}))).toBe("Bob ist am Zug");
    setLanguage("en", undefined);
  });

  it("shows it on the account page's rooms, in the server's order", async () => {
    const server = new FakeAccountServer().on("GET /api/me/games", json(200, {
      in_progress: [
        { room: "MINE1111", game: "base", seat: 1, players: ["Bob", "Ada"], started: true, to_move: 1, your_turn: true },
        { room: "THEM2222", game: "base", seat: 0, players: ["Ada", "Bob"], started: true, to_move: 1, your_turn: false },
        { room: "LOBBY444", game: "castle", seat: 0, players: ["Ada", ""], started: false, to_move: -1, your_turn: false },
      ],
      finished: [],
    }));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li[data-room]")).toHaveLength(3));
    const rows = [...root.querySelectorAll<HTMLElement>("li[data-room]")];
    expect(rows.map((r) => [r.dataset.room, r.querySelector("[id$=-turn]")?.textContent ?? ""])).toEqual([
      ["MINE1111", "Your turn"],
      ["THEM2222", "Bob's turn"],
      ["LOBBY444", ""],
    ]);
    // The button names the turn too, for a screen reader.
    const named = byId(root, "room-THEM2222-join").getAttribute("aria-labelledby")!.split(" ").map((id) => byId(root, id).textContent);
    expect(named).toEqual(["Return to the game", "Carcassonne", "Bob's turn", "Room THEM2222 · Ada · Bob"]);
  });
});

describe("the time left of a turn-based game's turn", () => {
  it("reads the deadline of each room, null in a live game, a lobby, or when it is not a time", () => {
    const games = parseMyGames({
      in_progress: [
        { room: "MINE1111", game: "base", seat: 1, players: ["Bob", "Ada"], started: true, to_move: 1, your_turn: true, deadline: NOW_S + 20 * 3600 },
        { room: "LIVE2222", game: "base", seat: 0, players: ["Ada", "Bob"], started: true, to_move: 1, your_turn: false, deadline: null },
        { room: "OLD33333", game: "base", seat: 0, players: ["Ada", "Bob"], started: true, to_move: 1, your_turn: false },
        { room: "ODD44444", game: "base", seat: 0, players: ["Ada", "Bob"], started: true, to_move: 1, your_turn: false, deadline: "soon" },
      ],
      finished: [],
    });
    expect(games?.inProgress.map((r) => [r.room, r.deadline])).toEqual([
      ["MINE1111", NOW_S + 20 * 3600],
      ["LIVE2222", null],
      ["OLD33333", null],
      ["ODD44444", null],
    ]);
  });

  it("says how long is left beside whose turn it is, the player's own first as the server lists them", async () => {
    const server = new FakeAccountServer().on("GET /api/me/games", json(200, {
      in_progress: [
        { room: "MINE1111", game: "base", seat: 1, players: ["Bob", "Ada"], started: true, to_move: 1, your_turn: true, deadline: NOW_S + 20 * 3600 + 59 },
        { room: "THEM2222", game: "castle", seat: 0, players: ["Ada", "Bob"], started: true, to_move: 1, your_turn: false, deadline: NOW_S + 2 * 86400 + 3 * 3600 },
        { room: "LATE3333", game: "base", seat: 0, players: ["Ada", "Bob"], started: true, to_move: 1, your_turn: false, deadline: NOW_S - 60 },
        { room: "LIVE4444", game: "base", seat: 0, players: ["Ada", "Bob"], started: true, to_move: 1, your_turn: false, deadline: null },
      ],
      finished: [],
    }));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li[data-room]")).toHaveLength(4));
    const rows = [...root.querySelectorAll<HTMLElement>("li[data-room]")];
    expect(rows.map((r) => [r.dataset.room, r.querySelector("[id$=-turn]")?.textContent ?? "", r.querySelector("[id$=-deadline]")?.textContent ?? null])).toEqual([
      ["MINE1111", "Your turn", "20 hours left"],
      ["THEM2222", "Bob's turn", "2 days 3 hours left"],
      ["LATE3333", "Bob's turn", "time is up"],
      ["LIVE4444", "Bob's turn", null],
    ]);
    // The button names the time left too, for a screen reader; a live game's names none.
    const named = (room: string) => byId(root, `room-${room}-join`).getAttribute("aria-labelledby")!.split(" ").map((id) => byId(root, id).textContent);
    expect(named("MINE1111")).toEqual(["Return to the game", "Carcassonne", "Your turn", "20 hours left", "Room MINE1111 · Bob · Ada"]);
    expect(named("LIVE4444")).toEqual(["Return to the game", "Carcassonne", "Bob's turn", "Room LIVE4444 · Ada · Bob"]);
  });

  it("words it in the page's language", () => {
    setLanguage("de", undefined);
    expect(timeLeftWords(NOW_S + 20 * 3600, NOW)).toBe("noch 20 Stunden");
    setLanguage("nl", undefined);
    expect(timeLeftWords(NOW_S + 86400, NOW)).toBe("nog 1 dag");
    setLanguage("sv", undefined);
    expect(timeLeftWords(NOW_S - 1, NOW)).toBe("tiden är ute");
    setLanguage("en", undefined);
    expect(timeLeftWords(NOW_S + 45, NOW)).toBe("45 seconds left");
  });
});

describe("the home page's invitations", () => {
  function invitations(server: FakeAccountServer) {
    setLanguage("en", undefined);
    const joinRoom = vi.fn();
    const root = document.createElement("div");
    document.body.replaceChildren(root);
    const view = new HomeInvitations({ http: () => server.fetch, changed: () => draw(), joinRoom, now: () => NOW });
    const draw = () => root.replaceChildren(view.render("Ada") ?? "");
    draw();
    return { root, joinRoom, draw };
  }

  const list = { invitations: [INVITATION, { ...INVITATION, id: 6, from: "Cy", room: "PLAY7777", game: "base" }] };

  it("shows none for a guest and asks nothing", () => {
    const server = new FakeAccountServer();
    const view = new HomeInvitations({ http: () => server.fetch, changed: () => {}, joinRoom: () => {} });
    expect(view.render(undefined)).toBeNull();
    expect(server.accountRequests()).toEqual([]);
  });

  it("lists who invited, the game and the room, each with Accept and Decline", async () => {
    const server = new FakeAccountServer().on("GET /api/me/invitations", json(200, list));
    const { root } = invitations(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li.invitation")).toHaveLength(2));
    expect(root.querySelector("h2")?.textContent).toBe("Invitations");
    const rows = [...root.querySelectorAll("li.invitation")];
    expect(rows.map((r) => r.querySelector("p")?.textContent)).toEqual([
      "Bob invites you to play The Castle · Room ROOM2345",
      "Cy invites you to play Carcassonne · Room PLAY7777",
    ]);
    expect([...rows[0]!.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Accept", "Decline"]);
  });

  it("accepts: the request, then the room joined by its code", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/me/invitations", json(200, list))
      .on("POST /api/me/invitations/5/accept", json(200, { room: "ROOM2345" }));
    const { root, joinRoom } = invitations(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li.invitation")).toHaveLength(2));
    byId(root, "invitation-5-accept").click();
    await vi.waitFor(() => expect(joinRoom).toHaveBeenCalledWith("ROOM2345"));
    expect(server.sent.at(-1)).toMatchObject({ method: "POST", path: "/api/me/invitations/5/accept", credentials: "same-origin" });
    expect([...root.querySelectorAll<HTMLElement>("li.invitation")].map((r) => r.dataset.invitation)).toEqual(["6"]);
  });

  it("declines: the request, the invitation gone from the list, the news said", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/me/invitations", json(200, list))
      .on("POST /api/me/invitations/6/decline", json(204));
    const { root, joinRoom } = invitations(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li.invitation")).toHaveLength(2));
    byId(root, "invitation-6-decline").click();
    await vi.waitFor(() => expect(byId(root, "invitations-status").textContent).toBe("Invitation from Cy declined."));
    expect(server.sent.at(-1)).toMatchObject({ method: "POST", path: "/api/me/invitations/6/decline" });
    expect([...root.querySelectorAll<HTMLElement>("li.invitation")].map((r) => r.dataset.invitation)).toEqual(["5"]);
    expect(joinRoom).not.toHaveBeenCalled();
  });

  it("drops an invitation no longer valid (404) and joins nothing; a malformed accept joins nothing either", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/me/invitations", json(200, list))
      .on("POST /api/me/invitations/5/accept", json(404, { error: "no such invitation" }))
      .on("POST /api/me/invitations/6/accept", json(200, { room: "/elsewhere" }));
    const { root, joinRoom } = invitations(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li.invitation")).toHaveLength(2));
    byId(root, "invitation-5-accept").click();
    await vi.waitFor(() => expect(byId(root, "invitations-status").textContent).toBe("This invitation is no longer valid."));
    expect(root.querySelectorAll("li.invitation")).toHaveLength(1);
    byId(root, "invitation-6-accept").click();
    await vi.waitFor(() => expect(byId(root, "invitations-status").textContent).toBe("Something went wrong on the server (HTTP 200). Try again."));
    expect(joinRoom).not.toHaveBeenCalled();
  });

  it("shows nothing when the list is malformed", async () => {
    const server = new FakeAccountServer().on("GET /api/me/invitations", json(200, { invitations: "lots" }));
    const { root } = invitations(server);
    await vi.waitFor(() => expect(server.sent.some((r) => r.path === "/api/me/invitations")).toBe(true));
    await new Promise((r) => setTimeout(r, 10));
    expect(root.querySelector("section")).toBeNull();
  });
});

describe("a profile for the signed-in player", () => {
  const BOB = { name: "Bob", created_at: NOW_S - 86400, games: [], recent: [] };
  const GAMES = {
    in_progress: [
      { room: "PLAY7777", game: "base", seat: 0, players: ["Ada", "Cy"], started: true, to_move: 0, your_turn: true },
      { room: "WAIT8888", game: "castle", seat: 0, players: ["Ada"], started: false, to_move: -1, your_turn: false },
    ],
    finished: [],
  };

  /** `me`: the viewer's GET /api/me, null for a guest. */
  function profile(server: FakeAccountServer, name = "Bob", me: typeof ADA | null = ADA) {
    server.on("GET /api/me", me === null ? json(401, { error: "not signed in" }) : json(200, me))
      .on(`GET /api/players/${name}`, json(200, { ...BOB, name }))
      .on("GET /api/me/games", json(200, GAMES));
    return page(server, `/players/${name}`);
  }

  it("follows and unfollows with one button", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/me/following", json(200, { following: [{ name: "Cy", since: 1 }] }))
      .on("POST /api/me/following", json(201, { name: "Bob" }))
      .on("DELETE /api/me/following/Bob", json(204));
    const { root } = profile(server);
    await vi.waitFor(() => expect(byId(root, "profile-follow").textContent).toBe("Follow"));
    byId(root, "profile-follow").click();
    await vi.waitFor(() => expect(byId(root, "profile-follow").textContent).toBe("Following"));
    expect(server.sent.at(-1)).toMatchObject({ method: "POST", path: "/api/me/following", body: { name: "Bob" }, contentType: "application/json" });
    byId(root, "profile-follow").click();
    await vi.waitFor(() => expect(byId(root, "profile-follow").textContent).toBe("Follow"));
    expect(server.sent.at(-1)).toMatchObject({ method: "DELETE", path: "/api/me/following/Bob" });
  });

  it("says Following for a player followed already (names compared as the server does), and a refusal", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/me/following", json(200, { following: [{ name: "BOB", since: 1 }] }))
      .on("DELETE /api/me/following/Bob", json(503, { error: "busy" }, { "Retry-After": "3" }));
    const { root } = profile(server);
    await vi.waitFor(() => expect(byId(root, "profile-follow").textContent).toBe("Following"));
    byId(root, "profile-follow").click();
    await vi.waitFor(() => expect(byId(root, "profile-social-status").textContent).toBe("The server is busy: try again in 3 seconds."));
    expect(byId(root, "profile-follow").textContent).toBe("Following");
  });

  it("invites to the room chosen and says the outcome in a status line", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/me/following", json(200, { following: [] }))
      .once("POST /api/invitations", json(201, { id: 3, expires_at: NOW_S + 7 * 86400 }))
      .once("POST /api/invitations", json(404, { error: "no player of that name", field: "to" }));
    const { root } = profile(server);
    await vi.waitFor(() => expect(root.querySelectorAll("#invite-room option")).toHaveLength(2));
    expect([...root.querySelectorAll("#invite-room option")].map((o) => o.textContent)).toEqual(["Carcassonne, room PLAY7777", "The Castle, room WAIT8888"]);
    const select = byId<HTMLSelectElement>(root, "invite-room");
    select.value = "WAIT8888";
    select.dispatchEvent(new Event("change"));
    byId(root, "profile-invite").click();
    await vi.waitFor(() => expect(byId(root, "profile-social-status").textContent).toBe("Invitation sent."));
    expect(byId(root, "profile-social-status").getAttribute("role")).toBe("status");
    expect(server.sent.at(-1)).toMatchObject({ method: "POST", path: "/api/invitations", body: { to: "Bob", room: "WAIT8888" } });
    byId(root, "profile-invite").click();
    await vi.waitFor(() => expect(byId(root, "profile-social-status").textContent).toBe("This player takes no invitations from you."));
  });

  it("shows none of it on the player's own profile, nor to a guest", async () => {
    const own = new FakeAccountServer();
    const { root } = profile(own, "Ada");
    await vi.waitFor(() => expect(root.querySelector("h2")?.textContent).toBe("Player Ada"));
    await new Promise((r) => setTimeout(r, 20));
    expect(root.querySelector("#profile-follow")).toBeNull();
    expect(root.querySelector("#profile-invite")).toBeNull();
    const guest = new FakeAccountServer();
    const g = profile(guest, "Bob", null);
    await vi.waitFor(() => expect(g.root.querySelector("h2")?.textContent).toBe("Player Bob"));
    await new Promise((r) => setTimeout(r, 20));
    expect(g.root.querySelector("#profile-follow")).toBeNull();
    expect(guest.sent.filter((r) => r.path.startsWith("/api/me/") || r.path === "/api/invitations")).toEqual([]);
  });
});

describe("the account page's friends", () => {
  it("lists following and followers as profile links and saves who may invite", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/me/following", json(200, { following: [{ name: "Bob", since: 1 }] }))
      .on("GET /api/me/followers", json(200, { followers: [] }))
      .on("GET /api/me/preferences", json(200, { invitations_from: "anyone" }))
      .on("PUT /api/me/preferences", json(200, { invitations_from: "followed" }));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(byId<HTMLSelectElement>(root, "invitations-from").value).toBe("anyone"));
    const section = byId(root, "social-heading").closest("section")!;
    expect(section.querySelector('ul a[href="/players/Bob"]')?.textContent).toBe("Bob");
    expect(section.textContent).toContain("Nobody follows you yet.");
    const select = byId<HTMLSelectElement>(root, "invitations-from");
    select.value = "followed";
    select.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(byId(root, "social-status").textContent).toBe("Saved."));
    expect(server.sent.at(-1)).toMatchObject({ method: "PUT", path: "/api/me/preferences", body: { invitations_from: "followed" } });
  });
});

it("keeps AccountApi's writes to the page's origin with the cookie", async () => {
  const server = new FakeAccountServer().on("PUT /api/me/preferences", json(400, { error: "bad", field: "invitations_from" }));
  const answer = await new AccountApi(server.fetch).send("PUT", "/api/me/preferences", undefined, { invitations_from: "x" });
  expect(answer).toMatchObject({ ok: false, refusal: { status: 400, field: "invitations_from" } });
  expect(server.sent[0]).toMatchObject({ credentials: "same-origin", contentType: "application/json" });
});
