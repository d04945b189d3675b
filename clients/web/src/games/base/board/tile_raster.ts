// The raster under a tile's shapes (tile_geometry.ts): a grid of cells, each owned by a city, a
// field or nothing. Fields are areas no polygon describes, so they are grown on the grid from
// their half-edges; and the anchors (tile_anchors.ts) need how far each cell is from the edge of
// its area, which a grid answers cheaply.

import { FeatureKind, type TileDefinition } from "../../../gen/carc/v1/base_game_pb";
import {
  CLOISTER_RECT,
  JUNCTION_RADIUS,
  ROAD_WIDTH,
  TILE,
  dist,
  distToSegment,
  pointInRect,
  uniqueSorted,
  type CityShape,
  type FieldShape,
  type Point,
  type Rect,
  type RoadShape,
} from "./tile_plane";

const ROAD_HALF = ROAD_WIDTH / 2;

// An odd number of cells puts a cell centre on the tile's centre lines.
export const GRID = 51;
const CELL = TILE / GRID;

// The raster: cells CELL units square, each labelled with the segment that owns it (a city, or
// a field grown from the cells along its half-edges), BLOCKED under roads, the cloister and the
// junction, or FREE where no field reaches. Anchors are chosen among cell centres.
const BLOCKED = -1;
export const FREE = -2;

export const cellX = (i: number): number => ((i % GRID) + 0.5) * CELL;
export const cellY = (i: number): number => (Math.floor(i / GRID) + 0.5) * CELL;

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
export function regionDepth(owner: Int16Array): Float32Array {
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

export function rasterize(
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
export function growFields(def: TileDefinition, owner: Int16Array): FieldShape[] {
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
