// @vitest-environment happy-dom

// The "how this game differs" cards (issue 37, point 7): the Count's (C-1..C-6) for a base room
// with the Count only, The Castle's (K-1..K-11) for every Castle room, in each of the four
// languages and without rule ids; open until the reader closes one, then remembered closed.

import { beforeEach, describe, expect, it } from "vitest";
import { baseGuide, countGuide } from "../src/games/base/count_guide";
import { castleGuide } from "../src/games/castle/castle_guide";
import { LANGUAGES, setLanguage } from "../src/i18n";
import { guideStorageKey, renderGameGuide } from "../src/ui/game_guide";

beforeEach(() => {
  localStorage.clear();
  setLanguage("en", undefined);
});

describe("the game guides", () => {
  it("shows the Count's card only for a room with the Count", () => {
    expect(baseGuide({ count: "false" })).toBeNull();
    expect(baseGuide(undefined)).toBeNull();
    const card = baseGuide({ count: "true" });
    expect(card?.getAttribute("data-guide")).toBe("count");
    expect(card?.textContent).toContain("city of Carcassonne");
    expect(card?.textContent).toContain("you score nothing from it");
  });

  it("words both cards in every language, four paragraphs each, no rule ids (C-2, K-9)", () => {
    const titles = new Set<string>();
    for (const lang of LANGUAGES) {
      setLanguage(lang, undefined);
      for (const card of [countGuide(), castleGuide()]) {
        const summary = card.querySelector("summary")?.textContent ?? "";
        titles.add(summary);
        expect(card.querySelectorAll("p")).toHaveLength(4);
        expect(card.textContent, `${lang} ${card.getAttribute("data-guide")}`).not.toMatch(/\b[BVCK]-\d+/);
      }
    }
    // Eight titles: each language words each card its own way.
    expect(titles.size).toBe(LANGUAGES.length * 2);
  });

  it("is open on a first game, remembered closed once closed, and open again when reopened", async () => {
    const first = renderGameGuide("castle", "How The Castle differs", ["One."]);
    document.body.replaceChildren(first);
    expect(first.open).toBe(true);
    first.open = false;
    await new Promise((r) => setTimeout(r, 0));
    expect(localStorage.getItem(guideStorageKey("castle"))).toBe("closed");
    expect(castleGuide().open).toBe(false);
    // Another game's card is not closed with it.
    expect(countGuide().open).toBe(true);
    const later = castleGuide();
    document.body.replaceChildren(later);
    later.open = true;
    await new Promise((r) => setTimeout(r, 0));
    expect(localStorage.getItem(guideStorageKey("castle"))).toBeNull();
  });
});
