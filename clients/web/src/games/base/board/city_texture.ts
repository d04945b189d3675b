// The masonry drawn over a city's area: short strokes in staggered rows. Field and city differ
// in lightness as well as hue, but a pattern tells them apart for every kind of colour vision
// and on any screen; a field has none.
//
// Contract: cityTexture(polygon, avoid) returns the path data ("" when none fits) of strokes
// lying wholly inside `polygon`, clear of its edge (where the wall is drawn) and of the points
// in `avoid` (the pennant), in the tile's own units. Deterministic, so every copy of a tile
// looks the same.

import { distToPolyline, pointInPolygon, type Point } from "./tile_plane";

const ROW = 9;
const STONE = 6;
const GAP = 6;
/** Clearance from the city's edge: the wall's stroke and a little air. */
const EDGE = 3.5;
/** Clearance round a pennant's centre. */
const PENNANT = 10;

export function cityTexture(polygon: readonly Point[], avoid: readonly Point[] = []): string {
  if (polygon.length < 3) return "";
  const ring = [...polygon, polygon[0]!];
  const clear = (p: Point): boolean =>
    pointInPolygon(p, polygon) &&
    distToPolyline(p, ring) >= EDGE &&
    avoid.every((a) => Math.hypot(a.x - p.x, a.y - p.y) >= PENNANT);
  const parts: string[] = [];
  for (let row = 0, y = ROW / 2; y < 100; row++, y += ROW) {
    const offset = row % 2 === 0 ? 0 : (STONE + GAP) / 2;
    for (let x = 2 + offset; x + STONE < 100; x += STONE + GAP) {
      const a = { x, y };
      const b = { x: x + STONE, y };
      if (clear(a) && clear(b) && clear({ x: x + STONE / 2, y })) parts.push(`M${x} ${y}h${STONE}`);
    }
  }
  return parts.join("");
}
