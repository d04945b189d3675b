// How many tiles are left and which: the unseen tiles (the stack, and hands this viewer may
// not see) drawn small with their counts, so players can judge what may still come.

import type { BaseView, TileDefinition } from "../../gen/carc/v1/base_game_pb";
import { h } from "../../ui/dom";
import { TILE } from "./board/tile_plane";
import { tileSvg } from "./board/tile_svg";
import { t } from "./i18n/play";
import { tileWords } from "./tile_words";

const SVG = "http://www.w3.org/2000/svg";

/** A tile drawn alone in a small square SVG (the tile in hand, the distribution). */
export function tileIcon(def: TileDefinition | undefined, rotation: number, size: number, label: string): Element {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${TILE} ${TILE}`);
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "tile-icon");
  if (def) svg.appendChild(tileSvg(document, def, rotation));
  return svg;
}

export function renderTilesLeft(view: BaseView, defs: ReadonlyMap<string, TileDefinition>): HTMLElement {
  const unseen = view.unseen.filter((c) => c.count > 0);
  const total = unseen.reduce((n, c) => n + c.count, 0);
  return h(
    "details",
    { class: "tiles-left" },
    h("summary", {}, t("game.stack", { n: view.stackSize }), total !== view.stackSize ? ` · ${t("game.unseen", { n: total })}` : ""),
    h(
      "ul",
      { class: "distribution" },
      unseen.map((c) =>
        h("li", { "data-tile": c.tile }, tileIcon(defs.get(c.tile), 0, 36, tileWords(defs.get(c.tile))), h("span", {}, `×${c.count}`)),
      ),
    ),
  );
}
