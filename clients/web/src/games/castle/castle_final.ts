// The end of a game of The Castle: who won, the final table with the final scoring by category
// (K-11: keep, courts, wall tiles) and a rated game's rating changes, and the ways on (rematch,
// the record, and the replay once the game is archived). The base game's end has other
// categories and a score chart; the table's head and player cells are every game's
// (ui/final_table.ts).

import { CastlePhase, type CastleView } from "../../gen/carc/v1/castle_game_pb";
import type { RoomState } from "../../gen/carc/v1/lobby_pb";
import { endedByVote } from "../../ui/absent_vote";
import { h } from "../../ui/dom";
import { finalPlayerCell, finalTableHead, renderCategoryTable, renderEndActions, renderVoteEnd } from "../../ui/final_table";
import { ratingCells, ratingHead } from "../../ui/rating_change";
import { CASTLE_CATEGORIES, type CastleCategoryRow } from "./castle_categories";
import type { CastleFinalPoints } from "./castle_mirror";
import { seatInfo } from "./castle_players";
import { t } from "./i18n/play";

/** The game is over: the phase says so, or (in an old copy) the winners are known. */
export function isOver(view: CastleView): boolean {
  return view.phase === CastlePhase.GAME_OVER || (view.toMove < 0 && view.winners.length > 0);
}

export function winnersText(view: CastleView, name: (s: number) => string): string {
  const names = view.winners.map((w) => name(w)).join(", ");
  if (view.winners.length === 0) return t("castle.final.noWinner");
  return view.winners.length > 1 ? t("castle.final.shared", { names }) : t("castle.final.winner", { names });
}

const CATEGORY_TITLES = {
  path: "castle.final.paths",
  tower: "castle.final.towers",
  house: "castle.final.houses",
  keep: "castle.final.keep",
  court: "castle.final.courts",
  wallTile: "castle.final.wallTile9",
} as const;

/**
 * The final table. With `categories` (the page saw every scoring, castle_categories.ts): each
 * category's points over the whole game, adding up to the total. Otherwise per seat, points
 * during play, then the final scoring (K-11) by category when this page saw it (a page that only
 * got a snapshot after the end shows "–" there), the total.
 */
export function renderCastleFinalTable(
  view: CastleView,
  room: RoomState,
  final: readonly CastleFinalPoints[] | undefined,
  categories?: readonly CastleCategoryRow[],
): HTMLElement {
  if (categories) {
    return renderCategoryTable(
      "castle-final",
      CASTLE_CATEGORIES.map((key) => ({ key, title: t(CATEGORY_TITLES[key]) })),
      view.seats.map((s, seat) => {
        const info = seatInfo(room, seat);
        return { seat, info, name: info?.name ?? t("lobby.seat", { n: seat + 1 }), total: s.score, winner: view.winners.includes(seat) };
      }),
      categories,
      room.ratingChanges,
    );
  }
  const rows = view.seats
    .map((s, seat) => {
      const f = final?.[seat];
      return { seat, total: s.score, final: f, during: f ? s.score - f.keep - f.courts - f.wallTiles : undefined, winner: view.winners.includes(seat) };
    })
    .sort((a, b) => b.total - a.total || a.seat - b.seat);
  const cell = (n: number | undefined) => h("td", {}, n === undefined ? "–" : n);
  // Focusable, so that a keyboard scrolls it too.
  return h("div", { class: "table-wrap", tabindex: 0, role: "region", "aria-label": t("final.title") }, h(
    "table",
    { class: "final-table castle-final" },
    h("caption", {}, t("castle.final.caption")),
    finalTableHead([
      t("final.player"),
      t("final.duringPlay"),
      t("castle.final.keep"),
      t("castle.final.courts"),
      t("castle.final.wallTiles"),
      t("final.total"),
      ...ratingHead(room.ratingChanges),
    ]),
    h("tbody", {},
      rows.map((r) => {
        const info = seatInfo(room, r.seat);
        return h("tr", { "data-seat": r.seat, class: r.winner ? "winner" : "" },
          finalPlayerCell(info, info?.name ?? t("lobby.seat", { n: r.seat + 1 }), r.winner),
          cell(r.during),
          cell(r.final?.keep),
          cell(r.final?.courts),
          cell(r.final?.wallTiles),
          h("td", { class: "total" }, r.total),
          ratingCells(room.ratingChanges, r.seat),
        );
      }),
    ),
  ));
}

export interface CastleEndActions {
  rematch(): void;
  joinRematch(code: string): void;
}

/**
 * The end card: title, table, winners, and rematch (or the rematch room to join) and the record;
 * a game the players voted to end has the table of every game's vote instead (ui/final_table.ts).
 */
export function renderCastleEnd(
  view: CastleView,
  room: RoomState,
  final: readonly CastleFinalPoints[] | undefined,
  categories: readonly CastleCategoryRow[] | undefined,
  name: (s: number) => string,
  rematchCode: string | undefined,
  actions: CastleEndActions,
): HTMLElement {
  return h(
    "section",
    { class: "card final", id: "final" },
    h("h3", {}, t("final.title")),
    endedByVote(room)
      ? renderVoteEnd(room, view.seats.map((s) => s.score), (seat) => view.seats[seat]?.resigned ?? false)
      : [renderCastleFinalTable(view, room, final, categories), h("p", { id: "winners" }, winnersText(view, name))],
    renderEndActions(
      {
        rematch: () => actions.rematch(),
        joinRematch: rematchCode !== undefined ? () => actions.joinRematch(rematchCode) : undefined,
        // The archive's copy once there is one; the room's own answers its players until then.
        recordHref: room.gameId !== 0n ? `/api/games/${room.gameId}/record` : `/api/rooms/${room.code}/record`,
        replayHref: room.gameId !== 0n ? `/replay/${room.gameId}` : undefined,
        downloadName: `carcassonne-castle-${room.code}.json`,
      },
      room.yourSeat >= 0,
      rematchCode,
    ),
  );
}
