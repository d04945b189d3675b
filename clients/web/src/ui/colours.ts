// The follower colours (B-2) as the server names them, each with a distinct shape so that
// colour is never the only difference between seats. The tints are chosen so that every two
// stay at least 15 apart (CIEDE2000) for typical vision and the three kinds of colour blindness
// (red and green differ in lightness, not only in hue): test/colours.test.ts simulates them and
// measures, and docs/accessibility.md gives the figures. On the board a dark outline, not the
// fill, carries the contrast against field and city (board/meeple.ts).

import type { MessageKey } from "../i18n";

export interface ColourInfo {
  name: string;
  /** Fill of the swatch. */
  fill: string;
  /** Colour of the shape on the swatch (contrast with the fill). */
  ink: string;
  /** A shape drawn in the swatch. */
  shape: string;
  label: MessageKey;
}

export const COLOURS: readonly ColourInfo[] = [
  { name: "yellow", fill: "#f4bf45", ink: "#1b1b1b", shape: "▲", label: "colour.yellow" },
  { name: "red", fill: "#ba1311", ink: "#ffffff", shape: "■", label: "colour.red" },
  { name: "green", fill: "#419d66", ink: "#1b1b1b", shape: "◆", label: "colour.green" },
  { name: "blue", fill: "#2d53a4", ink: "#ffffff", shape: "●", label: "colour.blue" },
  { name: "black", fill: "#1b1b1b", ink: "#ffffff", shape: "★", label: "colour.black" },
  { name: "grey", fill: "#aaabad", ink: "#1b1b1b", shape: "✚", label: "colour.grey" },
];

export function colourInfo(name: string): ColourInfo | undefined {
  return COLOURS.find((c) => c.name === name);
}
