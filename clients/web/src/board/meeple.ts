// A follower drawn as SVG: the board's followers on tiles, The Castle's, and the ones waiting in
// the quarters of the city of Carcassonne share it.
//
// Contract: meeple() returns a <g class="follower"> centred on (0, 0) holding one
// <g class="follower-body"> (which scaleFollowers scales) with the body and the seat's shape.
// The body's fill is the seat's colour and its outline FOLLOWER_OUTLINE: seat colours that are
// told apart by everyone (src/ui/colours.ts) cannot all stand out from both a green field and a
// sand city, so the dark outline carries the contrast against the board (WCAG 1.4.11, at least
// 3:1 against field and city; test/colours.test.ts and e2e/followers.e2e.ts measure it).

import type { ColourInfo } from "../ui/colours";

const SVG = "http://www.w3.org/2000/svg";

/** The outline round every follower. */
export const FOLLOWER_OUTLINE = "#1b1b1b";

/** The body's narrower side in its own units (standing: its width; lying: its height). */
export const FOLLOWER_SIDE = 22;

/**
 * The least a follower's narrower side measures on screen, in CSS pixels: the seat's shape on it
 * stays readable (about half of it) however far the board is zoomed out.
 */
export const MIN_FOLLOWER_PX = 22;

/**
 * A follower: a meeple in the seat's colour with the seat's shape on it, so that colour is
 * never the only difference; lying down on a field, as farmers are placed (B-13).
 */
export function meeple(doc: Document, colour: ColourInfo | undefined, lying: boolean): SVGGElement {
  const g = doc.createElementNS(SVG, "g");
  g.setAttribute("class", lying ? "follower farmer" : "follower");
  const inner = doc.createElementNS(SVG, "g");
  inner.setAttribute("class", "follower-body");
  g.appendChild(inner);
  const body = doc.createElementNS(SVG, "path");
  body.setAttribute(
    "d",
    "M -3 -12 A 5 5 0 1 1 3 -12 L 3 -8 L 11 -4 L 11 1 L 5 1 L 10 12 L 2 12 L 0 7 L -2 12 L -10 12 L -5 1 L -11 1 L -11 -4 L -3 -8 Z",
  );
  body.setAttribute("fill", colour?.fill ?? "#ffffff");
  body.setAttribute("stroke", FOLLOWER_OUTLINE);
  body.setAttribute("stroke-width", "2.5");
  body.setAttribute("stroke-linejoin", "round");
  if (lying) body.setAttribute("transform", "rotate(-90)");
  inner.appendChild(body);
  const label = doc.createElementNS(SVG, "text");
  // On the chest, as large as the arms leave room for.
  label.setAttribute("x", lying ? "-3" : "0");
  label.setAttribute("y", lying ? "0" : "-3");
  label.setAttribute("dominant-baseline", "central");
  label.setAttribute("text-anchor", "middle");
  label.setAttribute("font-size", "11");
  label.setAttribute("fill", colour?.ink ?? "#1b1b1b");
  label.textContent = colour?.shape ?? "?";
  inner.appendChild(label);
  return g;
}

/**
 * How much a follower is enlarged on a board drawn at `pxPerUnit` screen pixels a unit: enough
 * for MIN_FOLLOWER_PX, never shrunk below its own size when zoomed in.
 */
export function followerScale(pxPerUnit: number): number {
  return pxPerUnit > 0 ? Math.max(1, MIN_FOLLOWER_PX / (FOLLOWER_SIDE * pxPerUnit)) : 1;
}

/** Scales every follower under `root` by `k` round its own centre. */
export function scaleFollowers(root: ParentNode, k: number): void {
  const value = k === 1 ? "" : `scale(${Math.round(k * 1000) / 1000})`;
  for (const body of root.querySelectorAll(".follower > .follower-body")) {
    if (value) body.setAttribute("transform", value);
    else body.removeAttribute("transform");
  }
}
