// The computer's review on The Castle's board (a replay's step): the move played and the
// computer's move drawn apart as every game's board draws them (src/board/review_style.ts): a
// tile at its space, turned as played or suggested, or a follower on its region of the tile just
// placed. The engine names a follower's region by its index among the tile's regions
// (castle_moves.ts).

import type { CastleView } from "../../gen/carc/v1/castle_game_pb";
import { meeple } from "../../board/meeple";
import { reviewFollowerMark, reviewTileMark, type ReviewRole } from "../../board/review_style";
import type { ColourInfo } from "../../ui/colours";
import { parseMoveText } from "../../ui/move_text";
import type { CastleTileDef } from "./castle_data";
import { CASTLE_TILE, castleRegionAnchors, castleTileSvg } from "./castle_tile_svg";

const SVG = "http://www.w3.org/2000/svg";

export interface CastleReviewMark {
  role: ReviewRole;
  x: number;
  y: number;
  tile: string;
  rotation: number;
  /** A follower's region (of the tile at x, y); undefined for a tile. */
  region?: string | undefined;
}

/**
 * The mark of move text `text` made in `view` (the position before it), or undefined for a move
 * that puts nothing on the board; `playedTile` is the tile the move played put down.
 */
export function castleReviewMark(
  view: CastleView,
  tileDef: (id: string) => CastleTileDef | undefined,
  text: string,
  role: ReviewRole,
  playedTile?: string,
): CastleReviewMark | undefined {
  const { name, numbers } = parseMoveText(text);
  const [a, b, c] = numbers;
  if (name === "place_tile") {
    const tile = view.currentTile !== "" ? view.currentTile : playedTile;
    if (a === undefined || b === undefined || c === undefined || !tile) return undefined;
    return { role, x: a, y: b, tile, rotation: ((c % 4) + 4) % 4 };
  }
  if (name === "place_follower") {
    const last = view.tiles[view.tiles.length - 1];
    const region = last && a !== undefined ? Object.keys(tileDef(last.tile)?.regions ?? {})[a] : undefined;
    if (!last || region === undefined) return undefined;
    return { role, x: last.position?.x ?? 0, y: last.position?.y ?? 0, tile: last.tile, rotation: last.rotation, region };
  }
  return undefined;
}

/** Draws the marks on the board's svg, above everything else on it. */
export function drawCastleReview(
  doc: Document,
  svg: SVGSVGElement,
  marks: readonly CastleReviewMark[],
  tileDef: (id: string) => CastleTileDef | undefined,
  colour: ColourInfo | undefined,
): void {
  if (marks.length === 0) return;
  const layer = doc.createElementNS(SVG, "g");
  layer.setAttribute("class", "review");
  for (const mark of marks) {
    const def = tileDef(mark.tile);
    if (!def) continue;
    if (mark.region === undefined) {
      layer.appendChild(reviewTileMark(doc, mark.role, mark.x, mark.y, CASTLE_TILE, castleTileSvg(doc, def, mark.rotation)));
      continue;
    }
    const at = castleRegionAnchors(def, mark.rotation)[mark.region];
    if (!at) continue;
    const g = reviewFollowerMark(doc, mark.role, mark.x, mark.y, mark.x * CASTLE_TILE + at.x, mark.y * CASTLE_TILE + at.y, meeple(doc, colour, false));
    g.setAttribute("data-region", mark.region);
    layer.appendChild(g);
  }
  svg.appendChild(layer);
}
