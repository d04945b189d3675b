// The Castle's words for the home screen and the lobby: its own tables in every language, and its
// `t`, which knows its keys and the shared ones (src/i18n). The words of its screens are in play/.

import { gameTranslator, registerTables, type GameMessages } from "../../../i18n";
import { en, type CastleMessageKey } from "./en";

export type { CastleMessageKey } from "./en";

/** English here; the other languages arrive with loadLanguage() (src/i18n). */
export const CASTLE_MESSAGES: GameMessages<CastleMessageKey> = { en };
registerTables(CASTLE_MESSAGES, {
  nl: () => import("./nl").then((m) => m.nl),
  de: () => import("./de").then((m) => m.de),
  sv: () => import("./sv").then((m) => m.sv),
});

export const t = gameTranslator(CASTLE_MESSAGES);
