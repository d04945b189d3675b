// Who is away, and for how long still (issue: the table, round three, point 4): a person's seat
// in a game under way whose player has gone carries the time left of the grace period
// (SeatInfo.away_ms_left, as of the RoomState that said so), after which the room's absent policy
// takes the seat's turns. The badge counts it down; one timer for the page updates every badge
// shown, and stops when none is left.

import type { SeatInfo } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import { h } from "./dom";
import { formatClock } from "./turn_clock";

/** When each seat's grace period ends, on the page's clock: fixed the first time a RoomState's
 * seat is shown (just after it came), kept for as long as that state is the page's. */
const deadlines = new WeakMap<SeatInfo, number>();
let ticker: ReturnType<typeof setInterval> | undefined;

function deadlineOf(seat: SeatInfo): number {
  let at = deadlines.get(seat);
  if (at === undefined) {
    at = performance.now() + seat.awayMsLeft;
    deadlines.set(seat, at);
  }
  return at;
}

function text(until: number): string {
  return t("lobby.away", { time: formatClock(until - performance.now()) });
}

/** The badge of an away player with time left, or null. */
export function awayBadge(doc: Document, seat: SeatInfo | undefined): HTMLElement | null {
  if (!seat || seat.connected || seat.awayMsLeft <= 0) return null;
  const until = deadlineOf(seat);
  if (until <= performance.now()) return null;
  tick(doc);
  return h("span", { class: "badge offline away", "data-away-until": String(until), role: "timer", "aria-live": "off" }, text(until));
}

function tick(doc: Document): void {
  if (ticker !== undefined) return;
  ticker = setInterval(() => {
    const shown = [...doc.querySelectorAll<HTMLElement>("[data-away-until]")];
    for (const el of shown) {
      const until = Number(el.getAttribute("data-away-until"));
      el.textContent = until > performance.now() ? text(until) : t("lobby.offline");
    }
    if (shown.length === 0 && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }, 1000);
}
