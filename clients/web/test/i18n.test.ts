import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../src/account/i18n";
import { ErrorCode, ErrorSchema } from "../src/gen/carc/v1/session_pb";
import { GAMES } from "../src/games/registry";
import {
  LANGUAGES,
  MESSAGES,
  format,
  getLanguage,
  initialLanguage,
  loadLanguage,
  loadPlayWords,
  pickLanguage,
  playMessages,
  registerTables,
  setLanguage,
  t,
  type Language,
  type Tables,
} from "../src/i18n";
import { en } from "../src/i18n/en";
import { nl } from "../src/i18n/nl";
import { ServerError } from "../src/net/client";
import { MemoryStorage } from "../src/net/resume_token";
import { MAX_DETAIL_CHARS, describeError, errorCodeMessage, errorKey } from "../src/ui/errors";

/** Every language has exactly the English keys, no empty value, and each message's placeholders. */
function expectComplete(tables: Tables<Readonly<Record<string, string>>>, what: string): void {
  const english = tables.en;
  const names = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
  for (const lang of LANGUAGES) {
    const messages = tables[lang] ?? {};
    expect(Object.keys(messages).sort(), `${what} ${lang}`).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(messages)) {
      expect(value.trim(), `${what} ${lang} ${key}`).not.toBe("");
    }
    for (const [key, value] of Object.entries(english)) {
      expect(names(messages[key] ?? ""), `${what} ${lang} ${key}`).toEqual(names(value));
    }
  }
}

describe("messages", () => {
  it("loads a language's tables, the shared ones and every game's, at once", async () => {
    // test/setup.ts loads every language before the tests; loading again shares that work.
    await loadLanguage("nl");
    expect(MESSAGES.nl?.["lobby.title"]).toBe(nl["lobby.title"]);
    for (const game of GAMES) expect(Object.keys(game.messages.nl ?? {})).toEqual(Object.keys(game.messages.en));
    await expect(loadLanguage("en")).resolves.toBeUndefined();
  });

  it("fills a set of tables registered after languages were loaded (a chunk fetched later) at once", async () => {
    // test/setup.ts has loaded every language, as a page has the one it shows.
    const late: Tables<Record<"word", string>> = { en: { word: "one" } };
    await registerTables(late, {
      nl: () => Promise.resolve({ word: "een" }),
      de: () => Promise.resolve({ word: "eins" }),
      sv: () => Promise.resolve({ word: "ett" }),
    });
    expect(late).toEqual({ en: { word: "one" }, nl: { word: "een" }, de: { word: "eins" }, sv: { word: "ett" } });
  });

  it("has every shared message in every language, with its placeholders", () => {
    expectComplete(MESSAGES, "shared");
  });

  it("has every message of the game screens in every language, with its placeholders", async () => {
    // test/setup.ts has loaded them, as a page does with a game's code; loading again shares that.
    await loadPlayWords();
    expectComplete(playMessages()!, "game screens");
  });

  for (const game of GAMES) {
    it(`has every message of the game ${game.id} in every language, with its placeholders`, () => {
      expectComplete(game.messages, game.id);
    });

    it(`has every message of the game ${game.id}'s screens in every language, once its code is in`, async () => {
      // Loaded with the game's code, after the page's languages: registerTables brings those.
      expectComplete((await game.load()).messages, `${game.id} screens`);
    });
  }

  /** Every table of the page: the shared ones, the account screens', and each game's (its code loaded). */
  async function allTables(): Promise<Tables<Readonly<Record<string, string>>>[]> {
    const plays = await Promise.all(GAMES.map((g) => g.load()));
    return [MESSAGES, playMessages()!, ACCOUNT_MESSAGES, ...GAMES.map((g) => g.messages), ...plays.map((p) => p.messages)];
  }

  it("has every message of the account screens in every language, with its placeholders", () => {
    expectComplete(ACCOUNT_MESSAGES, "account");
  });

  it("names no rule id in what players read; help lines may (the table, round three, point 7)", async () => {
    const ruleId = /\b[BVCK]-\d+/;
    const tables = await allTables();
    let read = 0;
    for (const table of tables) {
      for (const lang of LANGUAGES) {
        for (const [key, value] of Object.entries(table[lang] ?? {})) {
          if (/help$/i.test(key) || key === "opt.rule") continue;
          read++;
          expect(value, `${lang} ${key}`).not.toMatch(ruleId);
        }
      }
    }
    expect(read).toBeGreaterThan(400);
  });

  it("words a choice for every pointer: no \"tap\" that a desktop player cannot do", async () => {
    for (const table of await allTables()) {
      for (const [key, value] of Object.entries(table.en ?? {})) expect(value, key).not.toMatch(/\btap\b/i);
    }
  });

  it("never gives a key twice: not a shared key, not the game screens', not another game's, not the account screens'", async () => {
    const seen = new Map<string, string>(Object.keys(en).map((k) => [k, "shared"]));
    const play = { id: "game screens", messages: playMessages()! };
    const screens = await Promise.all(GAMES.map(async (g) => ({ id: `${g.id} screens`, messages: (await g.load()).messages })));
    for (const { id, messages } of [play, ...GAMES, ...screens, { id: "account", messages: ACCOUNT_MESSAGES }]) {
      for (const key of Object.keys(messages.en)) {
        expect(seen.get(key), `${id} ${key}`).toBeUndefined();
        seen.set(key, id);
      }
    }
  });

  it("has a message for every ErrorCode in every language", () => {
    const codes = Object.values(ErrorCode).filter((v): v is number => typeof v === "number");
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) {
      const key = errorKey(code);
      expect(key, ErrorCode[code]).toBeDefined();
      for (const lang of LANGUAGES) {
        expect((MESSAGES[lang] as Record<string, string>)[key!], `${lang} ${key}`).toBeTruthy();
      }
    }
  });

  it("describes an unknown error code by number", () => {
    setLanguage("en", undefined);
    expect(errorCodeMessage(1234 as ErrorCode)).toContain("1234");
    expect(errorCodeMessage(ErrorCode.ROOM_NOT_FOUND)).toBe(en["error.ROOM_NOT_FOUND"]);
  });

  it("adds the server's words to a refusal of room options and to a mute, and only to those", () => {
    setLanguage("en", undefined);
    const refusal = (code: ErrorCode, message: string) =>
      new ServerError(create(ErrorSchema, { code, message }));
    expect(describeError(refusal(ErrorCode.INVALID_OPTIONS, "hand_size must be 1..3"))).toBe(
      `${en["error.INVALID_OPTIONS"]} (hand_size must be 1..3)`,
    );
    expect(describeError(refusal(ErrorCode.INVALID_OPTIONS, "  "))).toBe(en["error.INVALID_OPTIONS"]);
    expect(describeError(refusal(ErrorCode.ROOM_FULL, "the room is full"))).toBe(en["error.ROOM_FULL"]);
    // A mute: until when, and why.
    expect(describeError(refusal(ErrorCode.MUTED, "you are muted until 2027-01-22 08:00 UTC: insults"))).toBe(
      `${en["error.MUTED"]} (you are muted until 2027-01-22 08:00 UTC: insults)`,
    );
    // Counted in characters: a long text of four-byte characters is cut at MAX_DETAIL_CHARS.
    const long = describeError(refusal(ErrorCode.INVALID_OPTIONS, "🂡".repeat(500)));
    expect([...long].filter((c) => c === "🂡")).toHaveLength(MAX_DETAIL_CHARS);
    expect(long.includes("\ufffd")).toBe(false);
  });
});

describe("language choice", () => {
  it("picks the first known language of navigator.languages, else English", () => {
    expect(pickLanguage(["fr-FR", "nl-BE", "de"])).toBe("nl");
    expect(pickLanguage(["sv_SE"])).toBe("sv");
    expect(pickLanguage(["DE-ch"])).toBe("de");
    expect(pickLanguage(["fr", "ja"])).toBe("en");
    expect(pickLanguage([])).toBe("en");
  });

  it("prefers the stored choice", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(initialLanguage(storage, ["de-DE"])).toBe("de");
    setLanguage("sv", storage);
    expect(initialLanguage(storage, ["de-DE"])).toBe("sv");
    storage.setItem("carc.language", "xx");
    expect(initialLanguage(storage, ["nl"])).toBe("nl");
    setLanguage("en", undefined);
  });

  it("words counts by the language's plural rules and writes numbers its way", () => {
    setLanguage("en", undefined);
    expect(t("game.points", { n: 1 })).toBe("1 point");
    expect(t("game.points", { n: 0 })).toBe("0 points");
    expect(t("game.points", { n: 1234 })).toBe("1,234 points");
    expect(t("game.rotations", { n: 1 })).toBe("1 legal orientation here");
    expect(format("{n, plural, =0 {none} one {# tile} other {# tiles}}", { n: 0 })).toBe("none");
    expect(format("{n, plural, one {# tile} other {# tiles}}", {})).toBe("{n, plural, one {# tile} other {# tiles}}");
    setLanguage("de", undefined);
    expect(t("game.points", { n: 1 })).toBe("1 Punkt");
    expect(t("game.points", { n: 1234 })).toBe("1.234 Punkte");
    setLanguage("en", undefined);
  });

  it("translates and fills placeholders", () => {
    setLanguage("de", undefined);
    expect(getLanguage()).toBe("de");
    expect(t("lobby.title", { code: "ABC234" })).toBe("Raum ABC234");
    setLanguage("en", undefined);
    expect(t("lobby.title", { code: "ABC234" })).toBe("Room ABC234");
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});
