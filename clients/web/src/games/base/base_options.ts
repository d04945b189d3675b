// The base game's options: a table that mirrors OptionSpecs in engine/src/game_config.cc (names,
// allowed values, defaults, rule ids) and pure functions between the form's values and the
// protobuf BaseOptions (docs/protocol.md, "BaseOptions").
//
// Values are kept as the engine's option strings ("true", "c3", "2", "off", "8x8"), parsed with
// the same rules as carc::engine::SetOption, so that the server never has to refuse a form.

import { create } from "@bufbuild/protobuf";
import { BaseOptionsSchema, type BaseOptions } from "../../gen/carc/v1/base_game_pb";
import { parseIntIn } from "../../ui/form";
import type { BaseMessageKey } from "./i18n";

export type OptionName =
  | "farmers"
  | "farm_scoring"
  | "small_city"
  | "incomplete_features_score"
  | "hand_size"
  | "hand_visibility"
  | "extra_turn_on_hole"
  | "board_limit"
  | "unplaceable_tile"
  | "start_player"
  | "edge_closes_features"
  | "followers"
  | "count"
  | "count_move";

export type OptionSpec =
  | { name: OptionName; kind: "bool"; rule: string; values: "true|false"; default: "true" | "false" }
  | { name: OptionName; kind: "choice"; rule: string; values: string; choices: readonly string[]; default: string }
  | { name: OptionName; kind: "int"; rule: string; values: string; min: number; max: number; default: string }
  | { name: OptionName; kind: "board"; rule: string; values: string; min: number; max: number; default: "off" };

/** The limits of board_limit (V-5): W and H in 1..145. */
export const BOARD_MIN = 1;
export const BOARD_MAX = 145;

/**
 * OptionSpecs of engine/src/game_config.cc, in the same order, with the defaults of
 * carc::engine::Options (engine/include/carc/engine/game_config.h).
 */
export const OPTION_SPECS: readonly OptionSpec[] = [
  { name: "farmers", kind: "bool", rule: "B-20", values: "true|false", default: "true" },
  { name: "farm_scoring", kind: "choice", rule: "B-17", values: "c3|c1", choices: ["c3", "c1"], default: "c3" },
  { name: "small_city", kind: "bool", rule: "B-19", values: "true|false", default: "false" },
  { name: "incomplete_features_score", kind: "bool", rule: "V-1", values: "true|false", default: "true" },
  { name: "hand_size", kind: "int", rule: "V-2", values: "0..3", min: 0, max: 3, default: "0" },
  {
    name: "hand_visibility",
    kind: "choice",
    rule: "V-2",
    values: "public|private",
    choices: ["public", "private"],
    default: "public",
  },
  { name: "extra_turn_on_hole", kind: "bool", rule: "V-4", values: "true|false", default: "false" },
  { name: "board_limit", kind: "board", rule: "V-5", values: "off|WxH (1..145)", min: BOARD_MIN, max: BOARD_MAX, default: "off" },
  {
    name: "unplaceable_tile",
    kind: "choice",
    rule: "B-6",
    values: "discard|reshuffle",
    choices: ["discard", "reshuffle"],
    default: "discard",
  },
  {
    name: "start_player",
    kind: "choice",
    rule: "V-6",
    values: "random|host|seat_order",
    choices: ["random", "host", "seat_order"],
    default: "random",
  },
  { name: "edge_closes_features", kind: "bool", rule: "V-7", values: "true|false", default: "false" },
  { name: "followers", kind: "int", rule: "B-2", values: "1..7", min: 1, max: 7, default: "7" },
  { name: "count", kind: "bool", rule: "C-1", values: "true|false", default: "false" },
  {
    name: "count_move",
    kind: "choice",
    rule: "C-3",
    values: "free|clockwise|follow",
    choices: ["free", "clockwise", "follow"],
    default: "free",
  },
];

/** C-1: the Count's block spans columns -2..1 and rows -1..1 of a table centred on (0,0). */
export const COUNT_MIN_BOARD = { width: 5, height: 3 } as const;

export type OptionValues = Record<OptionName, string>;

export function optionSpec(name: OptionName): OptionSpec {
  const spec = OPTION_SPECS.find((s) => s.name === name);
  if (!spec) throw new Error(`unknown option ${name}`);
  return spec;
}

export function defaultOptionValues(): OptionValues {
  const values = {} as OptionValues;
  for (const spec of OPTION_SPECS) values[spec.name] = spec.default;
  return values;
}

/** The label and explanation keys of an option, and of one of its choices. */
export function optionLabelKey(name: OptionName): BaseMessageKey {
  return `opt.${name}` as BaseMessageKey;
}
export function optionHelpKey(name: OptionName): BaseMessageKey {
  return `opt.${name}.help` as BaseMessageKey;
}
export function choiceKey(name: OptionName, choice: string): BaseMessageKey {
  return `opt.${name}.${choice}` as BaseMessageKey;
}

/** "8x8" -> {8, 8}; "off" -> {0, 0}; anything else undefined (as SetOption("board_limit")). */
export function parseBoardLimit(value: string): { width: number; height: number } | undefined {
  if (value === "off") return { width: 0, height: 0 };
  const x = value.indexOf("x");
  if (x < 0) return undefined;
  const width = parseIntIn(value.slice(0, x), BOARD_MIN, BOARD_MAX);
  const height = parseIntIn(value.slice(x + 1), BOARD_MIN, BOARD_MAX);
  if (width === undefined || height === undefined) return undefined;
  return { width, height };
}

/** A check of the base options: the value, or the message and the option it is about. */
export type BaseResult<T> = { ok: true; value: T } | { ok: false; error: BaseMessageKey; option?: OptionName };

/** BaseOptions from the form's values, validated as the engine does (SetOption + Validate). */
export function buildBaseOptions(values: OptionValues): BaseResult<BaseOptions> {
  for (const spec of OPTION_SPECS) {
    const v = values[spec.name];
    let ok: boolean;
    switch (spec.kind) {
      case "bool":
        ok = v === "true" || v === "false";
        break;
      case "choice":
        ok = spec.choices.includes(v);
        break;
      case "int":
        ok = parseIntIn(v, spec.min, spec.max) !== undefined;
        break;
      case "board":
        ok = parseBoardLimit(v) !== undefined;
        if (!ok) return { ok: false, error: "form.errorBoard", option: spec.name };
        break;
    }
    if (!ok) return { ok: false, error: "form.errorOption", option: spec.name };
  }
  const board = parseBoardLimit(values.board_limit) ?? { width: 0, height: 0 };
  const edge = values.edge_closes_features === "true";
  if (edge && board.width === 0) {
    return { ok: false, error: "form.errorEdge", option: "edge_closes_features" };
  }
  const count = values.count === "true";
  if (count && board.width > 0 && (board.width < COUNT_MIN_BOARD.width || board.height < COUNT_MIN_BOARD.height)) {
    return { ok: false, error: "form.errorCountBoard", option: "board_limit" };
  }
  return {
    ok: true,
    value: create(BaseOptionsSchema, {
      farmers: values.farmers === "true",
      farmScoring: values.farm_scoring,
      smallCity: values.small_city === "true",
      incompleteFeaturesScore: values.incomplete_features_score === "true",
      handSize: Number(values.hand_size),
      handVisibility: values.hand_visibility,
      extraTurnOnHole: values.extra_turn_on_hole === "true",
      boardWidth: board.width,
      boardHeight: board.height,
      unplaceableTile: values.unplaceable_tile,
      startPlayer: values.start_player,
      edgeClosesFeatures: edge,
      followers: Number(values.followers),
      count,
      countMove: values.count_move,
    }),
  };
}

/**
 * The option values a BaseOptions stands for, with the server's reading of absent fields
 * (docs/protocol.md): absent farmers and incomplete_features_score are true, empty strings are
 * the defaults and followers 0 is 7.
 */
export function optionValuesFromBase(base: BaseOptions): OptionValues {
  const values = defaultOptionValues();
  values.farmers = String(base.farmers ?? true);
  if (base.farmScoring !== "") values.farm_scoring = base.farmScoring;
  values.small_city = String(base.smallCity);
  values.incomplete_features_score = String(base.incompleteFeaturesScore ?? true);
  values.hand_size = String(base.handSize);
  if (base.handVisibility !== "") values.hand_visibility = base.handVisibility;
  values.extra_turn_on_hole = String(base.extraTurnOnHole);
  values.board_limit =
    base.boardWidth > 0 && base.boardHeight > 0 ? `${base.boardWidth}x${base.boardHeight}` : "off";
  if (base.unplaceableTile !== "") values.unplaceable_tile = base.unplaceableTile;
  if (base.startPlayer !== "") values.start_player = base.startPlayer;
  values.edge_closes_features = String(base.edgeClosesFeatures);
  values.followers = base.followers === 0 ? "7" : String(base.followers);
  values.count = String(base.count);
  if (base.countMove !== "") values.count_move = base.countMove;
  return values;
}
