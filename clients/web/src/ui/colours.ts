// The follower colours (B-2) as the server names them, each with a distinct shape so that
// colour is never the only difference between seats.

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
  { name: "yellow", fill: "#f5c518", ink: "#1b1b1b", shape: "▲", label: "colour.yellow" },
  { name: "red", fill: "#c62828", ink: "#ffffff", shape: "■", label: "colour.red" },
  { name: "green", fill: "#2e7d32", ink: "#ffffff", shape: "◆", label: "colour.green" },
  { name: "blue", fill: "#1f5fbf", ink: "#ffffff", shape: "●", label: "colour.blue" },
  { name: "black", fill: "#1b1b1b", ink: "#ffffff", shape: "★", label: "colour.black" },
  { name: "grey", fill: "#9e9e9e", ink: "#1b1b1b", shape: "✚", label: "colour.grey" },
];

export function colourInfo(name: string): ColourInfo | undefined {
  return COLOURS.find((c) => c.name === name);
}
