// The base game's words: its own tables in every language, and its `t`, which knows its keys and the
// shared ones (src/i18n).

import { gameTranslator, type GameMessages } from "../../../i18n";
import { de } from "./de";
import { en, type BaseMessageKey } from "./en";
import { nl } from "./nl";
import { sv } from "./sv";

export type { BaseMessageKey } from "./en";

export const BASE_MESSAGES: GameMessages<BaseMessageKey> = { en, nl, de, sv };

export const t = gameTranslator(BASE_MESSAGES);
