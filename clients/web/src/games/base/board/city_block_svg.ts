// Draws the city of Carcassonne over the Count's block (C-1): one wall round the whole city with
// towers at its corners and gates where the block's roads arrive, and a badge for each quarter
// with its building, its name, the followers waiting there per seat (the seat's colour and
// shape, and a count) and the Count himself in the quarter he blocks.
//
// Contract: drawCityBlock(doc, layout, model, colourOf) returns a new <g class="city-block">
// in board units. Each badge is a <g data-quarter="castle|market|blacksmith|cathedral"> with an
// accessible name (model.label) and its enum value in data-quarter-value; a quarter the player
// may choose now is a focusable button (role="button", aria-pressed) that the board reports to
// BoardActions.quarterChosen. The Count is the element with data-count.

import { Quarter } from "../../../gen/carc/v1/base_game_pb";
import { meeple } from "../../../board/meeple";
import type { ColourInfo } from "../../../ui/colours";
import { BADGE, type CityBlockLayout } from "./city_block";
import { TILE_COLOURS } from "./tile_svg";

const SVG = "http://www.w3.org/2000/svg";

export interface CityBlockModel {
  /** Where the Count stands (C-1: the castle at the start). */
  count: Quarter;
  /** The followers waiting in each quarter, per seat. */
  quarters: readonly { quarter: Quarter; followers: readonly number[] }[];
  /** The quarters the player may choose now: badges become buttons. */
  choosable: readonly Quarter[];
  /** The chosen quarter, pressed. */
  chosen?: Quarter | undefined;
  /** Where the Count is about to go when that differs from where he is (a faint figure there). */
  countTo?: Quarter | undefined;
  /** A quarter's visible name ("Castle"). */
  name(quarter: Quarter): string;
  /** A quarter's accessible name, with what is in it. */
  label(quarter: Quarter): string;
}

export const QUARTER_IDS: Readonly<Record<number, string>> = {
  [Quarter.CASTLE]: "castle",
  [Quarter.MARKET]: "market",
  [Quarter.BLACKSMITH]: "blacksmith",
  [Quarter.CATHEDRAL]: "cathedral",
};

/** Room for a quarter's name between its building and the Count. */
const NAME_WIDTH = 48;
const COUNT_COLOURS = { robe: "#4b2c6f", crown: "#f2c230", trim: "#ffffff" } as const;
const BADGE_COLOURS = { fill: "#fbf3e0", chosen: "#dbe8fb", ink: TILE_COLOURS.ink, choosable: "#1f5fbf" } as const;

type Attrs = Record<string, string | number>;

function el(doc: Document, tag: string, attrs: Attrs, parent?: Element): SVGElement {
  const e = doc.createElementNS(SVG, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

export function drawCityBlock(
  doc: Document,
  layout: CityBlockLayout,
  model: CityBlockModel,
  colourOf: (seat: number) => ColourInfo | undefined,
): SVGGElement {
  const root = el(doc, "g", { class: "city-block", "data-city-block": "" }) as SVGGElement;
  const walls = el(doc, "g", { "pointer-events": "none" }, root);
  const d = layout.outline.map((loop) => `M${loop.map((p) => `${p.x} ${p.y}`).join("L")}Z`).join("");
  // The fill hides the seams between the block's tiles: one city, not twelve pieces.
  el(doc, "path", { d, fill: TILE_COLOURS.city, stroke: TILE_COLOURS.wall, "stroke-width": 7, "stroke-linejoin": "miter" }, walls);
  el(doc, "path", { d, fill: "none", stroke: "#c79a62", "stroke-width": 2, "stroke-dasharray": "5 4" }, walls);
  for (const loop of layout.outline) {
    for (const p of loop) el(doc, "circle", { cx: p.x, cy: p.y, r: 8, fill: "#9a7048", stroke: TILE_COLOURS.wall, "stroke-width": 2.5 }, walls);
  }
  for (const g of layout.gates) {
    el(doc, "circle", { cx: g.x, cy: g.y, r: 9, fill: "#9a7048", stroke: TILE_COLOURS.wall, "stroke-width": 2.5 }, walls);
    el(doc, "rect", { x: g.x - 4, y: g.y - 4, width: 8, height: 8, rx: 2, fill: TILE_COLOURS.road, stroke: TILE_COLOURS.roadEdge, "stroke-width": 1 }, walls);
  }
  for (const { quarter, centre } of layout.quarters) {
    root.appendChild(drawBadge(doc, quarter, centre, model, colourOf));
  }
  return root;
}

function drawBadge(
  doc: Document,
  quarter: Quarter,
  at: { x: number; y: number },
  model: CityBlockModel,
  colourOf: (seat: number) => ColourInfo | undefined,
): SVGGElement {
  const choosable = model.choosable.includes(quarter);
  const chosen = choosable && model.chosen === quarter;
  const g = el(doc, "g", {
    class: `quarter${choosable ? " choosable" : ""}${chosen ? " chosen" : ""}`,
    "data-quarter": QUARTER_IDS[quarter] ?? String(quarter),
    "data-quarter-value": quarter,
    transform: `translate(${at.x} ${at.y})`,
    "aria-label": model.label(quarter),
  }) as SVGGElement;
  if (choosable) {
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-pressed", chosen ? "true" : "false");
    g.setAttribute("id", `quarter_${QUARTER_IDS[quarter] ?? quarter}`);
  } else {
    g.setAttribute("role", "img");
  }
  const w = BADGE.width;
  const h = BADGE.height;
  el(doc, "rect", {
    x: -w / 2,
    y: -h / 2,
    width: w,
    height: h,
    rx: 8,
    fill: chosen ? BADGE_COLOURS.chosen : BADGE_COLOURS.fill,
    "fill-opacity": 0.94,
    stroke: choosable ? BADGE_COLOURS.choosable : BADGE_COLOURS.ink,
    "stroke-width": chosen ? 4 : choosable ? 3 : 1.5,
    // A chooseable quarter is dashed as well as blue: colour is not the only cue.
    ...(choosable && !chosen ? { "stroke-dasharray": "6 3" } : {}),
  }, g);
  // Top row: the building, the name, the Count; below, up to three seats a row, two rows.
  const icon = el(doc, "g", { transform: `translate(${-w / 2 + 14} -14) scale(0.8)`, "aria-hidden": "true" }, g);
  drawBuilding(doc, icon, quarter);
  const label = model.name(quarter);
  const name = el(doc, "text", { x: -w / 2 + 28, y: -10, "font-size": 10, "font-weight": 700, fill: BADGE_COLOURS.ink, "aria-hidden": "true" }, g);
  name.textContent = label;
  // A long name (or a long translation) is squeezed rather than run into the Count.
  if (label.length * 10 * 0.6 > NAME_WIDTH) {
    name.setAttribute("textLength", String(NAME_WIDTH));
    name.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }

  const followers = model.quarters.find((q) => q.quarter === quarter)?.followers ?? [];
  const present = followers.flatMap((n, seat) => (n > 0 ? [{ seat, n }] : []));
  present.forEach(({ seat, n }, i) => {
    const chip = el(doc, "g", {
      transform: `translate(${-w / 2 + 12 + (i % 3) * 30} ${6 + Math.floor(i / 3) * 14})`,
      "data-quarter-seat": seat,
      "data-quarter-followers": n,
      "aria-hidden": "true",
    }, g);
    const m = meeple(doc, colourOf(seat), false);
    // Not a follower on the board: board queries for .follower must not count it.
    m.setAttribute("class", "quarter-follower");
    m.setAttribute("transform", "scale(0.55)");
    chip.appendChild(m);
    const count = el(doc, "text", { x: 7, y: 4, "font-size": 10, "font-weight": 700, fill: BADGE_COLOURS.ink }, chip);
    count.textContent = `×${n}`;
  });

  const countAt = { x: w / 2 - 13, y: -13 };
  if (model.count === quarter) g.appendChild(countFigure(doc, countAt, false));
  else if (model.countTo === quarter) g.appendChild(countFigure(doc, countAt, true));
  return g;
}

/** The Count: a crowned figure in a robe, unlike any follower; faint where he is about to go. */
function countFigure(doc: Document, at: { x: number; y: number }, ghost: boolean): SVGGElement {
  const g = el(doc, "g", {
    transform: `translate(${at.x} ${at.y}) scale(0.85)`,
    [ghost ? "data-count-to" : "data-count"]: "",
    "aria-hidden": "true",
    ...(ghost ? { opacity: 0.45 } : {}),
  }) as SVGGElement;
  const trim = { stroke: COUNT_COLOURS.trim, "stroke-width": 1.5, "stroke-linejoin": "round", ...(ghost ? { "stroke-dasharray": "2 2" } : {}) };
  el(doc, "path", { ...trim, d: "M -8 13 L 8 13 L 5 1 A 6 6 0 1 0 -5 1 Z", fill: COUNT_COLOURS.robe }, g);
  el(doc, "path", { ...trim, d: "M -6 -8 L -6 -14 L -3 -11 L 0 -15 L 3 -11 L 6 -14 L 6 -8 Z", fill: COUNT_COLOURS.crown }, g);
  return g;
}

// Each quarter's building, about 24 units square round (0, 0), seen from the front.
function drawBuilding(doc: Document, g: Element, quarter: Quarter): void {
  const line = { stroke: BADGE_COLOURS.ink, "stroke-width": 1.2, "stroke-linejoin": "round" };
  switch (quarter) {
    case Quarter.CASTLE:
      // A keep between two crenellated towers.
      el(doc, "path", { ...line, fill: "#cfc6b4", d: "M -11 11 V -6 H -8 V -9 H -6 V -6 H -4 V -9 H -2 V -3 H 2 V -9 H 4 V -6 H 6 V -9 H 8 V -6 H 11 V 11 Z" }, g);
      el(doc, "path", { ...line, fill: TILE_COLOURS.ink, d: "M -3 11 V 5 A 3 3 0 0 1 3 5 V 11 Z" }, g);
      el(doc, "path", { ...line, fill: TILE_COLOURS.roof, d: "M -2 -9 L 0 -13 L 2 -9 Z" }, g);
      break;
    case Quarter.MARKET:
      // A stall with a striped awning.
      el(doc, "rect", { ...line, x: -10, y: 0, width: 20, height: 10, fill: "#c28e4e" }, g);
      el(doc, "path", { ...line, fill: "#ffffff", d: "M -12 0 L -9 -9 H 9 L 12 0 Z" }, g);
      el(doc, "path", { fill: TILE_COLOURS.roof, d: "M -12 0 L -9 -9 H -5 L -6 0 Z M 0 0 L -1 -9 H 3 L 6 0 Z" }, g);
      el(doc, "circle", { ...line, cx: -4, cy: 4, r: 2.5, fill: "#e0a100" }, g);
      el(doc, "circle", { ...line, cx: 3, cy: 4, r: 2.5, fill: "#7cb342" }, g);
      break;
    case Quarter.BLACKSMITH:
      // An anvil with a hammer above it.
      el(doc, "path", { ...line, fill: "#4d4d4d", d: "M -12 -2 H 8 Q 12 -2 12 2 H 4 V 5 H 7 V 10 H -7 V 5 H -4 V 2 H -9 Q -12 1 -12 -2 Z" }, g);
      el(doc, "path", { ...line, fill: "#8d6e63", d: "M -5 -12 L 7 -6 L 6 -4 L -6 -10 Z" }, g);
      el(doc, "rect", { ...line, x: -9, y: -14, width: 6, height: 5, fill: "#9e9e9e", transform: "rotate(27 -6 -11)" }, g);
      break;
    case Quarter.CATHEDRAL:
      // A nave with a spire and a cross.
      el(doc, "path", { ...line, fill: TILE_COLOURS.building, d: "M -11 11 V 0 L -5 -4 V -6 L 0 -11 L 5 -6 V -4 L 11 0 V 11 Z" }, g);
      el(doc, "path", { ...line, fill: TILE_COLOURS.roof, d: "M -11 0 L -5 -4 H 5 L 11 0 Z" }, g);
      el(doc, "path", { ...line, fill: "none", d: "M 0 -16 V -10 M -2.5 -14 H 2.5" }, g);
      el(doc, "path", { ...line, fill: TILE_COLOURS.ink, d: "M -2.5 11 V 5 A 2.5 2.5 0 0 1 2.5 5 V 11 Z" }, g);
      break;
    default:
      break;
  }
}
