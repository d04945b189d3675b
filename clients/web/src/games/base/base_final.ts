// The end of a base game: the final table. When the page saw every scoring (base_categories.ts)
// each category holds the whole game's points, during play and at the end, and the categories
// add up to the total; otherwise it shows points during play as one column, then the end-game
// scoring per category (B-16/B-17) from the view, and the total. Its head and player cells are
// every game's (ui/final_table.ts); the chart of the scores over the turns is score_chart.ts.

import type { BaseView } from "../../gen/carc/v1/base_game_pb";
import type { RatingChange, SeatInfo } from "../../gen/carc/v1/lobby_pb";
import { h } from "../../ui/dom";
import { finalPlayerCell, finalTableHead, renderCategoryTable } from "../../ui/final_table";
import { ratingCells, ratingHead } from "../../ui/rating_change";
import { BASE_CATEGORIES, type BaseCategoryRow } from "./base_categories";
import { t } from "./i18n/play";

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

const CATEGORY_TITLES = { road: "final.roads", city: "final.cities", cloister: "final.cloisters", field: "final.farms" } as const;

/**
 * `categories`: each seat's points by category over the whole game, when the page knows them;
 * `ratings`: a rated game's changes (RoomState.rating_changes), a column of their own.
 */
export function renderFinalTable(
  view: BaseView,
  seats: readonly SeatInfo[],
  categories?: readonly BaseCategoryRow[],
  ratings: readonly RatingChange[] = [],
): HTMLElement {
  const name = (seat: number): string => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 });
  if (categories) {
    return renderCategoryTable(
      "base-final",
      BASE_CATEGORIES.map((key) => ({ key, title: t(CATEGORY_TITLES[key]) })),
      finalRows(view).map((r) => ({ seat: r.seat, info: seats[r.seat], name: name(r.seat), total: r.total, winner: r.winner })),
      categories,
      ratings,
    );
  }
  // Seven columns do not fit a phone: the table scrolls sideways inside its card.
  // Focusable, so that a keyboard scrolls it too.
  return h("div", { class: "table-wrap", tabindex: 0, role: "region", "aria-label": t("final.title") }, h(
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
      ...ratingHead(ratings),
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
          ratingCells(ratings, r.seat),
        ),
      ),
    ),
  ));
}
