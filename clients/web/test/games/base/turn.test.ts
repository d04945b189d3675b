// The placement choice offers exactly the server's legal moves: cells, rotations per cell,
// tiles of a hand; a choice that stops being legal is dropped.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { PlacementSchema, type Placement } from "../../../src/gen/carc/v1/base_game_pb";
import {
  candidateCells,
  chooseCell,
  isComplete,
  legalRotations,
  placeableTiles,
  revalidate,
  rotate,
} from "../../../src/games/base/turn";

const p = (tile: string, x: number, y: number, rotation: number): Placement =>
  create(PlacementSchema, { tile, position: { x, y }, rotation });

const moves = [p("E", 1, 0, 1), p("E", 1, 0, 3), p("E", 0, -1, 2), p("E", 1, 0, 0), p("K", 2, 0, 0)];

describe("placement choice", () => {
  it("lists each cell once, per tile, in the server's order", () => {
    expect(candidateCells(moves, "E")).toEqual([{ x: 1, y: 0 }, { x: 0, y: -1 }]);
    expect(candidateCells(moves, "K")).toEqual([{ x: 2, y: 0 }]);
    expect(placeableTiles(moves)).toEqual(["E", "K"]);
  });

  it("starts a cell at its first legal rotation and steps only through legal ones", () => {
    expect(legalRotations(moves, "E", 1, 0)).toEqual([0, 1, 3]);
    let sel = chooseCell(moves, { tile: "E" }, 1, 0);
    expect(sel).toEqual({ tile: "E", x: 1, y: 0, rotation: 0 });
    sel = rotate(moves, sel, 1);
    expect(sel.rotation).toBe(1);
    sel = rotate(moves, sel, 1);
    expect(sel.rotation).toBe(3);
    sel = rotate(moves, sel, 1);
    expect(sel.rotation).toBe(0);
    sel = rotate(moves, sel, -1);
    expect(sel.rotation).toBe(3);
    // A second tap on the chosen cell turns the tile too.
    sel = chooseCell(moves, sel, 1, 0);
    expect(sel.rotation).toBe(0);
    expect(isComplete(moves, sel)).toBe(true);
  });

  it("ignores cells without a legal placement", () => {
    const sel = chooseCell(moves, { tile: "E" }, 5, 5);
    expect(sel).toEqual({ tile: "E" });
    expect(isComplete(moves, sel)).toBe(false);
  });

  it("keeps a choice only while it is legal", () => {
    const sel = { tile: "E", x: 0, y: -1, rotation: 2 };
    expect(revalidate(moves, sel)).toEqual(sel);
    expect(revalidate([p("E", 1, 0, 1)], sel)).toEqual({ tile: "E" });
    expect(revalidate([p("K", 2, 0, 0)], sel)).toEqual({ tile: "K" });
    expect(revalidate([], sel)).toEqual({ tile: "" });
  });
});
