// Tile geometry computed from the TileDefinition data the server sends, so that a new tile set
// draws with no client change. Pure: no DOM, shared by the SVG renderer and the board.
//
// Contract:
// - A tile is the square [0, TILE] x [0, TILE], x east, y south (the SVG orientation).
// - rotateSide(s, r) = (s + r) % 4 and rotateHalfEdge(h, r) = (h + 2r) % 8 for r quarter turns
//   clockwise; sides 0=N 1=E 2=S 3=W, half-edges 0=Nw 1=Ne 2=En 3=Es 4=Se 5=Sw 6=Ws 7=Wn.
// - tileShapes(def, r) gives everything in the BOARD frame: the rotation is applied to the
//   coordinates (never an SVG transform), so callers hit-test with the same numbers.
//   * cities: a polygon each (curves as polylines), the walls (the parts of the border that lie
//     inside the tile) and, for a pennant city, where its shield goes;
//   * roads: polylines from side midpoints to another side or to an inner end (the junction in
//     the centre, a city wall or the cloister);
//   * cloisters: the centre rectangle CLOISTER_RECT;
//   * fields: the runs of a raster that covers the field's area (for hit areas and highlights);
//   * junction: the centre, when roads end there with nothing else to end at, or cross there;
//   * carcassonne: on a block tile of the Count (def.city_block), the quarter squares of the tile
//     that are the city of Carcassonne: those whose two half-edges belong to no segment. Roads end
//     at them, fields stay out of them, and no segment owns them (C-1).
//   Every shape except `carcassonne` carries its segment index (the order of def.segments) and
//   kind.
// - segmentAnchor(def, i, r), also tileShapes(def, r).anchors[i]: where a follower on segment i
//   is drawn and where its follower spot is tapped. It lies in the segment's own area, clear of
//   the other features (never at a junction), and at least ANCHOR_SPACING from the other anchors
//   of the tile, so markers of FOLLOWER_SIZE do not overlap.
// - Results are cached per definition object and must be treated as read-only.

import { FeatureKind, type TileDefinition } from "../gen/carc/v1/base_game_pb";

export const TILE = 100;
/** Full width of a road, edges included. */
export const ROAD_WIDTH = 10;
export const JUNCTION_RADIUS = 9;
export const ANCHOR_SPACING = 18;
/** Diameter of a follower marker that never overlaps another anchor's marker. */
export const FOLLOWER_SIZE = 16;
/** Width of a pennant shield; its height is 1.2 times this. */
export const PENNANT_SIZE = 11;

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const CLOISTER_RECT: Readonly<Rect> = { x: 33, y: 33, width: 34, height: 34 };

export type KindName = "road" | "city" | "cloister" | "field";

export interface CityShape {
  segment: number;
  kind: "city";
  sides: number[];
  polygon: Point[];
  walls: Point[][];
  pennant: Point | null;
}

export interface RoadShape {
  segment: number;
  kind: "road";
  sides: number[];
  /** One polyline for a road with one or two sides, one per side (to the centre) beyond that. */
  paths: Point[][];
  /** The side midpoints, then the inner end if the road stops on the tile. */
  ends: Point[];
  innerEnd: "junction" | "city" | "cloister" | null;
}

export interface CloisterShape {
  segment: number;
  kind: "cloister";
  rect: Rect;
}

export interface FieldShape {
  segment: number;
  kind: "field";
  halfEdges: number[];
  runs: Rect[];
}

export interface TileShapes extends Printed {
  rotation: number;
}

const HALF = TILE / 2;
const CENTRE: Point = { x: HALF, y: HALF };
const ROAD_HALF = ROAD_WIDTH / 2;
// Depths of the walls: a cap must stay clear of a road through the centre, and a wall across an
// open side leaves a field deep enough for a follower.
const CAP_DEPTH = 28;
const OPEN_DEPTH = 33;
const CORNER_BULGE = 4;
const CURVE_STEPS = 16;
// An odd number of cells puts a cell centre on the tile's centre lines.
const GRID = 51;
const CELL = TILE / GRID;
// Anchors try for more than the minimum spacing first, so followers do not touch.
const COMFORT_SPACING = 22;
const CLEARANCE_CAP = 16;
const PENNANT_CLEARANCE = 7.5;

const CORNERS: readonly Point[] = [
  { x: 0, y: 0 },
  { x: TILE, y: 0 },
  { x: TILE, y: TILE },
  { x: 0, y: TILE },
];
const INWARD: readonly Point[] = [
  { x: 0, y: 1 },
  { x: -1, y: 0 },
  { x: 0, y: -1 },
  { x: 1, y: 0 },
];
const SIDE_MIDPOINTS: readonly Point[] = [
  { x: HALF, y: 0 },
  { x: TILE, y: HALF },
  { x: HALF, y: TILE },
  { x: 0, y: HALF },
];
const HALF_EDGE_POINTS: readonly Point[] = [
  { x: 25, y: 0 },
  { x: 75, y: 0 },
  { x: TILE, y: 25 },
  { x: TILE, y: 75 },
  { x: 75, y: TILE },
  { x: 25, y: TILE },
  { x: 0, y: 75 },
  { x: 0, y: 25 },
];

const mod = (a: number, n: number): number => ((a % n) + n) % n;

export function rotateSide(side: number, rotation: number): number {
  return mod(side + rotation, 4);
}

export function rotateHalfEdge(halfEdge: number, rotation: number): number {
  return mod(halfEdge + 2 * rotation, 8);
}

/** The midpoint of a side (0=N 1=E 2=S 3=W) in the frame the side is given in. */
export function sideMidpoint(side: number): Point {
  return { ...SIDE_MIDPOINTS[mod(side, 4)]! };
}

/** The middle of a half-edge (0=Nw .. 7=Wn) in the frame it is given in. */
export function halfEdgePoint(halfEdge: number): Point {
  return { ...HALF_EDGE_POINTS[mod(halfEdge, 8)]! };
}

/** A point of the printed tile turned r quarter turns clockwise about the centre. */
export function rotatePoint(p: Point, rotation: number): Point {
  switch (mod(rotation, 4)) {
    case 1:
      return { x: TILE - p.y, y: p.x };
    case 2:
      return { x: TILE - p.x, y: TILE - p.y };
    case 3:
      return { x: p.y, y: TILE - p.x };
    default:
      return { x: p.x, y: p.y };
  }
}

// ---- plane geometry ----

// Math.hypot is several times slower than this, and geometry runs a few hundred thousand times.
const len = (dx: number, dy: number): number => Math.sqrt(dx * dx + dy * dy);
const dist = (a: Point, b: Point): number => len(a.x - b.x, a.y - b.y);

function distToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return len(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

export function distToPolyline(p: Point, line: readonly Point[]): number {
  let best = line.length > 0 ? dist(p, line[0]!) : Infinity;
  for (let i = 1; i < line.length; i++) best = Math.min(best, distToSegment(p, line[i - 1]!, line[i]!));
  return best;
}

export function pointInPolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export function pointInRect(p: Point, r: Rect, margin = 0): boolean {
  return (
    p.x > r.x - margin && p.x < r.x + r.width + margin && p.y > r.y - margin && p.y < r.y + r.height + margin
  );
}

function pathLength(path: readonly Point[]): number {
  let len = 0;
  for (let i = 1; i < path.length; i++) len += dist(path[i - 1]!, path[i]!);
  return len;
}

function pointAlong(path: readonly Point[], s: number): Point {
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const d = dist(a, b);
    if (s <= d || i === path.length - 1) {
      const t = d === 0 ? 0 : Math.min(1, s / d);
      return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    }
    s -= d;
  }
  return { ...path[0]! };
}

// ---- shapes in the printed orientation ----

const uniqueSorted = (values: readonly number[], n: number): number[] =>
  [...new Set(values.filter((v) => Number.isInteger(v) && v >= 0 && v < n))].sort((a, b) => a - b);

// The wall across a gap of g non-city sides starting at side s, from corner s to corner s+g.
// One open side: an arch parallel to it. Two: a diagonal, pushed out a little into plain fields
// and pulled back where another feature needs the room. Three: a cap on the only city side.
// Caps leave the corners at about 41 degrees to the edge and diagonals at about 45, bending
// away from the sides other features hold, so separate cities on one tile never overlap.
function wallCurve(s: number, g: number, plainGap: boolean): Point[] {
  const a = CORNERS[s]!;
  const b = CORNERS[(s + g) % 4]!;
  let normal: Point;
  let depth: number;
  if (g === 2) {
    const corner = CORNERS[(s + 1) % 4]!;
    const d = dist(corner, CENTRE);
    normal = { x: (corner.x - HALF) / d, y: (corner.y - HALF) / d };
    depth = plainGap ? CORNER_BULGE : -CORNER_BULGE;
  } else {
    normal = INWARD[g === 1 ? s : (s + 3) % 4]!;
    depth = g === 1 ? OPEN_DEPTH : CAP_DEPTH;
  }
  const out: Point[] = [];
  for (let i = 0; i <= CURVE_STEPS; i++) {
    const t = i / CURVE_STEPS;
    const k = depth * Math.sin(Math.PI * t);
    out.push({ x: a.x + (b.x - a.x) * t + normal.x * k, y: a.y + (b.y - a.y) * t + normal.y * k });
  }
  return out;
}

// `busy`: sides taken by roads and other cities, which the wall must leave room for.
function cityOutline(sides: readonly number[], busy: ReadonlySet<number>): { polygon: Point[]; walls: Point[][] } {
  const own = new Set(sides);
  if (own.size === 4) return { polygon: CORNERS.map((c) => ({ ...c })), walls: [] };
  if (own.size === 0) {
    // No side: a small walled town in the centre rather than nothing.
    const ring: Point[] = [];
    for (let i = 0; i < CURVE_STEPS; i++) {
      const a = (2 * Math.PI * i) / CURVE_STEPS;
      ring.push({ x: HALF + 14 * Math.cos(a), y: HALF + 14 * Math.sin(a) });
    }
    return { polygon: ring, walls: [[...ring, ring[0]!]] };
  }
  let s = 0;
  while (!(own.has(s) && !own.has((s + 3) % 4))) s++;
  const polygon: Point[] = [];
  const walls: Point[][] = [];
  for (let done = 0; done < 4; ) {
    if (own.has(s)) {
      polygon.push({ ...CORNERS[s]! });
      s = (s + 1) % 4;
      done++;
      continue;
    }
    let g = 0;
    while (!own.has((s + g) % 4)) g++;
    let plain = true;
    for (let k = 0; k < g; k++) if (busy.has((s + k) % 4)) plain = false;
    const curve = wallCurve(s, g, plain);
    polygon.push(...curve.slice(0, -1));
    walls.push(curve);
    s = (s + g) % 4;
    done += g;
  }
  return { polygon, walls };
}

function arc(corner: Point, from: Point, to: Point): Point[] {
  const r = dist(corner, from);
  const a0 = Math.atan2(from.y - corner.y, from.x - corner.x);
  let a1 = Math.atan2(to.y - corner.y, to.x - corner.x);
  if (a1 - a0 > Math.PI) a1 -= 2 * Math.PI;
  if (a0 - a1 > Math.PI) a1 += 2 * Math.PI;
  const out: Point[] = [];
  for (let i = 0; i <= CURVE_STEPS; i++) {
    const a = a0 + ((a1 - a0) * i) / CURVE_STEPS;
    out.push({ x: corner.x + r * Math.cos(a), y: corner.y + r * Math.sin(a) });
  }
  out[0] = { ...from };
  out[CURVE_STEPS] = { ...to };
  return out;
}

interface Printed {
  cities: CityShape[];
  roads: RoadShape[];
  cloisters: CloisterShape[];
  fields: FieldShape[];
  junction: Point | null;
  carcassonne: Rect[];
  /** Indexed like def.segments; the centre for a segment of unknown kind. */
  anchors: Point[];
}

// The quarter squares of a tile, in the order of their half-edge pairs: NW (Wn, Nw), NE (Ne, En),
// SE (Es, Se), SW (Sw, Ws).
const QUARTER_SQUARES: readonly { halfEdges: readonly [number, number]; rect: Rect }[] = [
  { halfEdges: [7, 0], rect: { x: 0, y: 0, width: HALF, height: HALF } },
  { halfEdges: [1, 2], rect: { x: HALF, y: 0, width: HALF, height: HALF } },
  { halfEdges: [3, 4], rect: { x: HALF, y: HALF, width: HALF, height: HALF } },
  { halfEdges: [5, 6], rect: { x: 0, y: HALF, width: HALF, height: HALF } },
];

/**
 * The parts of a block tile that are the city of Carcassonne, in the printed orientation: the
 * quarter squares whose two half-edges no segment owns (a field by its half-edges, a city by
 * its sides). Empty for any other tile.
 */
export function carcassonneSquares(def: TileDefinition): Rect[] {
  if (!def.cityBlock) return [];
  const owned = new Set<number>();
  for (const seg of def.segments) {
    if (seg.kind === FeatureKind.FIELD) for (const h of seg.halfEdges) owned.add(mod(h, 8));
    if (seg.kind === FeatureKind.CITY) for (const side of seg.sides) owned.add(mod(2 * side, 8)).add(mod(2 * side + 1, 8));
  }
  return QUARTER_SQUARES.filter((q) => !owned.has(q.halfEdges[0]) && !owned.has(q.halfEdges[1])).map((q) => ({ ...q.rect }));
}

// Where a road from side midpoint m towards the centre meets a city, the cloister or the city of
// Carcassonne first. A road of the block meets Carcassonne at a corner of its square, so the
// squares count from just outside their edges.
function deadEnd(
  m: Point,
  cities: readonly CityShape[],
  cloister: boolean,
  carcassonne: readonly Rect[],
): { end: Point; at: "city" | "cloister" | null } {
  const steps = HALF * 4;
  let last = m;
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const q = { x: m.x + (HALF - m.x) * t, y: m.y + (HALF - m.y) * t };
    if (cloister && pointInRect(q, CLOISTER_RECT)) return { end: last, at: "cloister" };
    if (cities.some((c) => pointInPolygon(q, c.polygon))) return { end: last, at: "city" };
    if (carcassonne.some((r) => pointInRect(q, r, 1))) return { end: last, at: "city" };
    last = q;
  }
  return { end: { ...CENTRE }, at: null };
}

function buildRoads(
  def: TileDefinition,
  cities: readonly CityShape[],
  cloister: boolean,
  carcassonne: readonly Rect[],
): { roads: RoadShape[]; junction: boolean } {
  const roads: RoadShape[] = [];
  let deadEndsAtCentre = 0;
  let throughCentre = 0;
  def.segments.forEach((seg, index) => {
    if (seg.kind !== FeatureKind.ROAD) return;
    const sides = uniqueSorted(seg.sides, 4);
    const mids = sides.map(sideMidpoint);
    const ends = mids.map((m) => ({ ...m }));
    const road: RoadShape = { segment: index, kind: "road", sides, paths: [], ends, innerEnd: null };
    if (sides.length === 1) {
      const { end, at } = deadEnd(mids[0]!, cities, cloister, carcassonne);
      road.paths.push([mids[0]!, end]);
      road.ends.push({ ...end });
      road.innerEnd = at ?? "junction";
      if (at === null) deadEndsAtCentre++;
    } else if (sides.length === 2) {
      const [a, b] = sides as [number, number];
      if ((b - a) % 2 === 0) {
        road.paths.push([mids[0]!, { ...CENTRE }, mids[1]!]);
        throughCentre++;
      } else {
        // Adjacent sides: a quarter circle about their shared corner meets both edges square on.
        const corner = CORNERS[b - a === 1 ? b : 0]!;
        road.paths.push(arc(corner, mids[0]!, mids[1]!));
      }
    } else if (sides.length > 2) {
      for (const m of mids) road.paths.push([m, { ...CENTRE }]);
      throughCentre++;
    }
    roads.push(road);
  });
  return { roads, junction: deadEndsAtCentre > 0 || deadEndsAtCentre + throughCentre >= 2 };
}

// The raster: cells CELL units square, each labelled with the segment that owns it (a city, or
// a field grown from the cells along its half-edges), BLOCKED under roads, the cloister and the
// junction, or FREE where no field reaches. Anchors are chosen among cell centres.
const BLOCKED = -1;
const FREE = -2;

const cellX = (i: number): number => ((i % GRID) + 0.5) * CELL;
const cellY = (i: number): number => (Math.floor(i / GRID) + 0.5) * CELL;

function halfEdgeCells(h: number): number[] {
  const out: number[] = [];
  // The middle cell of a side is on the boundary of both halves; the fields grow into it.
  const n = Math.floor(GRID / 2);
  const side = Math.floor(h / 2);
  for (let k = 0; k < n; k++) {
    // Half-edges run clockwise, so each side's first half starts at its first corner.
    const along = h % 2 === 0 ? k : GRID - n + k;
    if (side === 0) out.push(along);
    else if (side === 1) out.push(along * GRID + GRID - 1);
    else if (side === 2) out.push((GRID - 1) * GRID + GRID - 1 - along);
    else out.push((GRID - 1 - along) * GRID);
  }
  return out;
}

// Scanline fill with the same even-odd rule as pointInPolygon, at the cell centres.
function fillPolygon(owner: Int16Array, poly: readonly Point[], label: number): void {
  const xs: number[] = [];
  for (let row = 0; row < GRID; row++) {
    const y = (row + 0.5) * CELL;
    xs.length = 0;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const a = poly[i]!;
      const b = poly[j]!;
      if (a.y > y !== b.y > y) xs.push(a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]! / CELL - 0.5));
      const to = Math.min(GRID - 1, Math.floor(xs[k + 1]! / CELL - 0.5));
      for (let col = from; col <= to; col++) if (owner[row * GRID + col] === FREE) owner[row * GRID + col] = label;
    }
  }
}

// Marks FREE cells near a shape as BLOCKED, looking only at the cells of its bounding box.
function block(owner: Int16Array, box: Rect, hit: (x: number, y: number) => boolean): void {
  const c0 = Math.max(0, Math.floor(box.x / CELL));
  const c1 = Math.min(GRID - 1, Math.floor((box.x + box.width) / CELL));
  const r0 = Math.max(0, Math.floor(box.y / CELL));
  const r1 = Math.min(GRID - 1, Math.floor((box.y + box.height) / CELL));
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const i = row * GRID + col;
      if (owner[i] === FREE && hit(cellX(i), cellY(i))) owner[i] = BLOCKED;
    }
  }
}

// Distance from each cell centre to the edge of its region (a change of label, or the tile
// edge), in tile units: a two-pass chamfer transform, within 8% of the Euclidean distance. It
// works on a copy with a one-cell border of its own label, so neighbours need no bounds checks.
function regionDepth(owner: Int16Array): Float32Array {
  const P = GRID + 2;
  const OUTSIDE = -3;
  const label = new Int16Array(P * P).fill(OUTSIDE);
  for (let row = 0; row < GRID; row++) label.set(owner.subarray(row * GRID, (row + 1) * GRID), (row + 1) * P + 1);
  const near = [-P - 1, -P, -P + 1, -1, 1, P - 1, P, P + 1];
  // The boundary lies halfway to a neighbour of another label, diagonal or straight.
  const halfway = near.map((o) => (Math.abs(o) === 1 || Math.abs(o) === P ? 0.5 : Math.SQRT1_2));
  const d = new Float32Array(P * P);
  for (let row = 1; row <= GRID; row++) {
    for (let col = 1; col <= GRID; col++) {
      const i = row * P + col;
      let best = Infinity;
      for (let k = 0; k < 8; k++) if (label[i + near[k]!] !== label[i]) best = Math.min(best, halfway[k]!);
      d[i] = best;
    }
  }
  const relax = (i: number, j: number, w: number): void => {
    if (label[j] === label[i] && d[j]! + w < d[i]!) d[i] = d[j]! + w;
  };
  for (let row = 1; row <= GRID; row++) {
    for (let col = 1; col <= GRID; col++) {
      const i = row * P + col;
      relax(i, i - P - 1, Math.SQRT2);
      relax(i, i - P, 1);
      relax(i, i - P + 1, Math.SQRT2);
      relax(i, i - 1, 1);
    }
  }
  for (let row = GRID; row >= 1; row--) {
    for (let col = GRID; col >= 1; col--) {
      const i = row * P + col;
      relax(i, i + P + 1, Math.SQRT2);
      relax(i, i + P, 1);
      relax(i, i + P - 1, Math.SQRT2);
      relax(i, i + 1, 1);
    }
  }
  const depth = new Float32Array(GRID * GRID);
  for (let row = 0; row < GRID; row++) {
    for (let col = 0; col < GRID; col++) depth[row * GRID + col] = d[(row + 1) * P + col + 1]! * CELL;
  }
  return depth;
}

function buildCities(def: TileDefinition): CityShape[] {
  const cities: CityShape[] = [];
  def.segments.forEach((seg, index) => {
    if (seg.kind !== FeatureKind.CITY) return;
    const sides = uniqueSorted(seg.sides, 4);
    const busy = new Set<number>();
    def.segments.forEach((other, j) => {
      if (j !== index && (other.kind === FeatureKind.CITY || other.kind === FeatureKind.ROAD)) {
        for (const side of other.sides) busy.add(side);
      }
    });
    const { polygon, walls } = cityOutline(sides, busy);
    cities.push({ segment: index, kind: "city", sides, polygon, walls, pennant: null });
  });
  return cities;
}

function rasterize(
  cities: readonly CityShape[],
  roads: readonly RoadShape[],
  cloister: boolean,
  junction: Point | null,
  carcassonne: readonly Rect[],
): Int16Array {
  const owner = new Int16Array(GRID * GRID).fill(FREE);
  // The cells on a square's edge too, so that no field creeps along it.
  for (const r of carcassonne) block(owner, r, (x, y) => pointInRect({ x, y }, r, 0.01));
  for (const city of cities) fillPolygon(owner, city.polygon, city.segment);
  const reach = ROAD_HALF + 0.5;
  for (const road of roads) {
    for (const path of road.paths) {
      for (let k = 1; k < path.length; k++) {
        const a = path[k - 1]!;
        const b = path[k]!;
        const box = {
          x: Math.min(a.x, b.x) - reach,
          y: Math.min(a.y, b.y) - reach,
          width: Math.abs(a.x - b.x) + 2 * reach,
          height: Math.abs(a.y - b.y) + 2 * reach,
        };
        block(owner, box, (x, y) => distToSegment({ x, y }, a, b) < reach);
      }
    }
  }
  if (cloister) block(owner, CLOISTER_RECT, (x, y) => pointInRect({ x, y }, CLOISTER_RECT, 0.5));
  if (junction) {
    const r = JUNCTION_RADIUS + 0.5;
    const box = { x: junction.x - r, y: junction.y - r, width: 2 * r, height: 2 * r };
    block(owner, box, (x, y) => dist({ x, y }, junction) < r);
  }
  return owner;
}

// Labels the FREE cells of `owner` with the fields, breadth first from all of them at once, so
// that a field the drawing does not separate from another still gets the part nearer its own
// half-edges.
function growFields(def: TileDefinition, owner: Int16Array): FieldShape[] {
  const fields: FieldShape[] = [];
  const queue: number[] = [];
  def.segments.forEach((seg, index) => {
    if (seg.kind !== FeatureKind.FIELD) return;
    const halfEdges = uniqueSorted(seg.halfEdges, 8);
    fields.push({ segment: index, kind: "field", halfEdges, runs: [] });
    for (const h of halfEdges) {
      for (const i of halfEdgeCells(h)) {
        if (owner[i] === FREE) {
          owner[i] = index;
          queue.push(i);
        }
      }
    }
  });
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q]!;
    const col = i % GRID;
    const grow = (j: number): void => {
      if (owner[j] === FREE) {
        owner[j] = owner[i]!;
        queue.push(j);
      }
    };
    if (col > 0) grow(i - 1);
    if (col < GRID - 1) grow(i + 1);
    if (i >= GRID) grow(i - GRID);
    if (i < GRID * (GRID - 1)) grow(i + GRID);
  }
  for (const field of fields) {
    for (let row = 0; row < GRID; row++) {
      for (let col = 0; col < GRID; ) {
        if (owner[row * GRID + col] !== field.segment) {
          col++;
          continue;
        }
        const start = col;
        while (col < GRID && owner[row * GRID + col] === field.segment) col++;
        field.runs.push({ x: start * CELL, y: row * CELL, width: (col - start) * CELL, height: CELL });
      }
    }
  }
  return fields;
}

function build(def: TileDefinition): Printed {
  const segs = def.segments;
  const cities = buildCities(def);
  const cloisters: CloisterShape[] = [];
  segs.forEach((seg, index) => {
    if (seg.kind === FeatureKind.CLOISTER) {
      cloisters.push({ segment: index, kind: "cloister", rect: { ...CLOISTER_RECT } });
    }
  });
  const carcassonne = carcassonneSquares(def);
  const { roads, junction: hasJunction } = buildRoads(def, cities, cloisters.length > 0, carcassonne);
  const junction = hasJunction ? { ...CENTRE } : null;
  const owner = rasterize(cities, roads, cloisters.length > 0, junction, carcassonne);
  const fields = growFields(def, owner);
  const shapes = { cities, roads, cloisters, fields, junction, carcassonne };
  return { ...shapes, anchors: placeAnchors(def, shapes, owner) };
}

// Anchors, most constrained first: the cloister, cities, fields (areas), roads (lines); then the
// pennant shields, beside the follower spot rather than under it. An area's anchor is where the
// area is wide, not far from its middle.
function placeAnchors(def: TileDefinition, shapes: Omit<Printed, "anchors">, owner: Int16Array): Point[] {
  const { cities, roads, cloisters, fields, junction } = shapes;
  const region = new Map<number, number[]>();
  const spare: number[] = [];
  for (let i = 0; i < owner.length; i++) {
    const label = owner[i]!;
    if (label >= 0) {
      let list = region.get(label);
      if (!list) region.set(label, (list = []));
      list.push(i);
    } else if (label === FREE) spare.push(i);
  }
  const depth = regionDepth(owner);
  const anchors: Point[] = def.segments.map(() => ({ ...CENTRE }));
  const placed: Point[] = [];
  const place = (segment: number, p: Point): void => {
    anchors[segment] = p;
    placed.push(p);
  };
  // Every other cell in each direction is fine enough for a follower and a quarter of the work.
  const inArea = (cells: readonly number[], middle: Point): Candidate[] => {
    const coarse = cells.filter((i) => (i % GRID) % 2 === 1 && Math.floor(i / GRID) % 2 === 1);
    return (coarse.length > 0 ? coarse : cells).map((i) => {
      const p = { x: cellX(i), y: cellY(i) };
      return { p, score: Math.min(depth[i]!, CLEARANCE_CAP) - 0.1 * dist(p, middle) };
    });
  };

  const close = CLOISTER_RECT;
  for (const c of cloisters) place(c.segment, { x: close.x + close.width / 2, y: close.y + close.height / 2 });
  for (const city of cities) {
    const middle = centroid(city.sides.length > 0 ? city.sides.map(sideMidpoint) : [CENTRE]);
    place(city.segment, choose(inArea(region.get(city.segment) ?? [], middle), placed, centroid(city.polygon)));
  }
  for (const field of fields) {
    const own = region.get(field.segment) ?? spare;
    const middle = centroid(own.map((i) => ({ x: cellX(i), y: cellY(i) })));
    place(field.segment, choose(inArea(own, middle), placed, { ...CENTRE }));
  }
  for (const road of roads) {
    const cands: Candidate[] = [];
    // Off the tile edge, off walls and the cloister, and off the junction, where roads meet;
    // preferably halfway along a stretch between those.
    road.paths.forEach((path, k) => {
      const length = pathLength(path);
      let stretch: { s: number; p: Point }[] = [];
      const flush = (): void => {
        const mid = stretch.length > 0 ? (stretch[0]!.s + stretch[stretch.length - 1]!.s) / 2 : 0;
        for (const c of stretch) cands.push({ p: c.p, score: -0.1 * Math.abs(c.s - mid) - k });
        stretch = [];
      };
      for (let s = 6; s <= Math.max(6, length - 6); s += 1) {
        const p = pointAlong(path, s);
        if (junction && dist(p, junction) < JUNCTION_RADIUS + 5) flush();
        else stretch.push({ s, p });
      }
      flush();
    });
    const first = road.paths[0];
    place(road.segment, choose(cands, placed, first ? pointAlong(first, pathLength(first) / 2) : { ...CENTRE }));
  }

  const shields: Point[] = [];
  for (const city of cities) {
    if (!def.segments[city.segment]?.pennant) continue;
    const anchor = anchors[city.segment]!;
    const cands: Candidate[] = [];
    for (const i of region.get(city.segment) ?? []) {
      if (depth[i]! < PENNANT_CLEARANCE) continue;
      const p = { x: cellX(i), y: cellY(i) };
      cands.push({ p, score: Math.min(depth[i]!, 10) - 0.25 * Math.abs(dist(p, anchor) - COMFORT_SPACING) });
    }
    city.pennant = choose(cands, [...placed, ...shields], anchor, [FOLLOWER_SIZE / 2 + PENNANT_SIZE / 2 + 3]);
    shields.push(city.pennant);
  }
  return anchors;
}

interface Candidate {
  p: Point;
  score: number;
}

function centroid(pts: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of pts) {
    x += p.x;
    y += p.y;
  }
  return { x: x / Math.max(1, pts.length), y: y / Math.max(1, pts.length) };
}

function minDist(p: Point, others: readonly Point[]): number {
  let best = Infinity;
  for (const o of others) best = Math.min(best, dist(p, o));
  return best;
}

// The best-scoring candidate at a comfortable distance from the points already placed, else at
// the minimum distance, else the one farthest from them.
function choose(
  cands: readonly Candidate[],
  placed: readonly Point[],
  fallback: Point,
  spacings: readonly number[] = [COMFORT_SPACING, ANCHOR_SPACING + 1],
): Point {
  for (const spacing of spacings) {
    let best: Candidate | undefined;
    for (const c of cands) {
      if (minDist(c.p, placed) >= spacing && (!best || c.score > best.score + 1e-9)) best = c;
    }
    if (best) return { ...best.p };
  }
  let best: Candidate | undefined;
  let bestDist = -1;
  for (const c of cands) {
    const d = minDist(c.p, placed);
    if (d > bestDist + 1e-9) {
      best = c;
      bestDist = d;
    }
  }
  return { ...(best?.p ?? fallback) };
}

// ---- the board frame ----

function rotateRect(r: Rect, rotation: number): Rect {
  const a = rotatePoint({ x: r.x, y: r.y }, rotation);
  const b = rotatePoint({ x: r.x + r.width, y: r.y + r.height }, rotation);
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

function rotateShapes(p: Printed, r: number): TileShapes {
  const pts = (list: readonly Point[]): Point[] => list.map((q) => rotatePoint(q, r));
  return {
    rotation: r,
    cities: p.cities.map((c) => ({
      segment: c.segment,
      kind: "city",
      sides: c.sides.map((s) => rotateSide(s, r)),
      polygon: pts(c.polygon),
      walls: c.walls.map(pts),
      pennant: c.pennant ? rotatePoint(c.pennant, r) : null,
    })),
    roads: p.roads.map((road) => ({
      segment: road.segment,
      kind: "road",
      sides: road.sides.map((s) => rotateSide(s, r)),
      paths: road.paths.map(pts),
      ends: pts(road.ends),
      innerEnd: road.innerEnd,
    })),
    cloisters: p.cloisters.map((c) => ({ segment: c.segment, kind: "cloister", rect: rotateRect(c.rect, r) })),
    fields: p.fields.map((f) => ({
      segment: f.segment,
      kind: "field",
      halfEdges: f.halfEdges.map((h) => rotateHalfEdge(h, r)),
      runs: f.runs.map((run) => rotateRect(run, r)),
    })),
    junction: p.junction ? rotatePoint(p.junction, r) : null,
    carcassonne: p.carcassonne.map((rect) => rotateRect(rect, r)),
    anchors: pts(p.anchors),
  };
}

interface CacheEntry {
  printed: Printed;
  rotated: (TileShapes | undefined)[];
}

// Keyed by the definition object, and by its content for the copies each snapshot decodes.
const byObject = new WeakMap<TileDefinition, CacheEntry>();
const byContent = new Map<string, CacheEntry>();
const MAX_CACHED = 256;

function contentKey(def: TileDefinition): string {
  const key = def.segments.map((s) => `${s.kind}:${s.sides}:${s.halfEdges}:${s.pennant ? 1 : 0}`).join("|");
  // A block tile draws what no segment owns as the city of Carcassonne: not the same shapes.
  return def.cityBlock ? `block/${key}` : key;
}

export function tileShapes(def: TileDefinition, rotation: number): TileShapes {
  const r = mod(Math.trunc(rotation) || 0, 4);
  let entry = byObject.get(def);
  if (!entry) {
    const key = contentKey(def);
    entry = byContent.get(key);
    if (!entry) {
      entry = { printed: build(def), rotated: [] };
      if (byContent.size >= MAX_CACHED) byContent.clear();
      byContent.set(key, entry);
    }
    byObject.set(def, entry);
  }
  let shapes = entry.rotated[r];
  if (!shapes) {
    shapes = rotateShapes(entry.printed, r);
    entry.rotated[r] = shapes;
  }
  return shapes;
}

export function segmentAnchor(def: TileDefinition, segment: number, rotation: number): Point {
  const anchor = tileShapes(def, rotation).anchors[segment];
  if (!anchor) throw new RangeError(`tile ${def.letter} has no segment ${segment}`);
  return { ...anchor };
}
