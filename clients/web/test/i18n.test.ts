import { describe, expect, it } from "vitest";
import { ErrorCode } from "../src/gen/carc/v1/session_pb";
import {
  LANGUAGES,
  MESSAGES,
  format,
  getLanguage,
  initialLanguage,
  pickLanguage,
  setLanguage,
  t,
} from "../src/i18n";
import { en } from "../src/i18n/en";
import { MemoryStorage } from "../src/net/resume_token";
import { errorCodeMessage, errorKey } from "../src/ui/errors";
import { OPTION_SPECS, choiceKey, optionHelpKey, optionLabelKey } from "../src/ui/options";


describe("messages", () => {
  const englishKeys = Object.keys(en).sort();

  for (const lang of LANGUAGES) {
    it(`${lang} has exactly the English keys and no empty value`, () => {
      const messages = MESSAGES[lang] as Record<string, string>;
      expect(Object.keys(messages).sort()).toEqual(englishKeys);
      for (const [key, value] of Object.entries(messages)) {
        expect(value.trim(), `${lang} ${key}`).not.toBe("");
      }
    });

    it(`${lang} keeps the placeholders of each English message`, () => {
      const messages = MESSAGES[lang] as Record<string, string>;
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [key, value] of Object.entries(en)) {
        expect(names(messages[key] ?? ""), `${lang} ${key}`).toEqual(names(value));
      }
    });
  }

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

  it("has a label, an explanation and choice labels for every option", () => {
    const all = en as Record<string, string>;
    for (const spec of OPTION_SPECS) {
      expect(all[optionLabelKey(spec.name)]).toBeTruthy();
      expect(all[optionHelpKey(spec.name)]).toBeTruthy();
      if (spec.kind === "choice") {
        for (const c of spec.choices) expect(all[choiceKey(spec.name, c)], `${spec.name}.${c}`).toBeTruthy();
      }
    }
  });

  it("describes an unknown error code by number", () => {
    setLanguage("en", undefined);
    expect(errorCodeMessage(1234 as ErrorCode)).toContain("1234");
    expect(errorCodeMessage(ErrorCode.ROOM_NOT_FOUND)).toBe(en["error.ROOM_NOT_FOUND"]);
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

  it("translates and fills placeholders", () => {
    setLanguage("de", undefined);
    expect(getLanguage()).toBe("de");
    expect(t("lobby.title", { code: "ABC234" })).toBe("Raum ABC234");
    setLanguage("en", undefined);
    expect(t("lobby.title", { code: "ABC234" })).toBe("Room ABC234");
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});
