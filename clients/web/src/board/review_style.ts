// How every game's board draws the computer's review of a replay's step (the base game's
// board/review_layer.ts, The Castle's castle_review.ts), and so how the review's legend shows
// them (ui/game.css, .review-legend): the move played with a solid outline, the computer's move
// ghosted with a dashed outline of another colour.

export const REVIEW_STYLE = {
  played: { stroke: "#a0005a", dash: "none", opacity: 1 },
  suggested: { stroke: "#1f5fbf", dash: "12 7", opacity: 0.55 },
} as const;

export type ReviewRole = keyof typeof REVIEW_STYLE;

const SVG = "http://www.w3.org/2000/svg";

/**
 * The outline of a square of side `size` at (x, y) in board units; the computer's is inset more,
 * so that both show on one square.
 */
export function reviewOutline(doc: Document, role: ReviewRole, x: number, y: number, size: number): SVGRectElement {
  const style = REVIEW_STYLE[role];
  const inset = role === "played" ? 3 : 10;
  const r = doc.createElementNS(SVG, "rect");
  const attrs: Record<string, string | number> = {
    x: x * size + inset,
    y: y * size + inset,
    width: size - 2 * inset,
    height: size - 2 * inset,
    rx: 6,
    class: "review-outline",
    fill: "none",
    stroke: style.stroke,
    "stroke-width": 6,
    "stroke-dasharray": style.dash,
  };
  for (const [k, v] of Object.entries(attrs)) r.setAttribute(k, String(v));
  return r;
}

/** The ring around a follower of the review at (cx, cy), drawn the same two ways. */
export function reviewRing(doc: Document, role: ReviewRole, cx: number, cy: number): SVGCircleElement {
  const style = REVIEW_STYLE[role];
  const c = doc.createElementNS(SVG, "circle");
  const attrs: Record<string, string | number> = {
    cx,
    cy,
    r: 15,
    class: "review-outline",
    fill: "#ffffff",
    "fill-opacity": 0.6,
    stroke: style.stroke,
    "stroke-width": 4,
    "stroke-dasharray": style.dash === "none" ? "none" : "6 4",
  };
  for (const [k, v] of Object.entries(attrs)) c.setAttribute(k, String(v));
  return c;
}

/** The group of one mark: its role and square for tests and styles, never a pointer target. */
export function reviewGroup(doc: Document, role: ReviewRole, x: number, y: number): SVGGElement {
  const g = doc.createElementNS(SVG, "g");
  g.setAttribute("class", `review-mark review-${role}`);
  g.setAttribute("data-review", role);
  g.setAttribute("data-at", `${x},${y}`);
  g.setAttribute("pointer-events", "none");
  return g;
}

/** A tile of the review: `art` (drawn at the origin, `size` wide) ghosted or not at its square, outlined. */
export function reviewTileMark(doc: Document, role: ReviewRole, x: number, y: number, size: number, art: SVGElement): SVGGElement {
  const g = reviewGroup(doc, role, x, y);
  const tile = doc.createElementNS(SVG, "g");
  tile.setAttribute("transform", `translate(${x * size} ${y * size})`);
  tile.setAttribute("opacity", String(REVIEW_STYLE[role].opacity));
  tile.appendChild(art);
  g.append(tile, reviewOutline(doc, role, x, y, size));
  return g;
}

/** A follower of the review: `figure` at (cx, cy) in board units, in its ring, on the tile at (x, y). */
export function reviewFollowerMark(doc: Document, role: ReviewRole, x: number, y: number, cx: number, cy: number, figure: SVGElement): SVGGElement {
  const g = reviewGroup(doc, role, x, y);
  figure.setAttribute("transform", `translate(${cx} ${cy})`);
  figure.setAttribute("opacity", String(REVIEW_STYLE[role].opacity));
  g.append(reviewRing(doc, role, cx, cy), figure);
  return g;
}
