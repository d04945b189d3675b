// The host's way to fill a free seat of the lobby with a computer player: a menu of the levels
// and a button that asks for one in that seat (AddComputer). The server answers every member
// with the room's new state, where the seat has its computer_level; a refusal comes as an Error.

import { t } from "../i18n";
import { levelName, parseComputerLevel, type ComputerLevel } from "./computer_player";
import { h, onPage, self, uid } from "./dom";

export interface AddComputerActions {
  addComputer(seat: number, level: ComputerLevel): void;
  /** The level chosen in a menu: every free seat's menu shows it from then on. */
  computerLevelChanged(level: ComputerLevel): void;
}

/**
 * The control of free seat `seat` (0-based): a menu of `levels` (those the server allows, not
 * empty) showing `chosen` when it is one of them.
 */
export function renderAddComputer(
  seat: number,
  levels: readonly ComputerLevel[],
  wanted: ComputerLevel,
  actions: AddComputerActions,
): HTMLElement {
  const chosen = levels.includes(wanted) ? wanted : levels[levels.length - 1]!;
  const id = uid("computer-level");
  const n = seat + 1;
  return h(
    "div",
    { class: "add-computer" },
    h("label", { for: id, class: "visually-hidden" }, t("lobby.computerLevel", { n })),
    h(
      "select",
      {
        id,
        onchange: (e) => {
          const level = parseComputerLevel(self<HTMLSelectElement>(e).value);
          if (level) actions.computerLevelChanged(level);
        },
      },
      levels.map((level) => h("option", { value: level, selected: level === chosen }, levelName(level))),
    ),
    h(
      "button",
      {
        type: "button",
        class: "add-computer-button",
        // The seat is in the name: a free seat each, the buttons must tell apart when listed.
        "aria-label": t("lobby.addComputerTo", { n }),
        // The page's menu, read at the click: the one this rendering built may not be it.
        onclick: (e) => actions.addComputer(seat, parseComputerLevel(onPage<HTMLSelectElement>(e, id)?.value ?? "") ?? chosen),
      },
      t("lobby.addComputer"),
    ),
  );
}
