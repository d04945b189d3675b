// The Count of Carcassonne's "how this game differs" card (RULES.md C-1..C-6 in plain words):
// what the city and its quarters are for and when a follower may go in and come out. Shown in
// the lobby of a room with the Count and beside the board while he is in the game.

import type { OptionValues } from "../../net/option_value";
import { renderGameGuide } from "../../ui/game_guide";
import { t } from "./i18n";

export function countGuide(): HTMLDetailsElement {
  return renderGameGuide("count", t("guide.count.title"), [t("guide.count.1"), t("guide.count.2"), t("guide.count.3"), t("guide.count.4")]);
}

/** The card of a room whose options are `values`: only with the Count. */
export function baseGuide(values: OptionValues | undefined): HTMLElement | null {
  return values?.count === "true" ? countGuide() : null;
}
