// A game's "how this game differs" card: a few plain sentences that a newcomer reads where they
// meet the game (the room's lobby, beside the board). A <details> the reader folds: open until
// they close it once, then closed in every later room and after a reload, per game (kept in
// localStorage, like the other choices of this browser); opening it again is remembered too.

import { defaultStorage } from "../net/resume_token";
import { h, self } from "./dom";

/** The storage key of game `id`'s card: "closed" once the reader has closed it. */
export function guideStorageKey(id: string): string {
  return `carc.guide.${id}`;
}

export function renderGameGuide(id: string, title: string, paragraphs: readonly string[]): HTMLDetailsElement {
  const key = guideStorageKey(id);
  const storage = defaultStorage();
  return h(
    "details",
    {
      class: "card game-guide",
      "data-guide": id,
      open: storage.getItem(key) !== "closed",
      ontoggle: (e) => {
        if (self<HTMLDetailsElement>(e).open) storage.removeItem(key);
        else storage.setItem(key, "closed");
      },
    },
    h("summary", {}, title),
    paragraphs.map((text) => h("p", {}, text)),
  );
}
