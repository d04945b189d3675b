// Updates the page in place to look like a freshly built tree (morphdom, 2.7.8, MIT: the library
// made for this, 3 KB gzipped; a framework would mean writing every screen again). Elements that
// stay keep their identity, so an open <details> stays open, a scrolled list keeps its place,
// focus and the text being typed stay, and a live region is the same node a screen reader
// watches. Elements the app keeps for a screen's life (the board, the clock's warning) carry an
// id and are moved in whole, never morphed. A score (data-points) that grew flashes (motion.ts).
//
// morphdom is a chunk of its own, fetched once the first screen is up (loadPatch): the first
// renderings, before it arrives, replace the page whole, as there is nothing on it to keep yet.

import type morphdomType from "morphdom";
import { adoptHandlers } from "./dom";
import { flash } from "./motion";

let morph: typeof morphdomType | undefined;
let loading: Promise<void> | undefined;

/** Fetches the in-place update's code (once); resolves when patch updates in place. */
export function loadPatch(): Promise<void> {
  loading ??= import("morphdom").then((m) => {
    morph = m.default;
  });
  return loading;
}

/**
 * Makes `live` (on the page) look like `built` (just rendered, not on the page); returns the
 * element now on the page: `live` updated, or `built` in its place before morphdom is loaded.
 */
export function patch(live: Element, built: Element): Element {
  if (!morph) {
    live.replaceWith(built);
    return built;
  }
  morph(live, built, {
    onBeforeElUpdated(from, to) {
      if (from === to) return false;
      adoptHandlers(from, to);
      // A <details> is opened and closed by the reader, not by the render.
      if (from.tagName === "DETAILS") {
        if (from.hasAttribute("open")) to.setAttribute("open", "");
        else to.removeAttribute("open");
      }
      // A score that grew (data-points) flashes once, on the element the page keeps.
      const before = Number(from.getAttribute("data-points"));
      const after = Number(to.getAttribute("data-points"));
      if (from.hasAttribute("data-points") && to.hasAttribute("data-points") && after > before) flash(from);
      return true;
    },
  });
  return live;
}
