// @vitest-environment happy-dom

// Rated rooms in the create-room form and wherever a room is named: "Rated game" offered to a
// signed-in player only (a guest sees why not), RoomOptions.rated sent with hints off, a house
// rule (any option off its default but the Count, which only chooses the pool) named and the room
// not sent until it is back at its default; the "Rated" label in the room list, the lobby and the
// game screen's head.

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it } from "vitest";
import { RoomStateSchema, RoomStatus, RoomSummarySchema, type CreateRoom } from "../src/gen/carc/v1/lobby_pb";
import { setLanguage } from "../src/i18n";
import { roomLevels } from "../src/ui/computer_player";
import { renderGameHead } from "../src/ui/game_head";
import { renderHome, type HomeActions, type HomeModel } from "../src/ui/home";
import { renderLobby, type LobbyActions } from "../src/ui/lobby";
import { buildRoomOptions, defaultRoomForm, gameOptionsForm, type RoomForm } from "../src/ui/options";
import { atDefault, houseRule } from "../src/ui/rated_form";
import { goldenGame, goldenGames } from "./game_table";

const games = goldenGames();

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

/** The form of `game` with `values` set in its options. */
function form(game: string, values: Record<string, string>, rest: Partial<RoomForm> = {}): RoomForm {
  const f = { ...defaultRoomForm(), game, ...rest };
  const offered = games.find((g) => g.module.id === game)!;
  Object.assign(gameOptionsForm(f, offered).values, values);
  return f;
}

describe("a rated room's options", () => {
  it("sends rated with hints off", () => {
    const r = buildRoomOptions(form("base", {}, { rated: true, hints: true }), games);
    expect(r.ok && { rated: r.value.rated, hints: r.value.hints }).toEqual({ rated: true, hints: false });
    const unrated = buildRoomOptions(form("base", {}, { hints: true }), games);
    expect(unrated.ok && { rated: unrated.value.rated, hints: unrated.value.hints }).toEqual({ rated: false, hints: true });
  });

  it("allows the Count, which only chooses the pool, and refuses a house rule by its name", () => {
    const count = buildRoomOptions(form("base", { count: "true" }, { rated: true }), games);
    expect(count.ok && count.value.gameOptions.value).toMatchObject({ count: true });
    expect(buildRoomOptions(form("base", { farmers: "false" }, { rated: true }), games)).toEqual({
      ok: false,
      message: "A rated game plays the standard rules: set “Farmers” back to its default, or untick Rated game.",
    });
    // The same options unrated are a room like any other.
    expect(buildRoomOptions(form("base", { farmers: "false" }), games).ok).toBe(true);
    const castle = buildRoomOptions(form("castle", { wall4_fountain_bonus: "true" }, { rated: true }), games);
    expect(castle.ok).toBe(false);
    expect(buildRoomOptions(form("castle", {}, { rated: true }), games).ok).toBe(true);
  });

  it("reads a value as the server does: a number at its default however written", () => {
    const base = goldenGame("base");
    const followers = base.table.options.find((o) => o.name === "followers")!;
    expect(atDefault(followers, "07")).toBe(true);
    expect(atDefault(followers, "6")).toBe(false);
    const all = base.table.options;
    expect(houseRule(base, all, { board_limit: "off", followers: "7", count: "true" })).toBeUndefined();
    expect(houseRule(base, all, { board_limit: "15x15" })?.name).toBe("board_limit");
  });
});

describe("the create form's Rated game", () => {
  function home(account: string, name = "Ada") {
    const sent: CreateRoom[] = [];
    const model: HomeModel = { name, form: defaultRoomForm(), games: { status: "ready", games }, joinCode: "", spectate: false, rooms: [], account, maxComputerMs: 2000 };
    const actions: HomeActions = {
      nameChanged() {},
      createRoom: (r) => sent.push(r),
      joinRoom() {},
      refreshRooms() {},
      reloadGames() {},
      playNow() {},
    };
    const el = renderHome(model, actions);
    document.body.append(el);
    return { model, sent };
  }
  const box = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const submit = () => document.querySelector('form[aria-labelledby="create-heading"]')!.dispatchEvent(new Event("submit", { cancelable: true }));
  function tick(name: string, on: boolean): void {
    const input = box(name);
    input.checked = on;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  it("is off for a guest, with the reason", () => {
    home("");
    const rated = box("rated");
    expect(rated.disabled).toBe(true);
    expect(document.getElementById(rated.getAttribute("aria-describedby")!)?.textContent).toBe("Sign in to play rated games.");
    expect(document.querySelector(`label[for="${rated.id}"]`)?.textContent).toBe("Rated game");
  });

  it("ticked, turns hints off, names a house rule and sends nothing until it is back at its default", () => {
    const { sent } = home("Ada");
    expect(box("rated").disabled).toBe(false);
    tick("hints", true);
    tick("rated", true);
    // The form was drawn again: hints off and not to be turned on, with the reason.
    expect(box("hints").checked).toBe(false);
    expect(box("hints").disabled).toBe(true);
    expect(document.getElementById(box("hints").getAttribute("aria-describedby")!)?.textContent).toBe("No hints in a rated game.");
    expect(document.activeElement).toBe(box("rated"));
    tick("farmers", false);
    const note = document.getElementById("rated-note")!;
    expect(note.textContent).toContain("“Farmers”");
    submit();
    expect(sent).toHaveLength(0);
    expect(document.querySelector("form[aria-labelledby='create-heading'] > .form-error")?.textContent).toContain("“Farmers”");
    // The Count is no house rule: only the farmers keep the room from being sent.
    tick("count", true);
    tick("farmers", true);
    expect(note.textContent).toBe("");
    submit();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.options).toMatchObject({ rated: true, hints: false, gameOptions: { case: "base", value: { count: true } } });
  });

  it("offers no waiting for an absent player in a rated live room, which the server refuses", () => {
    home("Ada");
    const policies = () => [...document.querySelectorAll<HTMLOptionElement>('select[name="abandon-policy"] option')].map((o) => o.value);
    expect(policies()).toContain("wait");
    tick("rated", true);
    expect(policies()).not.toContain("wait");
    expect(policies().length).toBeGreaterThan(0);
    // Over days, a move's deadline plays on for the absent: waiting is offered again.
    tick("turn-based", true);
    expect(policies()).toContain("wait");
  });

  it("seats a signed-in player under the account's name, with nothing to type", () => {
    const { sent } = home("Ann", "");
    const name = box("player-name");
    expect(name.value).toBe("Ann");
    expect(name.readOnly).toBe(true);
    expect(document.getElementById(name.getAttribute("aria-describedby")!)?.textContent).toBe("Your account's name: the other players see it.");
    tick("rated", true);
    submit();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.playerName).toBe("Ann");
    // A guest types theirs, and an empty one is refused.
    document.body.replaceChildren();
    const guest = home("", "");
    expect(box("player-name").readOnly).toBe(false);
    submit();
    expect(guest.sent).toHaveLength(0);
  });

  it("unticked again, sends the house rule unrated and gives hints back", () => {
    const { sent } = home("Ada");
    tick("rated", true);
    tick("farmers", false);
    tick("rated", false);
    expect(box("hints").disabled).toBe(false);
    submit();
    expect(sent[0]!.options).toMatchObject({ rated: false, gameOptions: { value: { farmers: false } } });
  });
});

describe("the Rated label", () => {
  it("marks a rated room in the list of public rooms", () => {
    const rooms = [
      create(RoomSummarySchema, { code: "RATE23", hostName: "Ada", seats: 2, players: 1, status: RoomStatus.LOBBY, rated: true }),
      create(RoomSummarySchema, { code: "FREE23", hostName: "Bo", seats: 2, players: 1, status: RoomStatus.LOBBY }),
    ];
    const model: HomeModel = { name: "", form: defaultRoomForm(), games: { status: "loading" }, joinCode: "", spectate: false, rooms };
    const el = renderHome(model, { nameChanged() {}, createRoom() {}, joinRoom() {}, refreshRooms() {}, reloadGames() {}, playNow() {} });
    const items = [...el.querySelectorAll("li.room")];
    expect(items.map((li) => li.querySelector(".badge.rated")?.textContent ?? null)).toEqual(["Rated", null]);
  });

  it("marks the lobby and the game's head of a rated room, and the lobby's summary says it", () => {
    const room = (rated: boolean) =>
      create(RoomStateSchema, {
        code: "RATE23",
        status: RoomStatus.LOBBY,
        yourSeat: 0,
        options: { seats: 2, rated, gameOptions: { case: "base", value: {} } },
        seats: [{ seat: 0, name: "Ada", occupied: true, isHost: true }, { seat: 1 }],
      });
    const actions = new Proxy({}, { get: () => () => undefined }) as LobbyActions;
    const lobby = (rated: boolean) => renderLobby({ room: room(rated), chat: [], chatDraft: "", inviteUrl: "", botCommand: "", games }, actions);
    expect(lobby(true).querySelector("h2 .badge.rated")?.textContent).toBe("Rated");
    expect(lobby(false).querySelector(".badge.rated")).toBeNull();
    // The host's computer players for a rated room: the levels with a yardstick rating only.
    const levels = [...lobby(true).querySelectorAll(".add-computer option")].map((o) => o.getAttribute("value"));
    expect(levels).toEqual(["easy", "medium", "hard"]);
    expect(roomLevels(["easy", "hard"], true)).toEqual(["easy", "hard"]);
    const summary = [...lobby(true).querySelectorAll(".options-summary dt")].find((dt) => dt.textContent === "Rated");
    expect(summary?.nextElementSibling?.textContent).toBe("yes");
    setLanguage("de", undefined);
    expect(lobby(true).querySelector("h2 .badge.rated")?.textContent).toBe("Gewertet");
    setLanguage("en", undefined);
    const head = (rated: boolean) => renderGameHead(document, room(rated), "", false, { resign() {}, leave() {} });
    expect(head(true).querySelector("h2")?.textContent).toBe("RATE23 Rated");
    expect(head(false).querySelector("h2")?.textContent).toBe("RATE23");
  });
});
