// The account screens' words: their own tables in every language, and their `t`, which knows
// their keys and the shared ones (src/i18n). English comes with the screens' chunk; the other
// languages are in each language's chunk (vite.config.ts), fetched with it or, when the page
// already shows one, at once by registerTables.

import { gameTranslator, registerTables, type GameMessages } from "../../i18n";
import { en, type AccountMessageKey } from "./en";

export type { AccountMessageKey } from "./en";

export const ACCOUNT_MESSAGES: GameMessages<AccountMessageKey> = { en };

/** Resolves once the languages the page has loaded are in these tables too. */
export const accountWords = registerTables(ACCOUNT_MESSAGES, {
  nl: () => import("./nl").then((m) => m.nl),
  de: () => import("./de").then((m) => m.de),
  sv: () => import("./sv").then((m) => m.sv),
});

export const t = gameTranslator(ACCOUNT_MESSAGES);
