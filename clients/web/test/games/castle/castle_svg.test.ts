// @vitest-environment happy-dom

// The Castle drawn from its data alone: every shipped tile in every rotation (regions where
// their sides say, an anchor per region inside it and apart from the others), and the board
// (spaces, start spaces, the 100-field track along the wall with its 14 corner towers and 13
// wall tiles, followers, keeps, score markers, targets and the provenance caption).

import { describe, expect, it } from "vitest";
import { FOLLOWER_OUTLINE } from "../../../src/board/meeple";
import { castleBoardSvg, castleTrackLayout } from "../../../src/games/castle/castle_board_svg";
import { parseCastleBoard, parseCastleTiles, rotatedSide, sideParts, spaces, type CastleTileDef } from "../../../src/games/castle/castle_data";
import { castleRegionAnchors, castleTileShapes, castleTileSvg, type Point } from "../../../src/games/castle/castle_tile_svg";
import { CASTLE_BOARD_TEXT, CASTLE_TILES_TEXT } from "./castle_fixture";

const board = parseCastleBoard(CASTLE_BOARD_TEXT);
const tiles = parseCastleTiles(CASTLE_TILES_TEXT);
const T = 100;

// The frame written out again here: side midpoints, and which half of which side a point
// inside the tile lies over (the triangles between the centre and the half edges).
const MID: Point[] = [{ x: 50, y: 0 }, { x: 100, y: 50 }, { x: 50, y: 100 }, { x: 0, y: 50 }];

function halfUnder(p: Point): number {
  const dx = p.x - 50;
  const dy = p.y - 50;
  const side = Math.abs(dy) >= Math.abs(dx) ? (dy < 0 ? 0 : 2) : dx > 0 ? 1 : 3;
  // Clockwise halves: N west->east, E north->south, S east->west, W south->north.
  const first = [p.x < 50, p.y < 50, p.x > 50, p.y > 50][side]!;
  return 2 * side + (first ? 0 : 1);
}

function ownerOfHalf(tile: CastleTileDef, rotation: number, k: number): string {
  return sideParts(rotatedSide(tile, rotation, Math.floor(k / 2))).half[k % 2]!;
}

function segDist(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

describe("castle tiles", () => {
  for (const tile of tiles.tiles) {
    it(`${tile.id} draws in every rotation with one anchor per region`, () => {
      for (let r = 0; r < 4; ++r) {
        const g = castleTileSvg(document, tile, r);
        expect(g.getAttribute("data-tile")).toBe(tile.id);
        const ids = Object.keys(tile.regions);
        expect([...g.querySelectorAll("[data-region]")].map((e) => e.getAttribute("data-region"))).toEqual(
          expect.arrayContaining(ids),
        );
        expect(g.querySelectorAll("[data-region]")).toHaveLength(ids.length);
        expect(g.querySelectorAll('[data-part="market"]')).toHaveLength(
          Object.values(tile.regions).reduce((n, reg) => n + (reg.markets ?? 0), 0),
        );
        expect(g.querySelectorAll('[data-part="fountain"]')).toHaveLength(Object.values(tile.regions).filter((reg) => reg.fountain).length);

        const anchors = castleRegionAnchors(tile, r);
        expect(Object.keys(anchors)).toEqual(ids);
        for (const [id, a] of Object.entries(anchors)) {
          expect(a.x).toBeGreaterThan(0);
          expect(a.x).toBeLessThan(T);
          expect(a.y).toBeGreaterThan(0);
          expect(a.y).toBeLessThan(T);
          if (tile.regions[id]!.type === "path") {
            // On the stroke from one of its path points inwards.
            const sides = [0, 1, 2, 3].filter((s) => sideParts(rotatedSide(tile, r, s)).path === id);
            expect(Math.min(...sides.map((s) => segDist(a, MID[s]!, { x: 50, y: 50 })))).toBeLessThan(1e-6);
          } else {
            expect(ownerOfHalf(tile, r, halfUnder(a))).toBe(id);
          }
        }
        const list = Object.values(anchors);
        for (let i = 0; i < list.length; ++i) {
          for (let j = i + 1; j < list.length; ++j) expect(Math.hypot(list[i]!.x - list[j]!.x, list[i]!.y - list[j]!.y)).toBeGreaterThan(16);
        }
      }
    });
  }

  it("turns its halves with the rotation", () => {
    for (const tile of tiles.tiles) {
      const h0 = castleTileShapes(tile, 0).halves;
      const h1 = castleTileShapes(tile, 1).halves;
      for (let k = 0; k < 8; ++k) expect(h1[(k + 2) % 8]).toBe(h0[k]);
    }
  });

  it("scales with the size asked for", () => {
    const tile = tiles.tiles.find((t) => t.id === "K49")!;
    const big = castleRegionAnchors(tile, 2, 100);
    const small = castleRegionAnchors(tile, 2, 50);
    for (const id of Object.keys(big)) {
      expect(small[id]!.x).toBeCloseTo(big[id]!.x / 2);
      expect(small[id]!.y).toBeCloseTo(big[id]!.y / 2);
    }
    expect(castleTileSvg(document, tile, 0, 50).querySelectorAll('[data-part="square"]')).toHaveLength(1);
  });

  it("keeps two dead ends at buildings apart", () => {
    // K43: paths at E and W, each into a building of its own: two buildings, arms not joined.
    const tile = tiles.tiles.find((t) => t.id === "K43")!;
    const shapes = castleTileShapes(tile, 0);
    const ends = shapes.paths.map((p) => p.arms[0]!.to);
    expect(shapes.paths.map((p) => p.building)).not.toContain(null);
    expect(Math.hypot(ends[0]!.x - ends[1]!.x, ends[0]!.y - ends[1]!.y)).toBeGreaterThan(30);
  });
});

describe("castle board", () => {
  const placed = [
    { tile: "K09", x: 4, y: 1, rotation: 1 },
    { tile: "K20", x: 3, y: 1, rotation: 0 },
  ];
  const svg = castleBoardSvg(document, {
    board,
    tiles,
    placed,
    followers: [{ seat: 0, x: 4, y: 1, region: "t" }],
    keeps: [{ seat: 1, x: 3, y: 1, region: "h" }],
    scores: [12, 130],
    targets: [[5, 1], [4, 2]],
    spots: { x: 4, y: 1, regions: ["h", "c"] },
  });

  it("draws the spaces, the start spaces and the placed tiles", () => {
    expect(svg.querySelectorAll("[data-cell]")).toHaveLength(76);
    expect(svg.querySelectorAll("[data-start]")).toHaveLength(7);
    expect([...svg.querySelectorAll(".castle-tile")].map((t) => t.getAttribute("data-tile"))).toEqual(["K09", "K20"]);
  });

  it("lays 100 track fields, 14 corner towers and 13 wall tiles", () => {
    expect(svg.querySelectorAll("[data-field]")).toHaveLength(100);
    expect(svg.querySelectorAll("[data-tower]")).toHaveLength(14);
    expect(svg.querySelectorAll("[data-wall-tile]")).toHaveLength(13);
    expect(svg.querySelector('[data-tower="0"] [data-wall-tile]')).toBeNull();
    const some = board.track.corner_towers.map((_, i) => i % 2 === 1);
    const later = castleBoardSvg(document, { board, tiles, wallTiles: some });
    expect([...later.querySelectorAll("[data-wall-tile]")].map((e) => e.getAttribute("data-wall-tile"))).toEqual(["1", "3", "5", "7", "9", "11", "13"]);
  });

  it("shows where the board and tiles come from", () => {
    const caption = svg.querySelector("text[data-provenance]")!;
    expect(caption.getAttribute("data-provenance")).toBe("reconstruction");
    expect(caption.textContent).toBe("Board and tiles: the project's reconstruction, not the original components");
    const translated = castleBoardSvg(document, { board, tiles, caption: "Bord en tegels: reconstructie van het project" });
    expect(translated.querySelector("[data-provenance]")!.textContent).toBe("Bord en tegels: reconstructie van het project");
  });

  it("draws a follower at its region's anchor and a keep", () => {
    const f = svg.querySelector('[data-follower="0@4,1/t"]')!;
    const a = castleRegionAnchors(tiles.tiles.find((t) => t.id === "K09")!, 1).t!;
    expect(f.getAttribute("transform")).toBe(`translate(${400 + a.x} ${100 + a.y})`);
    expect(svg.querySelectorAll("[data-keep]")).toHaveLength(1);
    expect(svg.querySelector('[data-keep="1"]')).not.toBeNull();
  });

  it("outlines followers, keeps and score markers in the dark that stands out from the board", () => {
    expect(svg.querySelector(".follower path")!.getAttribute("stroke")).toBe(FOLLOWER_OUTLINE);
    expect(svg.querySelector("[data-keep] path")!.getAttribute("stroke")).toBe(FOLLOWER_OUTLINE);
    expect(svg.querySelector("[data-score] circle")!.getAttribute("stroke")).toBe(FOLLOWER_OUTLINE);
  });

  it("enlarges followers as asked, so they stay readable where the board is drawn small", () => {
    expect(svg.querySelector(".follower-body")!.hasAttribute("transform")).toBe(false);
    const small = castleBoardSvg(document, { board, tiles, placed, followers: [{ seat: 0, x: 4, y: 1, region: "t" }], followerScale: 2.5 });
    expect(small.querySelector(".follower-body")!.getAttribute("transform")).toBe("scale(2.5)");
    expect(small.querySelector("g.followers")!.getAttribute("pointer-events")).toBe("none");
  });

  it("makes the target spaces and the follower spots buttons", () => {
    const cells = [...svg.querySelectorAll("[data-space]")];
    expect(cells.map((c) => c.getAttribute("data-space"))).toEqual(["5,1", "4,2"]);
    for (const c of cells) {
      expect(c.getAttribute("role")).toBe("button");
      expect(c.getAttribute("tabindex")).toBe("0");
    }
    expect([...svg.querySelectorAll("[data-spot]")].map((s) => s.getAttribute("data-spot"))).toEqual(["h", "c"]);
  });

  it("zooms onto a square round a space for the follower step, kept inside the board", () => {
    const box = (zoom: { x: number; y: number; size: number }) =>
      castleBoardSvg(document, { board, tiles, zoom }).getAttribute("viewBox")!.split(" ").map(Number);
    // Centred on space (4, 5): its centre (450, 550) in the middle of a 265-unit square.
    expect(box({ x: 4, y: 5, size: 265 })).toEqual([317.5, 417.5, 265, 265]);
    // At the north-west corner the square stops at the board's edge (its margin of 70).
    expect(box({ x: 0, y: 0, size: 265 })).toEqual([-70, -70, 265, 265]);
    // Larger than the board: the whole board.
    const whole = castleBoardSvg(document, { board, tiles }).getAttribute("viewBox");
    expect(box({ x: 4, y: 5, size: 5000 }).join(" ")).toBe(whole);
  });

  it("puts the score markers on their fields, with a lap past the last", () => {
    expect(svg.querySelector('[data-score="0"]')!.getAttribute("data-score-field")).toBe("12");
    expect(svg.querySelector('[data-score="0"] [data-laps]')).toBeNull();
    expect(svg.querySelector('[data-score="1"]')!.getAttribute("data-score-field")).toBe("30");
    expect(svg.querySelector('[data-score="1"] [data-laps]')!.textContent).toBe("+100");
  });
});

describe("the score track", () => {
  const layout = castleTrackLayout(board, T);
  const onOutline = (p: Point): boolean =>
    layout.outline.some((a, i) => segDist(p, a, layout.outline[(i + 1) % layout.outline.length]!) < 1e-6);

  it("stands every tower on its corner, with its two fields under it", () => {
    board.track.corner_towers.forEach((t, i) => {
      const tower = layout.towers[i]!;
      expect([tower.x, tower.y]).toEqual([t.corner![0] * T, t.corner![1] * T]);
      for (const f of t.fields) {
        const field = layout.fields[f]!;
        expect(field.tower).toBe(i);
        expect(Math.hypot(field.x - tower.x, field.y - tower.y)).toBeLessThan(0.17 * T);
      }
    });
  });

  it("spreads the plain fields evenly along the wall between two towers", () => {
    for (const f of layout.fields) expect(onOutline(f)).toBe(true);
    // Fields 2..11 between the towers at (2, 0) and (8, 0): eleven equal steps along the north wall.
    for (let f = 2; f <= 11; ++f) {
      expect(layout.fields[f]!.x).toBeCloseTo(200 + ((f - 1) * 600) / 11);
      expect(layout.fields[f]!.y).toBeCloseTo(0);
      expect([layout.fields[f]!.nx, layout.fields[f]!.ny]).toEqual([0, -1]);
    }
    // 98 and 99 between (2, 1) and (2, 0), going north, back to field 0.
    expect(layout.fields[98]!.x).toBeCloseTo(200);
    expect(layout.fields[98]!.y).toBeCloseTo(100 - 100 / 3);
    expect(layout.fields[99]!.y).toBeCloseTo(100 / 3);
  });

  it("follows a board of any shape, towers without a corner included", () => {
    const small = parseCastleBoard(JSON.stringify({
      format: "carcassonne-castle-board/1",
      provenance: "test",
      rows: ["##", "##"],
      start_spaces: [],
      track: { length: 12, corner_towers: [
        { fields: [0, 1], wall_tile: false, corner: [0, 0] },
        { fields: [3, 4], corner: [2, 0] },
        { fields: [6, 7] },
        { fields: [9, 10], corner: [0, 2] },
      ] },
    }));
    expect(spaces(small)).toHaveLength(4);
    const l = castleTrackLayout(small, T);
    expect(l.fields).toHaveLength(12);
    expect([l.towers[1]!.x, l.towers[1]!.y]).toEqual([200, 0]);
    // Halfway by field numbers between (2, 0) and (0, 2) along the wall: the corner (2, 2).
    expect([l.towers[2]!.x, l.towers[2]!.y]).toEqual([200, 200]);
    expect([l.fields[2]!.x, l.fields[2]!.y]).toEqual([100, 0]);
    const svg = castleBoardSvg(document, { board: small, tiles });
    expect(svg.querySelectorAll("[data-wall-tile]")).toHaveLength(3);
    expect(svg.querySelector("[data-provenance]")!.textContent).toBe("Board: test. Tiles: the project's reconstruction, not the original components");
  });
});
