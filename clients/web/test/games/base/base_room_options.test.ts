// The base game's part of the room screens beyond its served table: the rules between options
// that the engine's Validate keeps (V-7's edge needs a table limit; the Count's city needs a table
// of at least 5 x 3), checked on values that are each valid on their own.

import { beforeEach, describe, expect, it } from "vitest";
import { COUNT_MIN_BOARD, baseForm, checkBaseOptions } from "../../../src/games/base/base_room_options";
import { setLanguage } from "../../../src/i18n";
import { defaultOptionValues, validOptionValue } from "../../../src/net/option_value";
import { goldenGame } from "../../game_table";

beforeEach(() => setLanguage("en", undefined));

const defaults = () => defaultOptionValues(goldenGame("base").table.options);

describe("the base game's rules between options", () => {
  it("lets the defaults through", () => {
    expect(checkBaseOptions(defaults())).toBeUndefined();
  });

  it("needs a table limit for the edge to close features (V-7)", () => {
    expect(checkBaseOptions({ ...defaults(), edge_closes_features: "true" })).toBe("“The table edge closes features” needs a table limit.");
    expect(checkBaseOptions({ ...defaults(), edge_closes_features: "true", board_limit: "3x3" })).toBeUndefined();
  });

  it("needs a table of at least 5 x 3 for the Count's city, as the engine's Validate", () => {
    const withCount = (board_limit: string) => checkBaseOptions({ ...defaults(), count: "true", board_limit });
    expect(COUNT_MIN_BOARD).toEqual({ width: 5, height: 3 });
    expect(withCount("4x9")).toBe("The Count's city needs a table limit of at least 5 × 3.");
    expect(withCount("9x2")).toBeDefined();
    expect(withCount("5x3")).toBeUndefined();
    expect(withCount("off")).toBeUndefined();
    // Without the Count, a small table is fine.
    expect(checkBaseOptions({ ...defaults(), board_limit: "4x2" })).toBeUndefined();
  });

  it("proposes a table size the table's range allows", () => {
    const limit = goldenGame("base").table.options.find((o) => o.name === "board_limit")!;
    expect(validOptionValue(limit, baseForm.proposals?.board_limit ?? "")).toBe(true);
  });
});
