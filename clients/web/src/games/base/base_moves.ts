// The server's move texts of a base game (engine/src/base_game.cc, MoveText) in the words the
// game screen and its hints use, for the computer's review of a replay (ui/analysis_panel.ts).
// A replay's views carry no legal moves, so what a segment is comes from the tile set. Places
// are told as players see them (review_marks.ts), never in coordinates.

import { FeatureKind, type BaseView, type PlacedTile, type Quarter } from "../../gen/carc/v1/base_game_pb";
import { parseMoveText } from "../../ui/move_text";
import { passText } from "./base_hint";
import { kindName, quarterName } from "./base_log";
import { t } from "./i18n/play";
import { boardArea, placementWords, reviewMark } from "./review_marks";

/** The engine counts quarters from 0 (castle), the protocol from 1 (QUARTER_CASTLE). */
const quarter = (engineQuarter: number): string => quarterName((engineQuarter + 1) as Quarter);

/**
 * `text`, a move made in `view` (the position before it), in words; undefined for a move this
 * client does not know or a text without the numbers it needs. `tileSet` is the start view's.
 */
export function describeBaseMove(view: BaseView, tileSet: BaseView["tileSet"], text: string): string | undefined {
  const { name, numbers: n } = parseMoveText(text);
  const kindOn = (tile: PlacedTile | undefined, segment: number): string =>
    kindName(tileSet.find((d) => d.letter === tile?.tile)?.segments[segment]?.kind ?? FeatureKind.UNSPECIFIED);
  const tileAt = (x: number, y: number): PlacedTile | undefined =>
    view.tiles.find((p) => (p.position?.x ?? 0) === x && (p.position?.y ?? 0) === y);
  const [a, b, c, d] = n;
  switch (name) {
    case "place_tile": {
      const mark = reviewMark(view, tileSet, text, "played");
      return mark ? placementWords(view, new Map(tileSet.map((def) => [def.letter, def])), mark) : undefined;
    }
    case "place_follower":
      return a === undefined ? undefined : t("game.spotLabel", { kind: kindOn(view.tiles[view.tiles.length - 1], a) });
    case "skip_follower":
      return t("hint.noFollower");
    case "enter_city":
      return a === undefined || b === undefined ? undefined : t("hint.enterCity", { quarter: quarter(a), countTo: quarter(b) });
    case "redeploy":
      return a === undefined ? undefined : t("hint.redeploy", { n: a, kind: kindName(view.count?.redeployKind ?? FeatureKind.UNSPECIFIED) });
    case "leave_city":
      if (a === undefined || b === undefined || c === undefined || d === undefined) return undefined;
      return t("review.leaveCity", { quarter: quarter(a), kind: kindOn(tileAt(b, c), d), area: boardArea(view, b, c) });
    case "pass":
      return passText(view.phase);
    default:
      return undefined;
  }
}
