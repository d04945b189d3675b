// The choices of the Count's decisions come only from the legal moves (C-2..C-5): quarters to
// enter and where the Count may go under each `count_move`, the redeploy number kept within its
// limit, and the final moves grouped by the feature they lead to.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { CityEntrySchema, CityExitSchema, FeatureKind, Quarter } from "../../../src/gen/carc/v1/base_game_pb";
import {
  chooseCountTo,
  chooseEntry,
  clampRedeploy,
  countDestinations,
  entryQuarters,
  exitTargets,
  isEntryComplete,
  quarterFor,
  revalidateEntry,
  stepRedeploy,
} from "../../../src/games/base/count_choice";

const { CASTLE, MARKET, BLACKSMITH, CATHEDRAL } = Quarter;
const entry = (quarter: Quarter, countTo: Quarter) => create(CityEntrySchema, { quarter, countTo });

describe("entering the city", () => {
  // C-3 `clockwise` with the Count in the market: he goes on to the blacksmith, whoever enters.
  const clockwise = [entry(CATHEDRAL, BLACKSMITH), entry(CASTLE, BLACKSMITH), entry(BLACKSMITH, BLACKSMITH)];

  it("lists quarters and the Count's destinations clockwise from the castle", () => {
    expect(entryQuarters(clockwise)).toEqual([CASTLE, BLACKSMITH, CATHEDRAL]);
    expect(countDestinations(clockwise, CASTLE)).toEqual([BLACKSMITH]);
    expect(countDestinations(clockwise, MARKET)).toEqual([]);
  });

  it("leaves the Count where he is when the option lets him, else sends him on", () => {
    const free = [MARKET, BLACKSMITH, CATHEDRAL].flatMap((q) => [CASTLE, MARKET, BLACKSMITH, CATHEDRAL].map((c) => entry(q, c)));
    expect(chooseEntry(free, MARKET, CASTLE)).toEqual({ quarter: MARKET, countTo: CASTLE });
    expect(chooseEntry(clockwise, CASTLE, MARKET)).toEqual({ quarter: CASTLE, countTo: BLACKSMITH });
    expect(chooseEntry(clockwise, MARKET, MARKET)).toEqual({});
  });

  it("takes only a legal destination, and forgets a choice the new legal moves do not allow", () => {
    const sel = chooseEntry(clockwise, CASTLE, MARKET);
    expect(chooseCountTo(clockwise, sel, CATHEDRAL)).toBe(sel);
    expect(isEntryComplete(clockwise, sel)).toBe(true);
    expect(revalidateEntry(clockwise, sel)).toBe(sel);
    expect(revalidateEntry([entry(CATHEDRAL, BLACKSMITH)], sel)).toEqual({});
  });
});

describe("redeploying", () => {
  it("keeps the number to one the server allows (C-4)", () => {
    const any = [1, 2, 3];
    expect(clampRedeploy(0, any)).toBe(1);
    expect(clampRedeploy(2, any)).toBe(2);
    expect(clampRedeploy(2.6, any)).toBe(3);
    expect(clampRedeploy(9, any)).toBe(3);
    expect(clampRedeploy(Number.NaN, any)).toBe(1);
    expect(clampRedeploy(1, [])).toBe(0);
    // count_redeploy "seed": all, one or none of four.
    const seed = [1, 4];
    expect(clampRedeploy(2, seed)).toBe(1);
    expect(clampRedeploy(3, seed)).toBe(4);
    expect(clampRedeploy(2.5, seed)).toBe(1);
  });

  it("steps the stepper through the allowed numbers only (C-4)", () => {
    expect(stepRedeploy(1, [1, 4], 1)).toBe(4);
    expect(stepRedeploy(4, [1, 4], -1)).toBe(1);
    expect(stepRedeploy(4, [1, 4], 1)).toBe(4);
    expect(stepRedeploy(2, [1, 2, 3], 1)).toBe(3);
    expect(stepRedeploy(1, [1, 2, 3], -1)).toBe(1);
  });

  it("knows which quarter serves which feature", () => {
    expect([FeatureKind.CITY, FeatureKind.FIELD, FeatureKind.ROAD, FeatureKind.CLOISTER].map(quarterFor)).toEqual([
      CASTLE,
      MARKET,
      BLACKSMITH,
      CATHEDRAL,
    ]);
  });
});

describe("the final moves", () => {
  it("groups the exits by feature, in the server's order", () => {
    const exit = (quarter: Quarter, x: number, segment: number, kind: FeatureKind) =>
      create(CityExitSchema, { quarter, position: { x, y: -1 }, segment, kind });
    const targets = exitTargets([
      exit(MARKET, 2, 1, FeatureKind.FIELD),
      exit(CATHEDRAL, -3, 0, FeatureKind.ROAD),
      exit(BLACKSMITH, -3, 0, FeatureKind.ROAD),
      exit(BLACKSMITH, -3, 0, FeatureKind.ROAD),
    ]);
    expect(targets).toEqual([
      { key: "2,-1/1", x: 2, y: -1, segment: 1, kind: FeatureKind.FIELD, quarters: [MARKET] },
      { key: "-3,-1/0", x: -3, y: -1, segment: 0, kind: FeatureKind.ROAD, quarters: [BLACKSMITH, CATHEDRAL] },
    ]);
  });
});
