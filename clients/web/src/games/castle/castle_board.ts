// The Castle's board on the game screen: the board drawn from the game's own data
// (castle_board_svg.ts) with the tiles, followers, keeps, wall tiles and scores, and on it what
// this seat may choose now: the marked spaces (with the chosen placement previewed), the
// follower spots of the tile just placed, and the numbers of the features waiting to score
// (K-9), as the scoring panel numbers them. A tap or Enter on a space or spot is passed on.
// For the follower step the board zooms onto the tile just placed, so that its spots are
// finger-sized on a phone and on a desktop.

import type { CastleLegalMoves, CastleView } from "../../gen/carc/v1/castle_game_pb";
import type { RoomState } from "../../gen/carc/v1/lobby_pb";
import { colourInfo, type ColourInfo } from "../../ui/colours";
import { h, on } from "../../ui/dom";
import { followerScale } from "../../board/meeple";
import { castleBoardBox, castleBoardSvg, CASTLE_BOARD_CONTROLS, SPOT_RADIUS, type CastlePlacedTile } from "./castle_board_svg";
import { provenanceCaption } from "./castle_data";
import { scoringIndices } from "./castle_decisions";
import { drawCastleReview, type CastleReviewMark } from "./castle_review";
import type { CastleDefinitions } from "./castle_mirror";
import { featureText, roleText, type FeatureName } from "./castle_names";
import { seatInfo } from "./castle_players";
import { CASTLE_TILE } from "./castle_tile_svg";
import { castleSelectionComplete, castleTargets, type CastleSelection } from "./castle_turn";
import { t } from "./i18n/play";

const SVG_NS = "http://www.w3.org/2000/svg";

/** A follower spot's least size on the screen, in CSS px: over WCAG 2.2's 24, with room to spare. */
const SPOT_MIN_PX = 27;
/** The zoom's side when the board's size on the page is not known: a 358 px phone board. */
const DEFAULT_ZOOM_SIZE = 265;

/**
 * The side of the square the board zooms onto for the follower step, in board units: as much
 * of the neighbourhood as the board's size on the page allows while a spot measures
 * SPOT_MIN_PX. The square is shown at least as large as the smaller side of the whole board
 * now (its width and height follow the page's, which a square only fills better).
 */
function followerZoomSize(doc: Document): number {
  const live = doc.querySelector("svg.castle-board")?.getBoundingClientRect();
  const side = live ? Math.min(live.width, live.height) : 0;
  if (side <= 0) return DEFAULT_ZOOM_SIZE;
  return Math.max(CASTLE_TILE * 1.4, (side * 2 * SPOT_RADIUS) / SPOT_MIN_PX);
}

export interface CastleBoardState {
  defs: CastleDefinitions | undefined;
  view: CastleView | undefined;
  room: RoomState;
  /** This seat's legal moves, when it must decide now. */
  moves: CastleLegalMoves | undefined;
  /** Whether view.pending is the server's current list (the K-9 numbers need it). */
  pendingKnown: boolean;
  /** A command is on its way: nothing is offered until it is answered. */
  busy: boolean;
  selection: CastleSelection;
  /** A replay's step under review: the move played and the computer's (castle_review.ts). */
  review?: { marks: readonly CastleReviewMark[]; colour: ColourInfo | undefined } | undefined;
}

export interface CastleBoardActions {
  chooseSpace(x: number, y: number): void;
  placeFollower(region: string): void;
}

/**
 * Screen pixels per board unit: as the board drawn last is shown (it is drawn again at every
 * rendering, in the same place), or before there is one, as wide as the page and no taller than
 * the style sheet lets it be (80% of the window).
 */
function pixelsPerUnit(doc: Document, defs: CastleDefinitions): number {
  const box = castleBoardBox(defs.board);
  const shown = doc.querySelector("svg.castle-board")?.getBoundingClientRect();
  if (shown && shown.width > 0 && shown.height > 0) return Math.min(shown.width / box.width, shown.height / box.height);
  const win = doc.defaultView;
  const width = doc.documentElement.clientWidth || win?.innerWidth || 0;
  return Math.min(width / box.width, (0.8 * (win?.innerHeight ?? 0)) / box.height);
}

export function renderCastleBoard(doc: Document, b: CastleBoardState, actions: CastleBoardActions): HTMLElement {
  const { defs, view, room, moves, busy, selection: sel } = b;
  const wrap = h("div", { class: "castle-board-wrap" });
  if (!defs || !view) return wrap;
  const placements = moves?.placements ?? [];
  const preview = placements.length > 0 && !busy && castleSelectionComplete(placements, sel) ? sel : undefined;
  const placed: CastlePlacedTile[] = view.tiles.map((p) => ({ tile: p.tile, x: p.position?.x ?? 0, y: p.position?.y ?? 0, rotation: p.rotation }));
  if (preview && view.currentTile !== "") {
    placed.push({ tile: view.currentTile, x: preview.x ?? 0, y: preview.y ?? 0, rotation: preview.rotation ?? 0 });
  }
  const last = view.tiles[view.tiles.length - 1];
  const regions = busy ? [] : (moves?.followerRegions ?? []);
  const both = defs.board.provenance === "reconstruction" && defs.tiles.provenance === "reconstruction";
  const svg = castleBoardSvg(doc, {
    board: defs.board,
    tiles: defs.tiles,
    placed,
    followers: view.followers.map((f) => ({ seat: f.player, x: f.position?.x ?? 0, y: f.position?.y ?? 0, region: f.region })),
    keeps: view.seats.flatMap((s, seat) =>
      s.keep && s.keep.size > 0 ? [{ seat, x: s.keep.position?.x ?? 0, y: s.keep.position?.y ?? 0, region: s.keep.region }] : [],
    ),
    wallTiles: view.towerHasWallTile.length === defs.board.track.corner_towers.length ? view.towerHasWallTile : undefined,
    scores: view.seats.map((s) => s.score),
    targets: busy ? [] : castleTargets(placements),
    spots: regions.length > 0 && last ? { x: last.position?.x ?? 0, y: last.position?.y ?? 0, regions } : undefined,
    // The spots of one tile are too close for a finger on the whole board: it zooms onto the tile.
    zoom: regions.length > 0 && last ? { x: last.position?.x ?? 0, y: last.position?.y ?? 0, size: followerZoomSize(doc) } : undefined,
    followerScale: followerScale(pixelsPerUnit(doc, defs)),
    colourOf: (seat) => colourInfo(seatInfo(room, seat)?.colour ?? ""),
    caption: both ? t("castle.caption") : provenanceCaption(defs.board.provenance, defs.tiles.provenance),
    labels: {
      board: t("castle.board"),
      space: (x, y) => t("castle.spaceLabel", { x, y }),
      spot: (_region, type) => {
        const f = type as FeatureName;
        return t("castle.spotLabel", { role: roleText(f), feature: featureText(f) });
      },
    },
  });
  if (preview) {
    const g = svg.querySelector(`.tiles g[data-x="${preview.x}"][data-y="${preview.y}"]`);
    g?.setAttribute("data-preview", "");
    g?.setAttribute("opacity", "0.85");
    const target = svg.querySelector(`[data-space="${preview.x},${preview.y}"]`);
    target?.setAttribute("aria-pressed", "true");
    target?.setAttribute("fill-opacity", "0.05");
  } else {
    for (const target of svg.querySelectorAll("[data-space]")) target.setAttribute("aria-pressed", "false");
  }
  // K-9: number the features waiting to score where they lie, as the panel numbers them.
  if (moves && moves.scoring.length > 0 && b.pendingKnown) {
    const marks = doc.createElementNS(SVG_NS, "g");
    marks.setAttribute("class", "pending-marks");
    marks.setAttribute("pointer-events", "none");
    for (const i of scoringIndices(moves)) {
      const p = view.pending[i];
      if (!p) continue;
      const x = (p.position?.x ?? 0) * CASTLE_TILE;
      const y = (p.position?.y ?? 0) * CASTLE_TILE;
      const rect = doc.createElementNS(SVG_NS, "rect");
      for (const [k, v] of Object.entries({ x: x + 4, y: y + 4, width: CASTLE_TILE - 8, height: CASTLE_TILE - 8, rx: 8, fill: "none", stroke: "#ff9800", "stroke-width": 6, "data-pending-mark": i })) rect.setAttribute(k, String(v));
      const label = doc.createElementNS(SVG_NS, "text");
      for (const [k, v] of Object.entries({ x: x + 16, y: y + 30, "font-size": 24, "font-weight": 700, fill: "#b35c00", stroke: "#ffffff", "stroke-width": 4, "paint-order": "stroke" })) label.setAttribute(k, String(v));
      label.textContent = String(i + 1);
      marks.append(rect, label);
    }
    svg.appendChild(marks);
  }
  if (b.review) drawCastleReview(doc, svg, b.review.marks, (id) => defs.tiles.tiles.find((d) => d.id === id), b.review.colour);
  const act = (target: Element | null): boolean => {
    const control = target?.closest(CASTLE_BOARD_CONTROLS);
    if (!control) return false;
    const space = control.getAttribute("data-space");
    const spot = control.getAttribute("data-spot");
    if (space !== null) {
      const [x, y] = space.split(",").map(Number);
      actions.chooseSpace(x ?? 0, y ?? 0);
    } else if (spot !== null) {
      actions.placeFollower(spot);
    }
    return true;
  };
  // Through on(): the board is drawn again at every rendering and patched into the page's.
  on(svg, "click", (e) => {
    act(e.target as Element | null);
  });
  on(svg, "keydown", (e) => {
    if (!(e instanceof KeyboardEvent) || (e.key !== "Enter" && e.key !== " ")) return;
    if (act(e.target as Element | null)) {
      e.preventDefault();
      e.stopPropagation();
    }
  });
  wrap.appendChild(svg);
  return wrap;
}
