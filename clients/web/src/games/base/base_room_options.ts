// The base game in the room screens, beyond its served option table (which gives every control,
// value, default, range and seat): the fieldset's legend, the table size proposed when the limit
// is turned on, and the rules between options that the engine's Validate keeps, so that the form
// says what is wrong instead of the server refusing the room.

import { parseSize, type OptionValues } from "../../net/option_value";
import type { GameForm } from "../game_module";
import { t } from "./i18n";

/** C-1: the Count's block spans columns -2..1 and rows -1..1 of a table centred on (0,0). */
export const COUNT_MIN_BOARD = { width: 5, height: 3 } as const;

/** The options' rules across options, as the engine's Validate (engine/src/game_config.cc). */
export function checkBaseOptions(values: OptionValues): string | undefined {
  const board = parseSize(values.board_limit ?? "off");
  const limited = board !== undefined && board !== "off";
  // V-7: only a table with an edge can close features at it.
  if (values.edge_closes_features === "true" && !limited) return t("form.errorEdge");
  if (values.count === "true" && limited && (board.width < COUNT_MIN_BOARD.width || board.height < COUNT_MIN_BOARD.height)) {
    return t("form.errorCountBoard");
  }
  return undefined;
}

export const baseForm: GameForm = {
  legend: () => t("home.options"),
  // A table roomy enough for a whole game, the first time the limit is turned on.
  proposals: { board_limit: "15x15" },
  check: checkBaseOptions,
  // The Count makes the game rated in the "count" pool instead of "base".
  ratedPoolOptions: ["count"],
};
