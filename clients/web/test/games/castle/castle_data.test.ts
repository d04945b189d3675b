// The Castle's data files as the client reads them (docs/castle-data.md): the shipped board and
// tiles parse with the counts of K-2 and K-3, the side helpers follow the documented frame, the
// wall is every side of a space that faces no space, and a file of the wrong kind is refused
// with a message that says why.

import { describe, expect, it } from "vitest";
import {
  parseCastleBoard,
  parseCastleTiles,
  provenanceCaption,
  rotatedSide,
  sideParts,
  isSpace,
  loopLength,
  spaces,
  wallOutline,
  wallSides,
} from "../../../src/games/castle/castle_data";
import { CASTLE_BOARD_TEXT, CASTLE_TILES_TEXT } from "./castle_fixture";

const board = parseCastleBoard(CASTLE_BOARD_TEXT);
const tiles = parseCastleTiles(CASTLE_TILES_TEXT);

describe("the shipped files", () => {
  it("hold the counts of the rules", () => {
    expect(spaces(board)).toHaveLength(76);
    expect(board.start_spaces).toHaveLength(7);
    expect(tiles.tiles.reduce((n, t) => n + (t.count ?? 1), 0)).toBe(60);
    expect(board.track.length).toBe(100);
    expect(board.track.corner_towers).toHaveLength(14);
    expect(board.track.corner_towers.filter((t) => t.wall_tile === false)).toHaveLength(1);
  });

  it("say they are the project's reconstruction", () => {
    expect(board.provenance).toBe("reconstruction");
    expect(tiles.provenance).toBe("reconstruction");
    expect(board.note).toMatch(/not the real/);
    expect(provenanceCaption(board.provenance, tiles.provenance)).toBe(
      "Board and tiles: the project's reconstruction, not the original components",
    );
    expect(provenanceCaption("transcription", "reconstruction")).toMatch(/^Board: transcribed.*Tiles: the project's reconstruction/);
  });

  it("find spaces by the rows picture", () => {
    // Row 0 is "..######.", row 8 "##.#####.": the nook at (2, 8) is outside.
    expect(isSpace(board, 0, 0)).toBe(false);
    expect(isSpace(board, 2, 0)).toBe(true);
    expect(isSpace(board, 8, 0)).toBe(false);
    expect(isSpace(board, 2, 8)).toBe(false);
    expect(isSpace(board, 3, 8)).toBe(true);
    expect(isSpace(board, -1, 3)).toBe(false);
    expect(spaces(board)[0]).toEqual([2, 0]);
  });
});

describe("sides", () => {
  it("split into halves and a path point", () => {
    expect(sideParts("c p c")).toEqual({ half: ["c", "c"], path: "p" });
    expect(sideParts("t - h")).toEqual({ half: ["t", "h"], path: null });
    expect(() => sideParts("t h")).toThrow(/three words/);
  });

  it("turn with the tile: board side s shows the tile's side (s - r) mod 4", () => {
    const k09 = tiles.tiles.find((t) => t.id === "K09")!;
    expect(k09.sides).toEqual({ N: "t - h", E: "h - h", S: "c - c", W: "c - t" });
    expect(rotatedSide(k09, 0, "N")).toBe("t - h");
    // A quarter turn clockwise: the tile's north is now east, its west now north.
    expect(rotatedSide(k09, 1, "E")).toBe("t - h");
    expect(rotatedSide(k09, 1, "N")).toBe("c - t");
    expect(rotatedSide(k09, 1, 2)).toBe("h - h");
    expect(rotatedSide(k09, 3, "N")).toBe("h - h");
    expect(rotatedSide(k09, 2, "W")).toBe("h - h");
    expect(rotatedSide(k09, 5, "E")).toBe(rotatedSide(k09, 1, "E"));
  });
});

describe("the wall", () => {
  // The note says there is a corner tower on each of the 14 bends, listed clockwise: the outline
  // is the loop through their corners, and its length is the sum of the steps between them.
  const corners = board.track.corner_towers.map((t) => t.corner!);
  const perimeter = corners.reduce((n, c, i) => {
    const d = corners[(i + 1) % corners.length]!;
    return n + Math.abs(d[0] - c[0]) + Math.abs(d[1] - c[1]);
  }, 0);

  it("is every side of a space that faces no space", () => {
    expect(perimeter).toBe(38);
    expect(wallSides(board)).toHaveLength(perimeter);
    for (const w of wallSides(board)) {
      const dx = [0, 1, 0, -1][w.side]!;
      const dy = [-1, 0, 1, 0][w.side]!;
      expect(isSpace(board, w.x, w.y)).toBe(true);
      expect(isSpace(board, w.x + dx, w.y + dy)).toBe(false);
    }
  });

  it("runs clockwise round one loop whose bends are the towers' corners", () => {
    const loops = wallOutline(board);
    expect(loops).toHaveLength(1);
    expect(loopLength(loops[0]!)).toBe(perimeter);
    const start = loops[0]!.findIndex((p) => p[0] === 2 && p[1] === 0);
    const fromTower0 = [...loops[0]!.slice(start), ...loops[0]!.slice(0, start)];
    expect(fromTower0).toEqual(corners);
  });

  it("keeps a hole's wall apart from the outer wall", () => {
    const ring = parseCastleBoard(
      JSON.stringify({ ...JSON.parse(CASTLE_BOARD_TEXT), rows: ["###", "#.#", "###"], start_spaces: [] }),
    );
    const loops = wallOutline(ring);
    expect(loops.map(loopLength)).toEqual([12, 4]);
    expect(wallSides(ring)).toHaveLength(16);
  });
});

describe("parse errors", () => {
  const boardJson = (): Record<string, unknown> => JSON.parse(CASTLE_BOARD_TEXT) as Record<string, unknown>;
  const tilesJson = (): { tiles: Record<string, unknown>[] } & Record<string, unknown> =>
    JSON.parse(CASTLE_TILES_TEXT) as { tiles: Record<string, unknown>[] } & Record<string, unknown>;

  it("refuse a wrong format string", () => {
    expect(() => parseCastleBoard(JSON.stringify({ ...boardJson(), format: "carcassonne-castle-board/2" }))).toThrow(
      'board: format must be "carcassonne-castle-board/1", not "carcassonne-castle-board/2"',
    );
    expect(() => parseCastleTiles(CASTLE_BOARD_TEXT)).toThrow(/^tiles: format must be "carcassonne-castle-tiles\/1"/);
    expect(() => parseCastleBoard(CASTLE_TILES_TEXT)).toThrow(/^board: format must be/);
    const { format: _, ...noFormat } = boardJson();
    expect(() => parseCastleBoard(JSON.stringify(noFormat))).toThrow('board: missing "format"');
  });

  it("refuse text that is not JSON or not an object", () => {
    expect(() => parseCastleBoard("{")).toThrow(/^board: not valid JSON/);
    expect(() => parseCastleTiles("[]")).toThrow("tiles: expected a JSON object");
  });

  it("refuse a shape the drawing cannot follow", () => {
    expect(() => parseCastleBoard(JSON.stringify({ ...boardJson(), rows: ["##", "###"] }))).toThrow("rows of different lengths");
    expect(() => parseCastleBoard(JSON.stringify({ ...boardJson(), rows: ["#x"] }))).toThrow("only hold '#' and '.'");
    const t = tilesJson();
    t.tiles[0]!.sides = { N: "t - t", E: "t - t", S: "c - c", W: "c - q" };
    expect(() => parseCastleTiles(JSON.stringify(t))).toThrow("tile K01 side W: no region 'q'");
    const u = tilesJson();
    u.tiles[0]!.regions = { t: { type: "keep" }, c: { type: "court" } };
    expect(() => parseCastleTiles(JSON.stringify(u))).toThrow("type must be path, tower, house or court, not 'keep'");
    const v = tilesJson();
    v.tiles[0]!.sides = { N: "t - t", E: "t c t", S: "c - c", W: "c - c" };
    expect(() => parseCastleTiles(JSON.stringify(v))).toThrow("region 'c' at a path point is no path");
    const w = tilesJson();
    w.tiles[0]!.regions = { t: { type: "tower" }, c: { type: "court" }, x: { type: "house" } };
    expect(() => parseCastleTiles(JSON.stringify(w))).toThrow("tile K01: region 'x' is on no side");
    const b = boardJson() as { track: { corner_towers: Record<string, unknown>[] } };
    b.track.corner_towers[1]!.fields = [12, 100];
    expect(() => parseCastleBoard(JSON.stringify(b))).toThrow("field 100 off the track");
  });
});
