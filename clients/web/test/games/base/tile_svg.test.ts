// @vitest-environment happy-dom

// The procedural tile renderer on the server's own tile set (tests/golden/base_tile_set.json).
// This checks issue 5's "rendering every base tile kind in every rotation": for each of the 24
// letters and each rotation 0..3 it checks the geometry in the board frame (cities cover exactly
// their sides, roads reach exactly theirs, fields own their half-edges, cloisters, junctions,
// pennants) and the follower anchors, and that the SVG has one element per segment. Made-up tiles
// outside the base set show that drawing follows the data alone.

import { clone, create, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  FeatureKind,
  SegmentSchema,
  TileDefinitionSchema,
  type TileDefinition,
} from "../../../src/gen/carc/v1/base_game_pb";
import { carcassonneSquares, segmentAnchor, tileShapes, type TileShapes } from "../../../src/games/base/board/tile_geometry";
import {
  ANCHOR_SPACING,
  CLOISTER_RECT,
  FOLLOWER_SIZE,
  JUNCTION_RADIUS,
  PENNANT_SIZE,
  ROAD_WIDTH,
  TILE,
  rotateHalfEdge,
  rotateSide,
  type Point,
  type Rect,
} from "../../../src/games/base/board/tile_plane";
import { tileSvg } from "../../../src/games/base/board/tile_svg";
import { COUNT_BLOCK_TILES } from "./count_tile_set_fixture";
import { BASE_TILE_SET } from "./tile_set_fixture";

// Geometry written out again here, independent of the module under test.
const MID: Point[] = [
  { x: 50, y: 0 },
  { x: 100, y: 50 },
  { x: 50, y: 100 },
  { x: 0, y: 50 },
];
const INWARD: Point[] = [
  { x: 0, y: 1 },
  { x: -1, y: 0 },
  { x: 0, y: -1 },
  { x: 1, y: 0 },
];
const HALF_EDGE: Point[] = [
  { x: 25, y: 1.5 },
  { x: 75, y: 1.5 },
  { x: 98.5, y: 25 },
  { x: 98.5, y: 75 },
  { x: 75, y: 98.5 },
  { x: 25, y: 98.5 },
  { x: 1.5, y: 75 },
  { x: 1.5, y: 25 },
];
const CENTRE = { x: 50, y: 50 };
const KIND: Record<number, string> = {
  [FeatureKind.ROAD]: "road",
  [FeatureKind.CITY]: "city",
  [FeatureKind.CLOISTER]: "cloister",
  [FeatureKind.FIELD]: "field",
};

const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
const inside = (s: number, depth: number): Point => ({
  x: MID[s]!.x + INWARD[s]!.x * depth,
  y: MID[s]!.y + INWARD[s]!.y * depth,
});

function segDist(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

function lineDist(p: Point, line: readonly Point[]): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) best = Math.min(best, segDist(p, line[i - 1]!, line[i]!));
  return best;
}

function edgeDist(p: Point, poly: readonly Point[]): number {
  return lineDist(p, [...poly, poly[0]!]);
}

function inPolygon(p: Point, poly: readonly Point[]): boolean {
  let crossings = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    if (a.y > p.y !== b.y > p.y && p.x < a.x + ((p.y - a.y) * (b.x - a.x)) / (b.y - a.y)) crossings++;
  }
  return crossings % 2 === 1;
}

const inRect = (p: Point, r: Rect, margin = 0): boolean =>
  p.x >= r.x - margin && p.x <= r.x + r.width + margin && p.y >= r.y - margin && p.y <= r.y + r.height + margin;

function turn(p: Point, r: number): Point {
  let q = p;
  for (let i = 0; i < r; i++) q = { x: TILE - q.y, y: q.x };
  return q;
}

const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

// Every property of the contract that holds for any well-formed tile definition.
function checkGeometry(def: TileDefinition, r: number): TileShapes {
  const shapes = tileShapes(def, r);
  const polygons = shapes.cities.map((c) => c.polygon);
  const paths = shapes.roads.flatMap((road) => road.paths);
  const segs = def.segments;

  for (const [i, seg] of segs.entries()) {
    const sides = sorted(seg.sides.map((s) => rotateSide(s, r)));
    if (seg.kind === FeatureKind.CITY) {
      const city = shapes.cities.find((c) => c.segment === i)!;
      expect(city.kind).toBe("city");
      expect(sorted(city.sides)).toEqual(sides);
      for (let s = 0; s < 4; s++) expect(inPolygon(inside(s, 3), city.polygon), `side ${s}`).toBe(sides.includes(s));
      // Walls run from corner to corner, inside the tile.
      if (sides.length < 4) expect(city.walls.length).toBeGreaterThan(0);
      for (const wall of city.walls) {
        for (const end of [wall[0]!, wall[wall.length - 1]!]) {
          expect([0, TILE]).toContain(Math.round(end.x));
          expect([0, TILE]).toContain(Math.round(end.y));
        }
        expect(wall.every((p) => inRect(p, { x: 0, y: 0, width: TILE, height: TILE }, 1e-6))).toBe(true);
      }
      expect(city.pennant !== null).toBe(seg.pennant);
      if (city.pennant) {
        expect(inPolygon(city.pennant, city.polygon)).toBe(true);
        expect(edgeDist(city.pennant, city.polygon)).toBeGreaterThan(PENNANT_SIZE / 2);
        const nearest = Math.min(...shapes.anchors.map((a) => dist(a, city.pennant!)));
        expect(nearest).toBeGreaterThan((FOLLOWER_SIZE + PENNANT_SIZE) / 2);
      }
    }
    if (seg.kind === FeatureKind.ROAD) {
      const road = shapes.roads.find((x) => x.segment === i)!;
      expect(road.kind).toBe("road");
      expect(sorted(road.sides)).toEqual(sides);
      for (let s = 0; s < 4; s++) {
        const d = Math.min(...road.paths.map((p) => lineDist(MID[s]!, p)));
        if (sides.includes(s)) {
          expect(d).toBeLessThan(0.01);
          expect(road.ends.some((e) => dist(e, MID[s]!) < 0.01)).toBe(true);
        } else expect(d, `side ${s}`).toBeGreaterThan(ROAD_WIDTH);
      }
      // Roads stop at walls and at the cloister instead of running through them.
      const trespass: Point[] = [];
      for (const path of road.paths) {
        for (let k = 1; k < path.length; k++) {
          for (let t = 0; t <= 1; t += 0.1) {
            const [a, b] = [path[k - 1]!, path[k]!];
            const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
            const inCity = polygons.some((poly) => inPolygon(p, poly) && edgeDist(p, poly) > 0.6);
            if (inCity || (shapes.cloisters.length > 0 && inRect(p, CLOISTER_RECT, -0.6))) trespass.push(p);
          }
        }
      }
      expect(trespass).toEqual([]);
    }
    if (seg.kind === FeatureKind.FIELD) {
      const field = shapes.fields.find((f) => f.segment === i)!;
      expect(sorted(field.halfEdges)).toEqual(sorted(seg.halfEdges.map((h) => rotateHalfEdge(h, r))));
      for (const h of field.halfEdges) {
        const p = HALF_EDGE[h]!;
        expect(field.runs.some((run) => inRect(p, run)), `half-edge ${h}`).toBe(true);
        for (const other of shapes.fields) {
          if (other !== field) expect(other.runs.some((run) => inRect(p, run, -0.01))).toBe(false);
        }
      }
    }
  }
  expect(shapes.cities.length).toBe(segs.filter((s) => s.kind === FeatureKind.CITY).length);
  expect(shapes.roads.length).toBe(segs.filter((s) => s.kind === FeatureKind.ROAD).length);
  expect(shapes.fields.length).toBe(segs.filter((s) => s.kind === FeatureKind.FIELD).length);
  expect(shapes.cloisters.length).toBe(segs.filter((s) => s.kind === FeatureKind.CLOISTER).length);
  for (const c of shapes.cloisters) expect(c.rect).toEqual(CLOISTER_RECT);

  // Separate cities never overlap.
  const overlaps: Point[] = [];
  for (let y = 1; y < TILE; y += 2) {
    for (let x = 1; x < TILE; x += 2) {
      if (polygons.filter((poly) => inPolygon({ x, y }, poly)).length > 1) overlaps.push({ x, y });
    }
  }
  expect(overlaps).toEqual([]);

  checkAnchors(def, r, shapes, polygons, paths);
  return shapes;
}

function checkAnchors(def: TileDefinition, r: number, shapes: TileShapes, polygons: Point[][], paths: Point[][]): void {
  const anchors = def.segments.map((_, i) => segmentAnchor(def, i, r));
  expect(anchors).toEqual(shapes.anchors);
  const printed = def.segments.map((_, i) => segmentAnchor(def, i, 0));
  for (const [i, seg] of def.segments.entries()) {
    const a = anchors[i]!;
    const what = `${seg.name} at ${a.x},${a.y}`;
    // The same spot of the printed tile, turned with it.
    expect(dist(a, turn(printed[i]!, r))).toBeLessThan(1e-6);
    expect(inRect(a, { x: 4, y: 4, width: TILE - 8, height: TILE - 8 }), what).toBe(true);
    for (const [j, b] of anchors.entries()) {
      if (j !== i) expect(dist(a, b), `${what} to ${def.segments[j]!.name}`).toBeGreaterThanOrEqual(ANCHOR_SPACING);
    }
    const offRoads = Math.min(Infinity, ...paths.map((p) => lineDist(a, p)));
    if (seg.kind === FeatureKind.CITY) {
      const own = shapes.cities.find((c) => c.segment === i)!;
      expect(inPolygon(a, own.polygon), what).toBe(true);
      expect(edgeDist(a, own.polygon), what).toBeGreaterThan(FOLLOWER_SIZE / 4);
      expect(offRoads, what).toBeGreaterThan(ROAD_WIDTH / 2);
    } else if (seg.kind === FeatureKind.ROAD) {
      const own = shapes.roads.find((x) => x.segment === i)!;
      expect(Math.min(...own.paths.map((p) => lineDist(a, p))), what).toBeLessThan(0.5);
      if (shapes.junction) expect(dist(a, shapes.junction), what).toBeGreaterThan(JUNCTION_RADIUS + FOLLOWER_SIZE / 4);
      for (const poly of polygons) expect(inPolygon(a, poly), what).toBe(false);
      if (shapes.cloisters.length > 0) expect(inRect(a, CLOISTER_RECT, 2), what).toBe(false);
    } else if (seg.kind === FeatureKind.FIELD) {
      for (const poly of polygons) {
        expect(inPolygon(a, poly), what).toBe(false);
        expect(edgeDist(a, poly), what).toBeGreaterThan(FOLLOWER_SIZE / 4);
      }
      expect(offRoads, what).toBeGreaterThanOrEqual(ROAD_WIDTH);
      if (shapes.cloisters.length > 0) expect(inRect(a, CLOISTER_RECT, FOLLOWER_SIZE / 4), what).toBe(false);
      if (shapes.junction) expect(dist(a, shapes.junction), what).toBeGreaterThan(JUNCTION_RADIUS + FOLLOWER_SIZE / 2);
      const own = shapes.fields.find((f) => f.segment === i)!;
      expect(own.runs.some((run) => inRect(a, run)), what).toBe(true);
    } else if (seg.kind === FeatureKind.CLOISTER) {
      expect(a).toEqual(CENTRE);
    }
  }
}

function checkSvg(def: TileDefinition, r: number, shapes: TileShapes): SVGGElement {
  const g = tileSvg(document, def, r);
  expect(g.namespaceURI).toBe("http://www.w3.org/2000/svg");
  expect(g.tagName.toLowerCase()).toBe("g");
  expect(g.getAttribute("data-letter")).toBe(def.letter);
  expect(g.getAttribute("data-rotation")).toBe(String(r));
  const parts = [...g.querySelectorAll("[data-segment]")];
  const expected = def.segments.map((s, i) => [String(i), KIND[s.kind]]).filter(([, k]) => k !== undefined);
  const drawn = parts.map((p) => [p.getAttribute("data-segment"), p.getAttribute("data-kind")]);
  expect(drawn.sort()).toEqual(expected.sort());
  for (const p of parts) expect(p.children.length).toBeGreaterThan(0);
  const pennants = def.segments.filter((s) => s.kind === FeatureKind.CITY && s.pennant).length;
  expect(g.querySelectorAll("[data-part=pennant]").length).toBe(pennants);
  expect(g.querySelectorAll("[data-part=junction]").length).toBe(shapes.junction ? 1 : 0);
  const walls = shapes.cities.reduce((n, c) => n + c.walls.length, 0);
  expect(g.querySelectorAll("[data-kind=city] [data-part=wall]").length).toBe(walls);
  // Self-contained and left to the board for accessibility.
  expect(g.querySelectorAll("title, [tabindex], [class]").length).toBe(0);
  for (const shape of g.querySelectorAll("polygon, polyline, path, rect, circle")) {
    expect(shape.hasAttribute("fill") || shape.hasAttribute("stroke")).toBe(true);
  }
  // The drawn city outlines are the geometry's, in the board frame.
  for (const city of shapes.cities) {
    const poly = g.querySelector(`[data-segment="${city.segment}"] polygon`)!;
    const pts = poly.getAttribute("points")!.split(" ").map((xy) => xy.split(",").map(Number));
    expect(pts.length).toBe(city.polygon.length);
    pts.forEach(([x, y], k) => expect(dist({ x: x!, y: y! }, city.polygon[k]!)).toBeLessThan(0.1));
  }
  return g;
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX".split("");
const ROTATIONS = [0, 1, 2, 3];

describe("the base tile set as the server sends it", () => {
  it("has the 24 letters A..X", () => {
    expect(BASE_TILE_SET.map((d) => d.letter)).toEqual(LETTERS);
  });
});

describe.each(LETTERS)("tile %s", (letter) => {
  const def = BASE_TILE_SET.find((d) => d.letter === letter)!;
  it.each(ROTATIONS)("rotation %i: geometry, anchors and SVG", (r) => {
    const shapes = checkGeometry(def, r);
    // In the base set the centre has a junction exactly where three or four roads end with no
    // cloister to end at (L, W, X); a single road ends at a cloister (A) or a city gate (S, T).
    const deadEnds = def.segments.filter((s) => s.kind === FeatureKind.ROAD && s.sides.length === 1).length;
    const cloister = def.segments.some((s) => s.kind === FeatureKind.CLOISTER);
    expect(shapes.junction !== null).toBe(deadEnds >= 3 && !cloister);
    checkSvg(def, r, shapes);
  });
});

describe("tiles outside the base set", () => {
  const tile = (letter: string, segments: MessageInitShape<typeof SegmentSchema>[]): TileDefinition =>
    create(TileDefinitionSchema, { letter, count: 1, segments });
  const { ROAD, CITY, FIELD, CLOISTER } = FeatureKind;
  const made: TileDefinition[] = [
    // Two roads crossing (a four-sided road cross) and a city cap with a pennant can't share four
    // sides, so: a road through W-E, one from S ending at the crossing, a cap on N.
    tile("Y1", [
      { name: "c1", kind: CITY, sides: [0], pennant: true },
      { name: "r1", kind: ROAD, sides: [1, 3] },
      { name: "r2", kind: ROAD, sides: [2] },
      { name: "f1", kind: FIELD, halfEdges: [2, 7], touchesCities: [0] },
      { name: "f2", kind: FIELD, halfEdges: [3, 4] },
      { name: "f3", kind: FIELD, halfEdges: [5, 6] },
    ]),
    // A four-sided cross of two through roads.
    tile("Y2", [
      { name: "r1", kind: ROAD, sides: [0, 2] },
      { name: "r2", kind: ROAD, sides: [1, 3] },
      { name: "f1", kind: FIELD, halfEdges: [0, 7] },
      { name: "f2", kind: FIELD, halfEdges: [1, 2] },
      { name: "f3", kind: FIELD, halfEdges: [3, 4] },
      { name: "f4", kind: FIELD, halfEdges: [5, 6] },
    ]),
    // Caps on N and S with a road between them.
    tile("Y3", [
      { name: "c1", kind: CITY, sides: [0] },
      { name: "c2", kind: CITY, sides: [2], pennant: true },
      { name: "r1", kind: ROAD, sides: [1, 3] },
      { name: "f1", kind: FIELD, halfEdges: [2, 7], touchesCities: [0] },
      { name: "f2", kind: FIELD, halfEdges: [3, 6], touchesCities: [1] },
    ]),
    // A corner city and two separate caps: four sides of city, three cities, no field.
    tile("Y4", [
      { name: "c1", kind: CITY, sides: [0, 3], pennant: true },
      { name: "c2", kind: CITY, sides: [1] },
      { name: "c3", kind: CITY, sides: [2], pennant: true },
    ]),
    // A cloister with three roads leading to it.
    tile("Y5", [
      { name: "r1", kind: ROAD, sides: [1] },
      { name: "r2", kind: ROAD, sides: [2] },
      { name: "r3", kind: ROAD, sides: [3] },
      { name: "f1", kind: FIELD, halfEdges: [0, 1, 2, 7] },
      { name: "f2", kind: FIELD, halfEdges: [3, 4] },
      { name: "f3", kind: FIELD, halfEdges: [5, 6] },
      { name: "cloister", kind: CLOISTER },
    ]),
  ];
  describe.each(made.map((d) => [d.letter, d] as const))("%s", (_, def) => {
    it.each(ROTATIONS)("rotation %i renders from the data alone", (r) => {
      checkSvg(def, r, checkGeometry(def, r));
    });
  });

  it("puts a junction where roads cross or end with nothing to end at", () => {
    expect(tileShapes(made[0]!, 0).junction).toEqual(CENTRE);
    expect(tileShapes(made[1]!, 0).junction).toEqual(CENTRE);
    expect(tileShapes(made[2]!, 0).junction).toBeNull();
    expect(tileShapes(made[4]!, 0).junction).toBeNull();
    expect(tileShapes(made[4]!, 0).roads.map((road) => road.innerEnd)).toEqual(["cloister", "cloister", "cloister"]);
  });

  it("survives data it cannot draw: unknown kinds, sides out of range, no segments", () => {
    const odd = tile("Y6", [
      { name: "x", kind: FeatureKind.UNSPECIFIED },
      { name: "c1", kind: CITY, sides: [7, 0, 0] },
      { name: "r1", kind: ROAD, sides: [] },
      { name: "c2", kind: CITY, sides: [] },
    ]);
    const g = tileSvg(document, odd, 5);
    expect(g.getAttribute("data-rotation")).toBe("1");
    expect(g.querySelectorAll("[data-segment]").length).toBe(3);
    expect(tileShapes(odd, 1).cities[0]!.sides).toEqual([1]);
    expect(segmentAnchor(odd, 0, 0)).toEqual(CENTRE);
    expect(() => segmentAnchor(odd, 9, 0)).toThrow(RangeError);
    expect(tileSvg(document, tile("Y7", []), 0).querySelectorAll("[data-segment]").length).toBe(0);
  });
});

// The Count's block (C-1): the squares of each tile that are the city of Carcassonne, written out
// from ../shared/tiles/count.json (a square is the city where both its half-edges are marked
// "carcassonne"): NW, NE, SE, SW.
const CARCASSONNE_SQUARES: Record<string, string> = {
  CO1: "SE", CO2: "SE SW", CO3: "SE SW", CO4: "SW",
  CO5: "NE SE", CO6: "NW NE SE SW", CO7: "NW NE SE SW", CO8: "NW SW",
  CO9: "NE", CO10: "NW NE", CO11: "NW NE", CO12: "NW",
};
const SQUARE_NAMES: Record<string, string> = { "0,0": "NW", "50,0": "NE", "50,50": "SE", "0,50": "SW" };

describe("the Count's block tiles", () => {
  describe.each(COUNT_BLOCK_TILES.map((d) => [d.letter, d] as const))("%s", (letter, def) => {
    it("leaves the squares no segment owns to the city of Carcassonne", () => {
      const names = carcassonneSquares(def).map((r) => SQUARE_NAMES[`${r.x},${r.y}`]);
      expect(names.join(" ")).toBe(CARCASSONNE_SQUARES[letter]);
    });

    it.each(ROTATIONS)("rotation %i: geometry, anchors and SVG; roads end at the city gate", (r) => {
      const shapes = checkGeometry(def, r);
      checkSvg(def, r, shapes);
      expect(shapes.junction).toBeNull();
      for (const road of shapes.roads) expect(road.innerEnd).toBe("city");
      // No field, no anchor inside Carcassonne: it is no feature (C-1).
      for (const square of shapes.carcassonne) {
        const inner = { x: square.x + 1, y: square.y + 1, width: square.width - 2, height: square.height - 2 };
        for (const f of shapes.fields) {
          for (const run of f.runs) {
            const cx = run.x + run.width / 2;
            const overlapsX = run.x < inner.x + inner.width && run.x + run.width > inner.x;
            const overlapsY = run.y + run.height / 2 > inner.y && run.y + run.height / 2 < inner.y + inner.height;
            expect(overlapsX && overlapsY, `field ${f.segment} run at ${cx},${run.y}`).toBe(false);
          }
        }
        for (const a of shapes.anchors) expect(inRect(a, inner), `anchor ${a.x},${a.y}`).toBe(false);
      }
      const g = tileSvg(document, def, r);
      expect(g.querySelectorAll("[data-part=carcassonne]").length).toBe(shapes.carcassonne.length > 0 ? 1 : 0);
    });
  });

  it("ignores unowned half-edges on a tile that is not a block tile", () => {
    const plain = create(TileDefinitionSchema, { letter: "Z", segments: [{ name: "f1", kind: FeatureKind.FIELD, halfEdges: [0, 1] }] });
    expect(carcassonneSquares(plain)).toEqual([]);
    expect(tileShapes(plain, 0).carcassonne).toEqual([]);
    // Same segments, but a block tile: shapes of its own, not the cached ones of the plain tile.
    const asBlock = clone(TileDefinitionSchema, plain);
    asBlock.cityBlock = true;
    expect(tileShapes(asBlock, 0).carcassonne).toEqual([
      { x: 50, y: 50, width: 50, height: 50 },
      { x: 0, y: 50, width: 50, height: 50 },
    ]);
  });
});

describe("field and city", () => {
  it("lays masonry on every city of the base set, in every rotation, and none on a field", () => {
    for (const def of BASE_TILE_SET) {
      for (let rotation = 0; rotation < 4; rotation++) {
        const g = tileSvg(document, def, rotation);
        for (const city of g.querySelectorAll('[data-kind="city"]')) {
          const masonry = city.querySelector('[data-part="masonry"]');
          expect(masonry?.getAttribute("d") ?? "", `${def.letter}/${rotation}`).toMatch(/^M/);
        }
        expect(g.querySelector('[data-kind="field"] [data-part="masonry"]')).toBeNull();
      }
    }
  });
});

describe("shapes and elements", () => {
  it("reuses the shapes of an equal definition, as each snapshot decodes new copies", () => {
    const def = BASE_TILE_SET[3]!;
    expect(tileShapes(clone(TileDefinitionSchema, def), 1)).toBe(tileShapes(def, 1));
  });

  it("hands out a fresh element each time, so a caller may change it", () => {
    const def = BASE_TILE_SET[0]!;
    const first = tileSvg(document, def, 2);
    first.setAttribute("opacity", "0.5");
    first.querySelector("[data-segment]")!.remove();
    const second = tileSvg(document, def, 2);
    expect(second).not.toBe(first);
    expect(second.hasAttribute("opacity")).toBe(false);
    expect(second.querySelectorAll("[data-segment]").length).toBe(def.segments.length);
  });
});
