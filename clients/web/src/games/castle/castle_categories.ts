// The Castle's categories of the final table: paths, towers and houses (scored during play, K-7,
// and unfinished ones at the end with wall tiles 4, 5 and 6), the keep and the courts (the final
// scoring, K-11), and wall tile 9's points. Every CastleFeatureScored says which by its reason
// and feature.

import { CastleScoreReason, type CastleEvent, type CastleFeature } from "../../gen/carc/v1/castle_game_pb";
import { CategoryLedger, type SplitPoints } from "../../ui/category_ledger";
import { featureName } from "./castle_names";

export const CASTLE_CATEGORIES = ["path", "tower", "house", "keep", "court", "wallTile"] as const;
export type CastleCategory = (typeof CASTLE_CATEGORIES)[number];
export type CastleCategoryRow = Record<CastleCategory, SplitPoints>;

function categoryOf(reason: CastleScoreReason, feature: CastleFeature): CastleCategory | undefined {
  switch (reason) {
    case CastleScoreReason.KEEP:
      return "keep";
    case CastleScoreReason.COURT:
      return "court";
    case CastleScoreReason.WALL_TILE_9:
      return "wallTile";
    default:
      // The features are named as everywhere else (castle_names.ts).
      return featureName(feature);
  }
}

export class CastleLedger extends CategoryLedger<CastleCategory> {
  /** Takes in one event; only scorings count. */
  note(event: CastleEvent): void {
    if (event.event.case !== "featureScored") return;
    const e = event.event.value;
    const category = categoryOf(e.reason, e.feature);
    if (category === undefined || e.winner < 0) return;
    this.add(e.winner, category, e.points, e.reason !== CastleScoreReason.COMPLETED);
  }

  rows(scores: readonly number[]): CastleCategoryRow[] | undefined {
    return this.table(CASTLE_CATEGORIES, scores);
  }
}
