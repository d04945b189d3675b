// Translation: t(key, params) in the current language, chosen from navigator.languages (English
// when none of them is known) and switchable; the choice is kept in localStorage.
//
// English is in the page's main script, but for the words of the game screens (src/i18n/play/),
// which come with a game's code (loadPlayWords); every other language is a chunk of its own (one
// per language: the shared tables and each game's, grouped by vite.config.ts), fetched by
// loadLanguage() before the page shows it, so that a page in English carries no other words.
//
// The tables here are the messages every game shares. Each game keeps its own tables in its
// folder and words them with a `t` of its own (gameTranslator), which falls back to these: so a
// game's keys are checked by the compiler in its code, and shared code cannot reach into a game's
// words (it asks the game, through src/games/registry.ts).

import { en, type Messages } from "./en";
import type { PlayMessageKey, PlayMessages } from "./play/en";

export type { Messages } from "./en";
export type { PlayMessageKey, PlayMessages } from "./play/en";

/** A shared message: of the main script's table, or of the game screens' (once loaded, loadPlayWords). */
export type MessageKey = keyof typeof en | PlayMessageKey;

export const LANGUAGES = ["en", "nl", "de", "sv"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The loaded tables: English always, the others once loadLanguage() has brought them. */
export const MESSAGES: Tables<Messages> = { en };

/** A set of tables: English, and the other languages once loaded. */
export type Tables<T> = { en: T } & Partial<Record<Language, T>>;

type OtherLanguage = Exclude<Language, "en">;
type TableLoaders = Record<OtherLanguage, () => Promise<Readonly<Record<string, string>>>>;

const SHARED_LOADERS: TableLoaders = {
  nl: () => import("./nl").then((m) => m.nl),
  de: () => import("./de").then((m) => m.de),
  sv: () => import("./sv").then((m) => m.sv),
};

/** Each set of tables with how to load its other languages: the shared one and every game's. */
const registered: { tables: Tables<Readonly<Record<string, string>>>; loaders: TableLoaders }[] = [
  { tables: MESSAGES, loaders: SHARED_LOADERS },
];

const languageLoads = new Map<Language, Promise<void>>();

/**
 * Called by each game's i18n module for its own tables, which loadLanguage() then fills too. A
 * chunk fetched after the page has loaded languages (the account screens) gets those at once:
 * the promise resolves when they are in.
 */
export function registerTables<T extends Readonly<Record<string, string>>>(
  tables: Tables<T>,
  loaders: Record<OtherLanguage, () => Promise<T>>,
): Promise<void> {
  registered.push({ tables, loaders });
  // (English is never loaded: it is always here.)
  return Promise.all(
    [...languageLoads.keys()].map(async (lang) => {
      tables[lang] = await loaders[lang as OtherLanguage]();
    }),
  ).then(() => undefined);
}

/** The game screens' words (src/i18n/play/), once loadPlayWords() has brought their English. */
let playTables: Tables<PlayMessages> | undefined;
let playLoad: Promise<void> | undefined;

/** The game screens' tables, undefined until loadPlayWords() has brought them. */
export function playMessages(): Tables<PlayMessages> | undefined {
  return playTables;
}

/**
 * Brings the words of the game screens: their English (a chunk of its own) and the languages the
 * page has loaded (in those languages' chunks). Resolves once they are in; a game screen waits
 * for it (src/ui/game_plays.ts) before it renders. Loaded once; after a failure a later call tries
 * again.
 */
export function loadPlayWords(): Promise<void> {
  playLoad ??= import("./play/en").then(
    ({ en: english }) => {
      const tables: Tables<PlayMessages> = { en: english };
      playTables = tables;
      // A language that could not come leaves these words in English (as t() does for any word
      // missing), and the language menu can bring it again.
      return registerTables(tables, {
        nl: () => import("./play/nl").then((m) => m.nl),
        de: () => import("./play/de").then((m) => m.de),
        sv: () => import("./play/sv").then((m) => m.sv),
      }).catch(() => undefined);
    },
    (e: unknown) => {
      playLoad = undefined;
      throw e;
    },
  );
  return playLoad;
}

/** Brings every table of `lang` (at once, shared by later calls); English needs nothing. */
export function loadLanguage(lang: Language): Promise<void> {
  if (lang === "en") return Promise.resolve();
  let load = languageLoads.get(lang);
  if (!load) {
    load = Promise.all(
      registered.map(async ({ tables, loaders }) => {
        (tables as Record<Language, Readonly<Record<string, string>>>)[lang] = await loaders[lang]();
      }),
    ).then(
      () => undefined,
      (e: unknown) => {
        // A later attempt (the language menu) may try again.
        languageLoads.delete(lang);
        throw e;
      },
    );
    languageLoads.set(lang, load);
  }
  return load;
}

/** Each language's name in itself, for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  nl: "Nederlands",
  de: "Deutsch",
  sv: "Svenska",
};

export const LANGUAGE_STORAGE_KEY = "carc.language";

export type Params = Record<string, string | number | bigint>;

let current: Language = "en";
const listeners = new Set<(lang: Language) => void>();

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of `preferred` (BCP 47 tags such as "nl-BE") that has messages; else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

// {n, plural, one {# tile} other {# tiles}}: the case of the current language's plural rules
// (Intl.PluralRules; "=0" style exact cases first), # the number. The tables use it wherever a
// count is spelled out, so that no message reads "1 tiles" or "tile(s)".
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_CASE = /(=\d+|\w+)\s*\{([^{}]*)\}/g;

const pluralRules = new Map<Language, Intl.PluralRules>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

function pluralCase(n: number): string {
  let rules = pluralRules.get(current);
  if (!rules) pluralRules.set(current, (rules = new Intl.PluralRules(current)));
  return rules.select(n);
}

/** A number as the current language writes it (1,234 in English, 1.234 in German). */
export function formatNumber(value: number | bigint): string {
  let formatter = numberFormats.get(current);
  if (!formatter) numberFormats.set(current, (formatter = new Intl.NumberFormat(current)));
  return formatter.format(value);
}

/**
 * Fills {name} placeholders (numbers as the language writes them) and {name, plural, ...}
 * choices; an unknown placeholder stays as written.
 */
export function format(template: string, params?: Params): string {
  if (!params) return template;
  const chosen = template.replace(PLURAL, (whole, name: string, cases: string) => {
    const value = params[name];
    if (value === undefined || typeof value === "string") return whole;
    const n = Number(value);
    const options = new Map<string, string>();
    for (const m of cases.matchAll(PLURAL_CASE)) options.set(m[1]!, m[2]!);
    const text = options.get(`=${n}`) ?? options.get(pluralCase(n)) ?? options.get("other");
    return text === undefined ? whole : text.replace(/#/g, formatNumber(value));
  });
  return chosen.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "string" ? value : formatNumber(value);
  });
}

/**
 * The message `key` in the current language (English when missing). A word of the game screens
 * asked before loadPlayWords() has brought it (a screen that did not wait for it) is the key
 * itself.
 */
export function t(key: MessageKey, params?: Params): string {
  const text = Object.hasOwn(en, key)
    ? MESSAGES[current]?.[key as keyof Messages] || en[key as keyof Messages]
    : playTables?.[current]?.[key as PlayMessageKey] || playTables?.en[key as PlayMessageKey] || key;
  return format(text, params);
}

/** A game's own messages in every language (the same keys in each, as for the shared ones). */
export type GameMessages<K extends string> = Tables<Record<K, string>>;

/**
 * The `t` of a game: its own keys from its tables (English when missing), every other key from
 * the shared ones, or from `fallback` (the `t` of the game's other tables, for its screens'
 * words). The game's keys must not repeat another table's key (the i18n test checks).
 */
export function gameTranslator<K extends string>(messages: GameMessages<K>): (key: K | MessageKey, params?: Params) => string;
export function gameTranslator<K extends string, F extends string>(
  messages: GameMessages<K>,
  fallback: (key: F, params?: Params) => string,
): (key: K | F, params?: Params) => string;
export function gameTranslator(
  messages: GameMessages<string>,
  fallback: (key: string, params?: Params) => string = (key, params) => t(key as MessageKey, params),
): (key: string, params?: Params) => string {
  const own = (key: string) => Object.hasOwn(messages.en, key);
  return (key, params) => (own(key) ? format(messages[current]?.[key] || messages.en[key]!, params) : fallback(key, params));
}

/**
 * The message `key` of a game's `tables` in the current language (else English), undefined when
 * neither has it: for keys made at run time (opt.NAME of a served option), where the caller has
 * a fallback of its own.
 */
export function lookup(
  tables: Tables<Readonly<Record<string, string>>>,
  key: string,
  params?: Params,
): string | undefined {
  const own = (table: Readonly<Record<string, string>> | undefined) =>
    table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
  const text = own(tables[current]) || own(tables.en);
  return text === undefined ? undefined : format(text, params);
}

export function getLanguage(): Language {
  return current;
}

/** Switches the language, keeps the choice and tells the listeners. */
export function setLanguage(lang: Language, storage: Storage | undefined = safeStorage()): void {
  current = lang;
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage may be full or disabled: the choice just lasts for this page.
  }
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  for (const listener of [...listeners]) listener(lang);
}

export function onLanguageChange(listener: (lang: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice, else the browser's languages, else English. */
export function initialLanguage(
  storage: Storage | undefined = safeStorage(),
  languages: readonly string[] = browserLanguages(),
): Language {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isLanguage(stored) ? stored : pickLanguage(languages);
}

/** Sets the language at start-up without storing it (the user has not chosen yet). */
export function initLanguage(lang: Language = initialLanguage()): void {
  current = lang;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
