// The server's move texts of The Castle (engine/src/castle/castle_game.cc, MoveText) in the words
// of the game screen's buttons and hints, for the computer's review of a replay
// (ui/analysis_panel.ts). The engine names a follower's region by its index among the tile's
// regions, in the order of the tile set, which the client's definitions keep.

import type { CastleView } from "../../gen/carc/v1/castle_game_pb";
import { areaText, parseMoveText, placementText } from "../../ui/move_text";
import type { CastleBoard, CastleTileDef } from "./castle_data";
import { scoreFeatureText } from "./castle_hint";
import { featureText, roleText } from "./castle_names";
import { t } from "./i18n/play";

/** `text`, a move made in `view` (the position before it), in words; undefined when not understood. */
export function describeCastleMove(
  view: CastleView,
  tileDef: (id: string) => CastleTileDef | undefined,
  text: string,
  board?: CastleBoard,
): string | undefined {
  const { name, numbers, words } = parseMoveText(text);
  const [a] = numbers;
  switch (name) {
    case "place_tile":
      // Where inside the castle's wall (the board's rows), as players see it.
      return placementText(numbers, (x, y) => {
        const rows = board?.rows ?? [];
        const width = Math.max(1, ...rows.map((r) => r.length));
        return areaText(x, y, [0, width - 1], [0, Math.max(0, rows.length - 1)]);
      });
    case "place_follower": {
      if (a === undefined) return undefined;
      const last = view.tiles[view.tiles.length - 1];
      const region = last ? Object.values(tileDef(last.tile)?.regions ?? {})[a] : undefined;
      return t("castle.followerButton", { role: roleText(region?.type), feature: featureText(region?.type) });
    }
    case "skip_follower":
      return t("hint.noFollower");
    case "score_feature":
      return a === undefined ? undefined : scoreFeatureText(view, a, words.includes("doubled"));
    case "use_extra_turn":
      return t("castle.hint.extraTurn");
    case "end_turn":
      return t("castle.hint.keep");
    default:
      return undefined;
  }
}
