// The Castle in the room screens, beyond its served option table (which gives its option,
// wall4_fountain_bonus, and its two seats): the fieldset's legend, why the seats are fixed (K-1),
// and the note that its board and tiles are the project's reconstruction, wherever a room of it
// is described.

import { h } from "../../ui/dom";
import type { GameForm } from "../game_module";
import { t } from "./i18n";

export const castleForm: GameForm = {
  legend: () => t("home.castleOptions"),
  note: () => h("p", { class: "notice castle-note", "data-castle-note": "" }, t("home.castleNote")),
  seatsHelp: () => t("home.castleSeats"),
};

/** Below the lobby's summary: the board and tiles are not the original components. */
export function castleLobbyNote(): HTMLElement {
  return h("p", { class: "help castle-note" }, t("home.castleNote"));
}
