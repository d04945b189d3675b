// Every game's scores in one line under its head (style.css shows it below 60rem only): on a
// phone the players' card lies below the board, and the scores must be one glance away. The
// card stays the full account for screen readers; this line repeats it, so it is hidden from
// them.

import { t } from "../i18n";
import { colourBadge } from "./colour_badge";
import { h } from "./dom";

export interface ScoreBarEntry {
  name: string;
  colour: string;
  points: number;
  toMove: boolean;
  you: boolean;
}

export function renderScoreBar(entries: readonly ScoreBarEntry[]): HTMLElement {
  return h(
    "ol",
    { class: "scorebar", "aria-hidden": "true" },
    entries.map((e, seat) =>
      h("li", { class: e.toMove ? "to-move" : "", "data-seat": seat },
        colourBadge(e.colour),
        h("span", {}, e.you ? `${e.name} (${t("lobby.you")})` : e.name),
        h("span", { class: "points", "data-points": e.points }, String(e.points)),
      ),
    ),
  );
}
