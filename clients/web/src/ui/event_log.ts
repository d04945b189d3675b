// The log card every game's screen shows: what happened, newest line first, in words that follow
// a language switch because the entries keep the events and each game words its own.

import { t } from "../i18n";
import { h } from "./dom";

/** The lines the log card shows: enough to follow the last few turns. */
const LOG_LINES_SHOWN = 60;

/**
 * The log card, newest line first: `describe` words an event (undefined for an event that gets
 * no line), `scores` marks the lines where somebody scored.
 */
export function renderLogCard<E>(
  entries: readonly { event: E }[],
  describe: (event: E) => string | undefined,
  scores: (event: E) => boolean,
): HTMLElement {
  const lines: { text: string; score: boolean }[] = [];
  // Each line keeps its number in the whole log (the newest is the count of lines so far), so
  // that a line reads the same at every step of a replay and after more lines come.
  let total = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const event = entries[i]!.event;
    const text = describe(event);
    if (text === undefined) continue;
    ++total;
    if (lines.length < LOG_LINES_SHOWN) lines.push({ text, score: scores(event) });
  }
  return h(
    "section",
    { class: "card log" },
    h("h3", {}, t("game.log")),
    lines.length === 0
      ? h("p", { class: "help" }, t("game.logEmpty"))
      : h("ol", { class: "events", "aria-live": "polite", reversed: true, start: total, tabindex: 0, "aria-label": t("game.log") }, lines.map((l) => h("li", { class: l.score ? "score" : "" }, l.text))),
  );
}
