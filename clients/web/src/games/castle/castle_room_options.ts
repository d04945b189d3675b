// The Castle in the room screens: exactly two seats (K-1), its one option wall4_fountain_bonus
// (K-10) in the create-room form and in the lobby's summary, and the note that its board and
// tiles are the project's reconstruction, wherever a room of it is described.

import { create } from "@bufbuild/protobuf";
import { CastleOptionsSchema } from "../../gen/carc/v1/castle_game_pb";
import type { RoomOptions } from "../../gen/carc/v1/lobby_pb";
import { h, uid } from "../../ui/dom";
import type { Result } from "../../ui/form";
import type { GameOptionsForm, LobbySummary } from "../game_module";
import { t } from "./i18n";

/** The Castle is for exactly two players (K-1). */
export const CASTLE_SEATS = 2;

/** The Castle's options (castle_game.proto CastleOptions, RULES.md K-10). */
export interface CastleFormOptions {
  /** K-10: wall tile 4 scores 2 per tile of a path with a fountain (the English edition). */
  wall4_fountain_bonus: boolean;
}

/** The Castle's fieldset of the create-room form: never the base game's options. */
export class CastleOptionsForm implements GameOptionsForm {
  readonly values: CastleFormOptions = { wall4_fountain_bonus: false };

  render(): HTMLElement {
    return h(
      "fieldset",
      { class: "options", "data-options": "castle" },
      h("legend", {}, t("home.castleOptions")),
      this.renderWall4(),
    );
  }

  build(): Result<RoomOptions["gameOptions"]> {
    return { ok: true, value: { case: "castle", value: create(CastleOptionsSchema, { wall4FountainBonus: this.values.wall4_fountain_bonus }) } };
  }

  /** The one option, wall4_fountain_bonus (K-10), with its explanation naming the rule. */
  private renderWall4(): HTMLElement {
    const id = uid("opt-wall4_fountain_bonus");
    const helpId = `${id}-help`;
    const box = h("input", {
      id,
      type: "checkbox",
      name: "wall4_fountain_bonus",
      checked: this.values.wall4_fountain_bonus,
      "aria-describedby": helpId,
      onchange: () => {
        this.values.wall4_fountain_bonus = box.checked;
      },
    });
    return h(
      "div",
      { class: "field check", "data-option": "wall4_fountain_bonus" },
      box,
      h("label", { for: id }, t("opt.wall4_fountain_bonus")),
      h("p", { class: "help", id: helpId }, t("opt.rule", { rule: "K-10", text: t("opt.wall4_fountain_bonus.help") })),
    );
  }
}

/** Under the game menu: the board and tiles are not the original components. */
export function castleFormNote(): HTMLElement {
  return h("p", { class: "notice castle-note", "data-castle-note": "" }, t("home.castleNote"));
}

/** The lobby's line about a room's option, and the reconstruction note. */
export function castleLobbySummary(options: RoomOptions): LobbySummary {
  const wall4 = options.gameOptions.case === "castle" && options.gameOptions.value.wall4FountainBonus;
  return {
    rows: [[`${t("opt.wall4_fountain_bonus")} (K-10)`, wall4 ? t("opt.yes") : t("opt.no")]],
    note: h("p", { class: "help castle-note" }, t("home.castleNote")),
  };
}
