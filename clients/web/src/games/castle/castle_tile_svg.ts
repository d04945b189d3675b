// Draws a tile of The Castle, and the half tile of a start space, from its data alone
// (castle_data.ts), so that a transcription of the real tiles draws with no client change.
//
// Contract:
// - A tile is the square [0, size]^2, x east, y south; the rotation is in the coordinates, never
//   an SVG transform, so callers hit-test with the same numbers (as tile_svg.ts does).
// - Half i of board side s is the triangle between the centre and that half of the edge, halves
//   clockwise (N west->east, E north->south, S east->west, W south->north). A region's area is
//   the union of its halves' triangles, so a region's drawing follows from its sides and nothing
//   else: no tile is named here.
// - Paths run from each path point (a side midpoint) to a hub, the centre, unless a path with a
//   single point ends at a building: that arm stops short at the building, so two dead ends on
//   one tile never look joined.
// - castleRegionAnchors gives, per region id, where a follower on it is drawn and tapped: on the
//   stroke for a path, inside the area for the others, clear of paths, squares, buildings and
//   the other anchors. Glyphs (tower, roof) sit at the anchors; markets elsewhere in the court.
// - castleTileSvg returns a new <g class="castle-tile"> with data-tile and data-rotation; each
//   region is a <g data-region data-type>; decorations of no region carry data-part.

import { CASTLE_SIDES, sideParts, rotatedSide, type CastleRegion, type CastleStartSpace, type CastleTileDef } from "./castle_data";

const SVG_NS = "http://www.w3.org/2000/svg";
/** The size the tile's proportions are designed at (that of the base game's tiles). */
export const CASTLE_TILE = 100;

export const CASTLE_COLOURS = {
  tower: "#a9acb0",
  towerEdge: "#5f6368",
  towerGlyph: "#7b7f85",
  house: "#c8684a",
  houseEdge: "#8a3b26",
  houseWall: "#f1e2c8",
  roof: "#9c3a22",
  court: "#dcd9a2",
  courtEdge: "#a9a66c",
  path: "#f4ecd6",
  pathEdge: "#8c7a5a",
  square: "#e9dfc4",
  building: "#6a6f7d",
  buildingRidge: "#c9ccd4",
  water: "#3f7fc4",
  stall: "#b83a2b",
  stallStripe: "#ffffff",
  stallCounter: "#8b5e34",
  ink: "#3b2f25",
  outline: "#000000",
} as const;

export interface Point {
  x: number;
  y: number;
}

type Attrs = Record<string, string | number>;

const num = (v: number): string => String(Math.round(v * 100) / 100);
const pts = (p: readonly Point[]): string => p.map((q) => `${num(q.x)},${num(q.y)}`).join(" ");
const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

function el(doc: Document, tag: string, attrs: Attrs, parent?: Element): SVGElement {
  const e = doc.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, typeof v === "number" ? num(v) : v);
  parent?.appendChild(e);
  return e;
}

function segDist(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

// ---- geometry ----

export interface PathArm {
  side: number;
  from: Point;
  to: Point;
}

export interface CastlePathShape {
  region: string;
  arms: PathArm[];
  hub: Point;
  fountain: Point | null;
  /** Where the building stands that the path runs into. */
  building: Point | null;
}

export interface CastleTileShapes {
  size: number;
  /** The region owning each of the 8 halves, in board order (2 * side + half). */
  halves: string[];
  /** Per area region: its polygons (one per run of neighbouring halves). */
  areas: Map<string, Point[][]>;
  paths: CastlePathShape[];
  /** Plaza squares: one per hub where square-ended arms meet. */
  squares: Point[];
  anchors: Record<string, Point>;
  /** Per court: where each of its market stalls stands. */
  markets: Map<string, Point[]>;
}

function boundary(size: number): Point[] {
  const h = size / 2;
  return [
    { x: 0, y: 0 }, { x: h, y: 0 }, { x: size, y: 0 }, { x: size, y: h },
    { x: size, y: size }, { x: h, y: size }, { x: 0, y: size }, { x: 0, y: h },
  ];
}

function sideMid(side: number, size: number): Point {
  return boundary(size)[2 * side + 1] as Point;
}

const INWARD: readonly Point[] = [{ x: 0, y: 1 }, { x: -1, y: 0 }, { x: 0, y: -1 }, { x: 1, y: 0 }];

/** Runs of cyclically neighbouring half indices (0..7), each in clockwise order. */
function runs(halves: readonly number[]): number[][] {
  const set = new Set(halves);
  if (set.size === 8) return [[0, 1, 2, 3, 4, 5, 6, 7]];
  const out: number[][] = [];
  for (let k = 0; k < 8; ++k) {
    if (!set.has(k) || set.has((k + 7) % 8)) continue;
    const run: number[] = [];
    for (let j = k; set.has(j % 8) && run.length < 8; ++j) run.push(j % 8);
    out.push(run);
  }
  return out;
}

function triangleCentroid(k: number, size: number): Point {
  const b = boundary(size);
  const p = b[k] as Point;
  const q = b[(k + 1) % 8] as Point;
  return { x: (size / 2 + p.x + q.x) / 3, y: (size / 2 + p.y + q.y) / 3 };
}

function mean(points: readonly Point[]): Point {
  const n = points.length || 1;
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}

interface Obstacle {
  at: Point;
  to?: Point;
  /** How far a follower's centre must keep from it. */
  clear: number;
}

function clearance(p: Point, obstacles: readonly Obstacle[]): number {
  let best = Infinity;
  for (const o of obstacles) best = Math.min(best, (o.to ? segDist(p, o.at, o.to) : dist(p, o.at)) - o.clear);
  return best;
}

/** The first candidate with room, else the one with the most. */
function pick(candidates: readonly Point[], obstacles: readonly Obstacle[]): Point {
  let best = candidates[0] as Point;
  let bestRoom = -Infinity;
  for (const c of candidates) {
    const room = clearance(c, obstacles);
    if (room >= 0) return c;
    if (room > bestRoom) {
      bestRoom = room;
      best = c;
    }
  }
  return best;
}

function regionCandidates(own: readonly number[], size: number): Point[] {
  const rs = runs(own).sort((a, b) => b.length - a.length);
  const first = mean((rs[0] ?? []).map((k) => triangleCentroid(k, size)));
  const centroids = own.map((k) => triangleCentroid(k, size)).sort((a, b) => dist(a, first) - dist(b, first));
  const others = rs.slice(1).map((r) => mean(r.map((k) => triangleCentroid(k, size))));
  // Nearer the edge than a triangle's centroid, for a small region crowded by a path.
  const rims = own.map((k) => lerp(triangleCentroid(k, size), boundaryHalfMid(k, size), 0.35));
  return [first, ...centroids, ...others, ...rims];
}

function boundaryHalfMid(k: number, size: number): Point {
  const b = boundary(size);
  return lerp(b[k] as Point, b[(k + 1) % 8] as Point, 0.5);
}

const shapeCache = new WeakMap<CastleTileDef, Map<string, CastleTileShapes>>();

/** Everything of a tile in the board frame; cached per definition, treat as read-only. */
export function castleTileShapes(tile: CastleTileDef, rotation: number, size = CASTLE_TILE): CastleTileShapes {
  const r = ((rotation % 4) + 4) % 4;
  let perTile = shapeCache.get(tile);
  if (!perTile) shapeCache.set(tile, (perTile = new Map()));
  const key = `${r}/${size}`;
  const cached = perTile.get(key);
  if (cached) return cached;
  const shapes = computeShapes(tile, r, size);
  perTile.set(key, shapes);
  return shapes;
}

function computeShapes(tile: CastleTileDef, rotation: number, size: number): CastleTileShapes {
  const u = size / CASTLE_TILE;
  const c: Point = { x: size / 2, y: size / 2 };
  const halves: string[] = [];
  const points = new Map<string, number[]>();
  for (let s = 0; s < 4; ++s) {
    const parts = sideParts(rotatedSide(tile, rotation, s));
    halves.push(parts.half[0], parts.half[1]);
    if (parts.path !== null) points.set(parts.path, [...(points.get(parts.path) ?? []), s]);
  }
  const b = boundary(size);
  const areas = new Map<string, Point[][]>();
  const own = new Map<string, number[]>();
  halves.forEach((id, k) => own.set(id, [...(own.get(id) ?? []), k]));
  for (const [id, ks] of own) {
    const polys = runs(ks).map((run) =>
      run.length === 8 ? [...b] : [c, ...run.map((k) => b[k] as Point), b[((run[run.length - 1] as number) + 1) % 8] as Point],
    );
    areas.set(id, polys);
  }

  // Paths: hubs at the centre, pulled apart when several paths run through the tile.
  const through = [...points].filter(([, sides]) => sides.length >= 2);
  const hubs = new Map<string, Point>();
  through.forEach(([id, sides], i) => {
    if (through.length < 2) return;
    const m = mean(sides.map((s) => sideMid(s, size)));
    const d = { x: m.x - c.x, y: m.y - c.y };
    const off = Math.hypot(d.x, d.y) > 0.05 * size
      ? { x: c.x + d.x * 0.35, y: c.y + d.y * 0.35 }
      : { x: c.x + (i - (through.length - 1) / 2) * 0.14 * size, y: c.y + (i - (through.length - 1) / 2) * 0.14 * size };
    hubs.set(id, off);
  });
  const paths: CastlePathShape[] = [];
  const squares: Point[] = [];
  const obstacles: Obstacle[] = [];
  const anchors: Record<string, Point> = {};
  for (const [id, sides] of points) {
    const region = tile.regions[id] as CastleRegion;
    const hub = hubs.get(id) ?? c;
    const deadEnd = region.end === "building" && sides.length === 1;
    const arms = sides.map((s) => {
      const from = sideMid(s, size);
      const inward = INWARD[s] as Point;
      const to = deadEnd ? { x: from.x + inward.x * 0.3 * size, y: from.y + inward.y * 0.3 * size } : hub;
      return { side: s, from, to };
    });
    let building: Point | null = null;
    if (region.end === "building") {
      const arm = arms[0] as PathArm;
      const inward = INWARD[arm.side] as Point;
      building = deadEnd ? { x: arm.from.x + inward.x * 0.37 * size, y: arm.from.y + inward.y * 0.37 * size } : hub;
    }
    if (region.end === "square" && !squares.some((q) => dist(q, hub) < 1e-6)) squares.push(hub);
    const single = arms.length === 1;
    const arm0 = arms[0] as PathArm;
    // Short of a square at the hub, far enough along a dead end to stay off the tile's edge.
    const anchor = lerp(arm0.from, arm0.to, single && !deadEnd ? 0.36 : single ? 0.6 : 0.5);
    let fountain: Point | null = null;
    if (region.fountain) {
      const arm1 = arms[1];
      // On another arm than the follower, or on the other side of it from the arm's end.
      fountain = arm1 ? lerp(arm1.from, arm1.to, 0.5) : lerp(arm0.from, arm0.to, deadEnd ? 0.2 : 0.7);
    }
    paths.push({ region: id, arms, hub, fountain, building });
    anchors[id] = anchor;
    for (const a of arms) obstacles.push({ at: a.from, to: a.to, clear: 13 * u });
    if (building) obstacles.push({ at: building, clear: 20 * u });
    if (fountain) obstacles.push({ at: fountain, clear: 14 * u });
  }
  for (const q of squares) obstacles.push({ at: q, clear: 22 * u });
  for (const id of Object.keys(anchors)) obstacles.push({ at: anchors[id] as Point, clear: 20 * u });

  // Areas: the smallest first, as they have the fewest places to go.
  const areaIds = [...own.keys()].sort((a, b) => (own.get(a)?.length ?? 0) - (own.get(b)?.length ?? 0));
  for (const id of areaIds) {
    const at = pick(regionCandidates(own.get(id) ?? [], size), obstacles);
    anchors[id] = at;
    obstacles.push({ at, clear: 20 * u });
  }
  const markets = new Map<string, Point[]>();
  for (const id of areaIds) {
    const n = tile.regions[id]?.type === "court" ? tile.regions[id]?.markets ?? 0 : 0;
    const stalls: Point[] = [];
    for (let i = 0; i < n; ++i) {
      // A stall is smaller than a follower: it may stand nearer to things.
      const near = obstacles.map((o) => ({ ...o, clear: Math.min(o.clear, 16 * u) }));
      const at = pick(regionCandidates(own.get(id) ?? [], size), near);
      stalls.push(at);
      obstacles.push({ at, clear: 14 * u });
    }
    if (n > 0) markets.set(id, stalls);
  }
  // The keys in the tile's own region order, for callers that list them.
  const ordered: Record<string, Point> = {};
  for (const id of Object.keys(tile.regions)) if (anchors[id]) ordered[id] = anchors[id] as Point;
  return { size, halves, areas, paths, squares, anchors: ordered, markets };
}

/** Where a follower on each region of the tile is drawn and tapped, by region id. */
export function castleRegionAnchors(tile: CastleTileDef, rotation: number, size = CASTLE_TILE): Record<string, Point> {
  return { ...castleTileShapes(tile, rotation, size).anchors };
}

// ---- glyphs, drawn in a box of about 16 units round (0, 0) and scaled ----

function glyph(doc: Document, parent: Element, at: Point, scale: number, part: string): SVGElement {
  return el(doc, "g", { "data-part": part, transform: `translate(${num(at.x)} ${num(at.y)}) scale(${num(scale)})`, "pointer-events": "none" }, parent);
}

export function drawTowerGlyph(doc: Document, parent: Element, at: Point, scale: number, fill: string = CASTLE_COLOURS.towerGlyph, stroke: string = CASTLE_COLOURS.towerEdge): SVGElement {
  const g = glyph(doc, parent, at, scale, "tower-glyph");
  el(doc, "path", {
    d: "M-5 8V-3H-7V-9H-4.2V-6.5H-1.4V-9H1.4V-6.5H4.2V-9H7V-3H5V8Z",
    fill,
    stroke,
    "stroke-width": 1.2,
    "stroke-linejoin": "round",
  }, g);
  el(doc, "path", { d: "M-2 8V3.5A2 2 0 0 1 2 3.5V8Z", fill: stroke }, g);
  return g;
}

function drawHouseGlyph(doc: Document, parent: Element, at: Point, scale: number): void {
  const g = glyph(doc, parent, at, scale, "house-glyph");
  el(doc, "rect", { x: -6, y: -1, width: 12, height: 8, fill: CASTLE_COLOURS.houseWall, stroke: CASTLE_COLOURS.ink, "stroke-width": 1 }, g);
  el(doc, "polygon", { points: "-8.5,0 0,-8 8.5,0", fill: CASTLE_COLOURS.roof, stroke: CASTLE_COLOURS.ink, "stroke-width": 1, "stroke-linejoin": "round" }, g);
  el(doc, "rect", { x: -1.6, y: 2.5, width: 3.2, height: 4.5, fill: CASTLE_COLOURS.ink }, g);
}

function drawStall(doc: Document, parent: Element, at: Point, scale: number): void {
  const g = glyph(doc, parent, at, scale, "market");
  el(doc, "rect", { x: -6, y: 0, width: 12, height: 6, fill: CASTLE_COLOURS.stallCounter, stroke: CASTLE_COLOURS.ink, "stroke-width": 0.8 }, g);
  el(doc, "polygon", { points: "-7.5,0 -6,-6 6,-6 7.5,0", fill: CASTLE_COLOURS.stall, stroke: CASTLE_COLOURS.ink, "stroke-width": 0.8, "stroke-linejoin": "round" }, g);
  // Stripes on the awning, so a stall does not read as a house's roof.
  for (const x of [-3, 1]) el(doc, "polygon", { points: `${x - 0.5},0 ${x},-6 ${x + 2},-6 ${x + 2.5},0`, fill: CASTLE_COLOURS.stallStripe }, g);
}

function drawBuilding(doc: Document, parent: Element, at: Point, scale: number): void {
  // A hip roof seen from above: looks the same from every side, so it needs no turning.
  const g = glyph(doc, parent, at, scale, "building");
  el(doc, "rect", { x: -8, y: -8, width: 16, height: 16, fill: CASTLE_COLOURS.building, stroke: CASTLE_COLOURS.ink, "stroke-width": 1.2 }, g);
  el(doc, "path", { d: "M-8 -8L-3 0L-8 8M8 -8L3 0L8 8M-3 0H3", fill: "none", stroke: CASTLE_COLOURS.buildingRidge, "stroke-width": 1 }, g);
}

function drawSquare(doc: Document, parent: Element, at: Point, scale: number): void {
  const g = glyph(doc, parent, at, scale, "square");
  el(doc, "rect", { x: -11, y: -11, width: 22, height: 22, rx: 2, fill: CASTLE_COLOURS.square, stroke: CASTLE_COLOURS.pathEdge, "stroke-width": 1.5 }, g);
  el(doc, "path", { d: "M-11 0H11M0 -11V11", stroke: CASTLE_COLOURS.pathEdge, "stroke-width": 0.6, "stroke-opacity": 0.6 }, g);
}

function drawFountain(doc: Document, parent: Element, at: Point, scale: number): void {
  const g = glyph(doc, parent, at, scale, "fountain");
  el(doc, "circle", { r: 4.6, fill: CASTLE_COLOURS.water, stroke: "#ffffff", "stroke-width": 1.3 }, g);
}

const AREA_STYLE: Record<string, { fill: string; edge: string }> = {
  tower: { fill: CASTLE_COLOURS.tower, edge: CASTLE_COLOURS.towerEdge },
  house: { fill: CASTLE_COLOURS.house, edge: CASTLE_COLOURS.houseEdge },
  court: { fill: CASTLE_COLOURS.court, edge: CASTLE_COLOURS.courtEdge },
};

function drawAreaGlyph(doc: Document, parent: Element, region: CastleRegion, at: Point, scale: number): void {
  if (region.type === "tower") drawTowerGlyph(doc, parent, at, scale);
  else if (region.type === "house") drawHouseGlyph(doc, parent, at, scale);
}

function drawPathStrokes(doc: Document, g: Element, lines: readonly (readonly Point[])[], u: number): void {
  const line = { fill: "none", "stroke-linecap": "butt", "stroke-linejoin": "round" };
  for (const l of lines) el(doc, "polyline", { ...line, points: pts(l), stroke: CASTLE_COLOURS.pathEdge, "stroke-width": 10 * u }, g);
  for (const l of lines) el(doc, "polyline", { ...line, points: pts(l), stroke: CASTLE_COLOURS.path, "stroke-width": 7 * u }, g);
}

export function castleTileSvg(doc: Document, tile: CastleTileDef, rotation: number, size = CASTLE_TILE): SVGGElement {
  const shapes = castleTileShapes(tile, rotation, size);
  const u = size / CASTLE_TILE;
  const root = el(doc, "g", { class: "castle-tile", "data-tile": tile.id, "data-rotation": String(((rotation % 4) + 4) % 4) }) as SVGGElement;
  const groups = new Map<string, Element>();
  for (const [id, region] of Object.entries(tile.regions)) {
    groups.set(id, el(doc, "g", { "data-region": id, "data-type": region.type }));
  }
  for (const [id, polys] of shapes.areas) {
    const style = AREA_STYLE[tile.regions[id]?.type ?? "court"] ?? AREA_STYLE.court!;
    const d = polys.map((p) => `M${p.map((q) => `${num(q.x)} ${num(q.y)}`).join("L")}Z`).join("");
    const g = groups.get(id) as Element;
    el(doc, "path", { d, fill: style.fill, stroke: style.edge, "stroke-width": 0.8 * u, "stroke-linejoin": "round" }, g);
    root.appendChild(g);
  }
  for (const p of shapes.paths) {
    const g = groups.get(p.region) as Element;
    drawPathStrokes(doc, g, p.arms.map((a) => [a.from, a.to]), u);
    root.appendChild(g);
  }
  // Squares and buildings over every arm, so the arms visibly end at them.
  for (const q of shapes.squares) drawSquare(doc, root, q, u);
  for (const p of shapes.paths) {
    const g = groups.get(p.region) as Element;
    if (p.building) drawBuilding(doc, g, p.building, u);
    if (p.fountain) drawFountain(doc, g, p.fountain, u);
  }
  for (const [id, region] of Object.entries(tile.regions)) {
    const at = shapes.anchors[id];
    if (at && region.type !== "path") drawAreaGlyph(doc, groups.get(id) as Element, region, at, 0.95 * u);
    for (const m of shapes.markets.get(id) ?? []) drawStall(doc, groups.get(id) as Element, m, 0.95 * u);
  }
  el(doc, "rect", {
    "data-part": "outline",
    x: 0.4 * u,
    y: 0.4 * u,
    width: size - 0.8 * u,
    height: size - 0.8 * u,
    fill: "none",
    stroke: CASTLE_COLOURS.outline,
    "stroke-opacity": 0.2,
    "stroke-width": 0.8 * u,
  }, root);
  return root;
}

// ---- start spaces ----

/** Turns a point of the space's frame `side` quarter turns clockwise about the space's centre. */
function turn(p: Point, side: number, size: number): Point {
  let q = p;
  const h = size / 2;
  for (let i = 0; i < side; ++i) q = { x: h - (q.y - h), y: h + (q.x - h) };
  return q;
}

/**
 * A start space (K-2) in the frame of the space it lies against: a half tile of depth size/2
 * outside side `start.side`, its edge's two halves each a half of it and its path an arm from
 * the side midpoint outwards to the path's end. Drawn as for side N and turned, with the glyphs
 * upright.
 */
export function castleStartSpaceSvg(doc: Document, start: CastleStartSpace, size = CASTLE_TILE): SVGGElement {
  const u = size / CASTLE_TILE;
  const s = CASTLE_SIDES.indexOf(start.side);
  const depth = size / 2;
  const t = (x: number, y: number): Point => turn({ x, y }, s, size);
  const root = el(doc, "g", { class: "castle-start", "data-start": start.id, "data-side": start.side }) as SVGGElement;
  const parts = sideParts(start.edge);
  const groups = new Map<string, Element>();
  for (const [id, region] of Object.entries(start.regions)) groups.set(id, el(doc, "g", { "data-region": id, "data-type": region.type }, root));
  const halfRect = (i: number): Point[] => {
    const x0 = i === 0 ? 0 : size / 2;
    return [t(x0, 0), t(x0 + size / 2, 0), t(x0 + size / 2, -depth), t(x0, -depth)];
  };
  const same = parts.half[0] === parts.half[1];
  const polys: [string, Point[]][] = same
    ? [[parts.half[0], [t(0, 0), t(size, 0), t(size, -depth), t(0, -depth)]]]
    : [[parts.half[0], halfRect(0)], [parts.half[1], halfRect(1)]];
  for (const [id, poly] of polys) {
    const style = AREA_STYLE[start.regions[id]?.type ?? "court"] ?? AREA_STYLE.court!;
    el(doc, "polygon", { points: pts(poly), fill: style.fill, stroke: style.edge, "stroke-width": 0.8 * u }, groups.get(id));
  }
  const path = parts.path !== null ? start.regions[parts.path] : undefined;
  const armEnd = -depth * 0.55;
  if (parts.path !== null && path) {
    const g = groups.get(parts.path) as Element;
    drawPathStrokes(doc, g, [[t(size / 2, 0), t(size / 2, armEnd)]], u);
    const end = t(size / 2, armEnd - (path.end === "building" ? 5 * u : 0));
    if (path.end === "building") drawBuilding(doc, g, end, 0.8 * u);
    else if (path.end === "square") drawSquare(doc, g, end, 0.7 * u);
    if (path.fountain) drawFountain(doc, g, t(size / 2, armEnd * 0.4), u);
  }
  // Glyphs in the middle of each half, or of the whole strip when no path divides it.
  const spots: [string, number][] = same && parts.path === null
    ? [[parts.half[0], size / 2]]
    : [[parts.half[0], size / 4], [parts.half[1], (3 * size) / 4]];
  const done = new Set<string>();
  for (const [id, x] of spots) {
    const region = start.regions[id];
    if (!region || done.has(id)) continue;
    done.add(id);
    const g = groups.get(id) as Element;
    const markets = region.type === "court" ? region.markets ?? 0 : 0;
    for (let i = 0; i < markets; ++i) drawStall(doc, g, t(x + (i - (markets - 1) / 2) * 14 * u, -depth / 2), 0.8 * u);
    drawAreaGlyph(doc, g, region, t(x, -depth / 2), 0.8 * u);
  }
  return root;
}
