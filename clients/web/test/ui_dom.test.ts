// @vitest-environment happy-dom

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BaseOptionsSchema, BaseViewSchema } from "../src/gen/carc/v1/base_game_pb";
import { RoomStateSchema, RoomStatus, type RoomState } from "../src/gen/carc/v1/lobby_pb";
import { publicHash } from "../src/games/base/public_hash";
import type { GamePlay } from "../src/games/game_module";
import { DEFAULT_GAME, GAMES } from "../src/games/registry";
import { setLanguage } from "../src/i18n";
import { CarcClient } from "../src/net/client";
import { MemoryStorage } from "../src/net/resume_token";
import { loadPatch } from "../src/ui/patch";
import { App } from "../src/ui/app";
import { copyText } from "../src/ui/copy";
import { renderHome, type HomeActions, type HomeModel } from "../src/ui/home";
import { renderLobby, type LobbyActions } from "../src/ui/lobby";
import { defaultRoomForm } from "../src/ui/options";
import { FakeWebSocket } from "./fake_websocket";
import { goldenGame, goldenGames, serving } from "./game_table";

const games = goldenGames();

function room(yourSeat: number, status = RoomStatus.LOBBY): RoomState {
  return create(RoomStateSchema, {
    code: "ABC234",
    status,
    yourSeat,
    spectators: 2,
    invitePath: "/r/ABC234",
    options: { seats: 3, isPublic: true, gameOptions: { case: "base", value: { farmers: true, followers: 7 } } },
    seats: [
      { seat: 0, name: "Ada", colour: "red", occupied: true, ready: true, connected: true, isHost: true },
      { seat: 1, name: "Bo", colour: "blue", occupied: true, ready: false, connected: false },
      { seat: 2, occupied: false },
    ],
  });
}

function lobbyActions(): LobbyActions & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const rec =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  return {
    calls,
    takeSeat: rec("takeSeat"),
    chooseColour: rec("chooseColour"),
    setReady: rec("setReady"),
    start: rec("start"),
    kick: rec("kick"),
    addComputer: rec("addComputer"),
    computerLevelChanged: rec("computerLevelChanged"),
    sendChat: rec("sendChat"),
    chatDraftChanged: rec("chatDraftChanged"),
    copyInvite: rec("copyInvite"),
    leave: rec("leave"),
  };
}

function buttons(el: HTMLElement, text: string): HTMLButtonElement[] {
  return [...el.querySelectorAll("button")].filter((b) => (b.textContent ?? "").includes(text));
}

/** Every form control has a label (label[for], or aria-label). */
function expectLabelled(el: HTMLElement): void {
  for (const control of el.querySelectorAll("input, select")) {
    const id = control.getAttribute("id");
    const labelled =
      control.hasAttribute("aria-label") || (id !== null && el.querySelector(`label[for="${id}"]`) !== null);
    expect(labelled, control.outerHTML).toBe(true);
  }
}

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

describe("lobby", () => {
  it("renders the seats of a RoomState", () => {
    const el = renderLobby({ room: room(0), chat: [], chatDraft: "", inviteUrl: "https://x/r/ABC234", botCommand: "carcassonne bot --server ws://x --room ABC234", games }, lobbyActions());
    const seats = el.querySelectorAll("li.seat");
    expect(seats).toHaveLength(3);
    expect(seats[0]!.textContent).toContain("Ada");
    expect(seats[0]!.textContent).toContain("Host");
    expect(seats[0]!.textContent).toContain("Ready");
    expect(seats[0]!.querySelector(".swatch")?.getAttribute("aria-label")).toBe("Red");
    expect(seats[0]!.querySelector(".swatch")?.textContent).toBe("■");
    expect(seats[1]!.textContent).toContain("Bo");
    expect(seats[1]!.textContent).toContain("Not ready");
    expect(seats[1]!.textContent).toContain("Offline");
    expect(seats[1]!.querySelector(".swatch")?.textContent).toBe("●");
    expect(seats[2]!.textContent).toContain("Free seat");
    expect(el.textContent).toContain("Spectators: 2");
    expect((el.querySelector("input.invite-link") as HTMLInputElement).value).toBe("https://x/r/ABC234");
    expectLabelled(el);
  });

  it("shows Start and Kick to the host", () => {
    const actions = lobbyActions();
    const el = renderLobby({ room: room(0), chat: [], chatDraft: "", inviteUrl: "", botCommand: "", games }, actions);
    expect(buttons(el, "Start the game")).toHaveLength(1);
    const kicks = buttons(el, "Remove");
    expect(kicks).toHaveLength(1); // Bo, not the host's own seat
    kicks[0]!.click();
    buttons(el, "Start the game")[0]!.click();
    buttons(el, "Take seat 3")[0]!.click();
    expect(actions.calls).toEqual([["kick", 1], ["start"], ["takeSeat", 2]]);
  });

  it("shows neither Start nor Kick to a guest", () => {
    const actions = lobbyActions();
    const el = renderLobby({ room: room(1), chat: [], chatDraft: "", inviteUrl: "", botCommand: "", games }, actions);
    expect(buttons(el, "Start the game")).toHaveLength(0);
    expect(buttons(el, "Remove")).toHaveLength(0);
    expect(el.textContent).toContain("Waiting for the host");
    // colour: red is Ada's, so it is disabled for Bo
    const select = el.querySelector("select") as HTMLSelectElement;
    const red = [...select.options].find((o) => o.value === "red")!;
    expect(red.disabled).toBe(true);
    select.value = "green";
    select.dispatchEvent(new Event("change"));
    const ready = [...el.querySelectorAll("input[type=checkbox]")][0] as HTMLInputElement;
    ready.checked = true;
    ready.dispatchEvent(new Event("change"));
    expect(actions.calls).toEqual([["chooseColour", "green"], ["setReady", true]]);
  });

  it("lists the room's own options from the game's served table, in words without rule ids", () => {
    const r = room(0);
    r.options!.gameOptions = { case: "base", value: create(BaseOptionsSchema, { farmers: false, handSize: 2, boardLimit: "9x11", startPlayer: "host" }) };
    const rows = (games: Parameters<typeof renderLobby>[0]["games"]) =>
      [...renderLobby({ room: r, chat: [], chatDraft: "", inviteUrl: "", botCommand: "", games }, lobbyActions()).querySelectorAll(".options-summary dt")].map(
        (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
      );
    const all = rows(games);
    expect(all).toHaveLength(7 + goldenGame("base").table.options.length);
    expect(all).toEqual(
      expect.arrayContaining([
        "Game: Carcassonne (base game)",
        "Hints: no",
        "Rated: no",
        "Farmers: no",
        "Small cities: no",
        "Score unfinished features: yes",
        "Farm scoring: 3 points per completed city for each farm",
        "Tiles in hand: 2",
        "Table limit: 9 × 11",
        "First player: The host",
        "Followers: 7",
        "Where the Count moves: Where the player chooses",
      ]),
    );
    for (const row of all) expect(row).not.toMatch(/\([BVCK]-\d+\)/);
    // Without the table (it did not load), the room's settings every game has, and nothing made up.
    expect(rows([])).toHaveLength(7);
  });

  it("says a room is turn-based, with its time per move and reserve where a live room has its clock", () => {
    const r = room(0);
    const summary = () => {
      const el = renderLobby({ room: r, chat: [], chatDraft: "", inviteUrl: "", botCommand: "", games }, lobbyActions());
      const rows = [...el.querySelectorAll(".options-summary dt")].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
      return { heading: el.querySelector("h2")?.textContent, rows };
    };
    expect(summary().rows).toContain("Turn clock: none");
    expect(summary().heading).toBe("Room ABC234");
    r.options!.turnBased = { $typeName: "carc.v1.TurnBased", moveSeconds: 86_400, reserveSeconds: 3 * 86_400 };
    expect(summary().heading).toBe("Room ABC234 Turn-based");
    expect(summary().rows).toEqual(expect.arrayContaining(["Turn clock: turn-based, 1 day per move", "Reserve per player, for the whole game: 3 days"]));
    r.options!.turnBased = { $typeName: "carc.v1.TurnBased", moveSeconds: 12 * 3600, reserveSeconds: 0 };
    expect(summary().rows).toEqual(expect.arrayContaining(["Turn clock: turn-based, 12 hours per move", "Reserve per player, for the whole game: none"]));
    setLanguage("de", undefined);
    expect(summary().rows).toContain("Zugzeit: rundenbasiert, 12 Stunden pro Zug");
  });

  it("lets a spectator chat but not take seats", () => {
    const actions = lobbyActions();
    const el = renderLobby(
      { room: room(-1), chat: [{ seat: -1, name: "Cy", text: "hi" } as never], chatDraft: "", inviteUrl: "", botCommand: "", games },
      actions,
    );
    expect(el.textContent).toContain("You are watching this room.");
    expect(buttons(el, "Take seat")).toHaveLength(0);
    expect(el.querySelector(".chat-list")?.textContent).toContain("Cy (spectator): hi");
    const input = el.querySelector("#chat-input") as HTMLInputElement;
    // The server's limit, in characters: an emoji is one (no maxlength, which counts UTF-16 units).
    expect(el.querySelector(".chat .help")?.textContent).toBe("500 characters left");
    input.value = "🏰🏰";
    input.dispatchEvent(new Event("input"));
    expect(el.querySelector(".chat .help")?.textContent).toBe("498 characters left");
    input.value = "  hello  ";
    el.querySelector(".chat form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    input.value = "x".repeat(501);
    el.querySelector(".chat form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(actions.calls).toEqual([["chatDraftChanged", "🏰🏰"], ["sendChat", "hello"]]);
  });
});

describe("home", () => {
  function home(offered: HomeModel["games"] = { status: "ready", games }): { el: HTMLElement; model: HomeModel; calls: unknown[][] } {
    const calls: unknown[][] = [];
    const model: HomeModel = { name: "Ada", form: defaultRoomForm(), games: offered, joinCode: "", spectate: false, rooms: [] };
    const actions: HomeActions = {
      nameChanged: (n) => calls.push(["name", n]),
      createRoom: (r) => calls.push(["create", r]),
      joinRoom: (r) => calls.push(["join", r]),
      refreshRooms: () => calls.push(["refresh"]),
      reloadGames: () => calls.push(["reloadGames"]),
      playNow: () => calls.push(["playNow"]),
    };
    return { el: renderHome(model, actions), model, calls };
  }

  it("has a labelled control with its rule for every option of the served table", () => {
    const { el } = home();
    for (const option of goldenGame("base").table.options) {
      const field = el.querySelector(`[data-option="${option.name}"]`);
      expect(field, option.name).not.toBeNull();
      expect(field!.textContent).toContain(`Rule ${option.rule}:`);
    }
    expectLabelled(el);
  });

  it("offers the seats of the game's table", () => {
    const { el } = home();
    const seats = el.querySelector<HTMLSelectElement>(`#${el.querySelector("label[for^='seats']")!.getAttribute("for")}`)!;
    expect([...seats.options].map((o) => o.value)).toEqual(["2", "3", "4", "5", "6"]);
  });

  it("says so while the games' table loads, and still joins by code", () => {
    const { el, model, calls } = home({ status: "loading" });
    const create = el.querySelector('[data-game-types="loading"]')!;
    expect(create.textContent).toContain("Loading the games and their options");
    expect(el.querySelector('form[aria-labelledby="create-heading"]')).toBeNull();
    expect(el.querySelector("[data-option]")).toBeNull();
    model.joinCode = "ABC234";
    el.querySelector('form[aria-labelledby="join-heading"]')!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(calls[0]).toMatchObject(["join", { code: "ABC234" }]);
  });

  it("says why the games' table failed, offers to try again, and keeps joining and the room list", () => {
    const { el, calls } = home({ status: "failed", reason: "/api/game-types: HTTP 503" });
    const create = el.querySelector('[data-game-types="failed"]')!;
    expect(create.querySelector('[role="alert"]')?.textContent).toBe(
      "The games and their options could not be loaded from the server (/api/game-types: HTTP 503).",
    );
    buttons(create as HTMLElement, "Try again")[0]!.click();
    expect(calls).toEqual([["reloadGames"]]);
    expect(el.querySelector('form[aria-labelledby="join-heading"]')).not.toBeNull();
    expect(el.querySelector('[aria-labelledby="list-heading"]')).not.toBeNull();
    buttons(el, "Refresh")[0]!.click();
    expect(calls).toEqual([["reloadGames"], ["refresh"]]);
    setLanguage("sv", undefined);
    expect(home({ status: "failed", reason: "x" }).el.textContent).toContain("Försök igen");
  });

  it("creates a room from the form", () => {
    const { el, calls } = home();
    const farmers = el.querySelector('input[name="farmers"]') as HTMLInputElement;
    farmers.checked = false;
    farmers.dispatchEvent(new Event("change"));
    const followers = el.querySelector('select[name="followers"]') as HTMLSelectElement;
    followers.value = "4";
    followers.dispatchEvent(new Event("change"));
    const form = el.querySelector('form[aria-labelledby="create-heading"]')!;
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(calls).toHaveLength(1);
    const request = calls[0]![1] as { playerName: string; options: { gameOptions: { value: { farmers: boolean; followers: number } } } };
    expect(request.playerName).toBe("Ada");
    expect(request.options.gameOptions.value).toMatchObject({ farmers: false, followers: 4 });
  });

  it("creates a turn-based room: menus of times in place of the live clock, which is not sent", () => {
    const { el, model, calls } = home();
    document.body.append(el);
    const form = () => document.querySelector<HTMLFormElement>('form[aria-labelledby="create-heading"]')!;
    expect(form().querySelector('select[name="move-time"]')).toBeNull();
    expect(form().querySelector("input[id^=clock-initial]")).not.toBeNull();
    const box = form().querySelector<HTMLInputElement>('input[name="turn-based"]')!;
    expect(form().querySelector(`label[for="${box.id}"]`)?.textContent).toBe("Turn-based: a game over days, no live clock");
    expect(document.getElementById(box.getAttribute("aria-describedby")!)?.textContent).toContain("reserve");
    box.checked = true;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.form.turnBased).toBe(true);
    // Drawn again in place: the clock's boxes are gone, the two menus are there, labelled.
    expect(form().querySelector("input[id^=clock-initial]")).toBeNull();
    const move = form().querySelector<HTMLSelectElement>('select[name="move-time"]')!;
    const reserve = form().querySelector<HTMLSelectElement>('select[name="reserve"]')!;
    expect([...move.options].map((o) => o.textContent)).toEqual(["1 hour", "12 hours", "1 day", "2 days", "3 days", "7 days", "14 days"]);
    expect([...reserve.options].map((o) => o.textContent)).toEqual(["none", "1 day", "3 days", "7 days"]);
    // (The option the page marks: happy-dom's selectedness of a built menu is one off.)
    expect([move, reserve].map((m) => m.querySelector("option[selected]")?.textContent)).toEqual(["1 day", "3 days"]);
    expectLabelled(form());
    move.value = "43200";
    move.dispatchEvent(new Event("change"));
    reserve.value = "0";
    reserve.dispatchEvent(new Event("change"));
    form().dispatchEvent(new Event("submit", { cancelable: true }));
    const request = calls[0]![1] as { options: { clock?: unknown; turnBased?: { moveSeconds: number; reserveSeconds: number } } };
    expect(request.options.clock).toBeUndefined();
    expect(request.options.turnBased).toMatchObject({ moveSeconds: 43_200, reserveSeconds: 0 });
  });

  it("joins by code and refuses a bad one", () => {
    const { el, model, calls } = home();
    const form = el.querySelector('form[aria-labelledby="join-heading"]')!;
    model.joinCode = "abc";
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(calls).toHaveLength(0);
    expect(form.querySelector('[role="alert"]')!.textContent).toContain("6 characters");
    model.joinCode = "abc-234";
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(calls[0]![0]).toBe("join");
    expect(calls[0]![1]).toMatchObject({ code: "ABC234", playerName: "Ada", spectate: false });
  });
});

describe("copy", () => {
  it("uses the clipboard, else selects the text", async () => {
    const input = document.createElement("input");
    input.value = "https://x/r/ABC234";
    document.body.append(input);
    const writeText = vi.fn(() => Promise.resolve());
    expect(await copyText(input.value, input, { writeText })).toBe("copied");
    expect(writeText).toHaveBeenCalledWith("https://x/r/ABC234");
    const refuse = { writeText: () => Promise.reject(new Error("denied")) };
    const result = await copyText(input.value, input, refuse);
    expect(["copied", "selected"]).toContain(result);
    expect(document.activeElement).toBe(input);
  });
});

describe("app", () => {
  it("loads the games' table once at start, says when it failed and asks again on request", async () => {
    FakeWebSocket.reset();
    const answers = [serving({ error: "busy" }, 503), serving()];
    const asked: string[] = [];
    const http: typeof fetch = (input) => {
      // A guest: the account's probe (account.ts) is no part of this.
      if (String(input) === "/api/me") return serving({ error: "not signed in" }, 401)(input);
      // The server's name and message of the day (server_info.ts): no part of this either.
      if (String(input) === "/api/server") return serving({ error: "none" }, 404)(input);
      asked.push(String(input));
      return answers[asked.length - 1]!(input);
    };
    const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage: new MemoryStorage() });
    const root = document.createElement("div");
    document.body.append(root);
    const app = new App(root, client, { location: { origin: "https://x", pathname: "/", hash: "" }, http });
    app.start();
    expect(root.querySelector('[data-game-types="loading"]')?.textContent).toContain("Loading the games and their options");
    await vi.waitFor(() => expect(root.querySelector('[data-game-types="failed"]')).not.toBeNull());
    expect(root.querySelector('[data-game-types="failed"] [role="alert"]')?.textContent).toContain("HTTP 503");
    expect(root.querySelector('form[aria-labelledby="join-heading"]')).not.toBeNull();
    buttons(root, "Try again")[0]!.click();
    expect(root.querySelector('[data-game-types="loading"]')).not.toBeNull();
    await vi.waitFor(() => expect(root.querySelector('[data-option="farmers"]')).not.toBeNull());
    const menu = root.querySelector<HTMLSelectElement>('select[name="game-type"]')!;
    expect([...menu.options].map((o) => o.textContent)).toEqual(GAMES.map((g) => g.title()));
    expect(asked).toEqual(["/api/game-types", "/api/game-types"]);
    client.close();
  });


  it("joins an invite link, shows the lobby, then the game", async () => {
    FakeWebSocket.reset();
    const storage = new MemoryStorage();
    storage.setItem("carc.playerName", "Bo");
    const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage });
    const root = document.createElement("div");
    document.body.append(root);
    const app = new App(root, client, {
      location: { origin: "https://x", pathname: "/r/abc234", hash: "" },
      storage: storage as unknown as Storage,
      http: serving(),
    });
    app.start();
    expect(app.screen).toBe("home");
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "welcome", value: { serverVersion: "9" } } });
    const join = ws.lastSent();
    expect(join.body.case).toBe("joinRoom");
    expect(join.body.value).toMatchObject({ code: "ABC234", playerName: "Bo", spectate: false });

    ws.serverSend({ requestId: join.requestId, body: { case: "roomState", value: room(1) } });
    expect(app.screen).toBe("lobby");
    expect(root.querySelectorAll("li.seat")).toHaveLength(3);
    expect(root.querySelector("input.invite-link")).toHaveProperty("value", "https://x/r/ABC234");

    ws.serverSend({ body: { case: "error", value: { code: 27, message: "colour red is taken" } } });
    expect(root.querySelector(".banner")?.textContent).toContain("Another player already has that colour.");

    ws.serverSend({ body: { case: "roomState", value: room(1, RoomStatus.PLAYING) } });
    const view = create(BaseViewSchema, { scores: [3, 8], toMove: 1 });
    ws.serverSend({ body: { case: "snapshot", value: { seq: 5n, view: { case: "base", value: view }, publicHash: publicHash(view) } } });
    await app.settled();
    expect(app.screen).toBe("game");
    expect(root.querySelector("svg.board-svg")).not.toBeNull();
    expect(root.querySelector("#prompt")?.textContent).toBe("Your turn");
    expect(root.textContent).toContain("8 points");
    // A tab that lost its connection cannot move: it says so instead of "Your turn".
    ws.serverClose(1006);
    expect(root.querySelector("#prompt")?.textContent).toBe("Connection lost, reconnecting…");
    client.close();
  });

  it("opens an archived game's replay from its address (the final table's link, a reload)", () => {
    // The viewer asks the page's fetch for the replay: refused here, it says so under its head.
    vi.stubGlobal("fetch", serving({}, 404));
    FakeWebSocket.reset();
    const storage = new MemoryStorage();
    const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage });
    const root = document.createElement("div");
    document.body.append(root);
    const app = new App(root, client, {
      location: { origin: "https://x", pathname: "/replay/7", hash: "" },
      storage: storage as unknown as Storage,
      http: serving(),
    });
    app.start();
    expect(root.querySelector("main h2")?.textContent).toBe("Replay of game 7");
    expect(root.querySelector("#close-replay")).not.toBeNull();
    client.close();
    vi.unstubAllGlobals();
  });

  // The game's code is a chunk of its own, fetched when a room needs it (issue 20, delivery).
  function playingApp(now?: () => number) {
    FakeWebSocket.reset();
    const storage = new MemoryStorage();
    storage.setItem("carc.playerName", "Bo");
    const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage });
    const root = document.createElement("div");
    document.body.append(root);
    const app = new App(root, client, {
      location: { origin: "https://x", pathname: "/r/abc234", hash: "" },
      storage: storage as unknown as Storage,
      http: serving(),
      now,
    });
    app.start();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "welcome", value: { serverVersion: "9" } } });
    return { app, root, ws, client };
  }
  const snapshot = (seq: bigint, scores: number[]) => {
    const view = create(BaseViewSchema, { scores, toMove: 1 });
    return { body: { case: "snapshot" as const, value: { seq, view: { case: "base" as const, value: view }, publicHash: publicHash(view) } } };
  };

  it("holds the game's messages while its code loads, then applies them in order", async () => {
    const load = DEFAULT_GAME.load.bind(DEFAULT_GAME);
    let release: () => void = () => {};
    const spy = vi.spyOn(DEFAULT_GAME, "load").mockImplementation(
      () => new Promise<GamePlay>((resolve) => (release = () => resolve(load()))),
    );
    const { app, root, ws, client } = playingApp();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "roomState", value: room(1, RoomStatus.PLAYING) } });
    ws.serverSend(snapshot(5n, [3, 8]));
    ws.serverSend(snapshot(6n, [3, 11]));
    expect(app.screen).toBe("game");
    expect(root.textContent).toContain("Loading the game…");
    expect(root.querySelector("svg.board-svg")).toBeNull();
    release();
    await app.settled();
    expect(root.querySelector("svg.board-svg")).not.toBeNull();
    expect(root.textContent).toContain("11 points");
    expect(root.textContent).not.toContain("Loading the game…");
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    client.close();
  });

  it("says so when the game's code cannot be loaded", async () => {
    const spy = vi.spyOn(DEFAULT_GAME, "load").mockRejectedValue(new Error("offline"));
    const { app, root, ws, client } = playingApp();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "roomState", value: room(1, RoomStatus.PLAYING) } });
    ws.serverSend(snapshot(5n, [3, 8]));
    await app.settled();
    expect(root.querySelector("[role=alert]")?.textContent).toBe(
      "The game could not be loaded (offline). Reload the page to try again.",
    );
    // One attempt, not one per render.
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    client.close();
  });

  it("puts the room's address in the bar for its creator too", () => {
    FakeWebSocket.reset();
    const storage = new MemoryStorage();
    const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage });
    const root = document.createElement("div");
    document.body.append(root);
    const paths: string[] = [];
    const app = new App(root, client, {
      location: { origin: "https://x", pathname: "/", hash: "" },
      history: { replaceState: (_d: unknown, _u: string, url?: string) => void paths.push(url ?? "") },
      storage: storage as unknown as Storage,
      http: serving(),
    });
    app.start();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "welcome", value: { serverVersion: "9" } } });
    ws.serverSend({ body: { case: "roomState", value: room(0) } });
    expect(app.screen).toBe("lobby");
    expect(paths).toEqual(["/r/ABC234"]);
    client.close();
  });

  it("takes a refused command's message down once the game has moved on, not at once", async () => {
    let clock = 1000;
    const { app, root, ws, client } = playingApp(() => clock);
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "roomState", value: room(1, RoomStatus.PLAYING) } });
    ws.serverSend(snapshot(5n, [3, 8]));
    await app.settled();
    ws.serverSend({ body: { case: "error", value: { code: 27, message: "colour red is taken" } } });
    const banner = () => root.querySelector(".banner")?.textContent ?? "";
    expect(banner()).toContain("Another player already has that colour.");
    // The other player's move a second later: still there to be read.
    clock += 1000;
    ws.serverSend(snapshot(6n, [3, 11]));
    expect(banner()).toContain("Another player already has that colour.");
    // The game moves on five seconds after it appeared: gone.
    clock += 4000;
    ws.serverSend(snapshot(7n, [3, 12]));
    expect(banner()).toBe("");
    client.close();
  });

  it("updates the page in place: what the reader opened, typed and follows stays (issue 20)", async () => {
    await loadPatch();
    const { app, root, ws, client } = playingApp();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "roomState", value: room(1) } });
    expect(app.screen).toBe("lobby");
    ws.serverSend({ body: { case: "chat", value: { seat: 0, name: "Al", text: "hello" } } });
    const details = root.querySelector<HTMLDetailsElement>("details.bots")!;
    details.open = true;
    const list = root.querySelector(".chat-list")!;
    const input = root.querySelector<HTMLInputElement>("#chat-input")!;
    input.value = "half a sent";
    input.dispatchEvent(new Event("input"));
    input.focus();
    // Another message and a new room state: the page is rendered twice more.
    ws.serverSend({ body: { case: "chat", value: { seat: 0, name: "Al", text: "still there?" } } });
    ws.serverSend({ body: { case: "roomState", value: room(1) } });
    expect(root.querySelector("details.bots")).toBe(details);
    expect(details.open).toBe(true);
    expect(root.querySelector(".chat-list")).toBe(list); // the live region a screen reader follows
    expect(list.querySelectorAll("li")).toHaveLength(2);
    expect(root.querySelector("#chat-input")).toBe(input);
    expect(input.value).toBe("half a sent");
    expect(document.activeElement).toBe(input);
    // The handlers are the latest rendering's: sending reads the page's own box.
    root.querySelector<HTMLFormElement>(".chat form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(ws.lastSent().body).toMatchObject({ case: "sendChat", value: { text: "half a sent" } });
    client.close();
  });
});
