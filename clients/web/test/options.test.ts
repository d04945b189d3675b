// The create-room form: RoomOptions and CreateRoom from its state, with the seats (from the
// served table), the clock and the name checked as the server checks them, for a room of the
// default game (the base game).

import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { AbandonPolicy, GameType, RoomOptionsSchema } from "../src/gen/carc/v1/lobby_pb";
import { DEFAULT_GAME, GAMES } from "../src/games/registry";
import { chatText } from "../src/ui/chat";
import { validName } from "../src/ui/form";
import { OptionForm } from "../src/ui/option_form";
import { MOVE_CHOICES, RESERVE_CHOICES, buildCreateRoom, buildRoomOptions, defaultRoomForm, formGame } from "../src/ui/options";
import { goldenGames } from "./game_table";

const games = goldenGames();

describe("RoomOptions and CreateRoom from the form", () => {
  it("builds a base-game room", () => {
    const form = { ...defaultRoomForm(), seats: 3, isPublic: false, clockInitial: "600", clockIncrement: "15", abandon: "fallback" as const };
    const r = buildRoomOptions(form, games);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.gameType).toBe(GameType.BASE);
    expect(r.value.seats).toBe(3);
    expect(r.value.isPublic).toBe(false);
    expect(r.value.abandonPolicy).toBe(AbandonPolicy.FALLBACK_MOVE);
    expect(r.value.clock).toMatchObject({ initialSeconds: 600, incrementSeconds: 15 });
    expect(r.value.gameOptions.case).toBe("base");
  });

  it("checks seats and the clock", () => {
    expect(buildRoomOptions({ ...defaultRoomForm(), seats: 1 }, games)).toMatchObject({ ok: false, error: "form.errorSeats" });
    expect(buildRoomOptions({ ...defaultRoomForm(), seats: 7 }, games)).toMatchObject({ ok: false, error: "form.errorSeats" });
    expect(buildRoomOptions({ ...defaultRoomForm(), clockInitial: "1.5" }, games)).toMatchObject({ ok: false, error: "form.errorClock" });
    expect(buildRoomOptions({ ...defaultRoomForm(), clockIncrement: "-3" }, games)).toMatchObject({ ok: false, error: "form.errorClock" });
    // The server's maxima: a day of time, an hour of increment.
    const max = buildRoomOptions({ ...defaultRoomForm(), clockInitial: "86400", clockIncrement: "3600" }, games);
    expect(max.ok && max.value.clock).toMatchObject({ initialSeconds: 86400, incrementSeconds: 3600 });
    expect(buildRoomOptions({ ...defaultRoomForm(), clockInitial: "86401" }, games)).toMatchObject({ ok: false, error: "form.errorClock" });
    expect(buildRoomOptions({ ...defaultRoomForm(), clockInitial: "60", clockIncrement: "3601" }, games)).toMatchObject({ ok: false, error: "form.errorClock" });
    const noClock = buildRoomOptions({ ...defaultRoomForm(), clockInitial: "0", clockIncrement: "30" }, games);
    expect(noClock.ok && noClock.value.clock).toMatchObject({ initialSeconds: 0, incrementSeconds: 0 });
  });

  it("builds a turn-based room: its time per move and reserve, and no live clock for the server to refuse", () => {
    // Whatever the clock's boxes still hold is not sent (the server refuses a room with both).
    const form = { ...defaultRoomForm(), turnBased: true, moveSeconds: 2 * 86400, reserveSeconds: 7 * 86400, clockInitial: "600", clockIncrement: "15" };
    const r = buildRoomOptions(form, games);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.clock).toBeUndefined();
    expect(r.value.turnBased).toMatchObject({ moveSeconds: 172_800, reserveSeconds: 604_800 });
    // Over the wire too: field 8 set, the clock (field 6) absent.
    const back = fromBinary(RoomOptionsSchema, toBinary(RoomOptionsSchema, r.value));
    expect(back.clock).toBeUndefined();
    expect(back.turnBased).toMatchObject({ moveSeconds: 172_800, reserveSeconds: 604_800 });
    // Not even a clock the boxes could not send: they are hidden.
    expect(buildRoomOptions({ ...form, clockInitial: "x" }, games).ok).toBe(true);
    // The defaults: a day a move, three days of reserve; a live room sends no turnBased.
    const byDefault = buildRoomOptions({ ...defaultRoomForm(), turnBased: true }, games);
    expect(byDefault.ok && byDefault.value.turnBased).toMatchObject({ moveSeconds: 86_400, reserveSeconds: 259_200 });
    const live = buildRoomOptions(defaultRoomForm(), games);
    expect(live.ok && live.value.turnBased).toBeUndefined();
    // Every menu choice is within the server's limits; anything else is refused here.
    for (const moveSeconds of MOVE_CHOICES) for (const reserveSeconds of RESERVE_CHOICES) {
      expect(buildRoomOptions({ ...form, moveSeconds, reserveSeconds }, games).ok).toBe(true);
    }
    for (const bad of [{ moveSeconds: 3599 }, { moveSeconds: 1_209_601 }, { reserveSeconds: 1_209_601 }, { reserveSeconds: -1 }, { moveSeconds: 3600.5 }]) {
      expect(buildRoomOptions({ ...form, ...bad }, games)).toMatchObject({ ok: false, error: "form.errorTurnBased" });
    }
  });

  it("sends the chosen policy for a player who stays away, a computer playing for them by default", () => {
    const policy = (form: ReturnType<typeof defaultRoomForm>) => {
      const r = buildRoomOptions(form, games);
      return r.ok ? r.value.abandonPolicy : undefined;
    };
    // Sent explicitly, never UNSPECIFIED: the room is what the form showed, whatever the server's default.
    expect(policy(defaultRoomForm())).toBe(AbandonPolicy.COMPUTER);
    expect(policy({ ...defaultRoomForm(), abandon: "wait" })).toBe(AbandonPolicy.WAIT);
    expect(policy({ ...defaultRoomForm(), abandon: "fallback" })).toBe(AbandonPolicy.FALLBACK_MOVE);
    expect(policy({ ...defaultRoomForm(), abandon: "computer" })).toBe(AbandonPolicy.COMPUTER);
  });

  it("needs a valid name", () => {
    expect(buildCreateRoom(defaultRoomForm(), games, "  ")).toMatchObject({ ok: false, error: "form.errorName" });
    const r = buildCreateRoom(defaultRoomForm(), games, "  Ada ");
    expect(r.ok && r.value.playerName).toBe("Ada");
    expect(validName("x".repeat(32))).toBe("x".repeat(32));
    expect(validName("x".repeat(33))).toBeUndefined();
    // Characters, as the server counts: 32 letters of any script, an emoji is one.
    expect(validName("é".repeat(32))).toBe("é".repeat(32));
    expect(validName("日".repeat(33))).toBeUndefined();
    expect(validName("🏰".repeat(32))).toBe("🏰".repeat(32));
    expect(validName("a\u0007b")).toBeUndefined();
    expect(validName("a\u0085b")).toBeUndefined(); // C1
  });

  it("counts a chat line in characters, up to the server's 500", () => {
    expect(chatText("  hi  ")).toBe("hi");
    expect(chatText("   ")).toBeUndefined();
    expect(chatText("ü".repeat(500))).toBe("ü".repeat(500));
    expect(chatText("🏰".repeat(500))).toBe("🏰".repeat(500));
    expect(chatText("x".repeat(501))).toBeUndefined();
    expect(chatText("a\u001bb")).toBeUndefined();
  });
});

describe("each game's part of the form", () => {
  it("sends only the chosen game's options, whatever the other games' parts hold", () => {
    const refused = (id: string) => {
      const form = new OptionForm(games.find((g) => g.module.id === id)!);
      for (const name of Object.keys(form.values)) form.values[name] = "not a value";
      return form;
    };
    for (const game of GAMES) {
      const others = Object.fromEntries(GAMES.filter((g) => g !== game).map((g) => [g.id, refused(g.id)]));
      const r = buildRoomOptions({ ...defaultRoomForm(), game: game.id, seats: 2, gameOptions: others }, games);
      expect(r.ok, game.id).toBe(true);
      expect(r.ok && r.value.gameType, game.id).toBe(game.gameType);
    }
  });

  it("takes the seats from the game's table: min_players to max_players, or its one number", () => {
    const players = (minPlayers: number, maxPlayers: number) =>
      games.map((g) => (g.module === DEFAULT_GAME ? { ...g, table: { ...g.table, minPlayers, maxPlayers } } : g));
    expect(buildRoomOptions({ ...defaultRoomForm(), seats: 3 }, players(2, 3)).ok).toBe(true);
    expect(buildRoomOptions({ ...defaultRoomForm(), seats: 4 }, players(2, 3))).toMatchObject({ ok: false, error: "form.errorSeats" });
    for (const seats of [1, 3, 7]) {
      expect(buildRoomOptions({ ...defaultRoomForm(), seats }, players(3, 3))).toMatchObject({ ok: true, value: { seats: 3 } });
    }
  });

  it("creates a room of the first offered game when the chosen one is not offered", () => {
    const others = games.filter((g) => g.module !== DEFAULT_GAME);
    expect(formGame(defaultRoomForm(), others)).toBe(others[0]);
    expect(buildRoomOptions(defaultRoomForm(), others)).toMatchObject({ ok: true, value: { gameType: others[0]!.module.gameType } });
    expect(buildRoomOptions(defaultRoomForm(), [])).toMatchObject({ ok: false });
  });
});
