// The create-room form's "Rated game" (RoomOptions.rated): offered to a signed-in player only (the
// server refuses a guest's rated room, ERROR_CODE_SIGN_IN_REQUIRED), with hints off, and only
// with the game's standard rules: the first option of the game away from its default that is not
// one of those choosing the rating pool (GameForm.ratedPoolOptions) is the house rule that makes
// the room unrated, named so that the host can set it back before the server refuses the room.

import type { OptionSpec } from "../net/game_types";
import type { OptionValues } from "../net/option_value";
import type { OfferedGame } from "../games/registry";

/** Whether `value` is the option's default, as the server reads it ("07" is 7). */
export function atDefault(option: OptionSpec, value: string | undefined): boolean {
  if (value === undefined) return true;
  if (option.type === "int") return Number(value) === Number(option.default);
  return value === option.default;
}

/** The first option set to a house rule for a rated room, undefined when there is none. */
export function houseRule(game: OfferedGame, options: readonly OptionSpec[], values: OptionValues): OptionSpec | undefined {
  const pool = new Set(game.module.form.ratedPoolOptions ?? []);
  return options.find((o) => !pool.has(o.name) && !atDefault(o, values[o.name]));
}
