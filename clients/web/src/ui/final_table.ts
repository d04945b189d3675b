// The end of the game: the final table (points scored during play, then the end-game scoring
// per category, B-16/B-17, and the total), a chart of every player's score over the turns,
// and the ways on: rematch, download the record, watch the replay. The Castle's table
// (castle_final.ts) has other categories but the same head and player cells, built here.

import type { BaseView } from "../gen/carc/v1/base_game_pb";
import type { SeatInfo } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import { colourInfo } from "./colours";
import { h } from "./dom";
import { colourBadge } from "./lobby";

const SVG = "http://www.w3.org/2000/svg";

export interface FinalRow {
  seat: number;
  duringPlay: number;
  road: number;
  city: number;
  cloister: number;
  field: number;
  total: number;
  winner: boolean;
}

/** One row per seat, best first; the end-game categories come from final_breakdown. */
export function finalRows(view: BaseView): FinalRow[] {
  return view.scores
    .map((total, seat) => {
      const b = view.finalBreakdown[seat];
      const road = b?.road ?? 0;
      const city = b?.city ?? 0;
      const cloister = b?.cloister ?? 0;
      const field = b?.field ?? 0;
      return { seat, duringPlay: total - road - city - cloister - field, road, city, cloister, field, total, winner: view.winners.includes(seat) };
    })
    .sort((a, b) => b.total - a.total || a.seat - b.seat);
}

/** The head row of a final table: one column per title, the player's first. */
export function finalTableHead(titles: readonly string[]): HTMLElement {
  return h("thead", {}, h("tr", {}, titles.map((title) => h("th", { scope: "col" }, title))));
}

/** The first cell of a player's row: colour and shape, name, and whether they won. */
export function finalPlayerCell(seat: SeatInfo | undefined, name: string, winner: boolean): HTMLElement {
  return h("th", { scope: "row" }, seat ? colourBadge(seat.colour) : null, " ", name, winner ? ` · ${t("final.winner")}` : "");
}

export function renderFinalTable(view: BaseView, seats: readonly SeatInfo[]): HTMLElement {
  const name = (seat: number): string => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 });
  // Seven columns do not fit a phone: the table scrolls sideways inside its card.
  return h("div", { class: "table-wrap" }, h(
    "table",
    { class: "final-table" },
    h("caption", {}, t("final.caption")),
    finalTableHead([
      t("final.player"),
      t("final.duringPlay"),
      t("final.roads"),
      t("final.cities"),
      t("final.cloisters"),
      t("final.farms"),
      t("final.total"),
    ]),
    h(
      "tbody",
      {},
      finalRows(view).map((r) =>
        h("tr", { "data-seat": r.seat, class: r.winner ? "winner" : "" },
          finalPlayerCell(seats[r.seat], name(r.seat), r.winner),
          h("td", {}, r.duringPlay),
          h("td", {}, r.road),
          h("td", {}, r.city),
          h("td", {}, r.cloister),
          h("td", {}, r.field),
          h("td", { class: "total" }, r.total),
        ),
      ),
    ),
  ));
}

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

export interface EndActions {
  rematch(): void;
  joinRematch?: (() => void) | undefined;
  recordHref?: string | undefined;
  replayHref?: string | undefined;
  downloadName: string;
}

export function renderEndActions(a: EndActions, isPlayer: boolean, rematchCode: string | undefined): HTMLElement {
  return h(
    "div",
    { class: "row end-actions" },
    rematchCode !== undefined && a.joinRematch
      ? h("button", { type: "button", class: "primary", id: "join-rematch", onclick: () => a.joinRematch?.() }, t("final.joinRematch", { code: rematchCode }))
      : isPlayer
        ? h("button", { type: "button", id: "rematch", onclick: () => a.rematch() }, t("final.rematch"))
        : null,
    a.recordHref ? h("a", { class: "button secondary", href: a.recordHref, download: a.downloadName, id: "download-record" }, t("final.download")) : null,
    a.replayHref ? h("a", { class: "button secondary", href: a.replayHref, id: "open-replay" }, t("final.replay")) : null,
  );
}
