// The final tables' categories over the whole game (ui/category_ledger.ts and the games' own
// base_categories.ts, castle_categories.ts), and the score chart's line labels kept apart.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { BaseEventSchema, FeatureKind, ScoreReason } from "../src/gen/carc/v1/base_game_pb";
import { CastleEventSchema, CastleFeature, CastleScoreReason } from "../src/gen/carc/v1/castle_game_pb";
import { BaseLedger } from "../src/games/base/base_categories";
import { LABEL_GAP, spreadLabels } from "../src/games/base/score_chart";
import { CastleLedger } from "../src/games/castle/castle_categories";

const scored = (kind: FeatureKind, reason: ScoreReason, points: number, winners: number[]) =>
  create(BaseEventSchema, { event: { case: "featureScored", value: { kind, reason, points, winners } } });

describe("the base game's categories", () => {
  it("B-8, B-16, B-17: adds play and final scoring per category, each winner in full", () => {
    const ledger = new BaseLedger();
    ledger.note(scored(FeatureKind.CITY, ScoreReason.COMPLETED, 8, [0, 1]));
    ledger.note(scored(FeatureKind.ROAD, ScoreReason.COMPLETED, 3, [1]));
    ledger.note(scored(FeatureKind.CITY, ScoreReason.INCOMPLETE, 2, [0]));
    ledger.note(scored(FeatureKind.FIELD, ScoreReason.FARM, 6, [1]));
    ledger.note(scored(FeatureKind.CLOISTER, ScoreReason.COMPLETED, 9, []));
    const rows = ledger.rows([10, 17]);
    expect(rows?.[0]).toEqual({ road: { during: 0, end: 0 }, city: { during: 8, end: 2 }, cloister: { during: 0, end: 0 }, field: { during: 0, end: 0 } });
    expect(rows?.[1]?.city).toEqual({ during: 8, end: 0 });
    expect(rows?.[1]?.road).toEqual({ during: 3, end: 0 });
    expect(rows?.[1]?.field).toEqual({ during: 0, end: 6 });
  });

  it("answers nothing when the scorings seen do not add up to the scores (some were missed)", () => {
    const ledger = new BaseLedger();
    ledger.note(scored(FeatureKind.ROAD, ScoreReason.COMPLETED, 3, [0]));
    expect(ledger.rows([3, 0])).toBeDefined();
    expect(ledger.rows([7, 0])).toBeUndefined();
    expect(ledger.rows([3])).toBeDefined();
    expect(ledger.rows([])).toBeUndefined();
    ledger.reset();
    expect(ledger.rows([0, 0])).toBeDefined();
  });
});

describe("The Castle's categories", () => {
  const castle = (reason: CastleScoreReason, feature: CastleFeature, points: number, winner: number) =>
    create(CastleEventSchema, { event: { case: "featureScored", value: { reason, feature, points, winner } } });

  it("K-7, K-11: features in play and at the end, the keep, the courts and wall tile 9", () => {
    const ledger = new CastleLedger();
    ledger.note(castle(CastleScoreReason.COMPLETED, CastleFeature.TOWER, 6, 0));
    ledger.note(castle(CastleScoreReason.COMPLETED, CastleFeature.PATH, 4, -1)); // a tie: nobody
    ledger.note(castle(CastleScoreReason.INCOMPLETE, CastleFeature.TOWER, 4, 0));
    ledger.note(castle(CastleScoreReason.KEEP, CastleFeature.UNSPECIFIED, 11, 1));
    ledger.note(castle(CastleScoreReason.COURT, CastleFeature.COURT, 6, 1));
    ledger.note(castle(CastleScoreReason.WALL_TILE_9, CastleFeature.UNSPECIFIED, 5, 0));
    const rows = ledger.rows([15, 17]);
    expect(rows?.[0]?.tower).toEqual({ during: 6, end: 4 });
    expect(rows?.[0]?.wallTile).toEqual({ during: 0, end: 5 });
    expect(rows?.[1]?.keep).toEqual({ during: 0, end: 11 });
    expect(rows?.[1]?.court).toEqual({ during: 0, end: 6 });
    expect(rows?.[1]?.path).toEqual({ during: 0, end: 0 });
  });
});

describe("the score chart's line labels", () => {
  it("keeps equal and close scores at least a label apart, in order, inside the chart", () => {
    const ys = spreadLabels([100, 100, 104, 30, 240, 239], LABEL_GAP, 10, 236);
    const sorted = [...ys].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(LABEL_GAP);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...ys)).toBeLessThanOrEqual(236);
    expect(ys[0]).toBeLessThan(ys[1]!);
    expect(ys[3]).toBe(30);
  });
});
