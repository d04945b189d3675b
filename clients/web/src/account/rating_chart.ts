// A player's rating over time in one pool, on their profile: an inline SVG line of the rating
// after each rated game (the history, oldest first), its lowest and highest values marked on the
// side. The image says in its accessible name where the line starts and ends; every number is
// also in a table beside it (folded), for a screen reader and for anyone who wants them. No
// chart library: a polyline is all it takes.

import { formatNumber } from "../i18n";
import { h } from "../ui/dom";
import { gameName } from "./game_rows";
import { t } from "./i18n";
import type { PoolRating } from "./rating_api";
import { dayWords } from "./time_words";

const SVG = "http://www.w3.org/2000/svg";
/** A narrow drawing, so that its text stays readable when a phone scales it down. */
const W = 360;
const H = 140;
const PAD = { l: 44, r: 10, t: 10, b: 12 };

/** The line's points in the drawing, for ratings `values` (oldest first). */
export function chartPoints(values: readonly number[]): { x: number; y: number }[] {
  const low = Math.min(...values);
  const high = Math.max(...values);
  // A flat line (or a single game) sits in the middle rather than on an edge.
  const span = high - low || 1;
  const steps = Math.max(1, values.length - 1);
  return values.map((v, i) => ({
    x: values.length === 1 ? (PAD.l + W - PAD.r) / 2 : PAD.l + ((W - PAD.l - PAD.r) * i) / steps,
    y: high === low ? H / 2 : H - PAD.b - ((H - PAD.t - PAD.b) * (v - low)) / span,
  }));
}

/** The chart of `pool`'s history, and its numbers; null without rated games. */
export function renderRatingChart(pool: PoolRating): HTMLElement | null {
  const history = pool.history;
  if (history.length === 0) return null;
  const values = history.map((p) => p.after.rating);
  const id = `rating-chart-${pool.pool}`;
  return h("figure", { class: "rating-chart-figure", "data-pool": pool.pool },
    ratingLine(values, t("rating.chartLabel", {
      pool: gameName(pool.pool),
      n: values.length,
      first: formatNumber(values[0]!),
      last: formatNumber(values[values.length - 1]!),
    })),
    h("details", { class: "rating-numbers" },
      h("summary", { id: `${id}-numbers` }, t("rating.numbers")),
      h("table", { "aria-labelledby": `${id}-numbers` },
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, t("rating.when")),
          h("th", { scope: "col" }, t("rating.place")),
          h("th", { scope: "col" }, t("rating.rating")),
        )),
        h("tbody", {}, history.map((p) => h("tr", { "data-game": p.gameId },
          h("th", { scope: "row" }, dayWords(p.at)),
          h("td", {}, p.left ? t("rating.left") : formatNumber(p.place + 1)),
          h("td", {}, formatNumber(p.after.rating)),
        ))),
      ),
    ),
  );
}

function ratingLine(values: readonly number[], label: string): Element {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "rating-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const add = (tag: string, attrs: Record<string, string | number>, text?: string): void => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    svg.appendChild(el);
  };
  const points = chartPoints(values);
  const low = Math.min(...values);
  const high = Math.max(...values);
  // The lowest and highest rating at the line's own height, so that the scale needs no grid.
  const marks = high === low ? [high] : [low, high];
  for (const v of marks) {
    const y = points[values.indexOf(v)]!.y;
    add("line", { x1: PAD.l, x2: W - PAD.r, y1: y, y2: y, stroke: "#d8d2c4", "stroke-width": 1 });
    add("text", { x: PAD.l - 6, y: y + 4, "text-anchor": "end", "font-size": 12, fill: "#5b5b5b" }, formatNumber(v));
  }
  add("polyline", {
    points: points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "),
    fill: "none",
    stroke: "#34589c",
    "stroke-width": 2.5,
  });
  const last = points[points.length - 1]!;
  add("circle", { cx: last.x, cy: last.y, r: 4, fill: "#34589c" });
  return svg;
}
