// What of a game's board the page's controls cover (issue: the table, round three, point 1): the
// zoom buttons' column at its right edge, and on a phone the turn's controls, a bar fixed over
// the bottom of the screen. The board fits its view into the rest, so that no square a tile may
// go to hides under a control at the turn's start.

export interface Edges {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export function coveredEdges(board: HTMLElement): Edges {
  const b = board.getBoundingClientRect();
  const edges = { top: 0, right: 0, bottom: 0, left: 0 };
  if (b.width === 0 || b.height === 0) return edges;  // not laid out yet
  const zoom = board.parentElement?.querySelector(".zoom")?.getBoundingClientRect();
  if (zoom && zoom.width > 0 && zoom.left < b.right && zoom.right > b.left) {
    edges.right = Math.max(0, b.right - zoom.left);
  }
  const doc = board.ownerDocument;
  const bar = doc.querySelector<HTMLElement>(".screen.game .side > .turn");
  if (bar && doc.defaultView?.getComputedStyle(bar).position === "fixed") {
    edges.bottom = Math.max(0, Math.min(b.height, b.bottom - bar.getBoundingClientRect().top));
  }
  return edges;
}
