// The hint (src/ui/hint.ts) in The Castle: the hinted command in words with the controls of the
// screen that make it, and a hinted placement as the player's choice, which they still confirm
// (or change) themselves.

import { CastleFeature, type CastleCommand, type CastleView } from "../../gen/carc/v1/castle_game_pb";
import type { GameCommand } from "../../gen/carc/v1/game_pb";
import { hintedNoFollower, hintedPlacement, type HintedMove } from "../../ui/hint";
import type { CastleTileDef } from "./castle_data";
import { featureText, roleText } from "./castle_names";
import { castleSelectionComplete, type CastleSelection, type Placement } from "./castle_turn";
import { t } from "./i18n/play";

/** A hint's command, when it is The Castle's. */
export function castleHint(command: GameCommand["command"] | undefined): CastleCommand | undefined {
  return command?.case === "castle" ? command.value : undefined;
}

/** The choice a hinted placement makes; anything else, or an illegal placement, leaves the choice as it was. */
export function hintedCastleSelection(placements: readonly Placement[], sel: CastleSelection, command: CastleCommand): CastleSelection {
  if (command.command.case !== "placeTile") return sel;
  const p = command.command.value;
  const hinted = { x: p.position?.x ?? 0, y: p.position?.y ?? 0, rotation: p.rotation };
  return castleSelectionComplete(placements, hinted) ? hinted : sel;
}

/** Scoring pending feature `i` next, doubled or not, in words. */
export function scoreFeatureText(view: CastleView, i: number, doubled: boolean): string {
  if (!doubled) return t("castle.hint.score", { n: i + 1 });
  const kind = view.pending[i]?.feature === CastleFeature.HOUSE ? 3 : 2;
  return t("castle.hint.scoreDoubled", { n: i + 1, kind });
}

export function describeCastleHint(
  command: CastleCommand,
  view: CastleView,
  tileDef: (id: string) => CastleTileDef | undefined,
): HintedMove | undefined {
  const c = command.command;
  switch (c.case) {
    case "placeTile":
      return hintedPlacement(c.value.position, "data-space");
    case "placeFollower": {
      const region = c.value.region;
      const last = view.tiles[view.tiles.length - 1];
      const f = last ? tileDef(last.tile)?.regions[region]?.type : undefined;
      return {
        text: t("castle.hint.follower", { role: roleText(f), feature: featureText(f) }),
        marks: [["data-spot", region], ["data-follower-region", region]],
      };
    }
    case "skipFollower":
      return hintedNoFollower();
    case "scoreFeature": {
      const i = c.value.feature;
      const text = scoreFeatureText(view, i, c.value.doubleIt);
      return { text, marks: [[c.value.doubleIt ? "data-score-double" : "data-score-feature", String(i)]] };
    }
    case "useExtraTurn":
      return { text: t("castle.hint.extraTurn"), marks: [["id", "extra-turn"]] };
    case "endTurn":
      return { text: t("castle.hint.keep"), marks: [["id", "end-turn"]] };
    default:
      return undefined;
  }
}
