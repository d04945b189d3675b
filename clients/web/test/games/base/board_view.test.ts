// @vitest-environment happy-dom

// The board's gestures: a drag pans, the wheel zooms about the cursor, two fingers pinch, and a
// tap (a press that barely moves) chooses the highlighted cell under it; a drag does not.

import { afterEach, describe, expect, it } from "vitest";
import { BoardView, type BoardModel } from "../../../src/games/base/board/board_view";
import { placed } from "./helpers";
import { BASE_TILE_SET } from "./tile_set_fixture";

const defs = new Map(BASE_TILE_SET.map((d) => [d.letter, d]));

function model(): BoardModel {
  return {
    tiles: [placed("D", 0, 0, 0)],
    defs,
    followers: [],
    colourOf: () => undefined,
    candidates: [{ x: 1, y: 0 }],
    labels: { board: "board", cell: (x, y) => `cell ${x},${y}`, spot: () => "spot" },
  };
}

function setup() {
  const chosen: string[] = [];
  const board = new BoardView(document, {
    cellChosen: (c) => chosen.push(`${c.x},${c.y}`),
    spotChosen: (s) => chosen.push(`spot ${s}`),
  });
  document.body.appendChild(board.element);
  board.update(model());
  return { board, chosen, svg: board.element.querySelector("svg")! };
}

function pointer(type: string, target: EventTarget, id: number, x: number, y: number): void {
  target.dispatchEvent(new PointerEvent(type, { pointerId: id, clientX: x, clientY: y, button: 0, pointerType: "touch", bubbles: true }));
}

afterEach(() => document.body.replaceChildren());

describe("board gestures", () => {
  it("fits the board, tile and candidates, when it is first shown", () => {
    const { board, svg } = setup();
    expect(svg.getAttribute("viewBox")).not.toBeNull();
    const cam = board.currentCamera;
    // Tiles (0,0) and the candidate (1,0) span x 0..200: the centre is between them.
    expect(cam.cx).toBe(100);
    expect(cam.cy).toBe(50);
  });

  it("pans with a drag and does not choose the cell the drag started on", () => {
    const { board, chosen } = setup();
    const cell = document.querySelector('[data-cell="1,0"]')!;
    const before = board.currentCamera;
    pointer("pointerdown", cell, 1, 100, 100);
    pointer("pointermove", window, 1, 140, 130);
    pointer("pointerup", window, 1, 140, 130);
    const after = board.currentCamera;
    expect(after.cx).toBeCloseTo(before.cx - 40 / before.scale);
    expect(after.cy).toBeCloseTo(before.cy - 30 / before.scale);
    expect(chosen).toEqual([]);
  });

  it("chooses a cell on a tap", () => {
    const { chosen } = setup();
    const cell = document.querySelector('[data-cell="1,0"]')!;
    pointer("pointerdown", cell, 1, 100, 100);
    pointer("pointermove", window, 1, 102, 101);
    pointer("pointerup", window, 1, 102, 101);
    expect(chosen).toEqual(["1,0"]);
  });

  it("zooms with the wheel and with a pinch, and fits again on request", () => {
    const { board, svg } = setup();
    const start = board.currentCamera.scale;
    svg.dispatchEvent(new WheelEvent("wheel", { deltaY: -200, clientX: 400, clientY: 300, bubbles: true, cancelable: true }));
    const wheeled = board.currentCamera.scale;
    expect(wheeled).toBeGreaterThan(start);
    pointer("pointerdown", svg, 1, 300, 300);
    pointer("pointerdown", svg, 2, 400, 300);
    pointer("pointermove", window, 2, 500, 300); // the fingers move apart: twice the distance
    expect(board.currentCamera.scale).toBeCloseTo(Math.min(4, wheeled * 2));
    pointer("pointerup", window, 1, 300, 300);
    pointer("pointerup", window, 2, 500, 300);
    board.fitBoard();
    expect(board.currentCamera.scale).toBeCloseTo(start);
  });
});
