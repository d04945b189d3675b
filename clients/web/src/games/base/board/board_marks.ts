// The marks the board draws over its tiles to tell the story of the last moves: the tiles of a
// feature being decided (C-4), each seat's last tile outlined in its colour, the points the last
// move scored drawn on the features that scored them, and the tiles a log line points to.
//
// Contract: drawMarks empties `layer` and draws the model's marks into it, none of them
// clickable. Score labels keep a readable size on screen at any zoom: they scale by the SVG's
// --label-scale (set by the view from its camera).

import type { ColourInfo } from "../../../ui/colours";
import { TILE } from "./tile_plane";

const SVG = "http://www.w3.org/2000/svg";

export interface MarkCell {
  x: number;
  y: number;
}

/** Points one scoring gave, and to whom, on the tiles of its feature. */
export interface ScoredMark {
  cells: readonly MarkCell[];
  points: number;
  colours: readonly (ColourInfo | undefined)[];
}

export interface MarksModel {
  /** Tiles of a feature to point out (the one a redeployment round is about, C-4). */
  highlight?: readonly MarkCell[] | undefined;
  /** The tile placed last, outlined when `lastBySeat` is not given. */
  last?: MarkCell | undefined;
  lastBySeat?: readonly { x: number; y: number; seat: number; colour: string }[] | undefined;
  /** What the last move scored. */
  scored?: readonly ScoredMark[] | undefined;
  /** The tiles the player asked to see from the log. */
  pointed?: readonly MarkCell[] | undefined;
}

/** A square's rectangle, a little inside its tile (the board's squares and marks alike). */
export function cellRect(doc: Document, cell: MarkCell, cls: string, attrs: Record<string, string> = {}): SVGRectElement {
  const r = doc.createElementNS(SVG, "rect");
  r.setAttribute("x", String(cell.x * TILE + 2));
  r.setAttribute("y", String(cell.y * TILE + 2));
  r.setAttribute("width", String(TILE - 4));
  r.setAttribute("height", String(TILE - 4));
  r.setAttribute("rx", "6");
  r.setAttribute("class", cls);
  for (const [k, v] of Object.entries(attrs)) r.setAttribute(k, v);
  return r;
}

/** A mark: a square's rectangle that lets taps through to what is under it. */
function rect(doc: Document, cell: MarkCell, cls: string, attrs: Record<string, string>): SVGRectElement {
  return cellRect(doc, cell, cls, { "pointer-events": "none", ...attrs });
}

function drawLast(doc: Document, layer: SVGGElement, model: MarksModel): void {
  if (model.lastBySeat && model.lastBySeat.length > 0) {
    for (const l of model.lastBySeat) {
      const newest = model.last !== undefined && model.last.x === l.x && model.last.y === l.y;
      // A white band under the colour: a yellow or grey outline on a field, a black one on a
      // city, still stands out.
      const under = rect(doc, l, "last-under", { fill: "none", stroke: "#ffffff", "stroke-width": "9" });
      const r = rect(doc, l, newest ? "last-placed last-of" : "last-of", {
        "data-last-of": String(l.seat),
        "data-at": `${l.x},${l.y}`,
        fill: "none",
        stroke: l.colour,
        "stroke-width": "5",
      });
      layer.append(under, r);
    }
    return;
  }
  if (model.last) layer.appendChild(rect(doc, model.last, "last-placed", { fill: "none", stroke: "#ff9800", "stroke-width": "4" }));
}

/** The middle of a feature's tiles, where its label goes. */
function centre(cells: readonly MarkCell[]): { x: number; y: number } {
  const n = Math.max(1, cells.length);
  const sx = cells.reduce((s, c) => s + c.x, 0);
  const sy = cells.reduce((s, c) => s + c.y, 0);
  return { x: (sx / n + 0.5) * TILE, y: (sy / n + 0.5) * TILE };
}

const PILL_W = 46;
const PILL_H = 30;

/** "+8" in each scorer's colour, side by side, on the middle of the feature. */
function scoreLabel(doc: Document, mark: ScoredMark): SVGGElement {
  const at = centre(mark.cells);
  const g = doc.createElementNS(SVG, "g");
  g.setAttribute("class", "score-mark");
  g.setAttribute("data-points", String(mark.points));
  g.setAttribute("data-at", `${mark.cells[0]?.x ?? 0},${mark.cells[0]?.y ?? 0}`);
  g.setAttribute("pointer-events", "none");
  g.setAttribute("transform", `translate(${at.x} ${at.y})`);
  const inner = doc.createElementNS(SVG, "g");
  inner.setAttribute("class", "score-mark-body");
  const width = PILL_W * mark.colours.length;
  mark.colours.forEach((colour, i) => {
    const x = -width / 2 + i * PILL_W;
    const pill = doc.createElementNS(SVG, "rect");
    pill.setAttribute("x", String(x));
    pill.setAttribute("y", String(-PILL_H / 2));
    pill.setAttribute("width", String(PILL_W - 2));
    pill.setAttribute("height", String(PILL_H));
    pill.setAttribute("rx", String(PILL_H / 2));
    pill.setAttribute("fill", colour?.fill ?? "#ffffff");
    pill.setAttribute("stroke", "#ffffff");
    pill.setAttribute("stroke-width", "3");
    const text = doc.createElementNS(SVG, "text");
    text.setAttribute("x", String(x + (PILL_W - 2) / 2));
    text.setAttribute("y", "7");
    text.setAttribute("text-anchor", "middle");
    text.setAttribute("font-size", "20");
    text.setAttribute("font-weight", "700");
    text.setAttribute("fill", colour?.ink ?? "#1b1b1b");
    text.textContent = `+${mark.points}`;
    inner.append(pill, text);
  });
  g.appendChild(inner);
  return g;
}

export function drawMarks(doc: Document, layer: SVGGElement, model: MarksModel): void {
  layer.replaceChildren();
  for (const cell of model.highlight ?? []) {
    layer.appendChild(rect(doc, cell, "feature-highlight", {
      "data-highlight": `${cell.x},${cell.y}`,
      fill: "#1f5fbf",
      "fill-opacity": "0.18",
      stroke: "#1f5fbf",
      "stroke-width": "4",
      "stroke-dasharray": "10 6",
    }));
  }
  drawLast(doc, layer, model);
  for (const cell of model.pointed ?? []) {
    layer.appendChild(rect(doc, cell, "log-pointed", { "data-pointed": `${cell.x},${cell.y}`, fill: "#00838f", "fill-opacity": "0.2", stroke: "#00838f", "stroke-width": "8" }));
  }
  for (const mark of model.scored ?? []) {
    if (mark.cells.length > 0 && mark.colours.length > 0) layer.appendChild(scoreLabel(doc, mark));
  }
}
