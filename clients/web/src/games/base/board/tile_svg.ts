// Draws a tile as SVG from its TileDefinition alone (geometry in tile_geometry.ts), so that a
// new tile set renders with no client change.
//
// Contract: tileSvg(doc, def, rotation) returns a new <g class="tile"> in the SVG namespace that
// covers [0, TILE]^2 in the board frame (the rotation is in the coordinates, not a transform).
// It carries data-letter and data-rotation; each segment is one <g> with data-segment (its
// index in def.segments) and data-kind (road|city|field|cloister). Colours are attributes, so
// the element needs no style sheet. Decorations that belong to no segment (ground, junction,
// outline) carry data-part instead; so do the walls, masonry and pennant shields inside a city.
// Nothing is focusable and there are no titles: the board adds the accessible layer.
// Layers, bottom to top: ground, fields, roads, junction, the city of Carcassonne (block tiles of
// the Count), cities, cloisters, outline. Roads lie under cities and the cloister so that a road
// ending at one runs in under its wall.

import type { TileDefinition } from "../../../gen/carc/v1/base_game_pb";
import { cityTexture } from "./city_texture";
import { tileShapes, type TileShapes } from "./tile_geometry";
import {
  CLOISTER_RECT,
  JUNCTION_RADIUS,
  PENNANT_SIZE,
  ROAD_WIDTH,
  TILE,
  rotatePoint,
  type CityShape,
  type KindName,
  type Point,
  type RoadShape,
} from "./tile_plane";

const SVG_NS = "http://www.w3.org/2000/svg";

export const TILE_COLOURS = {
  // Field and city differ in lightness (contrast 2:1) so that they stay apart with every kind of
  // colour vision; the city's masonry (city_texture.ts) tells them apart as well.
  field: "#6f9a45",
  city: "#e3c58f",
  masonry: "#b8955c",
  wall: "#7a5230",
  road: "#f6f0df",
  roadEdge: "#9a8663",
  building: "#f1e6cf",
  roof: "#c2412d",
  ridge: "#8f2a1b",
  water: "#3f7fc4",
  ink: "#5b3f28",
  shield: "#1f5fbf",
  shieldTrim: "#ffffff",
  outline: "#000000",
} as const;

type Attrs = Record<string, string | number>;

const num = (v: number): string => String(Math.round(v * 10) / 10);
const points = (pts: readonly Point[]): string => pts.map((p) => `${num(p.x)},${num(p.y)}`).join(" ");

function el(doc: Document, tag: string, attrs: Attrs, parent?: Element): SVGElement {
  const e = doc.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, typeof v === "number" ? num(v) : v);
  parent?.appendChild(e);
  return e;
}

function segmentGroup(doc: Document, parent: Element, segment: number, kind: KindName): SVGElement {
  return el(doc, "g", { "data-segment": String(segment), "data-kind": kind }, parent);
}

// A road that stops at a wall or the cloister runs on a little so no seam shows at the end.
function drawnPath(road: RoadShape, path: readonly Point[]): Point[] {
  if (road.innerEnd !== "city" && road.innerEnd !== "cloister") return [...path];
  const a = path[path.length - 2];
  const b = path[path.length - 1];
  if (!a || !b) return [...path];
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const extra = 4;
  return [...path.slice(0, -1), { x: b.x + ((b.x - a.x) / len) * extra, y: b.y + ((b.y - a.y) / len) * extra }];
}

function drawRoad(doc: Document, g: Element, road: RoadShape): void {
  const paths = road.paths.map((p) => drawnPath(road, p));
  const line = { fill: "none", "stroke-linecap": "butt", "stroke-linejoin": "round" };
  // All edges first, so the light surface of a many-armed road joins without seams.
  const edge = { ...line, stroke: TILE_COLOURS.roadEdge, "stroke-width": ROAD_WIDTH };
  const surface = { ...line, stroke: TILE_COLOURS.road, "stroke-width": ROAD_WIDTH - 3 };
  for (const p of paths) el(doc, "polyline", { ...edge, points: points(p) }, g);
  for (const p of paths) el(doc, "polyline", { ...surface, points: points(p) }, g);
}

function drawShield(doc: Document, g: Element, at: Point): void {
  const w = PENNANT_SIZE;
  const h = PENNANT_SIZE * 1.2;
  const x = at.x - w / 2;
  const y = at.y - h / 2;
  const d =
    `M${num(x)} ${num(y)}h${num(w)}v${num(h * 0.45)}` +
    `c0 ${num(h * 0.3)} ${num(-w * 0.25)} ${num(h * 0.45)} ${num(-w / 2)} ${num(h * 0.55)}` +
    `c${num(-w * 0.25)} ${num(-h * 0.1)} ${num(-w / 2)} ${num(-h * 0.25)} ${num(-w / 2)} ${num(-h * 0.55)}z`;
  const shield = el(doc, "g", { "data-part": "pennant" }, g);
  const trim = { stroke: TILE_COLOURS.shieldTrim, "stroke-linejoin": "round" };
  el(doc, "path", { ...trim, d, fill: TILE_COLOURS.shield, "stroke-width": 1.2 }, shield);
  // A white chevron, so the shield does not read as the cloister's cross.
  el(doc, "polyline", {
    points: points([
      { x: x + w * 0.22, y: y + h * 0.3 },
      { x: at.x, y: y + h * 0.55 },
      { x: x + w * 0.78, y: y + h * 0.3 },
    ]),
    stroke: TILE_COLOURS.shieldTrim,
    "stroke-width": 1.8,
    "stroke-linejoin": "round",
    fill: "none",
  }, shield);
}

function drawCity(doc: Document, g: Element, city: CityShape): void {
  el(doc, "polygon", { points: points(city.polygon), fill: TILE_COLOURS.city }, g);
  const masonry = cityTexture(city.polygon, city.pennant ? [city.pennant] : []);
  if (masonry) {
    el(doc, "path", { "data-part": "masonry", d: masonry, fill: "none", stroke: TILE_COLOURS.masonry, "stroke-width": 1.6, "stroke-linecap": "round" }, g);
  }
  for (const wall of city.walls) {
    el(doc, "polyline", {
      "data-part": "wall",
      points: points(wall),
      fill: "none",
      stroke: TILE_COLOURS.wall,
      "stroke-width": 3,
      "stroke-linejoin": "round",
    }, g);
  }
  if (city.pennant) drawShield(doc, g, city.pennant);
}

// Seen from above like the rest of the tile: a walled close with a cross-shaped church whose
// long arm is turned with the tile.
function drawCloister(doc: Document, g: Element, rotation: number): void {
  const r = CLOISTER_RECT;
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const turn = (pts: readonly (readonly [number, number])[]): string =>
    points(pts.map(([x, y]) => rotatePoint({ x: cx + x, y: cy + y }, rotation)));
  el(doc, "rect", { ...r, rx: 4, fill: TILE_COLOURS.building, stroke: TILE_COLOURS.ink, "stroke-width": 1.5 }, g);
  // Nave from -13 to 13, transept at -6 across, arms 5 wide on either side of their ridge.
  const w = 5;
  const church: [number, number][] = [
    [-w, -13], [w, -13], [w, -11], [13, -11], [13, -1], [w, -1], [w, 13],
    [-w, 13], [-w, -1], [-13, -1], [-13, -11], [-w, -11],
  ];
  const outline = { stroke: TILE_COLOURS.ink, "stroke-width": 1.5, "stroke-linejoin": "round" };
  el(doc, "polygon", { ...outline, points: turn(church), fill: TILE_COLOURS.roof }, g);
  const ridge = { stroke: TILE_COLOURS.ridge, "stroke-width": 1.2, fill: "none" };
  el(doc, "polyline", { ...ridge, points: turn([[0, -13], [0, 13]]) }, g);
  el(doc, "polyline", { ...ridge, points: turn([[-13, -6], [13, -6]]) }, g);
}

// A small square where roads meet, with a well in the middle.
function drawJunction(doc: Document, parent: Element, at: Point): void {
  const g = el(doc, "g", { "data-part": "junction" }, parent);
  const square = { fill: TILE_COLOURS.road, stroke: TILE_COLOURS.roadEdge, "stroke-width": 1.5 };
  el(doc, "circle", { ...square, cx: at.x, cy: at.y, r: JUNCTION_RADIUS }, g);
  const well = { fill: TILE_COLOURS.water, stroke: TILE_COLOURS.ink, "stroke-width": 1.4 };
  el(doc, "circle", { ...well, cx: at.x, cy: at.y, r: 3.6 }, g);
}

// Built once per tile kind, rotation and document, then cloned: a clone is several times
// cheaper than setting every attribute again, which keeps a full board redraw fast.
const templates = new WeakMap<Document, WeakMap<TileShapes, Map<string, SVGGElement>>>();

export function tileSvg(doc: Document, def: TileDefinition, rotation: number): SVGGElement {
  const shapes = tileShapes(def, rotation);
  let perDoc = templates.get(doc);
  if (!perDoc) templates.set(doc, (perDoc = new WeakMap()));
  let byLetter = perDoc.get(shapes);
  if (!byLetter) perDoc.set(shapes, (byLetter = new Map()));
  let template = byLetter.get(def.letter);
  if (!template) {
    template = draw(doc, def, shapes);
    byLetter.set(def.letter, template);
  }
  return template.cloneNode(true) as SVGGElement;
}

function draw(doc: Document, def: TileDefinition, shapes: TileShapes): SVGGElement {
  const attrs = { class: "tile", "data-letter": def.letter, "data-rotation": String(shapes.rotation) };
  const root = el(doc, "g", attrs) as SVGGElement;
  el(doc, "rect", { "data-part": "ground", x: 0, y: 0, width: TILE, height: TILE, fill: TILE_COLOURS.field }, root);
  for (const field of shapes.fields) {
    const d = field.runs
      .map((r) => `M${num(r.x)} ${num(r.y)}h${num(r.width)}v${num(r.height)}h${num(-r.width)}z`)
      .join("");
    const g = segmentGroup(doc, root, field.segment, "field");
    // Same colour as the ground: the area exists for hit-testing and highlights.
    if (d) el(doc, "path", { d, fill: TILE_COLOURS.field }, g);
  }
  for (const road of shapes.roads) drawRoad(doc, segmentGroup(doc, root, road.segment, "road"), road);
  if (shapes.junction) drawJunction(doc, root, shapes.junction);
  // The city of Carcassonne on a block tile: one path, so the squares join without a seam. Its
  // walls, gates and quarters belong to the whole block and are drawn over it (city_block_svg.ts).
  if (shapes.carcassonne.length > 0) {
    const d = shapes.carcassonne.map((r) => `M${num(r.x)} ${num(r.y)}h${num(r.width)}v${num(r.height)}h${num(-r.width)}z`).join("");
    el(doc, "path", { "data-part": "carcassonne", d, fill: TILE_COLOURS.city }, root);
  }
  for (const city of shapes.cities) drawCity(doc, segmentGroup(doc, root, city.segment, "city"), city);
  for (const c of shapes.cloisters) drawCloister(doc, segmentGroup(doc, root, c.segment, "cloister"), shapes.rotation);
  el(doc, "rect", {
    "data-part": "outline",
    x: 0.4,
    y: 0.4,
    width: TILE - 0.8,
    height: TILE - 0.8,
    fill: "none",
    stroke: TILE_COLOURS.outline,
    "stroke-opacity": 0.18,
    "stroke-width": 0.8,
  }, root);
  return root;
}
