// Pan, zoom about a point and fitting the board: the arithmetic under the mouse, the wheel
// and a pinch.

import { describe, expect, it } from "vitest";
import { MAX_SCALE, MIN_SCALE, fit, fitIn, pan, shows, toBoard, viewBox, zoomAt } from "../src/board/camera";

const size = { width: 400, height: 300 };

describe("camera", () => {
  it("keeps the board point under the cursor while zooming", () => {
    const cam = { cx: 50, cy: 50, scale: 1 };
    const before = toBoard(cam, size, 320, 40);
    const zoomed = zoomAt(cam, size, 2, 320, 40);
    expect(zoomed.scale).toBe(2);
    const after = toBoard(zoomed, size, 320, 40);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it("clamps the zoom", () => {
    expect(zoomAt({ cx: 0, cy: 0, scale: 1 }, size, 1000, 0, 0).scale).toBe(MAX_SCALE);
    expect(zoomAt({ cx: 0, cy: 0, scale: 1 }, size, 0.0001, 0, 0).scale).toBe(MIN_SCALE);
  });

  it("moves the board with the pointer", () => {
    const moved = pan({ cx: 0, cy: 0, scale: 2 }, 40, -20);
    expect(moved).toEqual({ cx: -20, cy: 10, scale: 2 });
  });

  it("fits a board inside the viewport, centred", () => {
    const cam = fit({ minX: -100, minY: 0, maxX: 300, maxY: 100 }, size);
    expect(cam.cx).toBe(100);
    expect(cam.cy).toBe(50);
    expect(cam.scale).toBe(1);
    expect(viewBox(cam, size)).toBe("-100 -100 400 300");
  });

  it("fits a board into the part of the view no control covers, centred there", () => {
    // 400x300 px; the right 100 px (the zoom buttons) and the bottom 100 px (a bar) covered.
    const area = { left: 0, top: 0, right: 300, bottom: 200 };
    const bounds = { minX: 0, minY: 0, maxX: 600, maxY: 200 };
    const cam = fitIn(bounds, size, area);
    expect(cam.scale).toBe(0.5);
    // The board's corners land inside the free area, its middle at the area's middle.
    const px = (x: number) => (x - cam.cx) * cam.scale + size.width / 2;
    const py = (y: number) => (y - cam.cy) * cam.scale + size.height / 2;
    expect([px(0), px(600)]).toEqual([0, 300]);
    expect([py(0), py(200)]).toEqual([50, 150]);
    // No closer than the usual limit for a small board.
    expect(fitIn({ minX: 0, minY: 0, maxX: 10, maxY: 10 }, size, area).scale).toBe(1.2);
  });

  it("tells whether a box lies wholly in view", () => {
    const cam = { cx: 0, cy: 0, scale: 1 };
    expect(shows(cam, size, { minX: -200, minY: -150, maxX: 200, maxY: 150 })).toBe(true);
    expect(shows(cam, size, { minX: -200, minY: -150, maxX: 201, maxY: 150 })).toBe(false);
    expect(shows({ ...cam, scale: 2 }, size, { minX: -100, minY: -75, maxX: 100, maxY: 75 })).toBe(true);
  });
});
