// Pan, zoom about a point and fitting the board: the arithmetic under the mouse, the wheel
// and a pinch.

import { describe, expect, it } from "vitest";
import { MAX_SCALE, MIN_SCALE, fit, pan, toBoard, viewBox, zoomAt } from "../src/board/camera";

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
});
