// @vitest-environment happy-dom

// A rated game's final tables (RoomState.rating_changes): each account seat's row shows its new
// rating and the signed difference ("1,042 (+42)"), with mu and sigma before and after in words
// for a screen reader and as the cell's title; a computer's seat a dash; an unrated game (or one
// not archived yet) no rating column. The base game's tables (with and without the categories),
// The Castle's, and a game the players voted to end.

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it } from "vitest";
import { BaseViewSchema } from "../src/gen/carc/v1/base_game_pb";
import { CastlePhase } from "../src/gen/carc/v1/castle_game_pb";
import { RatingChangeSchema, RoomStateSchema, type RatingChange } from "../src/gen/carc/v1/lobby_pb";
import { renderFinalTable } from "../src/games/base/base_final";
import { renderCastleFinalTable } from "../src/games/castle/castle_final";
import { setLanguage } from "../src/i18n";
import { renderVoteEnd } from "../src/ui/final_table";
import { signedDifference } from "../src/ui/rating_change";
import { castleView } from "./games/castle/castle_helpers";

beforeEach(() => setLanguage("en", undefined));

const CHANGES: RatingChange[] = [
  create(RatingChangeSchema, { seat: 0, place: 1, before: { mu: 25, sigma: 8.333, rating: 1000 }, after: { mu: 24.1, sigma: 7.9, rating: 958 } }),
  create(RatingChangeSchema, { seat: 1, place: 0, before: { mu: 26.5, sigma: 6, rating: 1255 }, after: { mu: 27.86, sigma: 5.7, rating: 1323 } }),
];

const room = (changes: RatingChange[] = CHANGES, endedByVoteScores: number[] = []) =>
  create(RoomStateSchema, {
    yourSeat: 0,
    ratingChanges: changes,
    endedByVoteScores,
    seats: [
      { seat: 0, name: "Ada", occupied: true },
      { seat: 1, name: "Bo", occupied: true },
      { seat: 2, name: "Computer", occupied: true, computerLevel: "greedy" },
    ],
  });

/** Each row's player cell and rating cell, in the table's order. */
function ratings(table: HTMLElement): [string, string][] {
  return [...table.querySelectorAll("tbody tr")].map((tr) => [
    tr.getAttribute("data-seat")!,
    tr.querySelector("td.rating-change")?.childNodes[0]?.textContent ?? "none",
  ]);
}

describe("the rating change on the final table", () => {
  it("shows each account seat's new rating and its difference, a dash for a computer", () => {
    const view = create(BaseViewSchema, { scores: [40, 55, 12], winners: [1] });
    const table = renderFinalTable(view, room().seats, undefined, CHANGES);
    expect([...table.querySelectorAll("thead th")].at(-1)?.textContent).toBe("Rating");
    expect(ratings(table)).toEqual([["1", "1,323 (+68)"], ["0", "958 (−42)"], ["2", "–"]]);
    const bo = table.querySelector<HTMLElement>('tr[data-seat="1"] td.rating-change')!;
    const details = "Rating after the game: μ 27.86, σ 5.7; before: 1,255 (μ 26.5, σ 6).";
    expect(bo.title).toBe(details);
    expect(bo.querySelector(".visually-hidden")?.textContent?.trim()).toBe(details);
    expect(bo.dataset.difference).toBe("68");
  });

  it("adds no column to an unrated game, nor before the changes come", () => {
    const view = create(BaseViewSchema, { scores: [40, 55, 12], winners: [1] });
    const table = renderFinalTable(view, room([]).seats);
    expect(table.querySelector(".rating-change")).toBeNull();
    expect([...table.querySelectorAll("thead th")].map((th) => th.textContent)).not.toContain("Rating");
  });

  it("shows them on the table by category and in the page's language", () => {
    const view = create(BaseViewSchema, { scores: [40, 55, 12], winners: [1] });
    const none = { road: { during: 0, end: 0 } };
    setLanguage("de", undefined);
    const table = renderFinalTable(view, room().seats, [none, none, none] as never, CHANGES);
    expect(table.querySelector("table")?.classList.contains("by-category")).toBe(true);
    expect(ratings(table)[0]).toEqual(["1", "1.323 (+68)"]);
    expect([...table.querySelectorAll("thead th")].at(-1)?.textContent).toBe("Wertung");
  });

  it("shows them on The Castle's final table, and says who left", () => {
    const left = [CHANGES[0]!, create(RatingChangeSchema, { ...CHANGES[1]!, left: true })];
    const view = castleView({ phase: CastlePhase.GAME_OVER, toMove: -1, winners: [1] });
    const table = renderCastleFinalTable(view, room(left), undefined);
    expect(ratings(table)).toEqual([["1", "1,323 (+68)"], ["0", "958 (−42)"]]);
    expect(table.querySelector<HTMLElement>('tr[data-seat="1"] td.rating-change')!.title).toContain("Left the game: counted last.");
  });

  it("shows them for a game the players voted to end", () => {
    const [, table] = renderVoteEnd(room(CHANGES, [30, 20, 10]), [25, 20, 10], () => false);
    expect(ratings(table!)).toEqual([["0", "958 (−42)"], ["1", "1,323 (+68)"], ["2", "–"]]);
  });

  it("signs a difference with a plus, a minus sign or ±", () => {
    expect([signedDifference(1234), signedDifference(-7), signedDifference(0)]).toEqual(["+1,234", "−7", "±0"]);
  });
});
