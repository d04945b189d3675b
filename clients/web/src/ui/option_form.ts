// A game's part of the create-room form, built from its served option table: one control per
// option (bool: a checkbox; int: a menu, or a number box for a long range; choice: a menu; size:
// a checkbox that turns the limit on and two number boxes), each with its one-line explanation
// naming the rule, and from their values the game's options message. What the table does not say
// (the legend, a proposed size, rules between options) is the game's GameForm.

import type { RoomOptions } from "../gen/carc/v1/lobby_pb";
import type { OfferedGame } from "../games/registry";
import type { OptionSpec } from "../net/game_types";
import { defaultOptionValues, parseSize, validOptionValue, type OptionValues } from "../net/option_value";
import { buildGameOptions, carriedOptions } from "../net/options_message";
import { h, onPage, self, uid } from "./dom";
import { range, type Result } from "./form";
import { choiceLabel, invalidText, optionHelp, optionLabel, sizeSideLabel } from "./option_text";

/** Up to this many numbers an int is a menu; beyond, a number box. */
const MENU_MAX_ENTRIES = 24;

/** The game's fieldset of options, with the values its controls set (kept between renders). */
export class OptionForm {
  /** The options shown and sent: the table's that the game's options message has a field for. */
  readonly options: readonly OptionSpec[];
  readonly values: OptionValues;

  constructor(readonly game: OfferedGame) {
    this.options = carriedOptions(game.module.wire.options, game.table.options);
    this.values = defaultOptionValues(this.options);
  }

  render(): HTMLElement {
    return h(
      "fieldset",
      { class: "options", "data-options": this.game.module.id },
      h("legend", {}, this.game.module.form.legend()),
      this.options.map((option) => this.renderOption(option)),
    );
  }

  /** RoomOptions.game_options, or why the values cannot be sent. */
  build(): Result<RoomOptions["gameOptions"]> {
    const words = this.game.module.messages;
    for (const option of this.options) {
      if (!validOptionValue(option, this.values[option.name] ?? "")) return { ok: false, message: invalidText(words, option) };
    }
    const problem = this.game.module.form.check?.(this.values);
    if (problem !== undefined) return { ok: false, message: problem };
    return { ok: true, value: buildGameOptions(this.game.module.wire.options, this.options, this.values) };
  }

  private renderOption(option: OptionSpec): HTMLElement {
    const words = this.game.module.messages;
    const values = this.values;
    const name = option.name;
    const id = uid(`opt-${name}`);
    const helpId = `${id}-help`;
    const label = optionLabel(words, option);
    const help = h("p", { class: "help", id: helpId }, optionHelp(words, option));
    const set = (value: string) => {
      values[name] = value;
    };
    const menu = (entries: [string, string][]): HTMLSelectElement => {
      const select = h(
        "select",
        { id, name, "aria-describedby": helpId, onchange: (e) => set(self<HTMLSelectElement>(e).value) },
        entries.map(([value, text]) => h("option", { value, selected: values[name] === value }, text)),
      );
      return select;
    };
    const field = (control: HTMLElement) =>
      h("div", { class: "field", "data-option": name }, h("label", { for: id }, label), control, help);

    switch (option.type) {
      case "bool": {
        const box = h("input", {
          id,
          type: "checkbox",
          name,
          checked: values[name] === "true",
          "aria-describedby": helpId,
          onchange: (e) => set(self<HTMLInputElement>(e).checked ? "true" : "false"),
        });
        return h("div", { class: "field check", "data-option": name }, box, h("label", { for: id }, label), help);
      }
      case "choice":
        return field(menu(option.choices.map((c) => [c, choiceLabel(words, option, c)])));
      case "int": {
        if (option.max - option.min < MENU_MAX_ENTRIES) {
          return field(menu(range(option.min, option.max).map((n) => [String(n), String(n)])));
        }
        const input = h("input", {
          id,
          type: "number",
          inputmode: "numeric",
          name,
          min: option.min,
          max: option.max,
          step: 1,
          value: values[name] ?? option.default,
          "aria-describedby": helpId,
          oninput: (e) => set(self<HTMLInputElement>(e).value.trim()),
        });
        return field(input);
      }
      case "size":
        return this.renderSize(option, id, label, help);
    }
  }

  /** A size: the checkbox turns the limit on, the two boxes give its sides. */
  private renderSize(option: OptionSpec & { type: "size" }, id: string, label: string, help: HTMLElement): HTMLElement {
    const words = this.game.module.messages;
    const name = option.name;
    const current = parseSize(this.values[name] ?? "off");
    const on = current !== undefined && current !== "off";
    // Off, the boxes show what turning the limit on would give: the game's proposal, else the least.
    const proposal = parseSize(this.game.module.form.proposals?.[name] ?? "");
    const shown = on ? current : proposal !== undefined && proposal !== "off" ? proposal : { width: option.min, height: option.min };
    const side = (side: "width" | "height"): [HTMLLabelElement, HTMLInputElement] => {
      const inputId = `${id}-${side === "width" ? "w" : "h"}`;
      return [
        h("label", { for: inputId }, sizeSideLabel(words, option, side)),
        h("input", {
          id: inputId,
          type: "number",
          inputmode: "numeric",
          min: option.min,
          max: option.max,
          step: 1,
          value: String(shown[side]),
          disabled: !on,
          oninput: (e) => update(e),
        }),
      ];
    };
    const [wLabel, wInput] = side("width");
    const [hLabel, hInput] = side("height");
    const box = h("input", {
      id,
      type: "checkbox",
      name,
      checked: on,
      "aria-describedby": help.id,
      onchange: (e) => {
        const [on, w, h] = liveSize(e);
        if (w) w.disabled = !on.checked;
        if (h) h.disabled = !on.checked;
        update(e);
      },
    });
    // The page's own checkbox and boxes of this field, found from the one the event reached.
    const liveSize = (e: Event): [HTMLInputElement, HTMLInputElement | null, HTMLInputElement | null] => [
      onPage<HTMLInputElement>(e, id) ?? box,
      onPage<HTMLInputElement>(e, `${id}-w`),
      onPage<HTMLInputElement>(e, `${id}-h`),
    ];
    const update = (e: Event): void => {
      const [on, w, h] = liveSize(e);
      this.values[name] = on.checked && w && h ? `${w.value.trim()}x${h.value.trim()}` : "off";
    };
    return h(
      "div",
      { class: "field size", "data-option": name },
      h("div", { class: "check" }, box, h("label", { for: id }, label)),
      help,
      h("div", { class: "pair" }, h("div", {}, wLabel, wInput), h("div", {}, hLabel, hInput)),
    );
  }
}
