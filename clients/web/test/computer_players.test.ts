// @vitest-environment happy-dom

// Computer players on the page: the level badges, the host's "Add computer player" of each free
// seat and "Remove" of a computer's seat (and the messages they send), the marker of a person's
// seat a computer plays for while they are away (every game's players' card), the final table,
// the room list, and the create-room form's choice of what happens to a player who stays away.

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it } from "vitest";
import { BaseViewSchema } from "../src/gen/carc/v1/base_game_pb";
import { AbandonPolicy, RoomStateSchema, RoomStatus, RoomSummarySchema, SeatInfoSchema, type RoomState, type SeatInfo } from "../src/gen/carc/v1/lobby_pb";
import { ErrorCode } from "../src/gen/carc/v1/session_pb";
import { renderFinalTable } from "../src/games/base/base_final";
import { renderPlayers } from "../src/games/base/players_panel";
import { publicHash } from "../src/games/base/public_hash";
import { renderCastleFinalTable } from "../src/games/castle/castle_final";
import { renderCastlePlayers } from "../src/games/castle/castle_players";
import { setLanguage } from "../src/i18n";
import { computerBadgeText, computerLevelText } from "../src/ui/computer_player";
import { renderHome, type HomeModel } from "../src/ui/home";
import { renderLobby, type LobbyActions } from "../src/ui/lobby";
import { defaultRoomForm } from "../src/ui/options";
import { connectedApp } from "./connected_app";
import { castleView } from "./games/castle/castle_helpers";
import { goldenGames } from "./game_table";

const games = goldenGames();

/** Ada hosts at seat 0, Bo at seat 1, a hard computer at seat 2, seat 3 is free. */
function room(yourSeat: number, status = RoomStatus.LOBBY): RoomState {
  return create(RoomStateSchema, {
    code: "ABC234",
    status,
    yourSeat,
    invitePath: "/r/ABC234",
    options: { seats: 4, isPublic: true, abandonPolicy: AbandonPolicy.COMPUTER, gameOptions: { case: "base", value: {} } },
    seats: [
      { seat: 0, name: "Ada", colour: "red", occupied: true, ready: true, connected: true, isHost: true },
      { seat: 1, name: "Bo", colour: "blue", occupied: true, ready: false, connected: true },
      { seat: 2, name: "Computer 3", colour: "green", occupied: true, ready: true, connected: false, computerLevel: "mcts@1000" },
      { seat: 3, occupied: false },
    ],
  });
}

function actions(): LobbyActions & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const rec = (name: string) => (...args: unknown[]) => void calls.push([name, ...args]);
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

function lobby(r: RoomState, a: LobbyActions = actions()): HTMLElement {
  const el = renderLobby({ room: r, chat: [], chatDraft: "", inviteUrl: "", botCommand: "", games }, a);
  document.body.replaceChildren(el);
  return el;
}

const seatLi = (el: Element, seat: number) => el.querySelector<HTMLElement>(`li[data-seat="${seat}"]`)!;
const named = (el: Element, name: string) => el.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
const buttonsWith = (el: Element, text: string) => [...el.querySelectorAll("button")].filter((b) => (b.textContent ?? "").includes(text));

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

describe("computer levels", () => {
  it("names the offered levels from the server's canonical text and shows any other as it is", () => {
    expect(computerBadgeText("greedy")).toBe("Computer · Easy");
    expect(computerBadgeText("mcts@250")).toBe("Computer · Medium");
    expect(computerBadgeText("mcts@1000")).toBe("Computer · Hard");
    expect(computerBadgeText("mcts@500")).toBe("Computer · mcts@500");
    expect(computerBadgeText("random")).toBe("Computer · random");
    // Not a lookup in a plain object: a level text that is an Object property stays as it is.
    expect(computerLevelText("toString")).toBe("toString");
    setLanguage("sv", undefined);
    expect(computerBadgeText("mcts@1000")).toBe("Dator · Svår");
    setLanguage("de", undefined);
    expect(computerBadgeText("greedy")).toBe("Computer · Leicht");
  });
});

describe("the lobby's computer players", () => {
  it("offers the host a level menu and Add computer player on each free seat", () => {
    const a = actions();
    const el = lobby(room(0), a);
    const free = seatLi(el, 3);
    const menu = free.querySelector("select")!;
    expect([...menu.options].map((o) => [o.value, o.textContent])).toEqual([["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"]]);
    expect(menu.querySelector("option[selected]")?.getAttribute("value")).toBe("medium");
    expect(el.querySelector(`label[for="${menu.id}"]`)?.textContent).toBe("Level of the computer player for seat 4");
    const add = named(free, "Add computer player to seat 4")!;
    expect(add.textContent).toBe("Add computer player");
    // One per free seat, none on a taken one.
    expect(el.querySelectorAll(".add-computer")).toHaveLength(1);
    menu.value = "easy";
    menu.dispatchEvent(new Event("change"));
    add.click();
    expect(a.calls).toEqual([["computerLevelChanged", "easy"], ["addComputer", 3, "easy"]]);
  });

  it("shows the level the host chose last in every free seat's menu", () => {
    const r = room(0);
    r.seats[2] = create(SeatInfoSchema, { seat: 2, occupied: false });
    const el = renderLobby({ room: r, chat: [], chatDraft: "", inviteUrl: "", botCommand: "", games, computerLevel: "hard" }, actions());
    // The option marked selected: what a browser shows (happy-dom's select.value does not follow it).
    expect([...el.querySelectorAll(".add-computer option[selected]")].map((o) => o.getAttribute("value"))).toEqual(["hard", "hard"]);
  });

  it("shows a computer's seat with its level, ready, never as not connected, and lets the host remove it", () => {
    const a = actions();
    const el = lobby(room(0), a);
    const computer = seatLi(el, 2);
    expect(computer.classList.contains("computer")).toBe(true);
    expect(computer.querySelector(".seat-name")?.textContent).toBe("Computer 3");
    expect(computer.querySelector(".badge.computer")?.textContent).toBe("Computer · Hard");
    expect(computer.textContent).toContain("✓ Ready");
    expect(computer.textContent).not.toContain("Offline");
    expect(computer.textContent).not.toContain("Online");
    expect(computer.querySelector(".add-computer")).toBeNull();
    buttonsWith(computer, "Remove Computer 3")[0]!.click();
    expect(a.calls).toEqual([["kick", 2]]);
    // A person's seat still says whether they are there.
    expect(seatLi(el, 1).textContent).toContain("Online");
  });

  it("gives a guest and a spectator neither Add computer player nor Remove", () => {
    for (const seat of [1, -1]) {
      const el = lobby(room(seat));
      expect(el.querySelector(".add-computer"), `seat ${seat}`).toBeNull();
      expect(buttonsWith(el, "Remove"), `seat ${seat}`).toHaveLength(0);
      expect(seatLi(el, 2).querySelector(".badge.computer")?.textContent).toBe("Computer · Hard");
    }
  });

  it("offers neither once the game has started", () => {
    const el = lobby(room(0, RoomStatus.PLAYING));
    expect(el.querySelector(".add-computer")).toBeNull();
    expect(buttonsWith(el, "Remove")).toHaveLength(0);
  });

  it("words the room's policy for a player who stays away", () => {
    const summary = (policy: AbandonPolicy) => {
      const r = room(0);
      r.options!.abandonPolicy = policy;
      return lobby(r).querySelector(".options-summary")!.textContent ?? "";
    };
    expect(summary(AbandonPolicy.COMPUTER)).toContain("When a player stays awayA computer plays for them");
    expect(summary(AbandonPolicy.WAIT)).toContain("When a player stays awayWait for them");
    expect(summary(AbandonPolicy.FALLBACK_MOVE)).toContain("When a player stays awayPlay the simplest move for them");
    expect(summary(AbandonPolicy.UNSPECIFIED)).toContain("When a player stays awayWait for them");
  });
});

describe("the lobby's computer players through the app", () => {
  it("sends AddComputer with the seat and level chosen, and KickPlayer to remove it", async () => {
    const { client, root, app, ws } = connectedApp(2000);
    const before = room(0);
    before.seats[2] = create(SeatInfoSchema, { seat: 2, occupied: false });
    ws.serverSend({ body: { case: "roomState", value: before } });
    expect(app.screen).toBe("lobby");

    const menu = root.querySelector<HTMLSelectElement>('li[data-seat="2"] select')!;
    menu.value = "hard";
    menu.dispatchEvent(new Event("change"));
    // Another member's change renders the lobby again: the menus keep the host's choice.
    ws.serverSend({ body: { case: "roomState", value: before } });
    expect([...root.querySelectorAll(".add-computer option[selected]")].map((o) => o.getAttribute("value"))).toEqual(["hard", "hard"]);
    // The button reads the menu on the page; happy-dom's select.value does not follow the
    // selected option of a menu built anew, so the test sets it as the host's browser shows it.
    root.querySelector<HTMLSelectElement>('li[data-seat="2"] select')!.value = "hard";
    named(root, "Add computer player to seat 3")!.click();
    const sent = ws.lastSent();
    expect(sent.requestId).toBeGreaterThan(0);
    expect(sent.body).toMatchObject({ case: "addComputer", value: { seat: 2, level: "hard" } });

    // Every member gets the room's state with the seat's canonical level.
    ws.serverSend({ body: { case: "roomState", value: room(0) } });
    const computer = root.querySelector('li[data-seat="2"]')!;
    expect(computer.querySelector(".badge.computer")?.textContent).toBe("Computer · Hard");
    buttonsWith(computer as HTMLElement, "Remove Computer 3")[0]!.click();
    expect(ws.lastSent().body).toMatchObject({ case: "kickPlayer", value: { seat: 2 } });

    // A refusal is said in the banner, as any request's.
    ws.serverSend({ requestId: sent.requestId, body: { case: "error", value: { code: ErrorCode.SEAT_TAKEN, message: "that seat is taken" } } });
    expect(root.querySelector(".banner")?.textContent).toContain("That seat is already taken.");
    expect(root.querySelector(".banner")?.textContent).not.toContain("that seat is taken");
    // A refusal of options says which option, in the server's words.
    const words = "computer level must be easy, medium or hard";
    ws.serverSend({ requestId: sent.requestId, body: { case: "error", value: { code: ErrorCode.INVALID_OPTIONS, message: words } } });
    expect(root.querySelector(".banner")?.textContent).toContain(`The server refused these room options. (${words})`);
    client.close();
  });

  it("marks a person's seat while a computer plays for them, and drops the mark when they are back", async () => {
    const { client, root, app, ws } = connectedApp(2000, "Ada");
    const playing = room(0, RoomStatus.PLAYING);
    playing.seats.pop();
    ws.serverSend({ body: { case: "roomState", value: playing } });
    const view = create(BaseViewSchema, { scores: [3, 8, 5], supply: [7, 7, 7], toMove: 1 });
    ws.serverSend({ body: { case: "snapshot", value: { seq: 5n, view: { case: "base", value: view }, publicHash: publicHash(view) } } });
    await app.settled();
    expect(app.screen).toBe("game");
    const card = () => root.querySelector("ol.players")!;
    expect(card().querySelector(".badge.computer")?.textContent).toBe("Computer · Hard");
    expect(card().querySelector(".badge.stand-in")).toBeNull();

    const away = room(0, RoomStatus.PLAYING);
    away.seats.pop();
    away.seats[1]!.connected = false;
    away.seats[1]!.computerStandingIn = true;
    ws.serverSend({ body: { case: "roomState", value: away } });
    expect(card().querySelector('li[data-seat="1"] .badge.stand-in')?.textContent).toBe("Computer playing for Bo");
    expect(card().querySelector('li[data-seat="1"]')?.textContent).not.toContain("Offline");

    ws.serverSend({ body: { case: "roomState", value: playing } });
    expect(card().querySelector(".badge.stand-in")).toBeNull();
    expect(card().querySelector('li[data-seat="1"]')?.textContent).toContain("Online");
    client.close();
  });
});

describe("what a server's Welcome says it allows", () => {
  // The lobby of the app after a Welcome with `maxComputerMs`, seat 2 free and this page the host.
  const hostLobby = async (maxComputerMs: number) => {
    const { client, root, app, ws } = connectedApp(maxComputerMs);
    await app.settled();
    const r = room(0);
    r.seats[2] = create(SeatInfoSchema, { seat: 2, occupied: false });
    ws.serverSend({ body: { case: "roomState", value: r } });
    const levels = [...root.querySelectorAll<HTMLOptionElement>('li[data-seat="2"] .add-computer option')].map((o) => o.value);
    client.close();
    return levels;
  };
  const policies = (maxComputerMs: number) => {
    const model: HomeModel = { name: "Ada", form: defaultRoomForm(), games: { status: "ready", games: goldenGames() }, joinCode: "", spectate: false, rooms: [], maxComputerMs };
    const el = renderHome(model, { nameChanged() {}, createRoom() {}, joinRoom() {}, refreshRooms() {}, reloadGames() {}, playNow() {} });
    return { menu: [...el.querySelectorAll<HTMLOptionElement>('select[name="abandon-policy"] option')].map((o) => o.value), form: model.form };
  };

  it("offers no computer players and no computer policy where there are none", async () => {
    expect(await hostLobby(0)).toEqual([]);
    const none = policies(0);
    expect(none.menu).toEqual(["wait", "fallback", "vote"]);
    expect(none.form.abandon).toBe("wait");  // what the form sends, too
  });

  it("offers only the levels within the server's time a move", async () => {
    expect(await hostLobby(500)).toEqual(["easy", "medium"]);
    expect(await hostLobby(2000)).toEqual(["easy", "medium", "hard"]);
    expect(policies(2000).menu).toEqual(["computer", "wait", "fallback", "vote"]);
  });
});

describe("computer players in the games", () => {
  const seats: SeatInfo[] = [
    create(SeatInfoSchema, { seat: 0, name: "Ada", colour: "red", occupied: true, connected: true }),
    create(SeatInfoSchema, { seat: 1, name: "Bo", colour: "blue", occupied: true, connected: false, computerStandingIn: true }),
    create(SeatInfoSchema, { seat: 2, name: "Computer 3", colour: "green", occupied: true, connected: false, computerLevel: "greedy" }),
  ];

  it("marks them in a base game's players' card, and a replay's", () => {
    const view = create(BaseViewSchema, { scores: [1, 2, 3], supply: [7, 7, 7], toMove: 0 });
    const card = renderPlayers(view, seats, undefined, 0);
    const li = (i: number) => card.querySelector(`li[data-seat="${i}"]`)!;
    expect(li(0).textContent).toContain("Online");
    expect(li(1).querySelector(".badge.stand-in")?.textContent).toBe("Computer playing for Bo");
    expect(li(1).textContent).not.toContain("Offline");
    expect(li(2).querySelector(".badge.computer")?.textContent).toBe("Computer · Easy");
    expect(li(2).textContent).not.toContain("Offline");
    // A replay shows no presence, but a computer's seat still says what it was.
    const replay = renderPlayers(view, seats, undefined, -1, false);
    expect(replay.querySelector(".badge.stand-in")).toBeNull();
    expect(replay.querySelector('li[data-seat="2"] .badge.computer')?.textContent).toBe("Computer · Easy");
  });

  it("marks them in The Castle's players' card", () => {
    const r = create(RoomStateSchema, { yourSeat: -1, seats: [{ ...seats[1]!, seat: 0 }, { ...seats[2]!, seat: 1 }] });
    const card = renderCastlePlayers(castleView(), r, undefined, false, 0);
    expect(card.querySelector('li[data-seat="0"] .badge.stand-in')?.textContent).toBe("Computer playing for Bo");
    expect(card.querySelector('li[data-seat="1"] .badge.computer')?.textContent).toBe("Computer · Easy");
    expect(card.textContent).not.toContain("Offline");
  });

  it("marks the computers' rows of the final tables", () => {
    const view = create(BaseViewSchema, { scores: [10, 30, 20], winners: [1] });
    const table = renderFinalTable(view, seats);
    const head = (i: number) => table.querySelector(`tr[data-seat="${i}"] th`)!;
    expect(head(2).textContent).toContain("Computer 3");
    expect(head(2).querySelector(".badge.computer")?.textContent).toBe("Computer · Easy");
    expect(head(0).querySelector(".badge.computer")).toBeNull();
    // A person a computer stood in for is still a person at the end.
    expect(head(1).querySelector(".badge")).toBeNull();
    expect(head(1).textContent).toContain("Bo · winner");

    const r = create(RoomStateSchema, { yourSeat: -1, seats: [seats[0]!, { ...seats[2]!, seat: 1 }] });
    const castle = renderCastleFinalTable(castleView(), r, undefined);
    expect(castle.querySelector('tr[data-seat="1"] th .badge.computer')?.textContent).toBe("Computer · Easy");
    expect(castle.querySelector('tr[data-seat="0"] th .badge.computer')).toBeNull();
  });
});

describe("home", () => {
  function home(rooms: HomeModel["rooms"] = []) {
    const calls: unknown[][] = [];
    const model: HomeModel = { name: "Ada", form: defaultRoomForm(), games: { status: "ready", games }, joinCode: "", spectate: false, rooms };
    const el = renderHome(model, {
      nameChanged: () => undefined,
      createRoom: (r) => calls.push(["create", r]),
      joinRoom: () => undefined,
      refreshRooms: () => undefined,
      reloadGames: () => undefined,
      playNow: () => undefined,
    });
    document.body.replaceChildren(el);
    return { el, calls };
  }

  it("says how many players of a listed room are computers, when any are", () => {
    const summary = (computers: number) =>
      create(RoomSummarySchema, { code: "ABC234", seats: 4, players: 3, computers, hostName: "Ada", status: RoomStatus.LOBBY });
    const { el } = home([summary(2), summary(1), summary(0)]);
    const rows = [...el.querySelectorAll("li.room")].map((li) => li.textContent ?? "");
    expect(rows[0]).toContain("Ada · 3/4 players · waiting · 2 computer players");
    expect(rows[1]).toContain("· 1 computer player");
    expect(rows[2]).not.toContain("computer");
  });

  it("offers what happens to a player who stays away, a computer playing for them first, and sends the choice", () => {
    const { el, calls } = home();
    const menu = el.querySelector<HTMLSelectElement>('select[name="abandon-policy"]')!;
    expect([...menu.options].map((o) => [o.value, o.textContent])).toEqual([
      ["computer", "A computer plays for them"],
      ["wait", "Wait for them"],
      ["fallback", "Play the simplest move for them"],
      ["vote", "The others vote: skip their turns or end the game"],
    ]);
    expect(menu.value).toBe("computer");
    expect(el.querySelector(`label[for="${menu.id}"]`)?.textContent).toBe("When a player stays away");
    expect(el.querySelector(`#${menu.getAttribute("aria-describedby")}`)?.textContent).toContain("longer than the server allows");
    const form = el.querySelector('form[aria-labelledby="create-heading"]')!;
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    menu.value = "wait";
    menu.dispatchEvent(new Event("change"));
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    menu.value = "fallback";
    menu.dispatchEvent(new Event("change"));
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    const policies = calls.map((c) => (c[1] as { options: { abandonPolicy: AbandonPolicy } }).options.abandonPolicy);
    expect(policies).toEqual([AbandonPolicy.COMPUTER, AbandonPolicy.WAIT, AbandonPolicy.FALLBACK_MOVE]);
  });
});
