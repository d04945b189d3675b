// The log card every game's screen shows: what happened, newest line first, in words that follow
// a language switch because the entries keep the events and each game words its own.

import { t } from "../i18n";
import { h, type Child } from "./dom";

/** A line of the log: its words, a picture of what it names, the board squares it is about. */
export interface LogLine {
  text: string;
  picture?: Element | undefined;
  cells?: readonly { x: number; y: number }[] | undefined;
}

/** The lines the log card shows: enough to follow the last few turns. */
const LOG_LINES_SHOWN = 60;

/**
 * The log card, newest line first: `describe` words an event (undefined for an event that gets
 * no line), `scores` marks the lines where somebody scored. With `show`, a line about squares of
 * the board is a button that shows them there.
 */
export function renderLogCard<E>(
  entries: readonly { event: E }[],
  describe: (event: E) => string | LogLine | undefined,
  scores: (event: E) => boolean,
  show?: (cells: readonly { x: number; y: number }[]) => void,
): HTMLElement {
  const lines: (LogLine & { score: boolean })[] = [];
  // Each line keeps its number in the whole log (the newest is the count of lines so far), so
  // that a line reads the same at every step of a replay and after more lines come.
  let total = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const event = entries[i]!.event;
    const line = describe(event);
    if (line === undefined) continue;
    ++total;
    if (lines.length < LOG_LINES_SHOWN) lines.push({ ...(typeof line === "string" ? { text: line } : line), score: scores(event) });
  }
  return h(
    "section",
    { class: "card log" },
    h("h3", {}, t("game.log")),
    lines.length === 0
      ? h("p", { class: "help" }, t("game.logEmpty"))
      : h("ol", { class: "events", "aria-live": "polite", reversed: true, start: total, tabindex: 0, "aria-label": t("game.log") }, lines.map((l) => h("li", { class: l.score ? "score" : "" }, lineBody(l, show)))),
  );
}

function lineBody(line: LogLine, show: ((cells: readonly { x: number; y: number }[]) => void) | undefined): Child {
  const body = [line.picture ?? null, h("span", {}, line.text)].filter((n): n is Element => n !== null);
  const cells = line.cells ?? [];
  if (show === undefined || cells.length === 0) return body;
  return h("button", {
    type: "button",
    class: "log-line",
    title: t("game.logShow"),
    "data-log-cells": cells.map((c) => `${c.x},${c.y}`).join(" "),
    onclick: () => show(cells),
  }, body);
}
