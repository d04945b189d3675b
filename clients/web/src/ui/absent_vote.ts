// ABANDON_POLICY_VOTE on every game's screen: the panel on which the players present vote on the
// seats the game waits for (SeatInfo.awaited), the mark of a seat whose turns are skipped, and
// whether the players voted the game to its end (RoomState.ended_by_vote_scores).

import { AbsentVote, RoomStatus, type RoomState, type SeatInfo } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import { h } from "./dom";

export interface AbsentVoteActions {
  voteOnAbsent(vote: AbsentVote): void;
}

/**
 * The players ended the game by a vote: the room is finished although the game's own state never
 * reached its end (its phase is not GAME_OVER, and it may still name a seat to move).
 */
export function endedByVote(room: RoomState): boolean {
  return room.status === RoomStatus.FINISHED && room.endedByVoteScores.length > 0;
}

/** A game's clocks, which stop when the players vote it to its end though no message of the game says so. */
export function runningClock<T>(room: RoomState | undefined, clock: T | undefined): T | undefined {
  return room !== undefined && endedByVote(room) ? undefined : clock;
}

/**
 * The seats that vote, counted as the server counts them: the people connected (an awaited seat
 * is not) who did not resign. Whether a seat resigned is in the game's view only, hence `resigned`.
 */
function presentVoters(room: RoomState, resigned: (seat: number) => boolean): SeatInfo[] {
  return room.seats.filter((s) => s.occupied && s.computerLevel === "" && s.connected && !resigned(s.seat));
}

/** The decisive count: more than half of those present. */
function votesNeeded(present: number): number {
  return Math.floor(present / 2) + 1;
}

const CHOICES = [
  { vote: AbsentVote.SKIP, id: "vote-skip", key: "vote.skip" },
  { vote: AbsentVote.END, id: "vote-end", key: "vote.end" },
] as const;

/**
 * The vote while some seat is awaited, or null. Everyone in the room sees who is awaited and how
 * the votes stand; only a player present gets the buttons, which show their own vote (they may
 * change it until a choice is carried).
 */
export function renderAbsentVote(room: RoomState, resigned: (seat: number) => boolean, actions: AbsentVoteActions): HTMLElement | null {
  if (room.status !== RoomStatus.PLAYING) return null;
  const awaited = room.seats.filter((s) => s.occupied && s.awaited);
  if (awaited.length === 0) return null;
  const voters = presentVoters(room, resigned);
  const mine = voters.find((s) => s.seat === room.yourSeat)?.vote;
  return h(
    "section",
    { class: "card absent-vote", "aria-labelledby": "absent-vote-title" },
    h("h3", { id: "absent-vote-title" }, t("vote.title", { names: awaited.map((s) => s.name).join(", ") })),
    h("p", { class: "help" }, t("vote.help")),
    mine !== undefined
      ? h("div", { class: "row controls", role: "group", "aria-label": t("vote.yours") },
          CHOICES.map((c) =>
            h("button", {
              type: "button",
              id: c.id,
              class: c.vote === mine ? "primary" : "secondary",
              "aria-pressed": c.vote === mine ? "true" : "false",
              onclick: () => actions.voteOnAbsent(c.vote),
            }, t(c.key)),
          ),
        )
      : null,
    // A status: each vote cast changes it, and a reader hears the count without losing their place.
    h("div", { role: "status" },
      voters.length > 0
        ? h("ul", { class: "vote-counts" },
            CHOICES.map((c) => {
              const n = voters.filter((s) => s.vote === c.vote).length;
              return h("li", { "data-votes": c.id, "data-count": n }, t("vote.count", { choice: t(c.key), n, present: voters.length }));
            }),
            h("li", {}, t("vote.needed", { n: votesNeeded(voters.length) })),
          )
        : null,
    ),
  );
}

/** A seat whose turns the server plays by the fallback move, by the players' vote, until its player returns. */
export function skippedBadge(seat: SeatInfo): HTMLElement {
  return h("span", { class: "badge skipped", "data-skipped": seat.seat }, t("vote.skipped"));
}
