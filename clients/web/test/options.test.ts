import { describe, expect, it } from "vitest";
import { AbandonPolicy, GameType } from "../src/gen/carc/v1/lobby_pb";
import {
  OPTION_SPECS,
  buildBaseOptions,
  buildCreateRoom,
  buildRoomOptions,
  defaultOptionValues,
  defaultRoomForm,
  optionValuesFromBase,
  parseBoardLimit,
  validName,
} from "../src/ui/options";

describe("the option table", () => {
  it("mirrors OptionSpecs of engine/src/game_config.cc", () => {
    expect(OPTION_SPECS.map((s) => [s.name, s.rule, s.values])).toEqual([
      ["farmers", "B-20", "true|false"],
      ["farm_scoring", "B-17", "c3|c1"],
      ["small_city", "B-19", "true|false"],
      ["incomplete_features_score", "V-1", "true|false"],
      ["hand_size", "V-2", "0..3"],
      ["hand_visibility", "V-2", "public|private"],
      ["extra_turn_on_hole", "V-4", "true|false"],
      ["board_limit", "V-5", "off|WxH (1..145)"],
      ["unplaceable_tile", "B-6", "discard|reshuffle"],
      ["start_player", "V-6", "random|host|seat_order"],
      ["edge_closes_features", "V-7", "true|false"],
      ["followers", "B-2", "1..7"],
      ["count", "C-1", "true|false"],
      ["count_move", "C-3", "free|clockwise|follow"],
    ]);
  });

  it("has the engine's defaults", () => {
    expect(defaultOptionValues()).toEqual({
      farmers: "true",
      farm_scoring: "c3",
      small_city: "false",
      incomplete_features_score: "true",
      hand_size: "0",
      hand_visibility: "public",
      extra_turn_on_hole: "false",
      board_limit: "off",
      unplaceable_tile: "discard",
      start_player: "random",
      edge_closes_features: "false",
      followers: "7",
      count: "false",
      count_move: "free",
    });
  });
});

describe("BaseOptions from the form", () => {
  it("writes every field of the defaults", () => {
    const r = buildBaseOptions(defaultOptionValues());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      farmers: true,
      farmScoring: "c3",
      smallCity: false,
      incompleteFeaturesScore: true,
      handSize: 0,
      handVisibility: "public",
      extraTurnOnHole: false,
      boardWidth: 0,
      boardHeight: 0,
      unplaceableTile: "discard",
      startPlayer: "random",
      edgeClosesFeatures: false,
      followers: 7,
      count: false,
      countMove: "free",
    });
  });

  it("maps changed values, the board limit included", () => {
    const values = {
      ...defaultOptionValues(),
      farmers: "false",
      farm_scoring: "c1",
      hand_size: "2",
      hand_visibility: "private",
      board_limit: "9x11",
      edge_closes_features: "true",
      start_player: "seat_order",
      unplaceable_tile: "reshuffle",
      followers: "5",
    };
    const r = buildBaseOptions(values);
    expect(r.ok && r.value).toMatchObject({
      farmers: false,
      farmScoring: "c1",
      handSize: 2,
      handVisibility: "private",
      boardWidth: 9,
      boardHeight: 11,
      edgeClosesFeatures: true,
      startPlayer: "seat_order",
      unplaceableTile: "reshuffle",
      followers: 5,
    });
    // and back
    if (r.ok) expect(optionValuesFromBase(r.value)).toEqual(values);
  });

  it("refuses what the engine refuses", () => {
    const bad = (change: Record<string, string>) =>
      buildBaseOptions({ ...defaultOptionValues(), ...change });
    expect(bad({ hand_size: "4" })).toMatchObject({ ok: false, option: "hand_size" });
    expect(bad({ followers: "0" })).toMatchObject({ ok: false, option: "followers" });
    expect(bad({ farm_scoring: "c2" })).toMatchObject({ ok: false, option: "farm_scoring" });
    expect(bad({ board_limit: "0x5" })).toMatchObject({ ok: false, error: "form.errorBoard" });
    expect(bad({ board_limit: "146x5" })).toMatchObject({ ok: false, error: "form.errorBoard" });
    expect(bad({ edge_closes_features: "true" })).toMatchObject({ ok: false, error: "form.errorEdge" });
  });

  it("maps the Count and how he moves (C-1, C-3), and back", () => {
    const values = { ...defaultOptionValues(), count: "true", count_move: "follow" };
    const r = buildBaseOptions(values);
    expect(r.ok && r.value).toMatchObject({ count: true, countMove: "follow" });
    if (r.ok) expect(optionValuesFromBase(r.value)).toEqual(values);
    expect(buildBaseOptions({ ...values, count_move: "anticlockwise" })).toMatchObject({ ok: false, option: "count_move" });
    expect(buildBaseOptions({ ...values, count: "yes" })).toMatchObject({ ok: false, option: "count" });
  });

  it("needs a table of at least 5 x 3 for the Count's city, as the engine's Validate", () => {
    const withCount = (board_limit: string) => buildBaseOptions({ ...defaultOptionValues(), count: "true", board_limit });
    expect(withCount("4x9")).toMatchObject({ ok: false, error: "form.errorCountBoard", option: "board_limit" });
    expect(withCount("9x2")).toMatchObject({ ok: false, error: "form.errorCountBoard" });
    expect(withCount("5x3")).toMatchObject({ ok: true, value: { count: true, boardWidth: 5, boardHeight: 3 } });
    expect(withCount("off").ok).toBe(true);
    // Without the Count, a small table is fine.
    expect(buildBaseOptions({ ...defaultOptionValues(), board_limit: "4x2" }).ok).toBe(true);
  });

  it("parses board limits like SetOption", () => {
    expect(parseBoardLimit("off")).toEqual({ width: 0, height: 0 });
    expect(parseBoardLimit("1x145")).toEqual({ width: 1, height: 145 });
    expect(parseBoardLimit("8X8")).toBeUndefined();
    expect(parseBoardLimit("8x")).toBeUndefined();
    expect(parseBoardLimit("-1x4")).toBeUndefined();
  });

  it("reads proto3 zeros as the server does", () => {
    const r = buildBaseOptions(defaultOptionValues());
    if (!r.ok) throw new Error("defaults refused");
    const zero = { ...r.value, farmScoring: "", handVisibility: "", unplaceableTile: "", startPlayer: "", followers: 0, countMove: "" };
    expect(optionValuesFromBase(zero)).toEqual(defaultOptionValues());
  });

  it("reads absent farmers and incomplete_features_score as true, as the server does", () => {
    const r = buildBaseOptions(defaultOptionValues());
    if (!r.ok) throw new Error("defaults refused");
    const absent = { ...r.value, farmers: undefined, incompleteFeaturesScore: undefined };
    expect(optionValuesFromBase(absent)).toEqual(defaultOptionValues());
  });
});

describe("RoomOptions and CreateRoom from the form", () => {
  it("builds a base-game room", () => {
    const form = { ...defaultRoomForm(), seats: 3, isPublic: false, clockInitial: "600", clockIncrement: "15", abandon: "fallback" as const };
    const r = buildRoomOptions(form);
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
    expect(buildRoomOptions({ ...defaultRoomForm(), seats: 1 })).toMatchObject({ ok: false, error: "form.errorSeats" });
    expect(buildRoomOptions({ ...defaultRoomForm(), seats: 7 })).toMatchObject({ ok: false, error: "form.errorSeats" });
    expect(buildRoomOptions({ ...defaultRoomForm(), clockInitial: "1.5" })).toMatchObject({ ok: false, error: "form.errorClock" });
    expect(buildRoomOptions({ ...defaultRoomForm(), clockIncrement: "-3" })).toMatchObject({ ok: false, error: "form.errorClock" });
    // The server's maxima: a day of time, an hour of increment.
    const max = buildRoomOptions({ ...defaultRoomForm(), clockInitial: "86400", clockIncrement: "3600" });
    expect(max.ok && max.value.clock).toMatchObject({ initialSeconds: 86400, incrementSeconds: 3600 });
    expect(buildRoomOptions({ ...defaultRoomForm(), clockInitial: "86401" })).toMatchObject({ ok: false, error: "form.errorClock" });
    expect(buildRoomOptions({ ...defaultRoomForm(), clockInitial: "60", clockIncrement: "3601" })).toMatchObject({ ok: false, error: "form.errorClock" });
    const noClock = buildRoomOptions({ ...defaultRoomForm(), clockInitial: "0", clockIncrement: "30" });
    expect(noClock.ok && noClock.value.clock).toMatchObject({ initialSeconds: 0, incrementSeconds: 0 });
    expect(buildRoomOptions(defaultRoomForm()).ok && buildRoomOptions(defaultRoomForm())).toMatchObject({ value: { abandonPolicy: AbandonPolicy.WAIT } });
  });

  it("needs a valid name", () => {
    expect(buildCreateRoom(defaultRoomForm(), "  ")).toMatchObject({ ok: false, error: "form.errorName" });
    const r = buildCreateRoom(defaultRoomForm(), "  Ada ");
    expect(r.ok && r.value.playerName).toBe("Ada");
    expect(validName("x".repeat(32))).toBe("x".repeat(32));
    expect(validName("x".repeat(33))).toBeUndefined();
    expect(validName("é".repeat(17))).toBeUndefined(); // 34 bytes of UTF-8
    expect(validName("a\u0007b")).toBeUndefined();
  });
});
