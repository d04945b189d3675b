// Where the board is looked at from: a centre in board units (one tile = TILE units) and a
// scale in screen pixels per unit. Pure arithmetic, so pan, zoom and pinch can be tested
// without a browser.

export interface Camera {
  cx: number;
  cy: number;
  scale: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export const MIN_SCALE = 0.15;
export const MAX_SCALE = 4;

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** The SVG viewBox showing `camera` in a viewport of `size` pixels. */
export function viewBox(camera: Camera, size: Size): string {
  const w = size.width / camera.scale;
  const h = size.height / camera.scale;
  return `${round(camera.cx - w / 2)} ${round(camera.cy - h / 2)} ${round(w)} ${round(h)}`;
}

/** The board point under the viewport pixel (px, py). */
export function toBoard(camera: Camera, size: Size, px: number, py: number): { x: number; y: number } {
  return {
    x: camera.cx + (px - size.width / 2) / camera.scale,
    y: camera.cy + (py - size.height / 2) / camera.scale,
  };
}

/** Moves the view by a drag of (dx, dy) pixels: the board follows the pointer. */
export function pan(camera: Camera, dx: number, dy: number): Camera {
  return { ...camera, cx: camera.cx - dx / camera.scale, cy: camera.cy - dy / camera.scale };
}

/**
 * Zooms by `factor` keeping the board point under the pixel (px, py) where it is, as a wheel
 * or a pinch around that point is expected to.
 */
export function zoomAt(camera: Camera, size: Size, factor: number, px: number, py: number): Camera {
  const scale = clampScale(camera.scale * factor);
  const anchor = toBoard(camera, size, px, py);
  return {
    scale,
    cx: anchor.x - (px - size.width / 2) / scale,
    cy: anchor.y - (py - size.height / 2) / scale,
  };
}

/** The camera that shows `bounds` whole, centred, no closer than `maxScale`. */
export function fit(bounds: Bounds, size: Size, maxScale = 1.2): Camera {
  const w = Math.max(1, bounds.maxX - bounds.minX);
  const h = Math.max(1, bounds.maxY - bounds.minY);
  const scale = clampScale(Math.min(size.width / w, size.height / h, maxScale));
  return { cx: (bounds.minX + bounds.maxX) / 2, cy: (bounds.minY + bounds.maxY) / 2, scale };
}

/**
 * The camera at `scale` that shows the most of `boxes` (board-unit rectangles, e.g. the squares a
 * tile may go to) whole: centred on one of them, the one whose view holds most, ties going to
 * the box nearest the middle of them all. For a phone, where the whole board at a finger-sized
 * scale does not fit and the view must choose.
 */
export function showMost(boxes: readonly Bounds[], size: Size, scale: number): Camera | undefined {
  if (boxes.length === 0) return undefined;
  const w = size.width / scale;
  const h = size.height / scale;
  const mid = {
    x: boxes.reduce((a, b) => a + (b.minX + b.maxX) / 2, 0) / boxes.length,
    y: boxes.reduce((a, b) => a + (b.minY + b.maxY) / 2, 0) / boxes.length,
  };
  let best: { camera: Camera; count: number; distance: number } | undefined;
  for (const centre of boxes) {
    const cx = (centre.minX + centre.maxX) / 2;
    const cy = (centre.minY + centre.maxY) / 2;
    const view = { minX: cx - w / 2, minY: cy - h / 2, maxX: cx + w / 2, maxY: cy + h / 2 };
    const count = boxes.filter((b) => b.minX >= view.minX && b.maxX <= view.maxX && b.minY >= view.minY && b.maxY <= view.maxY).length;
    const distance = Math.hypot(cx - mid.x, cy - mid.y);
    if (!best || count > best.count || (count === best.count && distance < best.distance)) best = { camera: { cx, cy, scale }, count, distance };
  }
  return best?.camera;
}

/** Whether `box` lies wholly inside what `camera` shows of a viewport of `size` pixels. */
export function shows(camera: Camera, size: Size, box: Bounds): boolean {
  const w = size.width / camera.scale;
  const h = size.height / camera.scale;
  return box.minX >= camera.cx - w / 2 && box.maxX <= camera.cx + w / 2 && box.minY >= camera.cy - h / 2 && box.maxY <= camera.cy + h / 2;
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
