// The computer's review on the board (a replay's step, review_marks.ts): the move played and the
// computer's move drawn apart. The tile played stands at its square with a solid outline; the
// computer's tile is ghosted at its square, turned as it would be, with a dashed outline of
// another colour; a follower is a meeple on its feature with a ring drawn the same two ways. The
// legend beside the review (analysis_panel.ts) uses the same two styles.

import type { TileDefinition } from "../../../gen/carc/v1/base_game_pb";
import { FeatureKind } from "../../../gen/carc/v1/base_game_pb";
import { meeple } from "../../../board/meeple";
import type { ColourInfo } from "../../../ui/colours";
import type { ReviewMark } from "../review_marks";
import { segmentAnchor } from "./tile_geometry";
import { TILE } from "./tile_plane";
import { tileSvg } from "./tile_svg";

const SVG = "http://www.w3.org/2000/svg";

/** The two outlines: solid for the move played, dashed for the computer's. */
export const REVIEW_STYLE = {
  played: { stroke: "#a0005a", dash: "none", opacity: 1 },
  suggested: { stroke: "#1f5fbf", dash: "12 7", opacity: 0.55 },
} as const;

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
    const style = REVIEW_STYLE[mark.role];
    const g = doc.createElementNS(SVG, "g");
    g.setAttribute("class", `review-mark review-${mark.role}`);
    g.setAttribute("data-review", mark.role);
    g.setAttribute("data-at", `${mark.x},${mark.y}`);
    g.setAttribute("pointer-events", "none");
    if (mark.segment === undefined) {
      const tile = doc.createElementNS(SVG, "g");
      tile.setAttribute("transform", `translate(${mark.x * TILE} ${mark.y * TILE})`);
      tile.setAttribute("opacity", String(style.opacity));
      tile.appendChild(tileSvg(doc, def, mark.rotation));
      g.append(tile, outline(doc, mark, style));
    } else {
      if (mark.segment >= def.segments.length) continue;
      g.setAttribute("data-segment", String(mark.segment));
      const at = segmentAnchor(def, mark.segment, mark.rotation);
      const cx = mark.x * TILE + at.x;
      const cy = mark.y * TILE + at.y;
      const ring = doc.createElementNS(SVG, "circle");
      ring.setAttribute("cx", String(cx));
      ring.setAttribute("cy", String(cy));
      ring.setAttribute("r", "15");
      ring.setAttribute("fill", "#ffffff");
      ring.setAttribute("fill-opacity", "0.6");
      ring.setAttribute("stroke", style.stroke);
      ring.setAttribute("stroke-width", "4");
      ring.setAttribute("stroke-dasharray", style.dash === "none" ? "none" : "6 4");
      const figure = meeple(doc, review.colour, def.segments[mark.segment]?.kind === FeatureKind.FIELD);
      figure.setAttribute("transform", `translate(${cx} ${cy})`);
      figure.setAttribute("opacity", String(style.opacity));
      g.append(ring, figure);
    }
    layer.appendChild(g);
  }
}

function outline(doc: Document, mark: ReviewMark, style: (typeof REVIEW_STYLE)[keyof typeof REVIEW_STYLE]): SVGRectElement {
  const r = doc.createElementNS(SVG, "rect");
  // Inset a little more for the computer's move, so that both outlines show on one square.
  const inset = mark.role === "played" ? 3 : 10;
  r.setAttribute("x", String(mark.x * TILE + inset));
  r.setAttribute("y", String(mark.y * TILE + inset));
  r.setAttribute("width", String(TILE - 2 * inset));
  r.setAttribute("height", String(TILE - 2 * inset));
  r.setAttribute("rx", "6");
  r.setAttribute("class", "review-outline");
  r.setAttribute("fill", "none");
  r.setAttribute("stroke", style.stroke);
  r.setAttribute("stroke-width", "6");
  r.setAttribute("stroke-dasharray", style.dash);
  return r;
}
