// Before every test file: all languages loaded, as the page does for the one it shows
// (src/i18n loads the languages other than English on demand), and the game screens' words, as
// the page does with a game's code (src/ui/game_plays.ts).
import { beforeAll } from "vitest";
import "../src/games/registry";
import { LANGUAGES, loadLanguage, loadPlayWords } from "../src/i18n";

beforeAll(async () => {
  await Promise.all(LANGUAGES.map((lang) => loadLanguage(lang)));
  await loadPlayWords();
});
