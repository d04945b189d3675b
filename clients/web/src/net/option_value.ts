// An option's value in the table's text form ("true", "c3", "2", "off", "8x8"), checked with the
// rules of the engine's SetOption, so that the server never has to refuse what the form sends.

import { parseIntIn } from "../ui/form";
import type { OptionSpec } from "./game_types";

/** A game's option values by option name, as the form's controls last set them. */
export type OptionValues = Record<string, string>;

export interface Size {
  width: number;
  height: number;
}

/** "8x8" -> {8, 8}, "off" -> "off"; anything else undefined. The range is validOptionValue's. */
export function parseSize(value: string): Size | "off" | undefined {
  if (value === "off") return "off";
  const match = /^(\d+)x(\d+)$/.exec(value);
  if (!match) return undefined;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Whether `value` is one the option accepts. */
export function validOptionValue(option: OptionSpec, value: string): boolean {
  switch (option.type) {
    case "bool":
      return value === "true" || value === "false";
    case "choice":
      return option.choices.includes(value);
    case "int":
      return parseIntIn(value, option.min, option.max) !== undefined;
    case "size": {
      const size = parseSize(value);
      if (size === undefined) return false;
      if (size === "off") return true;
      const within = (n: number) => n >= option.min && n <= option.max;
      return within(size.width) && within(size.height);
    }
  }
}

/** Every option at its default. */
export function defaultOptionValues(options: readonly OptionSpec[]): OptionValues {
  return Object.fromEntries(options.map((o) => [o.name, o.default]));
}
