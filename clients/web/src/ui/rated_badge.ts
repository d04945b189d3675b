// The "Rated" label of a rated room (RoomSummary.rated, RoomOptions.rated) wherever a room is
// named: the list of public rooms, the lobby's heading and the game screen's head.

import type { RoomOptions } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import { h } from "./dom";

export function ratedBadge(): HTMLElement {
  return h("span", { class: "badge rated", "data-rated": "" }, t("rated.badge"));
}

/** The label for a room of these options; null for an unrated one. */
export function roomRatedBadge(options: RoomOptions | undefined): HTMLElement | null {
  return options?.rated ? ratedBadge() : null;
}
