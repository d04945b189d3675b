// Someone has gone in the middle of a game: the players present see who, the time left of the
// grace period (the away badge counts it down), what the room's absent policy will then do, and
// a button that lets it do so now (EndGracePeriod) rather than sit out the rest of the period
// for a player who is plainly not coming back. Shown to seated players only, for persons' seats
// whose grace period runs (SeatInfo.away_ms_left; 0 under the wait policy, which has nothing to
// apply).

import { AbandonPolicy, RoomStatus, type RoomState, type SeatInfo } from "../gen/carc/v1/lobby_pb";
import { t, type MessageKey } from "../i18n";
import { awayBadge } from "./away_countdown";
import { h } from "./dom";

export interface AwayActions {
  /** Asks the server to end `seat`'s grace period now. */
  endGrace(seat: number): void;
}

/** What the button and the line under it say, by the policy that will take the seat's turns. */
const WORDS: Partial<Record<AbandonPolicy, { act: MessageKey; then: MessageKey }>> = {
  [AbandonPolicy.COMPUTER]: { act: "away.computerNow", then: "away.computerThen" },
  [AbandonPolicy.FALLBACK_MOVE]: { act: "away.fallbackNow", then: "away.fallbackThen" },
  [AbandonPolicy.VOTE]: { act: "away.voteNow", then: "away.voteThen" },
};

/** The seats whose grace period runs, as this player sees them. */
export function awaySeats(room: RoomState): SeatInfo[] {
  if (room.status !== RoomStatus.PLAYING || room.yourSeat < 0) return [];
  return room.seats.filter((s) => s.occupied && s.computerLevel === "" && !s.connected && s.awayMsLeft > 0 && s.seat !== room.yourSeat);
}

/** The notice, or null when nobody is away within a grace period. */
export function renderAwayNotice(doc: Document, room: RoomState, actions: AwayActions): HTMLElement | null {
  const words = WORDS[room.options?.abandonPolicy ?? AbandonPolicy.UNSPECIFIED];
  const away = awaySeats(room);
  if (words === undefined || away.length === 0) return null;
  return h(
    "section",
    { class: "card away-notice", "aria-label": t("away.label") },
    h("ul", { class: "away-list" },
      away.map((seat) =>
        h("li", { "data-away-seat": seat.seat },
          h("span", { class: "away-name" }, seat.name),
          awayBadge(doc, seat),
          h("button", { type: "button", class: "secondary", "data-end-grace": seat.seat, onclick: () => actions.endGrace(seat.seat) },
            t(words.act)),
        ),
      ),
    ),
    h("p", { class: "help" }, t(words.then)),
  );
}
