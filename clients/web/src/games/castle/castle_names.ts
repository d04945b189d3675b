// What The Castle's features, the followers' roles on them and the wall tiles are called in the
// current language: the board, the decision panels and the log all word them the same way.

import { CastleFeature } from "../../gen/carc/v1/castle_game_pb";
import { t, type CastlePlayMessageKey } from "./i18n/play";

export type FeatureName = "path" | "tower" | "house" | "court";

export function featureName(f: CastleFeature): FeatureName | undefined {
  switch (f) {
    case CastleFeature.PATH:
      return "path";
    case CastleFeature.TOWER:
      return "tower";
    case CastleFeature.HOUSE:
      return "house";
    case CastleFeature.COURT:
      return "court";
    default:
      return undefined;
  }
}

export const featureText = (f: FeatureName | undefined): string => (f ? t(`castle.feature.${f}` as CastlePlayMessageKey) : "?");
export const roleText = (f: FeatureName | undefined): string => (f ? t(`castle.role.${f}` as CastlePlayMessageKey) : "?");

/** What a wall tile of `kind` (1..9) does (K-10), in the current language. */
export function wallTileEffect(kind: number, wall4FountainBonus: boolean): string {
  if (kind === 4 && wall4FountainBonus) return t("castle.wall.4fountain");
  if (kind >= 1 && kind <= 9) return t(`castle.wall.${kind}` as CastlePlayMessageKey);
  return "?";
}
