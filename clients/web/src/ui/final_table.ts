// The end of every game: the head and player cells of a final table (each game has its own
// categories), the table of a game the players voted to end, and the ways on: rematch, download
// the record, watch the replay.

import type { RatingChange, RoomState, SeatInfo } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import type { SplitPoints } from "./category_ledger";
import { colourBadge } from "./colour_badge";
import { computerBadge } from "./computer_player";
import { h } from "./dom";
import { ratingCells, ratingHead } from "./rating_change";

/** The head row of a final table: one column per title, the player's first. */
export function finalTableHead(titles: readonly string[]): HTMLElement {
  return h("thead", {}, h("tr", {}, titles.map((title) => h("th", { scope: "col" }, title))));
}

/** The first cell of a player's row: colour and shape, name, a computer's level, and whether they won. */
export function finalPlayerCell(seat: SeatInfo | undefined, name: string, winner: boolean): HTMLElement {
  const computer = computerBadge(seat);
  return h("th", { scope: "row" }, seat ? colourBadge(seat.colour) : null, " ", name, computer ? [" ", computer] : null, winner ? ` · ${t("final.winner")}` : "");
}

/**
 * A category's cell: the points of the whole game, and below them the split (during play + the
 * final scoring), so that the row adds up to the total and shows where the points came from.
 */
export function categoryCell(category: string, p: SplitPoints): HTMLElement {
  return h("td", { "data-category": category, "data-during": p.during, "data-end": p.end },
    h("span", { class: "cat-total" }, p.during + p.end),
    h("span", { class: "cat-split" }, t("final.split", { during: p.during, end: p.end })),
  );
}

export interface CategoryTableRow {
  seat: number;
  info: SeatInfo | undefined;
  name: string;
  total: number;
  winner: boolean;
}

/**
 * A game's final table by category: per seat (best first), each category's points over the
 * whole game (`points[seat][key]`, during play and at the end), then the total they add up to,
 * and a rated game's rating changes (rating_change.ts).
 */
export function renderCategoryTable(
  className: string,
  categories: readonly { key: string; title: string }[],
  rows: readonly CategoryTableRow[],
  points: readonly Readonly<Record<string, SplitPoints>>[],
  ratings: readonly RatingChange[] = [],
): HTMLElement {
  const sorted = [...rows].sort((a, b) => b.total - a.total || a.seat - b.seat);
  // Focusable, so that a keyboard scrolls it too.
  return h("div", { class: "table-wrap", tabindex: 0, role: "region", "aria-label": t("final.title") }, h(
    "table",
    { class: `final-table by-category ${className}` },
    h("caption", {}, t("final.categoryCaption")),
    finalTableHead([t("final.player"), ...categories.map((c) => c.title), t("final.total"), ...ratingHead(ratings)]),
    h("tbody", {},
      sorted.map((r) =>
        h("tr", { "data-seat": r.seat, class: r.winner ? "winner" : "" },
          finalPlayerCell(r.info, r.name, r.winner),
          categories.map((c) => categoryCell(c.key, points[r.seat]?.[c.key] ?? { during: 0, end: 0 })),
          h("td", { class: "total" }, r.total),
          ratingCells(ratings, r.seat),
        ),
      ),
    ),
  ));
}

/**
 * The end of a game the players voted to end (RoomState.ended_by_vote_scores): the game's own
 * end-of-game categories never came, so per seat its points during play (`duringPlay`, the game's
 * view), what the end-of-game scoring of the board as it was added, and the final score. The
 * winners are those with the best final score among the seats that did not resign, as at the end
 * of a game played out.
 */
export function renderVoteEnd(
  room: RoomState,
  duringPlay: readonly number[],
  resigned: (seat: number) => boolean,
): HTMLElement[] {
  const scores = room.endedByVoteScores;
  const best = Math.max(...scores.filter((_, seat) => !resigned(seat)));
  const rows = scores
    .map((total, seat) => ({ seat, total, during: duringPlay[seat] ?? 0, winner: !resigned(seat) && total === best }))
    .sort((a, b) => b.total - a.total || a.seat - b.seat);
  return [
    h("p", { id: "ended-by-vote" }, t("vote.ended")),
    // Focusable, so that a keyboard scrolls it too.
    h("div", { class: "table-wrap", tabindex: 0, role: "region", "aria-label": t("final.title") }, h(
      "table",
      { class: "final-table vote-final" },
      h("caption", {}, t("final.voteCaption")),
      finalTableHead([t("final.player"), t("final.duringPlay"), t("final.endOfGame"), t("final.total"), ...ratingHead(room.ratingChanges)]),
      h("tbody", {},
        rows.map((r) => {
          const seat = room.seats.find((s) => s.seat === r.seat);
          return h("tr", { "data-seat": r.seat, class: r.winner ? "winner" : "" },
            finalPlayerCell(seat, seat?.name ?? t("lobby.seat", { n: r.seat + 1 }), r.winner),
            h("td", {}, r.during),
            h("td", {}, r.total - r.during),
            h("td", { class: "total" }, r.total),
            ratingCells(room.ratingChanges, r.seat),
          );
        }),
      ),
    )),
  ];
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
