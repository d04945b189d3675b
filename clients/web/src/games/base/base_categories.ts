// The base game's categories of the final table (roads, cities, cloisters, farms; the same with
// the Count, whose redeployed followers score through the features too): every FeatureScored
// names its feature's kind, and its reason tells play (B-8) from the final scoring (B-16, B-17).

import { FeatureKind, ScoreReason, type BaseEvent } from "../../gen/carc/v1/base_game_pb";
import { CategoryLedger, type SplitPoints } from "../../ui/category_ledger";

export const BASE_CATEGORIES = ["road", "city", "cloister", "field"] as const;
export type BaseCategory = (typeof BASE_CATEGORIES)[number];
export type BaseCategoryRow = Record<BaseCategory, SplitPoints>;

const CATEGORY: Partial<Record<FeatureKind, BaseCategory>> = {
  [FeatureKind.ROAD]: "road",
  [FeatureKind.CITY]: "city",
  [FeatureKind.CLOISTER]: "cloister",
  [FeatureKind.FIELD]: "field",
};

export class BaseLedger extends CategoryLedger<BaseCategory> {
  /** Takes in one event; only scorings count. */
  note(event: BaseEvent): void {
    if (event.event.case !== "featureScored") return;
    const e = event.event.value;
    const category = CATEGORY[e.kind];
    if (category === undefined) return;
    // Every winner scores the feature's points in full (B-8).
    for (const seat of e.winners) this.add(seat, category, e.points, e.reason !== ScoreReason.COMPLETED);
  }

  rows(scores: readonly number[]): BaseCategoryRow[] | undefined {
    return this.table(BASE_CATEGORIES, scores);
  }
}
