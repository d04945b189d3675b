// A follower drawn as SVG: the board's followers on tiles and the ones waiting in the quarters
// of the city of Carcassonne share it.

import type { ColourInfo } from "../ui/colours";

const SVG = "http://www.w3.org/2000/svg";

/**
 * A follower: a meeple in the seat's colour with the seat's shape on it, so that colour is
 * never the only difference; lying down on a field, as farmers are placed (B-13).
 */
export function meeple(doc: Document, colour: ColourInfo | undefined, lying: boolean): SVGGElement {
  const g = doc.createElementNS(SVG, "g");
  g.setAttribute("class", lying ? "follower farmer" : "follower");
  const body = doc.createElementNS(SVG, "path");
  body.setAttribute(
    "d",
    "M -3 -12 A 5 5 0 1 1 3 -12 L 3 -8 L 11 -4 L 11 1 L 5 1 L 10 12 L 2 12 L 0 7 L -2 12 L -10 12 L -5 1 L -11 1 L -11 -4 L -3 -8 Z",
  );
  body.setAttribute("fill", colour?.fill ?? "#ffffff");
  body.setAttribute("stroke", "#ffffff");
  body.setAttribute("stroke-width", "2");
  body.setAttribute("stroke-linejoin", "round");
  if (lying) body.setAttribute("transform", "rotate(-90)");
  g.appendChild(body);
  const label = doc.createElementNS(SVG, "text");
  label.setAttribute("y", "3");
  label.setAttribute("text-anchor", "middle");
  label.setAttribute("font-size", "9");
  label.setAttribute("fill", colour?.ink ?? "#1b1b1b");
  label.textContent = colour?.shape ?? "?";
  g.appendChild(label);
  return g;
}
