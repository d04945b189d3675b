// Where the followers of a tile go (tile_geometry.ts's segmentAnchor contract): one anchor per
// segment, inside its own area, clear of the other features and spaced so that markers never
// overlap, and the pennant shields beside the city anchors. The anchors are the best-scoring of
// many candidate points (cells of tile_raster.ts, points along the roads), as no formula fits
// every tile a tile set may define.

import type { TileDefinition } from "../../../gen/carc/v1/base_game_pb";
import {
  ANCHOR_SPACING,
  CENTRE,
  CLOISTER_RECT,
  FOLLOWER_SIZE,
  JUNCTION_RADIUS,
  PENNANT_SIZE,
  dist,
  pathLength,
  pointAlong,
  sideMidpoint,
  type CityShape,
  type CloisterShape,
  type FieldShape,
  type Point,
  type RoadShape,
} from "./tile_plane";
import { FREE, GRID, cellX, cellY, regionDepth } from "./tile_raster";

/** The shapes of a tile in the printed orientation; the cities get their pennant shields. */
export interface AnchoredShapes {
  cities: CityShape[];
  roads: readonly RoadShape[];
  cloisters: readonly CloisterShape[];
  fields: readonly FieldShape[];
  junction: Point | null;
}

// Anchors try for more than the minimum spacing first, so followers do not touch.
const COMFORT_SPACING = 22;
const CLEARANCE_CAP = 16;
const PENNANT_CLEARANCE = 7.5;

// Anchors, most constrained first: the cloister, cities, fields (areas), roads (lines); then the
// pennant shields, beside the follower spot rather than under it. An area's anchor is where the
// area is wide, not far from its middle.
export function placeAnchors(def: TileDefinition, shapes: AnchoredShapes, owner: Int16Array): Point[] {
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
