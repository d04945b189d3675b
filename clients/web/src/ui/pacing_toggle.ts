// The setting for following moves (ui/move_pacer.ts): other seats' moves one at a time, or as
// fast as they come. The same on every game screen; its label is part of its target.

import { t } from "../i18n";
import { h, uid } from "./dom";

export function renderPacing(pacing: { on(): boolean; set(on: boolean): void }): HTMLElement {
  const id = uid("pace-moves");
  return h("div", { class: "check pace-moves" },
    h("input", {
      id,
      type: "checkbox",
      name: "pace-moves",
      checked: pacing.on(),
      onchange: (e: Event) => pacing.set((e.target as HTMLInputElement).checked),
    }),
    h("label", { for: id }, t("game.paceMoves")),
  );
}
