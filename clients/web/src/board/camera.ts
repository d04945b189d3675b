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

/** The part of a viewport of `size` pixels that no control covers, in its own pixels. */
export interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The camera that shows `bounds` whole inside `area` of a viewport of `size`, centred there, no
 * closer than `maxScale`: what `fit` does, for a view whose edges are partly covered by controls.
 */
export function fitIn(bounds: Bounds, size: Size, area: Area, maxScale = 1.2): Camera {
  const w = Math.max(1, bounds.maxX - bounds.minX);
  const h = Math.max(1, bounds.maxY - bounds.minY);
  const aw = Math.max(1, area.right - area.left);
  const ah = Math.max(1, area.bottom - area.top);
  // Only the upper limit: a board that takes more than MIN_SCALE allows is still shown whole
  // (the player's own zoom keeps to the usual range).
  const scale = Math.max(0.02, Math.min(aw / w, ah / h, maxScale));
  // The bounds' middle goes to the area's middle.
  return {
    cx: (bounds.minX + bounds.maxX) / 2 - ((area.left + area.right) / 2 - size.width / 2) / scale,
    cy: (bounds.minY + bounds.maxY) / 2 - ((area.top + area.bottom) / 2 - size.height / 2) / scale,
    scale,
  };
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
