// The Castle's "how this game differs" card (RULES.md K-1..K-11 in plain words): where tiles go,
// the followers and what scores, the keep, and how scoring on the wall takes wall tiles. Shown in
// the lobby of a Castle room and beside its board.

import { renderGameGuide } from "../../ui/game_guide";
import { t } from "./i18n";

export function castleGuide(): HTMLDetailsElement {
  return renderGameGuide("castle", t("guide.castle.title"), [t("guide.castle.1"), t("guide.castle.2"), t("guide.castle.3"), t("guide.castle.4")]);
}
