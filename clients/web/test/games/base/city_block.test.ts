// The city of Carcassonne over the Count's block (C-1), from the server's own tile data: one
// wall round the squares no segment owns, gates where the block's three roads arrive, and the
// four quarters' badges inside the wall, apart from each other and from the gates.

import { describe, expect, it } from "vitest";
import { Quarter } from "../../../src/gen/carc/v1/base_game_pb";
import { BADGE, QUARTER_ORDER, cityBlockLayout, traceOutline } from "../../../src/games/base/board/city_block";
import { TILE } from "../../../src/games/base/board/tile_plane";
import { COUNT_TILE_SET, countBlockPlaced } from "./count_tile_set_fixture";
import { placed } from "./helpers";
import { BASE_TILE_SET } from "./tile_set_fixture";

const defs = new Map(COUNT_TILE_SET.map((d) => [d.letter, d]));

describe("the layout of the city block", () => {
  const layout = cityBlockLayout([...countBlockPlaced(), placed("U", -3, -1, 1)], defs)!;

  it("walls in the block half a tile inside its edge: one rectangle", () => {
    // The block spans x -200..200, y -100..200; fields run round it half a tile deep.
    expect(layout.outline).toEqual([
      [
        { x: -150, y: -50 },
        { x: 150, y: -50 },
        { x: 150, y: 150 },
        { x: -150, y: 150 },
      ],
    ]);
    expect(layout.bounds).toEqual({ x: -150, y: -50, width: 300, height: 200 });
  });

  it("has a gate where each of the block's roads reaches the wall", () => {
    const near = (p: { x: number; y: number }, x: number, y: number) => Math.hypot(p.x - x, p.y - y) < 3;
    expect(layout.gates).toHaveLength(3);
    // West road of CO1, north road of CO4, south road of CO11.
    expect(layout.gates.some((g) => near(g, -150, -50))).toBe(true);
    expect(layout.gates.some((g) => near(g, 150, -50))).toBe(true);
    expect(layout.gates.some((g) => near(g, 50, 150))).toBe(true);
  });

  it("puts the four quarters clockwise from the castle, inside the wall and apart", () => {
    expect(layout.quarters.map((q) => q.quarter)).toEqual([Quarter.CASTLE, Quarter.MARKET, Quarter.BLACKSMITH, Quarter.CATHEDRAL]);
    const boxes = layout.quarters.map(({ centre }) => ({
      x0: centre.x - BADGE.width / 2,
      x1: centre.x + BADGE.width / 2,
      y0: centre.y - BADGE.height / 2,
      y1: centre.y + BADGE.height / 2,
    }));
    const b = layout.bounds;
    for (const box of boxes) {
      expect(box.x0).toBeGreaterThan(b.x);
      expect(box.x1).toBeLessThan(b.x + b.width);
      expect(box.y0).toBeGreaterThan(b.y);
      expect(box.y1).toBeLessThan(b.y + b.height);
      for (const g of layout.gates) {
        const inside = g.x > box.x0 - 9 && g.x < box.x1 + 9 && g.y > box.y0 - 9 && g.y < box.y1 + 9;
        expect(inside, `gate ${g.x},${g.y}`).toBe(false);
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [p, q] = [boxes[i]!, boxes[j]!];
        const overlap = p.x0 < q.x1 && q.x0 < p.x1 && p.y0 < q.y1 && q.y0 < p.y1;
        expect(overlap, `${QUARTER_ORDER[i]} and ${QUARTER_ORDER[j]}`).toBe(false);
      }
    }
    // Roughly where count.json puts them: the castle north of the market, the cathedral west.
    const at = new Map(layout.quarters.map((q) => [q.quarter, q.centre]));
    expect(at.get(Quarter.CASTLE)!.y).toBeLessThan(at.get(Quarter.MARKET)!.y);
    expect(at.get(Quarter.MARKET)!.y).toBeLessThan(at.get(Quarter.BLACKSMITH)!.y);
    expect(at.get(Quarter.CATHEDRAL)!.x).toBeLessThan(at.get(Quarter.CASTLE)!.x);
  });

  it("follows the block wherever it lies", () => {
    const moved = countBlockPlaced().map((t) => placed(t.tile, (t.position?.x ?? 0) + 3, (t.position?.y ?? 0) - 2, 0));
    const shifted = cityBlockLayout(moved, defs)!;
    expect(shifted.outline[0]![0]).toEqual({ x: -150 + 3 * TILE, y: -50 - 2 * TILE });
    expect(shifted.quarters[0]!.centre.x).toBeCloseTo(layout.quarters[0]!.centre.x + 3 * TILE);
  });

  it("is absent in a game without the Count", () => {
    const base = new Map(BASE_TILE_SET.map((d) => [d.letter, d]));
    expect(cityBlockLayout([placed("D", 0, 0, 0)], base)).toBeUndefined();
  });
});

describe("tracing an outline of squares", () => {
  const set = (...keys: string[]) => new Set(keys);

  it("gives one loop for an L and keeps only its corners", () => {
    expect(traceOutline(set("0,0", "1,0", "0,1"))).toEqual([
      [
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 2, y: 1 },
        { x: 1, y: 1 },
        { x: 1, y: 2 },
        { x: 0, y: 2 },
      ],
    ]);
  });

  it("gives a ring two loops: the outside clockwise, the hole the other way", () => {
    const ring = set("0,0", "1,0", "2,0", "0,1", "2,1", "0,2", "1,2", "2,2");
    const loops = traceOutline(ring);
    expect(loops).toHaveLength(2);
    const area = (loop: { x: number; y: number }[]) =>
      loop.reduce((s, p, i) => s + p.x * loop[(i + 1) % loop.length]!.y - loop[(i + 1) % loop.length]!.x * p.y, 0) / 2;
    expect(loops.map(area).sort((a, b) => a - b)).toEqual([-1, 9]);
  });
});
