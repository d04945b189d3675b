// The tile's plane: its units and the sizes of the drawing, the frame (sides, half-edges and
// quarter turns, as tile_geometry.ts's contract states them), the shape types and the plane
// geometry. A module of its own because tile_geometry.ts, its raster (tile_raster.ts) and its
// anchors (tile_anchors.ts) all build on it, and the renderers draw with the same numbers.

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

export const HALF = TILE / 2;
export const CENTRE: Point = { x: HALF, y: HALF };

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

export const mod = (a: number, n: number): number => ((a % n) + n) % n;

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
export const dist = (a: Point, b: Point): number => len(a.x - b.x, a.y - b.y);

export function distToSegment(p: Point, a: Point, b: Point): number {
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

export function pathLength(path: readonly Point[]): number {
  let len = 0;
  for (let i = 1; i < path.length; i++) len += dist(path[i - 1]!, path[i]!);
  return len;
}

export function pointAlong(path: readonly Point[], s: number): Point {
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

/** A segment's sides (n = 4) or half-edges (n = 8) as the server sent them, without repeats or strays. */
export const uniqueSorted = (values: readonly number[], n: number): number[] =>
  [...new Set(values.filter((v) => Number.isInteger(v) && v >= 0 && v < n))].sort((a, b) => a - b);
