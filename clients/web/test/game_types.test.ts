// GET /api/game-types read as the page reads it: the golden table of the C++ tests parses to
// every game and option, and a table that does not fit is refused as a whole with a message that
// says where, never half read.

import { describe, expect, it } from "vitest";
import { GameType } from "../src/gen/carc/v1/lobby_pb";
import { DEFAULT_GAME, GAMES, offeredGames } from "../src/games/registry";
import { GameTypesError, loadGameTypes, parseGameTypes } from "../src/net/game_types";
import { goldenTableJson, serving } from "./game_table";

describe("the golden table", () => {
  it("gives every game of the registry, with its players and options in the engine's order", () => {
    const types = parseGameTypes(goldenTableJson());
    expect(types.games.map((g) => [g.name, g.gameType])).toEqual(GAMES.map((g) => [g.id, g.gameType]));
    const base = types.games[0]!;
    expect([base.name, base.gameType, base.minPlayers, base.maxPlayers]).toEqual(["base", GameType.BASE, 2, 6]);
    expect(base.options.map((o) => [o.name, o.type, o.rule, o.default])).toEqual([
      ["farmers", "bool", "B-20", "true"],
      ["farm_scoring", "choice", "B-17", "c3"],
      ["small_city", "bool", "B-19", "false"],
      ["incomplete_features_score", "bool", "V-1", "true"],
      ["hand_size", "int", "V-2", "0"],
      ["hand_visibility", "choice", "V-2", "public"],
      ["extra_turn_on_hole", "bool", "V-4", "false"],
      ["board_limit", "size", "V-5", "off"],
      ["unplaceable_tile", "choice", "B-6", "discard"],
      ["start_player", "choice", "V-6", "random"],
      ["edge_closes_features", "bool", "V-7", "false"],
      ["followers", "int", "B-2", "7"],
      ["count", "bool", "C-1", "false"],
      ["count_move", "choice", "C-3", "free"],
      ["count_redeploy", "choice", "C-4", "any"],
    ]);
    expect(base.options[7]).toMatchObject({ type: "size", min: 1, max: 145 });
    expect(base.options[9]).toMatchObject({ type: "choice", choices: ["random", "host", "seat_order"] });
    expect(offeredGames(types).map((g) => g.module)).toEqual(GAMES);
  });

  it("offers only the registry's games the server lists", () => {
    const json = goldenTableJson();
    json.games = json.games.filter((g) => g.name !== DEFAULT_GAME.id);
    expect(offeredGames(parseGameTypes(json)).map((g) => g.module)).toEqual(GAMES.filter((g) => g !== DEFAULT_GAME));
    json.games = [{ ...json.games[0]!, game_type: 99 }];
    expect(offeredGames(parseGameTypes(json))).toEqual([]);
  });
});

describe("a table that does not fit", () => {
  /** The golden table with one change made by `spoil`, parsed. */
  function spoiled(spoil: (json: { games: Record<string, unknown>[] }, firstOption: Record<string, unknown>) => void): () => unknown {
    const json = goldenTableJson();
    spoil(json, (json.games[0]!.options as Record<string, unknown>[])[0]!);
    return () => parseGameTypes(json);
  }

  it("is refused with where and what", () => {
    expect(() => parseGameTypes(null)).toThrow(GameTypesError);
    expect(() => parseGameTypes("games")).toThrow("the answer: expected an object");
    expect(() => parseGameTypes({})).toThrow("games: expected a list");
    expect(() => parseGameTypes({ games: [1] })).toThrow("games[0]: expected an object");
    expect(spoiled((j) => delete j.games[1]!.min_players)).toThrow("games[1].min_players: expected a whole number");
    expect(spoiled((j) => (j.games[1]!.max_players = 1))).toThrow("games[1].max_players: expected a whole number of at least 2");
    expect(spoiled((j) => (j.games[0]!.game_type = "1"))).toThrow("games[0].game_type");
    expect(spoiled((j) => (j.games[1]!.game_type = 1))).toThrow("a game_type is given twice");
    expect(spoiled((j) => (j.games[0]!.options = {}))).toThrow("games[0].options: expected a list");
  });

  it("refuses an option without a known type, name or fitting default", () => {
    expect(spoiled((_, o) => (o.type = "colour"))).toThrow('games[0].options[0].type: "colour" is not bool, int, choice or size');
    expect(spoiled((_, o) => (o.name = "opt.farmers"))).toThrow("games[0].options[0].name");
    expect(spoiled((_, o) => (o.name = "farm_scoring"))).toThrow("option farm_scoring is given twice");
    expect(spoiled((_, o) => delete o.summary)).toThrow("games[0].options[0].summary: expected a string");
    expect(spoiled((_, o) => (o.default = "yes"))).toThrow('games[0].options[0].default: "yes" is not a value');
  });

  it("refuses a choice, an int or a size that could not be sent", () => {
    const option = (name: string) => (j: { games: Record<string, unknown>[] }) =>
      (j.games[0]!.options as Record<string, unknown>[]).find((o) => o.name === name)!;
    expect(spoiled((j) => (option("farm_scoring")(j).choices = []))).toThrow("expected at least one choice");
    expect(spoiled((j) => (option("farm_scoring")(j).choices = ["c3", "c3"]))).toThrow("a choice is repeated");
    expect(spoiled((j) => (option("farm_scoring")(j).choices = ["c3", "c 1"]))).toThrow("options[1].choices[1]: expected a word");
    expect(spoiled((j) => (option("farm_scoring")(j).default = "c2"))).toThrow('"c2" is not a value of the option');
    expect(spoiled((j) => (option("hand_size")(j).min = -1))).toThrow("options[4].min: expected a whole number of at least 0");
    expect(spoiled((j) => (option("hand_size")(j).max = 2.5))).toThrow("options[4].max");
    expect(spoiled((j) => (option("followers")(j).max = 5))).toThrow('options[11].default: "7" is not a value');
    expect(spoiled((j) => (option("board_limit")(j).min = 0))).toThrow("options[7].min: expected a whole number of at least 1");
    expect(spoiled((j) => (option("board_limit")(j).default = "8x0"))).toThrow('"8x0" is not a value');
  });
});

describe("loading the table", () => {
  it("reads the server's answer", async () => {
    const types = await loadGameTypes(serving());
    expect(types.games.map((g) => g.name)).toEqual(GAMES.map((g) => g.id));
  });

  it("says what went wrong: a status, an answer that is not JSON, a table that does not fit", async () => {
    await expect(loadGameTypes(serving({ error: "down" }, 503))).rejects.toThrow("/api/game-types: HTTP 503");
    const notJson: typeof fetch = () => Promise.resolve(new Response("<html>", { status: 200 }));
    await expect(loadGameTypes(notJson)).rejects.toThrow("the answer is not JSON");
    await expect(loadGameTypes(serving({ games: "none" }))).rejects.toThrow(GameTypesError);
  });

  it("asks the page's own host", async () => {
    const asked: string[] = [];
    const http: typeof fetch = (input) => {
      asked.push(String(input));
      return serving()(input);
    };
    await loadGameTypes(http);
    expect(asked).toEqual(["/api/game-types"]);
  });
});
