// Pan, zoom about a point and fitting the board: the arithmetic under the mouse, the wheel
// and a pinch.

import { describe, expect, it } from "vitest";
import { MAX_SCALE, MIN_SCALE, fit, pan, shows, showMost, toBoard, viewBox, zoomAt } from "../src/board/camera";

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

  it("shows the most squares it can at a fixed scale, centred on one of them", () => {
    const square = (x: number, y: number) => ({ minX: x * 100, minY: y * 100, maxX: x * 100 + 100, maxY: y * 100 + 100 });
    // 400x300 px at 1 px a unit: four squares across, three down. Three squares together at the
    // left, one alone far to the right: the view goes to the three.
    const boxes = [square(0, 0), square(1, 0), square(2, 0), square(20, 0)];
    const cam = showMost(boxes, size, 1);
    expect(cam?.scale).toBe(1);
    expect(boxes.filter((b) => cam && shows(cam, size, b))).toHaveLength(3);
    expect(cam && shows(cam, size, square(20, 0))).toBe(false);
    // A tie goes to the square nearest the middle of all of them.
    const tie = showMost([square(-10, 0), square(0, 0), square(10, 0)], size, 1);
    expect(tie).toEqual({ cx: 50, cy: 50, scale: 1 });
    expect(showMost([], size, 1)).toBeUndefined();
  });

  it("tells whether a box lies wholly in view", () => {
    const cam = { cx: 0, cy: 0, scale: 1 };
    expect(shows(cam, size, { minX: -200, minY: -150, maxX: 200, maxY: 150 })).toBe(true);
    expect(shows(cam, size, { minX: -200, minY: -150, maxX: 201, maxY: 150 })).toBe(false);
    expect(shows({ ...cam, scale: 2 }, size, { minX: -100, minY: -75, maxX: 100, maxY: 75 })).toBe(true);
  });
});
