// Brief animations that tell what just changed: the tile the last player placed settles onto the
// board, a score that grew flashes. Web Animations (element.animate), so that they run on the
// element the page keeps whatever its class or the next rendering does; none at all for readers
// who ask their system for reduced motion (prefers-reduced-motion).

/** Whether the reader's system allows animation. */
export function motionAllowed(doc: Document): boolean {
  return !(doc.defaultView?.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false);
}

function run(el: Element, keyframes: Keyframe[], duration: number): void {
  if (!motionAllowed(el.ownerDocument) || typeof el.animate !== "function") return;
  el.animate(keyframes, { duration, easing: "ease-out" });
}

/** A tile just placed: it grows into its square from a little smaller and fainter. */
export function arrive(el: Element): void {
  run(
    el,
    [
      { transform: "scale(0.7)", opacity: 0.2 },
      { transform: "scale(1)", opacity: 1 },
    ],
    450,
  );
}

/** A number that grew (a score): a short glow behind it. */
export function flash(el: Element): void {
  run(
    el,
    [
      { backgroundColor: "rgba(255, 193, 7, 0.85)", transform: "scale(1.15)" },
      { backgroundColor: "rgba(255, 193, 7, 0)", transform: "scale(1)" },
    ],
    900,
  );
}
