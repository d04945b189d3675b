// @vitest-environment happy-dom

// The board's gestures: a drag pans, the wheel zooms about the cursor, two fingers pinch, and a
// tap (a press that barely moves) chooses the highlighted cell under it; a drag does not.

import { afterEach, describe, expect, it } from "vitest";
import { BoardView, type BoardModel } from "../../../src/games/base/board/board_view";
import { FeatureKind } from "../../../src/gen/carc/v1/base_game_pb";
import { FOLLOWER_SIDE, MIN_FOLLOWER_PX } from "../../../src/board/meeple";
import { COLOURS } from "../../../src/ui/colours";
import { follower, placed } from "./helpers";
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

describe("followers on the board", () => {
  /** The on-screen size of a follower's narrower side: its units times its scale times the view's. */
  function followerPx(board: BoardView, svg: SVGSVGElement): number {
    const body = svg.querySelector(".follower > .follower-body")!;
    const k = Number(/scale\(([\d.]+)\)/.exec(body.getAttribute("transform") ?? "")?.[1] ?? 1);
    return FOLLOWER_SIDE * k * board.currentCamera.scale;
  }

  it("keep a readable size however far the board is zoomed out, their own size zoomed in", () => {
    const { board, svg } = setup();
    board.update({ ...model(), followers: [follower(0, 0, 0, 0, FeatureKind.CITY)], colourOf: (seat) => COLOURS[seat] });
    for (let i = 0; i < 12; i++) board.zoom(0.7);
    expect(board.currentCamera.scale).toBeLessThan(0.2);
    expect(followerPx(board, svg)).toBeCloseTo(MIN_FOLLOWER_PX, 1);
    for (let i = 0; i < 12; i++) board.zoom(1.5);
    expect(board.currentCamera.scale).toBeGreaterThan(2);
    expect(svg.querySelector(".follower-body")!.hasAttribute("transform")).toBe(false);
    expect(followerPx(board, svg)).toBeGreaterThan(MIN_FOLLOWER_PX);
  });

  it("let taps through to the squares under them", () => {
    const { svg } = setup();
    expect(svg.querySelector("g.followers")!.getAttribute("pointer-events")).toBe("none");
  });
});

describe("the board on a phone", () => {
  /** A board element of 390x420 px, as on the 390x844 phone: the zoom buttons cover its right
   * 60 px, the bar of turn controls its bottom 50 px. */
  function phone(m: BoardModel) {
    const covered = () => ({ top: 0, right: 60, bottom: 50, left: 0 });
    const board = new BoardView(document, { cellChosen: () => undefined, spotChosen: () => undefined, covered });
    Object.defineProperty(board.element, "clientWidth", { value: 390 });
    Object.defineProperty(board.element, "clientHeight", { value: 420 });
    document.body.appendChild(board.element);
    board.update(m);
    return board;
  }
  /** A row of 21 tiles with a square at each end: too wide for a finger-sized whole view. */
  function wide(): BoardModel {
    const tiles = Array.from({ length: 21 }, (_, i) => placed("D", i - 10, 0, 0));
    return { ...model(), tiles, candidates: [{ x: -11, y: 0 }, { x: 11, y: 0 }, { x: 10, y: 1 }, { x: 9, y: 1 }] };
  }

  it("shows every square a tile may go to at the turn's start, clear of the controls (point 1)", () => {
    const board = phone(wide());
    const cam = board.currentCamera;
    // Where a board unit lands in the element's pixels.
    const px = (x: number) => (x - cam.cx) * cam.scale + 390 / 2;
    const py = (y: number) => (y - cam.cy) * cam.scale + 420 / 2;
    for (const c of wide().candidates) {
      expect(px(c.x * 100)).toBeGreaterThanOrEqual(0);
      expect(px(c.x * 100 + 100)).toBeLessThanOrEqual(390 - 60);
      expect(py(c.y * 100)).toBeGreaterThanOrEqual(0);
      expect(py(c.y * 100 + 100)).toBeLessThanOrEqual(420 - 50);
    }
    // The player zooms in and moves on; the next turn's start shows every square again.
    board.zoom(3);
    board.update({ ...wide(), candidates: [] });
    board.update(wide());
    expect(board.currentCamera).toEqual(cam);
  });

  it("brings a square reached by Tab outside the view into it", () => {
    const board = phone(wide());
    const far = document.querySelector<SVGElement>('[data-cell="-11,0"]')!;
    far.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    board.zoom(4);  // close enough that the far square is out of view
    far.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    const cam = board.currentCamera;
    expect(cam.cx).toBe(-1100 + 50);
    // The view stays where the player took it through the next update (choosing the square).
    board.update({ ...wide(), preview: { letter: "D", x: -11, y: 0, rotation: 0 } });
    expect(board.currentCamera.cx).toBe(-1050);
    // The player's next turn starts with every square in view again.
    board.update({ ...wide(), candidates: [] });
    board.update(wide());
    expect(board.currentCamera.cx).not.toBe(-1050);
  });

  it("zooms to the tile just placed for its follower spots, each at least 44 px", () => {
    const board = phone(wide());
    board.zoom(0.2); // the player zoomed far out
    board.update({ ...wide(), candidates: [], spots: { x: 10, y: 0, letter: "D", rotation: 0, segments: [{ segment: 0, kind: 1 }] } });
    const cam = board.currentCamera;
    expect(cam.cx).toBe(1050);
    const r = Number(document.querySelector("[data-spot]")!.getAttribute("r"));
    expect(2 * r * cam.scale).toBeGreaterThanOrEqual(44);
  });

  it("fits the whole board on a desktop-sized one, however small the squares", () => {
    const board = new BoardView(document, { cellChosen: () => undefined, spotChosen: () => undefined });
    Object.defineProperty(board.element, "clientWidth", { value: 800 });
    Object.defineProperty(board.element, "clientHeight", { value: 600 });
    document.body.appendChild(board.element);
    board.update(wide());
    // 23 squares and half a tile each side: 2,400 units in 800 px.
    expect(board.currentCamera.scale).toBeCloseTo(800 / 2400);
  });

  it("treats a touch screen as fingers however wide: the follower spots come close up on a tablet", () => {
    const real = window.matchMedia;
    window.matchMedia = ((q: string) => ({ matches: q === "(pointer: coarse)", media: q }) as MediaQueryList) as typeof window.matchMedia;
    try {
      const board = new BoardView(document, { cellChosen: () => undefined, spotChosen: () => undefined });
      Object.defineProperty(board.element, "clientWidth", { value: 740 });
      Object.defineProperty(board.element, "clientHeight", { value: 600 });
      document.body.appendChild(board.element);
      board.update({ ...wide(), candidates: [], spots: { x: 10, y: 0, letter: "D", rotation: 0, segments: [{ segment: 0, kind: 1 }] } });
      expect(board.currentCamera.cx).toBe(1050);
    } finally {
      window.matchMedia = real;
    }
  });

  it("draws what the last move scored on its feature, readable at any zoom, and shows a log line's tiles", () => {
    const { board, svg } = setup();
    const red = { name: "red", fill: "#d21114", ink: "#ffffff", shape: "■", label: "colour.red" as const };
    board.update({ ...model(), scored: [{ cells: [{ x: 0, y: 0 }, { x: 1, y: 0 }], points: 4, colours: [red] }] });
    const mark = svg.querySelector<SVGGElement>(".score-mark")!;
    expect(mark.getAttribute("data-points")).toBe("4");
    expect(mark.textContent).toBe("+4");
    // On the middle of the feature's two tiles.
    expect(mark.getAttribute("transform")).toBe("translate(100 50)");
    expect(mark.querySelector("rect")?.getAttribute("fill")).toBe("#d21114");
    // The label grows as the board zooms out: 30 units stay at least 22 px on screen.
    board.zoom(0.3);
    const scale = board.currentCamera.scale;
    const k = Number(svg.style.getPropertyValue("--label-scale"));
    expect(30 * scale * k).toBeGreaterThanOrEqual(21.99);
    // A log line's tile far off the view: marked, and the view goes there.
    board.update({ ...model(), pointed: [{ x: 30, y: -20 }] });
    expect(svg.querySelector('[data-pointed="30,-20"]')).not.toBeNull();
    board.show([{ x: 30, y: -20 }]);
    expect(board.currentCamera.cx).toBeCloseTo(3050);
    expect(board.currentCamera.cy).toBeCloseTo(-1950);
  });

  it("marks the edge beyond which squares lie once the view is moved, and shows them all again (point 1)", () => {
    const { board, svg } = setup();
    const markers = () => [...board.element.querySelectorAll<HTMLButtonElement>(".edge-marker")];
    // Fitted: the candidate (1,0) is in view, no marker.
    expect(markers()).toHaveLength(0);
    // The board dragged far to the right: the square went with it, beyond the right edge.
    const before = board.currentCamera;
    pointer("pointerdown", svg, 1, 100, 100);
    pointer("pointermove", window, 1, 100 + 2000, 100);
    pointer("pointerup", window, 1, 100 + 2000, 100);
    expect(board.currentCamera.cx).toBeLessThan(before.cx);
    const right = markers();
    expect(right.map((m) => [m.dataset.edge, m.dataset.count])).toEqual([["right", "1"]]);
    expect(right[0]!.getAttribute("aria-label")).toBe("1 more square to the right: show all");
    right[0]!.click();
    expect(board.currentCamera).toEqual(before);
    expect(markers()).toHaveLength(0);
  });

  it("moves the focus among the squares with the arrow keys, and keeps it on the board when a step is drawn anew (point 11)", () => {
    const { board } = setup();
    const many = { ...model(), candidates: [{ x: 1, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 1 }, { x: 3, y: -2 }] };
    board.update(many);
    const cell = (at: string) => document.querySelector<SVGElement>(`[data-cell="${at}"]`)!;
    const key = (el: Element, k: string) => {
      const e = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
      el.dispatchEvent(e);
      return e.defaultPrevented;
    };
    cell("1,0").focus();
    expect(key(cell("1,0"), "ArrowRight")).toBe(true);
    expect(document.activeElement?.getAttribute("data-cell")).toBe("2,0");
    key(cell("2,0"), "ArrowLeft");
    key(cell("1,0"), "ArrowDown");
    expect(document.activeElement?.getAttribute("data-cell")).toBe("1,1");
    // Nothing further down: the key is left to the page (which pans the view).
    expect(key(cell("1,1"), "ArrowDown")).toBe(false);
    expect(document.activeElement?.getAttribute("data-cell")).toBe("1,1");
    // The squares drawn anew (the element with the focus is gone): the focus stays on the board.
    board.update({ ...many, candidates: [{ x: 3, y: -2 }] });
    expect(document.activeElement?.getAttribute("data-cell")).toBe("3,-2");
    // After a tap elsewhere the focus is the player's business again.
    document.body.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    (document.activeElement as HTMLElement | null)?.blur();
    board.update({ ...many, candidates: [{ x: 1, y: 0 }] });
    expect(document.activeElement).toBe(document.body);
  });
});
