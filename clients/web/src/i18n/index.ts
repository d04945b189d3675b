// Translation: t(key, params) in the current language, chosen from navigator.languages (English
// when none of them is known) and switchable; the choice is kept in localStorage.
//
// The tables here are the messages every game shares. Each game keeps its own tables in its
// folder and words them with a `t` of its own (gameTranslator), which falls back to these: so a
// game's keys are checked by the compiler in its code, and shared code cannot reach into a game's
// words (it asks the game, through src/games/registry.ts).

import { de } from "./de";
import { en, type MessageKey, type Messages } from "./en";
import { nl } from "./nl";
import { sv } from "./sv";

export type { MessageKey, Messages } from "./en";

export const LANGUAGES = ["en", "nl", "de", "sv"] as const;
export type Language = (typeof LANGUAGES)[number];

export const MESSAGES: Record<Language, Messages> = { en, nl, de, sv };

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

/** Fills {name} placeholders; an unknown placeholder stays as written. */
export function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** The message `key` in the current language (English when missing). */
export function t(key: MessageKey, params?: Params): string {
  const text = MESSAGES[current][key] || en[key];
  return format(text, params);
}

/** A game's own messages in every language (the same keys in each, as for the shared ones). */
export type GameMessages<K extends string> = Record<Language, Record<K, string>>;

/**
 * The `t` of a game: its own keys from its tables (English when missing), every other key from
 * the shared ones. The game's keys must not repeat a shared key (the i18n test checks).
 */
export function gameTranslator<K extends string>(messages: GameMessages<K>): (key: K | MessageKey, params?: Params) => string {
  const own = (key: string): key is K => Object.hasOwn(messages.en, key);
  return (key, params) => (own(key) ? format(messages[current][key] || messages.en[key], params) : t(key, params));
}

/**
 * The message `key` of a game's `tables` in the current language (else English), undefined when
 * neither has it: for keys made at run time (opt.NAME of a served option), where the caller has
 * a fallback of its own.
 */
export function lookup(
  tables: Record<Language, Readonly<Record<string, string>>>,
  key: string,
  params?: Params,
): string | undefined {
  const own = (table: Readonly<Record<string, string>>) => (Object.hasOwn(table, key) ? table[key] : undefined);
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
