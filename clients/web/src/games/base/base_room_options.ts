// The base game's options in the room screens: the create-room form's fieldset, one control per
// option of OPTION_SPECS with its one-line explanation naming the rule, and the lobby's summary
// lines of a room's options.

import type { RoomOptions } from "../../gen/carc/v1/lobby_pb";
import { h, uid } from "../../ui/dom";
import { range, type Result } from "../../ui/form";
import type { GameOptionsForm, LobbySummary } from "../game_module";
import {
  BOARD_MAX,
  BOARD_MIN,
  OPTION_SPECS,
  buildBaseOptions,
  choiceKey,
  defaultOptionValues,
  optionHelpKey,
  optionLabelKey,
  optionValuesFromBase,
  parseBoardLimit,
  type OptionSpec,
  type OptionValues,
} from "./base_options";
import { t, type BaseMessageKey } from "./i18n";

/** The base game's fieldset of the create-room form, with the values its controls set. */
export class BaseOptionsForm implements GameOptionsForm {
  /** The engine's option strings, as the controls last set them. */
  readonly values: OptionValues = defaultOptionValues();

  render(): HTMLElement {
    return h(
      "fieldset",
      { class: "options", "data-options": "base" },
      h("legend", {}, t("home.options")),
      OPTION_SPECS.map((spec) => renderOption(spec, this.values)),
    );
  }

  build(): Result<RoomOptions["gameOptions"]> {
    const base = buildBaseOptions(this.values);
    if (!base.ok) return { ok: false, message: t(base.error, { name: base.option ? t(optionLabelKey(base.option)) : "" }) };
    return { ok: true, value: { case: "base", value: base.value } };
  }
}

/** One base-game option as a form control with its one-line explanation naming the rule. */
export function renderOption(spec: OptionSpec, values: OptionValues): HTMLElement {
  const id = uid(`opt-${spec.name}`);
  const helpId = `${id}-help`;
  const label = t(optionLabelKey(spec.name));
  const help = h(
    "p",
    { class: "help", id: helpId },
    t("opt.rule", { rule: spec.rule, text: t(optionHelpKey(spec.name)) }),
  );
  const wrap = (control: HTMLElement, check = false): HTMLElement =>
    check
      ? h("div", { class: "field check", "data-option": spec.name }, control, h("label", { for: id }, label), help)
      : h("div", { class: "field", "data-option": spec.name }, h("label", { for: id }, label), control, help);

  switch (spec.kind) {
    case "bool": {
      const box = h("input", {
        id,
        type: "checkbox",
        name: spec.name,
        checked: values[spec.name] === "true",
        "aria-describedby": helpId,
        onchange: () => {
          values[spec.name] = box.checked ? "true" : "false";
        },
      });
      return wrap(box, true);
    }
    case "choice": {
      const select = h(
        "select",
        {
          id,
          name: spec.name,
          "aria-describedby": helpId,
          onchange: () => {
            values[spec.name] = select.value;
          },
        },
        spec.choices.map((c) =>
          h("option", { value: c, selected: values[spec.name] === c }, t(choiceKey(spec.name, c))),
        ),
      );
      return wrap(select);
    }
    case "int": {
      const select = h(
        "select",
        {
          id,
          name: spec.name,
          "aria-describedby": helpId,
          onchange: () => {
            values[spec.name] = select.value;
          },
        },
        range(spec.min, spec.max).map((n) =>
          h("option", { value: String(n), selected: values[spec.name] === String(n) }, String(n)),
        ),
      );
      return wrap(select);
    }
    case "board": {
      const current = parseBoardLimit(values[spec.name]) ?? { width: 0, height: 0 };
      const on = current.width > 0;
      const wId = `${id}-w`;
      const hId = `${id}-h`;
      const size = (inputId: string, v: number, key: BaseMessageKey): [HTMLLabelElement, HTMLInputElement] => [
        h("label", { for: inputId }, t(key)),
        h("input", {
          id: inputId,
          type: "number",
          inputmode: "numeric",
          min: BOARD_MIN,
          max: BOARD_MAX,
          step: 1,
          value: String(v > 0 ? v : 15),
          disabled: !on,
          oninput: () => update(),
        }),
      ];
      const [wLabel, wInput] = size(wId, current.width, "opt.board_limit.width");
      const [hLabel, hInput] = size(hId, current.height, "opt.board_limit.height");
      const box = h("input", {
        id,
        type: "checkbox",
        name: spec.name,
        checked: on,
        "aria-describedby": helpId,
        onchange: () => {
          wInput.disabled = !box.checked;
          hInput.disabled = !box.checked;
          update();
        },
      });
      function update(): void {
        values[spec.name] = box.checked ? `${wInput.value.trim()}x${hInput.value.trim()}` : "off";
      }
      return h(
        "div",
        { class: "field board", "data-option": spec.name },
        h("div", { class: "check" }, box, h("label", { for: id }, label)),
        help,
        h("div", { class: "pair" }, h("div", {}, wLabel, wInput), h("div", {}, hLabel, hInput)),
      );
    }
  }
}

function optionValueText(spec: OptionSpec, values: OptionValues): string {
  const v = values[spec.name];
  switch (spec.kind) {
    case "bool":
      return v === "true" ? t("opt.yes") : t("opt.no");
    case "choice":
      return t(choiceKey(spec.name, v));
    case "int":
      return v;
    case "board":
      return v === "off" ? t("opt.off") : v.replace("x", " × ");
  }
}

/** The lobby's lines about a room's base options, each with its rule. */
export function baseLobbySummary(options: RoomOptions): LobbySummary {
  if (options.gameOptions.case !== "base") return { rows: [] };
  const values = optionValuesFromBase(options.gameOptions.value);
  return { rows: OPTION_SPECS.map((spec) => [`${t(optionLabelKey(spec.name))} (${spec.rule})`, optionValueText(spec, values)]) };
}
