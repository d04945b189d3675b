// The Castle's words: its own tables in every language, and its `t`, which knows its keys and the
// shared ones (src/i18n).

import { gameTranslator, type GameMessages } from "../../../i18n";
import { de } from "./de";
import { en, type CastleMessageKey } from "./en";
import { nl } from "./nl";
import { sv } from "./sv";

export type { CastleMessageKey } from "./en";

export const CASTLE_MESSAGES: GameMessages<CastleMessageKey> = { en, nl, de, sv };

export const t = gameTranslator(CASTLE_MESSAGES);
