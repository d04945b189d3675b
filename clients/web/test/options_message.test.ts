// The games' options messages from option values and back, through protobuf-es reflection only:
// every option of the golden table has its field (same name, the scalar of its type) in
// each game's options message, each type is written as the server reads it, and a room's options
// read back with the server's meaning of fields that are not set.

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { BaseOptionsSchema } from "../src/gen/carc/v1/base_game_pb";
import { RoomOptionsSchema } from "../src/gen/carc/v1/lobby_pb";
import type { OptionSpec } from "../src/net/game_types";
import { defaultOptionValues } from "../src/net/option_value";
import { buildGameOptions, carriedOptions, gameOptionValues, optionField, optionsSchema } from "../src/net/options_message";
import { goldenGame, goldenGames } from "./game_table";

describe("the options messages", () => {
  it("have a field for every option of the golden table", () => {
    for (const game of goldenGames()) {
      const schema = optionsSchema(game.module.wire.options);
      for (const option of game.table.options) expect(optionField(schema, option), `${game.module.id} ${option.name}`).toBeDefined();
      expect(carriedOptions(game.module.wire.options, game.table.options)).toEqual(game.table.options);
    }
  });

  it("leave out an option without its field here, or with a field of another kind", () => {
    const base = goldenGame("base");
    const newer: OptionSpec = { name: "river", type: "bool", rule: "R-1", default: "false", summary: "The river", values: "true|false" };
    const mistyped: OptionSpec = { name: "followers", type: "choice", rule: "B-2", default: "7", summary: "", values: "7", choices: ["7"] };
    expect(carriedOptions("base", [...base.table.options, newer, mistyped])).toEqual(base.table.options);
  });
});

describe("building the base game's options", () => {
  const base = goldenGame("base");
  const build = (change: Record<string, string> = {}) =>
    buildGameOptions("base", base.table.options, { ...defaultOptionValues(base.table.options), ...change });

  it("writes every option at its default", () => {
    const options = build();
    expect(options.case).toBe("base");
    expect(options.value).toMatchObject({
      farmers: true,
      farmScoring: "c3",
      smallCity: false,
      incompleteFeaturesScore: true,
      handSize: 0,
      handVisibility: "public",
      extraTurnOnHole: false,
      boardLimit: "off",
      unplaceableTile: "discard",
      startPlayer: "random",
      edgeClosesFeatures: false,
      followers: 7,
      count: false,
      countMove: "free",
    });
  });

  it("writes a bool, an int, a choice and a size by the option's name", () => {
    const options = build({ farmers: "false", hand_size: "2", start_player: "seat_order", board_limit: "9x11", count_move: "follow" });
    expect(options.value).toMatchObject({ farmers: false, handSize: 2, startPlayer: "seat_order", boardLimit: "9x11", countMove: "follow" });
    // The size goes as board_limit alone: a server that serves the table reads it.
    expect(options.value).toMatchObject({ boardWidth: 0, boardHeight: 0 });
  });

  it("keeps an explicit false apart from an absent default true", () => {
    const options = build({ farmers: "false" });
    if (options.case !== "base") throw new Error("not base");
    expect(options.value.farmers).toBe(false);
  });
});

describe("reading a room's options", () => {
  const base = goldenGame("base");
  const read = (init: MessageInitShape<typeof RoomOptionsSchema>) =>
    gameOptionValues("base", base.table.options, create(RoomOptionsSchema, init));

  it("reads back what was built", () => {
    const values = { ...defaultOptionValues(base.table.options), farmers: "false", hand_size: "3", board_limit: "5x3", count: "true", count_move: "clockwise" };
    const room = create(RoomOptionsSchema, { gameOptions: buildGameOptions("base", base.table.options, values) });
    expect(gameOptionValues("base", base.table.options, room)).toEqual(values);
  });

  it("reads fields that are not set as the server does: absent farmers true, empty strings and followers 0 the defaults", () => {
    const zero = create(BaseOptionsSchema, {});
    expect(read({ gameOptions: { case: "base", value: zero } })).toEqual(defaultOptionValues(base.table.options));
  });

  it("is nothing for a room without the game's options", () => {
    expect(read({})).toBeUndefined();
  });
});
