// The base game's options: the table mirrors the engine's OptionSpecs, and BaseOptions are built
// from the form's values (and read back) as the engine's SetOption and Validate would.

import { beforeEach, describe, expect, it } from "vitest";
import {
  OPTION_SPECS,
  buildBaseOptions,
  choiceKey,
  defaultOptionValues,
  optionHelpKey,
  optionLabelKey,
  optionValuesFromBase,
  parseBoardLimit,
} from "../../../src/games/base/base_options";
import { BaseOptionsForm } from "../../../src/games/base/base_room_options";
import { BASE_MESSAGES } from "../../../src/games/base/i18n";
import { setLanguage } from "../../../src/i18n";

beforeEach(() => setLanguage("en", undefined));

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

describe("the option messages", () => {
  it("has a label, an explanation and choice labels for every option", () => {
    const all: Record<string, string> = BASE_MESSAGES.en;
    for (const spec of OPTION_SPECS) {
      expect(all[optionLabelKey(spec.name)]).toBeTruthy();
      expect(all[optionHelpKey(spec.name)]).toBeTruthy();
      if (spec.kind === "choice") {
        for (const c of spec.choices) expect(all[choiceKey(spec.name, c)], `${spec.name}.${c}`).toBeTruthy();
      }
    }
  });
});

describe("the base game's part of the create-room form", () => {
  it("sends BaseOptions, or says which option is refused, in words", () => {
    const form = new BaseOptionsForm();
    expect(form.build()).toMatchObject({ ok: true, value: { case: "base", value: { farmers: true, followers: 7 } } });
    form.values.hand_size = "4";
    expect(form.build()).toEqual({ ok: false, message: "The value of option Tiles in hand is not allowed." });
    form.values.hand_size = "0";
    form.values.edge_closes_features = "true";
    expect(form.build()).toEqual({ ok: false, message: "“The table edge closes features” needs a table limit." });
  });
});
