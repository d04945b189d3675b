// Option values in the table's text form, checked as the engine's SetOption checks them, for
// each option type of the golden table.

import { describe, expect, it } from "vitest";
import type { OptionSpec } from "../src/net/game_types";
import { defaultOptionValues, parseSize, validOptionValue } from "../src/net/option_value";
import { goldenGame } from "./game_table";

const base = goldenGame("base");
const option = (name: string): OptionSpec => base.table.options.find((o) => o.name === name)!;

describe("option values", () => {
  it("start at the table's defaults", () => {
    expect(defaultOptionValues(base.table.options)).toEqual({
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
      count_redeploy: "any",
    });
  });

  it("are refused where the engine refuses them", () => {
    expect(validOptionValue(option("farmers"), "false")).toBe(true);
    expect(validOptionValue(option("farmers"), "yes")).toBe(false);
    expect(validOptionValue(option("hand_size"), "3")).toBe(true);
    expect(validOptionValue(option("hand_size"), "4")).toBe(false);
    expect(validOptionValue(option("followers"), "0")).toBe(false);
    expect(validOptionValue(option("followers"), "1.5")).toBe(false);
    expect(validOptionValue(option("farm_scoring"), "c2")).toBe(false);
    expect(validOptionValue(option("count_move"), "anticlockwise")).toBe(false);
    expect(validOptionValue(option("board_limit"), "off")).toBe(true);
    expect(validOptionValue(option("board_limit"), "1x145")).toBe(true);
    expect(validOptionValue(option("board_limit"), "0x5")).toBe(false);
    expect(validOptionValue(option("board_limit"), "146x5")).toBe(false);
  });

  it("read sizes like SetOption", () => {
    expect(parseSize("off")).toBe("off");
    expect(parseSize("1x145")).toEqual({ width: 1, height: 145 });
    expect(parseSize("8X8")).toBeUndefined();
    expect(parseSize("8x")).toBeUndefined();
    expect(parseSize("-1x4")).toBeUndefined();
    expect(parseSize(" 8x8")).toBeUndefined();
  });
});
