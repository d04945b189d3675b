// Markers at the board's edges for the squares a tile may go to that the view does not show
// (after the player panned or zoomed): "3 ▸" on the right edge says three more choices lie that
// way, and choosing the marker brings every choice back into view. Each square counts once, on
// the edge it is furthest beyond.
//
// Contract: update() is called after every camera change with the squares, the camera, the
// board's size and how far in the page's controls cover it; the element (an overlay for the
// board's box) holds a button for each edge with squares beyond it, and nothing otherwise.

import type { Camera, Size } from "../../../board/camera";
import { h } from "../../../ui/dom";
import { t, type BasePlayMessageKey } from "../i18n/play";
import { TILE } from "./tile_plane";

export type Edge = "top" | "right" | "bottom" | "left";

const EDGES: readonly { edge: Edge; arrow: string; label: BasePlayMessageKey }[] = [
  { edge: "top", arrow: "▲", label: "board.moreUp" },
  { edge: "right", arrow: "▶", label: "board.moreRight" },
  { edge: "bottom", arrow: "▼", label: "board.moreDown" },
  { edge: "left", arrow: "◀", label: "board.moreLeft" },
];

export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** How many of `cells` lie beyond each edge of the part of the view no control covers. */
export function beyondEdges(cells: readonly { x: number; y: number }[], camera: Camera, size: Size, covered: Insets): Record<Edge, number> {
  const counts: Record<Edge, number> = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const c of cells) {
    const px = ((c.x + 0.5) * TILE - camera.cx) * camera.scale + size.width / 2;
    const py = ((c.y + 0.5) * TILE - camera.cy) * camera.scale + size.height / 2;
    const over: [Edge, number][] = [
      ["left", covered.left - px],
      ["right", px - (size.width - covered.right)],
      ["top", covered.top - py],
      ["bottom", py - (size.height - covered.bottom)],
    ];
    const [edge, by] = over.reduce((a, b) => (b[1] > a[1] ? b : a));
    if (by > 0) counts[edge] += 1;
  }
  return counts;
}

export class EdgeMarkers {
  readonly element: HTMLDivElement;

  constructor(
    doc: Document,
    private readonly showAll: () => void,
  ) {
    this.element = doc.createElement("div");
    this.element.className = "edge-markers";
  }

  update(cells: readonly { x: number; y: number }[], camera: Camera, size: Size, covered: Insets): void {
    const counts = beyondEdges(cells, camera, size, covered);
    const buttons = EDGES.filter((e) => counts[e.edge] > 0).map((e) =>
      h("button", {
        type: "button",
        class: `edge-marker edge-${e.edge}`,
        "data-edge": e.edge,
        "data-count": counts[e.edge],
        "aria-label": t(e.label, { n: counts[e.edge] }),
        title: t(e.label, { n: counts[e.edge] }),
        style: `--inset: ${Math.round(covered[e.edge])}px`,
        onclick: () => this.showAll(),
      }, `${e.arrow} ${counts[e.edge]}`),
    );
    this.element.replaceChildren(...buttons);
  }
}
