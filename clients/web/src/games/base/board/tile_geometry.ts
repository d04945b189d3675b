// Tile geometry computed from the TileDefinition data the server sends, so that a new tile set
// draws with no client change. Pure: no DOM, shared by the SVG renderer and the board. The
// units, the frame, the shape types and the plane geometry are in tile_plane.ts, the raster the
// fields grow on in tile_raster.ts, the placing of the anchors in tile_anchors.ts.
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

import { FeatureKind, type TileDefinition } from "../../../gen/carc/v1/base_game_pb";
import { placeAnchors } from "./tile_anchors";
import {
  CENTRE,
  CLOISTER_RECT,
  HALF,
  TILE,
  dist,
  mod,
  pointInPolygon,
  pointInRect,
  rotateHalfEdge,
  rotatePoint,
  rotateSide,
  sideMidpoint,
  uniqueSorted,
  type CityShape,
  type CloisterShape,
  type FieldShape,
  type Point,
  type Rect,
  type RoadShape,
} from "./tile_plane";
import { growFields, rasterize } from "./tile_raster";

export interface TileShapes extends Printed {
  rotation: number;
}

// Depths of the walls: a cap must stay clear of a road through the centre, and a wall across an
// open side leaves a field deep enough for a follower.
const CAP_DEPTH = 28;
const OPEN_DEPTH = 33;
const CORNER_BULGE = 4;
const CURVE_STEPS = 16;

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

// ---- shapes in the printed orientation ----

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