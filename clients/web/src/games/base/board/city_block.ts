// The city of Carcassonne as one walled city over the Count's 12 block tiles (RULES.md C-1), in
// board units: its outline, its gates and where its four quarters are shown. Pure: no DOM.
//
// The outline comes from the tile data alone: each block tile's squares that no segment owns
// (tile_geometry.ts carcassonneSquares) are the city, and their union is traced into closed
// loops. Only the quarters' places are not in the data the server sends: they follow
// ../shared/tiles/count.json ("quarters": jcz_click_zone_centre, in block units from the NW corner
// of CO1), moved inwards where a quarter's badge would cross the wall.

import { Quarter, type PlacedTile, type TileDefinition } from "../../../gen/carc/v1/base_game_pb";
import { tileShapes } from "./tile_geometry";
import { TILE, type Point, type Rect } from "./tile_plane";

/** Clockwise from the top, the order of C-3's `clockwise` option. */
export const QUARTER_ORDER: readonly Quarter[] = [Quarter.CASTLE, Quarter.MARKET, Quarter.BLACKSMITH, Quarter.CATHEDRAL];

/** count.json's quarter centres, in block units (one tile = 1) from the NW corner of CO1. */
export const QUARTER_CENTRES: ReadonlyMap<Quarter, Point> = new Map([
  [Quarter.CASTLE, { x: 2.4, y: 0.6 }],
  [Quarter.MARKET, { x: 3.0, y: 1.5 }],
  [Quarter.BLACKSMITH, { x: 2.6, y: 2.3 }],
  [Quarter.CATHEDRAL, { x: 1.2, y: 1.05 }],
]);

/** The size of a quarter's badge (board units): its building, name, followers and the Count. */
export const BADGE = { width: 100, height: 56 } as const;
/** Room kept between a badge and the wall, for the wall's towers and gates. */
const WALL_CLEARANCE = 10;

export interface CityBlockLayout {
  /** Closed loops round the city, clockwise, corners only, in board units. */
  outline: Point[][];
  /** The bounding box of the outline. */
  bounds: Rect;
  /** Where the block's roads meet the wall. */
  gates: Point[];
  /** Each quarter's badge centre, in QUARTER_ORDER. */
  quarters: { quarter: Quarter; centre: Point }[];
}

const HALF = TILE / 2;

/**
 * The layout of the block among `tiles`, or undefined when no block tile is on the board (a game
 * without the Count).
 */
export function cityBlockLayout(
  tiles: readonly PlacedTile[],
  defs: ReadonlyMap<string, TileDefinition>,
): CityBlockLayout | undefined {
  const squares = new Set<string>();
  const gates: Point[] = [];
  let origin: Point | undefined;
  for (const placed of tiles) {
    const def = defs.get(placed.tile);
    if (!def?.cityBlock) continue;
    const tx = placed.position?.x ?? 0;
    const ty = placed.position?.y ?? 0;
    origin = origin ? { x: Math.min(origin.x, tx), y: Math.min(origin.y, ty) } : { x: tx, y: ty };
    const shapes = tileShapes(def, placed.rotation);
    for (const r of shapes.carcassonne) squares.add(key(2 * tx + Math.round(r.x / HALF), 2 * ty + Math.round(r.y / HALF)));
    for (const road of shapes.roads) {
      const end = road.ends[road.ends.length - 1];
      if (road.innerEnd === "city" && end) gates.push({ x: tx * TILE + end.x, y: ty * TILE + end.y });
    }
  }
  if (!origin || squares.size === 0) return undefined;
  const outline = traceOutline(squares).map((loop) => loop.map((p) => ({ x: p.x * HALF, y: p.y * HALF })));
  const xs = outline.flat().map((p) => p.x);
  const ys = outline.flat().map((p) => p.y);
  const bounds = { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  const quarters = QUARTER_ORDER.map((quarter) => {
    const c = QUARTER_CENTRES.get(quarter)!;
    return { quarter, centre: clampInto({ x: (origin.x + c.x) * TILE, y: (origin.y + c.y) * TILE }, bounds) };
  });
  return { outline, bounds, gates, quarters };
}

const key = (x: number, y: number): string => `${x},${y}`;

// A badge centred at p stays inside the walls, clear of them.
function clampInto(p: Point, b: Rect): Point {
  const mx = BADGE.width / 2 + WALL_CLEARANCE;
  const my = BADGE.height / 2 + WALL_CLEARANCE;
  const clamp = (v: number, lo: number, hi: number): number => (lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v)));
  return { x: clamp(p.x, b.x + mx, b.x + b.width - mx), y: clamp(p.y, b.y + my, b.y + b.height - my) };
}

/**
 * The boundary of a union of unit squares (keys "x,y" of their NW corners) as closed loops of
 * grid points, clockwise with y pointing down, straight runs merged into one side.
 */
export function traceOutline(squares: ReadonlySet<string>): Point[][] {
  const has = (x: number, y: number): boolean => squares.has(key(x, y));
  // Directed boundary edges with the city on their right, keyed by their start.
  const edges = new Map<string, Point[]>();
  const add = (a: Point, b: Point): void => {
    const list = edges.get(key(a.x, a.y));
    if (list) list.push(b);
    else edges.set(key(a.x, a.y), [b]);
  };
  for (const s of squares) {
    const [x, y] = s.split(",").map(Number) as [number, number];
    if (!has(x, y - 1)) add({ x, y }, { x: x + 1, y });
    if (!has(x + 1, y)) add({ x: x + 1, y }, { x: x + 1, y: y + 1 });
    if (!has(x, y + 1)) add({ x: x + 1, y: y + 1 }, { x, y: y + 1 });
    if (!has(x - 1, y)) add({ x, y: y + 1 }, { x, y });
  }
  const loops: Point[][] = [];
  // Start each loop at its top-left corner, so the output does not depend on the set's order.
  const starts = [...edges.keys()].map((k) => k.split(",").map(Number) as [number, number]).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const [sx, sy] of starts) {
    if (!edges.get(key(sx, sy))?.length) continue;
    const loop: Point[] = [];
    let at = { x: sx, y: sy };
    for (;;) {
      const next = edges.get(key(at.x, at.y))?.shift();
      if (!next) break;
      loop.push(at);
      at = next;
      if (at.x === sx && at.y === sy && !edges.get(key(sx, sy))?.length) break;
    }
    loops.push(corners(loop));
  }
  return loops;
}

// Drops the points in the middle of a straight run.
function corners(loop: readonly Point[]): Point[] {
  return loop.filter((p, i) => {
    const a = loop[(i + loop.length - 1) % loop.length]!;
    const b = loop[(i + 1) % loop.length]!;
    return (p.x - a.x) * (b.y - p.y) - (p.y - a.y) * (b.x - p.x) !== 0;
  });
}
