// The setting for following moves (ui/move_pacer.ts): other seats' moves one at a time, or as
// fast as they come. The same on every game screen.

import { t } from "../i18n";
import { h } from "./dom";

export function renderPacing(pacing: { on(): boolean; set(on: boolean): void }): HTMLElement {
  return h("label", { class: "pace-moves" },
    h("input", {
      type: "checkbox",
      name: "pace-moves",
      checked: pacing.on(),
      onchange: (e: Event) => pacing.set((e.target as HTMLInputElement).checked),
    }),
    " ",
    t("game.paceMoves"),
  );
}
