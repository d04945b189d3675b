// The chart at the end of a base game: every player's score after each turn, from the live game
// or, once archived, from its record. It scales to the width it is given; the names stand in a
// legend below it (HTML, which wraps on a phone) and each line ends in its player's shape and
// final score, moved apart so that no two labels overprint when scores are close.

import type { SeatInfo } from "../../gen/carc/v1/lobby_pb";
import { colourBadge } from "../../ui/colour_badge";
import { colourInfo } from "../../ui/colours";
import { h } from "../../ui/dom";
import { t } from "./i18n/play";

const SVG = "http://www.w3.org/2000/svg";
const LABEL_FONT = 13;
/** Two line-end labels' baselines are at least this far apart (a label is about 15 high). */
export const LABEL_GAP = 16;

/**
 * The labels' y (baselines) kept in order, at least `gap` apart and within [top, bottom]: each
 * pushed down from the one above it, then, if the lowest went past the bottom, all pulled up.
 */
export function spreadLabels(wanted: readonly number[], gap: number, top: number, bottom: number): number[] {
  const order = wanted.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const ys = order.map((o) => Math.max(top, Math.min(bottom, o.y)));
  for (let k = 1; k < ys.length; k++) ys[k] = Math.max(ys[k]!, ys[k - 1]! + gap);
  for (let k = ys.length - 1; k >= 0; k--) {
    const limit = k === ys.length - 1 ? bottom : ys[k + 1]! - gap;
    ys[k] = Math.min(ys[k]!, limit);
  }
  const out: number[] = [];
  order.forEach((o, k) => (out[o.i] = ys[k]!));
  return out;
}

/** The chart and its legend, in a figure. */
export function renderScoreChart(history: readonly (readonly number[])[], seats: readonly SeatInfo[]): HTMLElement {
  const players = Math.max(0, ...history.map((row) => row.length));
  const last = history[history.length - 1] ?? [];
  return h("figure", { class: "score-chart-figure" },
    scoreLines(history, seats),
    h("figcaption", {},
      h("ul", { class: "chart-legend" },
        Array.from({ length: players }, (_, p) =>
          h("li", { "data-seat": p },
            h("span", { class: `legend-line${p % 2 === 1 ? " dashed" : ""}`, style: `border-color:${colourInfo(seats[p]?.colour ?? "")?.fill ?? "#555555"}`, "aria-hidden": "true" }),
            seats[p] ? colourBadge(seats[p]!.colour) : null,
            ` ${seats[p]?.name ?? p + 1} ${last[p] ?? 0}`,
          ),
        ),
      ),
    ),
  );
}

/** Every player's score after each turn as lines, the last point being the final score. */
function scoreLines(history: readonly (readonly number[])[], seats: readonly SeatInfo[]): Element {
  // A narrow drawing, so that its text stays readable when a phone scales it down.
  const W = 420;
  const H = 220;
  const pad = { l: 34, r: 58, t: 12, b: 28 };
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
    add("text", { x: pad.l - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 12, fill: "#5b5b5b" }, String(Math.round(v)));
  }
  add("text", { x: (pad.l + W - pad.r) / 2, y: H - 6, "text-anchor": "middle", "font-size": 12, fill: "#5b5b5b" }, t("final.turns"));
  const finals = Array.from({ length: players }, (_, p) => history[history.length - 1]?.[p] ?? 0);
  const labelY = spreadLabels(finals.map((v) => y(v) + 4), LABEL_GAP, pad.t + LABEL_FONT - 2, H - pad.b + 4);
  for (let p = 0; p < players; p++) {
    const info = colourInfo(seats[p]?.colour ?? "");
    const colour = info?.fill ?? "#555555";
    const points = history.map((row, i) => `${x(i).toFixed(1)},${y(row[p] ?? 0).toFixed(1)}`).join(" ");
    add("polyline", { points, fill: "none", stroke: colour, "stroke-width": 2.5, "data-seat": p, "stroke-dasharray": p % 2 === 1 ? "6 3" : "none" });
    add("text", { x: W - pad.r + 6, y: labelY[p]!, "font-size": LABEL_FONT, fill: "#1b1b1b", class: "line-label", "data-seat": p }, `${info?.shape ?? ""} ${finals[p]}`);
  }
  return svg;
}
