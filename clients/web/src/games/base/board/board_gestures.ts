// The board's pointer gestures: a drag pans, the wheel zooms about the cursor, two fingers pinch
// and pan, and a press that barely moves is a tap on what it started on. Kept apart from the
// drawing (board_view.ts), which it only asks for the camera and tells of a new one.
//
// Contract: listenGestures listens on `svg` (and, while a pointer is down, on the window) for as
// long as the element lives; it calls host.moveTo for every change of view and host.tap for a
// tap, never both for one gesture.

import { pan, zoomAt, type Camera, type Size } from "../../../board/camera";

/** A pointer that moves less than this (pixels) between down and up is a tap, not a drag. */
const TAP_SLOP = 6;

export interface GestureHost {
  camera(): Camera;
  /** The player moved the view to `camera`. */
  moveTo(camera: Camera): void;
  size(): Size;
  tap(target: Element | null): void;
}

export function listenGestures(doc: Document, svg: SVGSVGElement, host: GestureHost): void {
  const pointers = new Map<number, { x: number; y: number }>();
  let gesture: { travelled: number; target: Element | null } | undefined;
  let pinchDistance = 0;

  const distance = (): number => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const midpoint = (): { x: number; y: number } => {
    const [a, b] = [...pointers.values()];
    return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : { x: 0, y: 0 };
  };

  const onMove = (e: PointerEvent): void => {
    const previous = pointers.get(e.pointerId);
    if (!previous) return;
    let camera = host.camera();
    if (pointers.size >= 2) {
      const before = midpoint();
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const after = midpoint();
      const now = distance();
      const rect = svg.getBoundingClientRect();
      if (pinchDistance > 0 && now > 0) {
        camera = zoomAt(camera, host.size(), now / pinchDistance, after.x - rect.left, after.y - rect.top);
      }
      camera = pan(camera, after.x - before.x, after.y - before.y);
      pinchDistance = now;
    } else {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const dx = e.clientX - previous.x;
      const dy = e.clientY - previous.y;
      if (gesture) gesture.travelled += Math.abs(dx) + Math.abs(dy);
      if (!gesture || gesture.travelled <= TAP_SLOP) return;
      camera = pan(camera, dx, dy);
    }
    host.moveTo(camera);
  };

  const onUp = (e: PointerEvent): void => {
    pointers.delete(e.pointerId);
    if (pointers.size > 0) return;
    const g = gesture;
    gesture = undefined;
    if (g && e.type === "pointerup" && g.travelled <= TAP_SLOP) host.tap(g.target);
  };

  svg.addEventListener("pointerdown", (e: PointerEvent) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) {
      gesture = { travelled: 0, target: e.target instanceof Element ? e.target : null };
      const win = doc.defaultView;
      if (!win) return;
      const up = (ev: PointerEvent): void => {
        onUp(ev);
        if (pointers.size === 0) {
          win.removeEventListener("pointermove", onMove);
          win.removeEventListener("pointerup", up);
          win.removeEventListener("pointercancel", up);
        }
      };
      win.addEventListener("pointermove", onMove);
      win.addEventListener("pointerup", up);
      win.addEventListener("pointercancel", up);
    } else if (pointers.size === 2) {
      pinchDistance = distance();
      if (gesture) gesture.travelled = Infinity; // two fingers never tap
    }
  });

  svg.addEventListener(
    "wheel",
    (e: WheelEvent) => {
      e.preventDefault();
      const rect = svg.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
      host.moveTo(zoomAt(host.camera(), host.size(), factor, e.clientX - rect.left, e.clientY - rect.top));
    },
    { passive: false },
  );
}
