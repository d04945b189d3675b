// Every option the server serves (the golden table of GET /api/game-types) has its words in every
// language, under the keys made of its name: a new option of the engine's table fails here until
// its game's i18n tables (src/games/<game>/i18n/) have them.

import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../src/i18n";
import { goldenGames, goldenTableJson } from "./game_table";

describe("the words of the served options", () => {
  it("are there for every game of the table", () => {
    expect(goldenGames().map((g) => g.table.name)).toEqual(goldenTableJson().games.map((g) => g.name));
  });

  for (const game of goldenGames()) {
    it(`has a label, a help line and every choice's words for each option of ${game.table.name}, in every language`, () => {
      for (const option of game.table.options) {
        const keys = [`opt.${option.name}`, `opt.${option.name}.help`];
        if (option.type === "choice") keys.push(...option.choices.map((c) => `opt.${option.name}.${c}`));
        if (option.type === "size") keys.push(`opt.${option.name}.width`, `opt.${option.name}.height`);
        for (const lang of LANGUAGES) {
          const table: Readonly<Record<string, string>> = game.module.messages[lang] ?? {};
          for (const key of keys) expect(table[key]?.trim(), `${game.table.name} ${lang} ${key}`).toBeTruthy();
        }
      }
    });
  }
});
