// The chart at the end of a base game: every player's score after each turn, from the live game
// or, once archived, from its record.

import type { SeatInfo } from "../../gen/carc/v1/lobby_pb";
import { colourInfo } from "../../ui/colours";
import { t } from "./i18n";

const SVG = "http://www.w3.org/2000/svg";

/**
 * Every player's score after each turn as lines, the last point being the final score. Each
 * line ends in the player's shape and name, so it reads without telling colours apart.
 */
export function renderScoreChart(history: readonly (readonly number[])[], seats: readonly SeatInfo[]): Element {
  const W = 600;
  const H = 260;
  const pad = { l: 36, r: 90, t: 12, b: 28 };
  const players = Math.max(0, ...history.map((row) => row.length));
  const max = Math.max(10, ...history.flat());
  const turns = Math.max(1, history.length - 1);
  const x = (i: number): number => pad.l + ((W - pad.l - pad.r) * i) / turns;
  const y = (v: number): number => H - pad.b - ((H - pad.t - pad.b) * v) / max;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "score-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("final.chartLabel"));
  const add = (tag: string, attrs: Record<string, string | number>, text?: string): SVGElement => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    svg.appendChild(el);
    return el;
  };
  for (const v of [0, max / 2, max]) {
    add("line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), stroke: "#d8d2c4", "stroke-width": 1 });
    add("text", { x: pad.l - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#5b5b5b" }, String(Math.round(v)));
  }
  add("text", { x: (pad.l + W - pad.r) / 2, y: H - 6, "text-anchor": "middle", "font-size": 11, fill: "#5b5b5b" }, t("final.turns"));
  for (let p = 0; p < players; p++) {
    const info = colourInfo(seats[p]?.colour ?? "");
    const colour = info?.fill ?? "#555555";
    const points = history.map((row, i) => `${x(i).toFixed(1)},${y(row[p] ?? 0).toFixed(1)}`).join(" ");
    add("polyline", { points, fill: "none", stroke: colour, "stroke-width": 2.5, "data-seat": p, "stroke-dasharray": p % 2 === 1 ? "6 3" : "none" });
    const last = history[history.length - 1]?.[p] ?? 0;
    add("text", { x: W - pad.r + 6, y: y(last) + 4, "font-size": 12, fill: "#1b1b1b" }, `${info?.shape ?? ""} ${seats[p]?.name ?? p + 1} ${last}`);
  }
  return svg;
}
