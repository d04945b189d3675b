// The end of every game: the head and player cells of a final table (each game has its own
// categories) and the ways on: rematch, download the record, watch the replay.

import type { SeatInfo } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import { colourBadge } from "./colour_badge";
import { computerBadge } from "./computer_player";
import { h } from "./dom";

/** The head row of a final table: one column per title, the player's first. */
export function finalTableHead(titles: readonly string[]): HTMLElement {
  return h("thead", {}, h("tr", {}, titles.map((title) => h("th", { scope: "col" }, title))));
}

/** The first cell of a player's row: colour and shape, name, a computer's level, and whether they won. */
export function finalPlayerCell(seat: SeatInfo | undefined, name: string, winner: boolean): HTMLElement {
  const computer = computerBadge(seat);
  return h("th", { scope: "row" }, seat ? colourBadge(seat.colour) : null, " ", name, computer ? [" ", computer] : null, winner ? ` · ${t("final.winner")}` : "");
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
