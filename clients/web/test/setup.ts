// Before every test file: all languages loaded, as the page does for the one it shows
// (src/i18n loads the languages other than English on demand).
import { beforeAll } from "vitest";
import "../src/games/registry";
import { LANGUAGES, loadLanguage } from "../src/i18n";

beforeAll(async () => {
  await Promise.all(LANGUAGES.map((lang) => loadLanguage(lang)));
});
