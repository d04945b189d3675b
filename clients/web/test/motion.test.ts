// @vitest-environment happy-dom

// What moves on the page (ui/motion.ts): the tile just placed settles in, a score that grew
// flashes, once each; nothing for a board drawn whole, nothing with prefers-reduced-motion.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BoardView, type BoardModel } from "../src/games/base/board/board_view";
import { h } from "../src/ui/dom";
import { loadPatch, patch } from "../src/ui/patch";
import { placed } from "./games/base/helpers";
import { BASE_TILE_SET } from "./games/base/tile_set_fixture";

const defs = new Map(BASE_TILE_SET.map((d) => [d.letter, d]));
const model = (n: number): BoardModel => ({
  tiles: Array.from({ length: n }, (_, i) => placed("D", i, 0, 0)),
  defs,
  followers: [],
  colourOf: () => undefined,
  candidates: [],
  labels: { board: "board", cell: () => "cell", spot: () => "spot" },
});

let animated: Element[] = [];
let reduced = false;
const realMatchMedia = window.matchMedia;

beforeEach(async () => {
  await loadPatch();
  animated = [];
  reduced = false;
  Element.prototype.animate = vi.fn(function (this: Element) {
    animated.push(this);
    return {} as Animation;
  });
  window.matchMedia = ((q: string) => ({ matches: reduced && q === "(prefers-reduced-motion: reduce)", media: q }) as MediaQueryList) as typeof window.matchMedia;
});

afterEach(() => {
  window.matchMedia = realMatchMedia;
  document.body.replaceChildren();
});

describe("motion", () => {
  it("settles in the one tile just placed, not a board drawn whole", () => {
    const board = new BoardView(document, { cellChosen: () => undefined, spotChosen: () => undefined });
    document.body.append(board.element);
    board.update(model(3));
    expect(animated).toEqual([]);
    board.update(model(4));
    expect(animated).toHaveLength(1);
    expect(animated[0]?.closest("[data-x]")?.getAttribute("data-x")).toBe("3");
    board.update(model(4)); // a rendering with nothing new
    board.update(model(9)); // a jump: five at once
    expect(animated).toHaveLength(1);
  });

  it("flashes a score that grew, once, on the page's own element", () => {
    const card = (points: number) => h("div", {}, h("span", { class: "points", "data-points": points }, String(points)));
    const live = card(3);
    document.body.append(live);
    const span = live.querySelector(".points");
    patch(live, card(3));
    expect(animated).toEqual([]);
    patch(live, card(8));
    expect(animated).toEqual([span]);
    patch(live, card(8));
    expect(animated).toHaveLength(1);
  });

  it("moves nothing for a reader who asked for reduced motion", () => {
    reduced = true;
    const board = new BoardView(document, { cellChosen: () => undefined, spotChosen: () => undefined });
    document.body.append(board.element);
    board.update(model(3));
    board.update(model(4));
    const live = h("div", {}, h("span", { "data-points": 1 }, "1"));
    document.body.append(live);
    patch(live, h("div", {}, h("span", { "data-points": 5 }, "5")));
    expect(animated).toEqual([]);
  });
});
