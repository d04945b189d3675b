// The base game's words on its screens: their tables in every language, and the `t` of its screens,
// which knows these keys, the game's others (../index.ts) and the shared ones (src/i18n). Only the
// game's play code reaches this folder, so its English is in the play chunk (GameModule.load); the
// other languages are in each language's chunk (vite.config.ts), fetched with it or, when the page
// already shows one, at once by registerTables.

import { gameTranslator, registerTables, type GameMessages } from "../../../../i18n";
import { t as gameT } from "..";
import { en, type BasePlayMessageKey } from "./en";

export type { BasePlayMessageKey } from "./en";

export const BASE_PLAY_MESSAGES: GameMessages<BasePlayMessageKey> = { en };

/**
 * Resolves once the languages the page has loaded are in these tables too; a language that could
 * not come leaves these words in English, as t() does for any word missing.
 */
export const basePlayWords: Promise<void> = registerTables(BASE_PLAY_MESSAGES, {
  nl: () => import("./nl").then((m) => m.nl),
  de: () => import("./de").then((m) => m.de),
  sv: () => import("./sv").then((m) => m.sv),
}).catch(() => undefined);

export const t = gameTranslator(BASE_PLAY_MESSAGES, gameT);
