// The base game's words for the home screen and the lobby: its own tables in every language, and its
// `t`, which knows its keys and the shared ones (src/i18n). The words of its screens are in play/.

import { gameTranslator, registerTables, type GameMessages } from "../../../i18n";
import { en, type BaseMessageKey } from "./en";

export type { BaseMessageKey } from "./en";

/** English here; the other languages arrive with loadLanguage() (src/i18n). */
export const BASE_MESSAGES: GameMessages<BaseMessageKey> = { en };
registerTables(BASE_MESSAGES, {
  nl: () => import("./nl").then((m) => m.nl),
  de: () => import("./de").then((m) => m.de),
  sv: () => import("./sv").then((m) => m.sv),
});

export const t = gameTranslator(BASE_MESSAGES);
