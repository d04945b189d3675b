// @vitest-environment happy-dom

// The create-room form's Castle choice: GAME_TYPE_CASTLE, exactly 2 seats (K-1, the served
// table's min_players = max_players), CastleOptions with wall4_fountain_bonus (K-10) and never
// base-game options; the form hides the base options, fixes the seats and says that the board and
// tiles are the project's reconstruction.

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it } from "vitest";
import { GameType, RoomOptionsSchema, RoomStateSchema, RoomStatus } from "../../../src/gen/carc/v1/lobby_pb";
import { setLanguage } from "../../../src/i18n";
import { gameOptionValues } from "../../../src/net/options_message";
import { renderHome, type HomeActions, type HomeModel } from "../../../src/ui/home";
import { renderLobby, type LobbyActions } from "../../../src/ui/lobby";
import { OptionForm } from "../../../src/ui/option_form";
import { buildCreateRoom, buildRoomOptions, defaultRoomForm, fixedSeats } from "../../../src/ui/options";
import { goldenGame, goldenGames } from "../../game_table";

const games = goldenGames();

beforeEach(() => setLanguage("en", undefined));

describe("RoomOptions for The Castle", () => {
  it("is GAME_TYPE_CASTLE with 2 seats and CastleOptions, never base options", () => {
    const form = { ...defaultRoomForm(), game: "castle", seats: 5 };
    const r = buildRoomOptions(form, games);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.gameType).toBe(GameType.CASTLE);
    expect(r.value.seats).toBe(2);
    expect(fixedSeats(goldenGame("castle"))).toBe(2);
    expect(r.value.gameOptions.case).toBe("castle");
    expect(r.value.gameOptions.value).toMatchObject({ wall4FountainBonus: false });
  });

  it("carries wall4_fountain_bonus (K-10)", () => {
    const castle = new OptionForm(goldenGame("castle"));
    castle.values.wall4_fountain_bonus = "true";
    const form = { ...defaultRoomForm(), game: "castle", gameOptions: { castle } };
    const r = buildCreateRoom(form, games, "Ann");
    expect(r.ok && r.value.options?.gameOptions).toMatchObject({ case: "castle", value: { wall4FountainBonus: true } });
  });

  it("still checks the clock", () => {
    expect(buildRoomOptions({ ...defaultRoomForm(), game: "castle", clockInitial: "x" }, games)).toMatchObject({ ok: false, error: "form.errorClock" });
  });

  it("leaves the base game as it was", () => {
    const r = buildRoomOptions(defaultRoomForm(), games);
    expect(r.ok && r.value.gameType).toBe(GameType.BASE);
    expect(r.ok && r.value.gameOptions.case).toBe("base");
  });
});

describe("the create-room form", () => {
  function home(): { root: HTMLElement; model: HomeModel; calls: unknown[][] } {
    const calls: unknown[][] = [];
    const model: HomeModel = { name: "Ann", form: defaultRoomForm(), games: { status: "ready", games }, joinCode: "", spectate: false, rooms: [] };
    const actions: HomeActions = {
      nameChanged: (n) => calls.push(["name", n]),
      createRoom: (r) => calls.push(["create", r]),
      joinRoom: (r) => calls.push(["join", r]),
      refreshRooms: () => calls.push(["refresh"]),
      reloadGames: () => calls.push(["reloadGames"]),
      playNow: () => calls.push(["playNow"]),
    };
    const root = document.createElement("div");
    document.body.replaceChildren(root);
    root.append(renderHome(model, actions));
    return { root, model, calls };
  }

  const createForm = (root: HTMLElement) => root.querySelector('form[aria-labelledby="create-heading"]') as HTMLFormElement;
  const gameMenu = (root: HTMLElement) => root.querySelector('select[name="game-type"]') as HTMLSelectElement;

  it("offers the base game and The Castle", () => {
    const { root } = home();
    const options = [...gameMenu(root).options].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      [String(GameType.BASE), "Carcassonne (base game)"],
      [String(GameType.CASTLE), "Carcassonne: The Castle (2 players)"],
    ]);
    expect(gameMenu(root).disabled).toBe(false);
    expect(root.querySelector("[data-castle-note]")).toBeNull();
    expect(root.querySelector('[data-option="farmers"]')).not.toBeNull();
  });

  it("with The Castle: 2 seats fixed, base options hidden, its option and the reconstruction note", () => {
    const { root, model, calls } = home();
    const menu = gameMenu(root);
    menu.value = String(GameType.CASTLE);
    menu.dispatchEvent(new Event("change"));
    expect(model.form.game).toBe("castle");
    const form = createForm(root);
    const seats = form.querySelector("#" + CSS.escape(form.querySelector("label[for^='seats']")!.getAttribute("for")!)) as HTMLSelectElement;
    expect(seats.disabled).toBe(true);
    expect([...seats.options].map((o) => o.value)).toEqual(["2"]);
    expect(form.textContent).toContain("exactly two players");
    expect(form.querySelector('[data-options="base"]')).toBeNull();
    expect(form.querySelector('[data-option="farmers"]')).toBeNull();
    const note = form.querySelector("[data-castle-note]");
    expect(note?.textContent).toContain("project's own reconstruction, not the original components");
    const option = form.querySelector('[data-option="wall4_fountain_bonus"]')!;
    expect(option.textContent).toContain("Rule K-10:");
    // The focus stays on the game menu of the form drawn again.
    expect(document.activeElement).toBe(gameMenu(root));

    const box = option.querySelector("input") as HTMLInputElement;
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(calls).toHaveLength(1);
    const request = calls[0]![1] as { playerName: string; options: { gameType: GameType; seats: number; gameOptions: { case: string; value: unknown } } };
    expect(request.playerName).toBe("Ann");
    expect(request.options.gameType).toBe(GameType.CASTLE);
    expect(request.options.seats).toBe(2);
    expect(request.options.gameOptions.case).toBe("castle");
    expect(request.options.gameOptions.value).toMatchObject({ wall4FountainBonus: true });
  });

  it("goes back to the base game with its seats and options", () => {
    const { root, model } = home();
    gameMenu(root).value = String(GameType.CASTLE);
    gameMenu(root).dispatchEvent(new Event("change"));
    gameMenu(root).value = String(GameType.BASE);
    gameMenu(root).dispatchEvent(new Event("change"));
    expect(model.form.game).toBe("base");
    expect(createForm(root).querySelector('[data-option="farmers"]')).not.toBeNull();
    expect(createForm(root).querySelector("[data-castle-note]")).toBeNull();
    expect(model.form.seats).toBe(4);
  });
});

describe("The Castle's fieldset", () => {
  it("has its options from the served table, and sends them", () => {
    const form = new OptionForm(goldenGame("castle"));
    const el = form.render();
    document.body.replaceChildren(el);
    expect(el.getAttribute("data-options")).toBe("castle");
    expect(el.querySelector("legend")?.textContent).toBe("Options of The Castle");
    expect([...el.querySelectorAll("[data-option]")].map((f) => f.getAttribute("data-option"))).toEqual(["wall4_fountain_bonus", "castle_start_spaces_empty"]);
    expect(el.querySelector('[data-option="wall4_fountain_bonus"]')?.textContent).toContain("Rule K-10:");
    expect(el.querySelector('[data-option="castle_start_spaces_empty"]')?.textContent).toContain("Rule K-11:");
    expect(form.build()).toMatchObject({ ok: true, value: { case: "castle", value: { wall4FountainBonus: false, castleStartSpacesEmpty: "ignored" } } });
    const starts = el.querySelector<HTMLSelectElement>('select[name="castle_start_spaces_empty"]')!;
    starts.value = "unbuilt";
    starts.dispatchEvent(new Event("change"));
    expect(form.build()).toMatchObject({ ok: true, value: { case: "castle", value: { castleStartSpacesEmpty: "unbuilt" } } });
    const box = el.querySelector<HTMLInputElement>('input[name="wall4_fountain_bonus"]')!;
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    expect(form.build()).toMatchObject({ ok: true, value: { case: "castle", value: { wall4FountainBonus: true } } });
  });

  it("reads a room's option back by its name", () => {
    const castle = goldenGame("castle");
    const room = create(RoomOptionsSchema, { gameOptions: { case: "castle", value: { wall4FountainBonus: true, castleStartSpacesEmpty: "unbuilt" } } });
    expect(gameOptionValues("castle", castle.table.options, room)).toEqual({ wall4_fountain_bonus: "true", castle_start_spaces_empty: "unbuilt" });
    // A room of a server that did not know the option reads as its default.
    const older = create(RoomOptionsSchema, { gameOptions: { case: "castle", value: { wall4FountainBonus: true } } });
    expect(gameOptionValues("castle", castle.table.options, older)).toEqual({ wall4_fountain_bonus: "true", castle_start_spaces_empty: "ignored" });
    expect(gameOptionValues("base", goldenGame("base").table.options, room)).toBeUndefined();
  });
});

describe("the lobby of a Castle room", () => {
  it("names the game and its option, not the base options", () => {
    const room = create(RoomStateSchema, {
      code: "ABC234",
      status: RoomStatus.LOBBY,
      yourSeat: 0,
      invitePath: "/r/ABC234",
      options: { gameType: GameType.CASTLE, seats: 2, gameOptions: { case: "castle", value: { wall4FountainBonus: true } } },
      seats: [
        { seat: 0, name: "Ann", colour: "red", occupied: true, connected: true, isHost: true },
        { seat: 1, occupied: false },
      ],
    });
    const noop = () => undefined;
    const actions: LobbyActions = {
      takeSeat: noop, chooseColour: noop, setReady: noop, start: noop, kick: noop, sendChat: noop, chatDraftChanged: noop, copyInvite: noop, leave: noop,
      addComputer: noop, computerLevelChanged: noop,
    };
    const el = renderLobby({ room, chat: [], chatDraft: "", inviteUrl: "https://x/r/ABC234", botCommand: "carcassonne bot", games }, actions);
    const summary = el.querySelector("details.options-summary")!.textContent ?? "";
    expect(summary).toContain("Carcassonne: The Castle");
    expect(summary).toContain("Wall tile 4 doubles fountain pathsyes");
    expect(summary).not.toMatch(/\([BVCK]-\d+\)/);
    expect(summary).not.toContain("Farmers");
    expect(summary).toContain("reconstruction");
  });
});
