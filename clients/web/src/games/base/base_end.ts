// The end of a base (or Count) game: the final table (or the vote's), the ways on (rematch, the
// record, the replay) right under it, then the score chart after every turn. The chart's scores
// come from the archived record once it has loaded (it has the turns this page did not see),
// else from the turns this page saw.

import type { BaseView } from "../../gen/carc/v1/base_game_pb";
import type { RoomState } from "../../gen/carc/v1/lobby_pb";
import { endedByVote } from "../../ui/absent_vote";
import { h } from "../../ui/dom";
import { renderEndActions, renderVoteEnd } from "../../ui/final_table";
import type { BaseLedger } from "./base_categories";
import { renderFinalTable } from "./base_final";
import { t } from "./i18n/play";
import { renderScoreChart } from "./score_chart";

export interface BaseEndActions {
  rematch(): void;
  joinRematch(code: string): void;
  changed(): void;
}

export class BaseEnd {
  private recordHistory: number[][] | undefined;
  private recordRequested = false;
  private rematchCode: string | undefined;

  constructor(
    private readonly actions: BaseEndActions,
    private readonly fetchJson: (url: string) => Promise<unknown>,
  ) {}

  /** Somebody created the rematch: the others are offered to join it. */
  rematchCreated(code: string): void {
    this.rematchCode = code;
  }

  /** Asks once for the archived record's scores after every turn (again after a failure). */
  loadRecord(room: RoomState): void {
    if (this.recordRequested || room.gameId === 0n) return;
    this.recordRequested = true;
    this.fetchJson(`/api/games/${room.gameId}/record`)
      .then((record) => {
        const scores = (record as { scores?: { after_turn?: number[][]; final?: number[] } }).scores;
        if (!scores?.after_turn) return;
        const start = scores.after_turn[0]?.map(() => 0) ?? [];
        this.recordHistory = [start, ...scores.after_turn, ...(scores.final ? [scores.final] : [])];
        this.actions.changed();
      })
      .catch(() => {
        // The live history stays; the record can still be downloaded by its link.
        this.recordRequested = false;
      });
  }

  /** `seen`: the scores after each turn this page saw. */
  render(view: BaseView, room: RoomState, seen: readonly number[][], ledger: BaseLedger): HTMLElement {
    const seats = room.seats.filter((s) => s.occupied);
    const byVote = endedByVote(room);
    // The live scores stop at the last turn played; the vote's scores are the game's last.
    const history = this.recordHistory ?? (byVote ? [...seen, [...room.endedByVoteScores]] : seen);
    const id = room.gameId;
    const rematchCode = this.rematchCode;
    return h(
      "section",
      { class: "card final", id: "final" },
      h("h3", {}, t("final.title")),
      byVote ? renderVoteEnd(room, view.scores, (seat) => view.resigned[seat] ?? false) : renderFinalTable(view, seats, ledger.rows(view.scores), room.ratingChanges),
      // The ways on right under the table, the chart after them: Rematch stays in view.
      renderEndActions(
        {
          rematch: () => this.actions.rematch(),
          joinRematch: rematchCode !== undefined ? () => this.actions.joinRematch(rematchCode) : undefined,
          recordHref: id !== 0n ? `/api/games/${id}/record` : undefined,
          replayHref: id !== 0n ? `/replay/${id}` : undefined,
          downloadName: `carcassonne-${room.code}.json`,
        },
        room.yourSeat >= 0,
        rematchCode,
      ),
      history.length > 1 ? renderScoreChart(history, seats) : null,
    );
  }
}
