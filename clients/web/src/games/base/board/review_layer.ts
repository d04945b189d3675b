// The computer's review on the base game's board (a replay's step, review_marks.ts): the move
// played and the computer's move drawn apart (src/board/review_style.ts). The tile played stands
// at its square with a solid outline; the computer's tile is ghosted at its square, turned as it
// would be, with a dashed outline of another colour; a follower is a meeple on its feature with
// a ring drawn the same two ways. The legend beside the review (analysis_panel.ts) tells them apart.

import type { TileDefinition } from "../../../gen/carc/v1/base_game_pb";
import { FeatureKind } from "../../../gen/carc/v1/base_game_pb";
import { meeple } from "../../../board/meeple";
import { reviewFollowerMark, reviewTileMark } from "../../../board/review_style";
import type { ColourInfo } from "../../../ui/colours";
import type { ReviewMark } from "../review_marks";
import { segmentAnchor } from "./tile_geometry";
import { TILE } from "./tile_plane";
import { tileSvg } from "./tile_svg";

export interface ReviewDrawing {
  marks: readonly ReviewMark[];
  defs: ReadonlyMap<string, TileDefinition>;
  /** The colour of the seat that decided (its followers). */
  colour: ColourInfo | undefined;
}

/** Draws the marks into `layer` (emptied first). */
export function drawReview(doc: Document, layer: SVGGElement, review: ReviewDrawing | undefined): void {
  layer.replaceChildren();
  for (const mark of review?.marks ?? []) {
    const def = review?.defs.get(mark.letter);
    if (!review || !def) continue;
    if (mark.segment === undefined) {
      layer.appendChild(reviewTileMark(doc, mark.role, mark.x, mark.y, TILE, tileSvg(doc, def, mark.rotation)));
      continue;
    }
    if (mark.segment >= def.segments.length) continue;
    const at = segmentAnchor(def, mark.segment, mark.rotation);
    const figure = meeple(doc, review.colour, def.segments[mark.segment]?.kind === FeatureKind.FIELD);
    const g = reviewFollowerMark(doc, mark.role, mark.x, mark.y, mark.x * TILE + at.x, mark.y * TILE + at.y, figure);
    g.setAttribute("data-segment", String(mark.segment));
    layer.appendChild(g);
  }
}
