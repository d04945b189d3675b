// The words of a served option, from keys made of its name in the game's own tables
// (src/games/<game>/i18n/): opt.NAME (label), opt.NAME.help (one line after the rule id),
// opt.NAME.CHOICE (a choice), opt.NAME.width and .height (a size's sides), opt.NAME.invalid
// (optional: why a value is refused). The test of the messages checks every option of the
// golden table has them in every language; an option of a newer server that this page has no
// words for still shows, in the table's own English.

import type { GameModule } from "../games/game_module";
import { lookup, t, type Params } from "../i18n";
import type { OptionSpec } from "../net/game_types";
import { parseSize } from "../net/option_value";

type Words = GameModule["messages"];

/** The option's label; its name when there are no words for it. */
export function optionLabel(words: Words, option: OptionSpec): string {
  return lookup(words, `opt.${option.name}`) ?? option.name;
}

/** "Rule V-5: …", the line under the option's control. */
export function optionHelp(words: Words, option: OptionSpec): string {
  return t("opt.rule", { rule: option.rule, text: lookup(words, `opt.${option.name}.help`) ?? option.summary });
}

export function choiceLabel(words: Words, option: OptionSpec, choice: string): string {
  return lookup(words, `opt.${option.name}.${choice}`) ?? choice;
}

export function sizeSideLabel(words: Words, option: OptionSpec, side: "width" | "height"): string {
  return lookup(words, `opt.${option.name}.${side}`) ?? t(side === "width" ? "opt.width" : "opt.height");
}

/** Why `option` refuses the value the form holds. */
export function invalidText(words: Words, option: OptionSpec): string {
  const name = optionLabel(words, option);
  const params: Params = option.type === "int" || option.type === "size" ? { name, min: option.min, max: option.max } : { name };
  return lookup(words, `opt.${option.name}.invalid`, params) ?? t("form.errorOption", { name });
}

/** A value as the lobby shows it: yes or no, a choice's words, a number, "9 × 11" or off. */
export function valueText(words: Words, option: OptionSpec, value: string): string {
  switch (option.type) {
    case "bool":
      return value === "true" ? t("opt.yes") : t("opt.no");
    case "choice":
      return choiceLabel(words, option, value);
    case "int":
      return value;
    case "size": {
      const size = parseSize(value);
      if (size === "off") return t("opt.off");
      return size === undefined ? value : `${size.width} × ${size.height}`;
    }
  }
}
