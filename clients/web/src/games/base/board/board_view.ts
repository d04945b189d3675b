// The board as one SVG that lives as long as the game screen: tiles drawn from their
// definitions (tile_svg.ts), the city of Carcassonne over the Count's block (city_block_svg.ts),
// followers, the cells where the current tile may go, the previewed tile, the follower spots of
// the tile just placed and the features followers may move onto from the city; the marks of the
// last moves (board_marks.ts), a reviewed move (review_layer.ts) and markers for squares out of
// view (edge_markers.ts). Pan with a drag, zoom with the wheel, pinch with two fingers
// (board_gestures.ts); cells, spots, targets and choosable quarters are buttons for the keyboard
// too, the arrow keys going from one to the next (arrow_focus.ts).
//
// The element is created once and moved into each rendering of the page, so the camera and
// the tiles already drawn survive the App's re-renders; update() only adds what changed.

import type { FollowerOnBoard, PlacedTile, Quarter, TileDefinition } from "../../../gen/carc/v1/base_game_pb";
import { FeatureKind } from "../../../gen/carc/v1/base_game_pb";
import { fit, fitIn, shows, viewBox, zoomAt, type Camera, type Size } from "../../../board/camera";
import { followerScale, meeple, scaleFollowers } from "../../../board/meeple";
import { arrive } from "../../../ui/motion";
import type { ColourInfo } from "../../../ui/colours";
import { cellRect, drawMarks, type MarksModel } from "./board_marks";
import { EdgeMarkers } from "./edge_markers";
import { isArrow, nextInDirection, type Point } from "./arrow_focus";
import { listenGestures } from "./board_gestures";
import { cityBlockLayout, type CityBlockLayout } from "./city_block";
import { drawCityBlock, type CityBlockModel } from "./city_block_svg";
import { drawReview, type ReviewDrawing } from "./review_layer";
import { segmentAnchor } from "./tile_geometry";
import { TILE } from "./tile_plane";
import { tileSvg } from "./tile_svg";

export { meeple } from "../../../board/meeple";
export type { CityBlockModel } from "./city_block_svg";

const SVG = "http://www.w3.org/2000/svg";

export interface Cell {
  x: number;
  y: number;
}

/** A feature a follower may be moved onto (C-5): segment `segment` of the tile at (x, y). */
export interface BoardTarget extends Cell {
  segment: number;
  /** Handed back to BoardActions.targetChosen. */
  key: string;
  label: string;
  chosen?: boolean | undefined;
}

// Follower spots: 12 units of radius on a 100-unit tile; on a board played with fingers (narrower
// than 600 px, or a touch screen) the view zooms to the tile (at least 1.6 px a unit) and a
// spot's radius is 14 units, so that each is at least 44 px across (WCAG 2.5.5).
const SPOT_RADIUS = 12;
const NARROW_SPOT_RADIUS = 14;
const NARROW_BOARD_PX = 600;
const SPOT_FOCUS_SCALE = 1.6;
// With a mouse: 12 units of radius and the follower step's view at least 1.05 px a unit, so that
// each spot is at least 24 px across (WCAG 2.5.8) however big the board: 25.2 px, since at
// exactly 1 px a unit the browser measured 23.99999.
const MOUSE_SPOT_SCALE = 1.05;

/** What is clickable on the board: everything BoardView.activate knows. */
export const BOARD_CONTROLS = "[data-cell],[data-spot],[data-target],[data-quarter][role=button]";

/** What the board draws; its marks (last tiles, scores, pointed tiles) are board_marks.ts's. */
export interface BoardModel extends MarksModel {
  tiles: readonly PlacedTile[];
  defs: ReadonlyMap<string, TileDefinition>;
  followers: readonly FollowerOnBoard[];
  colourOf(seat: number): ColourInfo | undefined;
  /** Cells where the tile in hand may go (highlighted, clickable). */
  candidates: readonly Cell[];
  /** The tile shown at a chosen cell before it is confirmed. */
  preview?: { letter: string; x: number; y: number; rotation: number } | undefined;
  /** Follower spots on the tile just placed (clickable). */
  spots?: { x: number; y: number; letter: string; rotation: number; segments: readonly { segment: number; kind: FeatureKind }[] } | undefined;
  /** The Count's city (C-1): present in games with the Count. */
  city?: CityBlockModel | undefined;
  /** Features a follower may move onto from the city (C-5), clickable. */
  targets?: readonly BoardTarget[] | undefined;
  /** A replay's step under review: the move played and the computer's (review_layer.ts). */
  review?: ReviewDrawing | undefined;
  /** Labels for assistive technology, in the current language. */
  labels: {
    board: string;
    cell(x: number, y: number): string;
    spot(kind: FeatureKind): string;
  };
}

export interface BoardActions {
  cellChosen(cell: Cell): void;
  spotChosen(segment: number): void;
  quarterChosen?(quarter: Quarter): void;
  targetChosen?(key: string): void;
  /**
   * How far in from the board's edges the page's controls cover it, in pixels (the zoom buttons,
   * a bar fixed over the board's bottom): the view fits the board into the rest.
   */
  covered?(): { top: number; right: number; bottom: number; left: number };
}

export class BoardView {
  readonly element: HTMLDivElement;
  private readonly svg: SVGSVGElement;
  private readonly tileLayer: SVGGElement;
  private readonly cityLayer: SVGGElement;
  private readonly markLayer: SVGGElement;
  private readonly candidateLayer: SVGGElement;
  private readonly previewLayer: SVGGElement;
  private readonly followerLayer: SVGGElement;
  private readonly spotLayer: SVGGElement;
  private readonly markers: EdgeMarkers;
  private readonly reviewLayer: SVGGElement;
  private readonly drawn = new Map<string, { key: string; node: SVGGElement }>();
  /** The block's layout, computed again only when the tiles it stands on change. */
  private city: { key: string; layout: CityBlockLayout | undefined } = { key: "", layout: undefined };
  private camera: Camera = { cx: TILE / 2, cy: TILE / 2, scale: 0.8 };
  /** True once the player moved the view: updates then stop re-fitting the board. */
  private moved = false;
  /** True while a square or spot reached by Tab holds the view, until the step changes. */
  private peeked = false;
  /** What the board last asked of the player: follower spots, squares or nothing (update). */
  private step = "";
  private bounds = { minX: 0, minY: 0, maxX: TILE, maxY: TILE };
  /** The player's last input on the board was a key (focus is then kept on the board). */
  private keyboard = false;
  /** The model drawn last: a resize fits its view again while the player has not moved it. */
  private model: BoardModel | undefined;

  constructor(
    private readonly doc: Document,
    private readonly actions: BoardActions,
  ) {
    this.element = doc.createElement("div");
    this.element.className = "board";
    // Its id keys it for patch (ui/patch.ts): moved into each rendering whole, never morphed.
    this.element.id = "board-view";
    this.svg = doc.createElementNS(SVG, "svg");
    this.svg.setAttribute("class", "board-svg");
    this.svg.setAttribute("role", "group");
    this.tileLayer = this.layer("tiles");
    this.cityLayer = this.layer("city");
    this.markLayer = this.layer("marks");
    this.candidateLayer = this.layer("candidates");
    this.previewLayer = this.layer("preview");
    this.followerLayer = this.layer("followers");
    // Zoomed out, followers are drawn larger than their tile (meeple.ts): taps go through them
    // to the squares and spots under them.
    this.followerLayer.setAttribute("pointer-events", "none");
    this.spotLayer = this.layer("spots");
    this.reviewLayer = this.layer("review");
    this.element.appendChild(this.svg);
    this.markers = new EdgeMarkers(doc, () => this.showChoices());
    this.element.appendChild(this.markers.element);
    listenGestures(doc, this.svg, {
      camera: () => this.camera,
      moveTo: (camera) => {
        this.camera = camera;
        this.moved = true;
        this.applyCamera();
      },
      size: () => this.size(),
      tap: (target) => this.activate(target),
    });
    this.svg.addEventListener("keydown", (e) => this.onKey(e));
    this.svg.addEventListener("focusin", (e) => this.onFocus(e));
    // Focus taken elsewhere on purpose (Tab to a button, a click anywhere): it is not kept.
    this.svg.addEventListener("focusout", (e) => {
      if (e.relatedTarget instanceof Node && !this.svg.contains(e.relatedTarget)) this.keyboard = false;
    });
    doc.addEventListener("pointerdown", () => (this.keyboard = false), { capture: true });
    // Focusable from script only: where the focus goes when a step leaves no control.
    this.svg.setAttribute("tabindex", "-1");
    const RO = (doc.defaultView as (Window & { ResizeObserver?: typeof ResizeObserver }) | null)?.ResizeObserver;
    if (RO) new RO(() => this.resized()).observe(this.element);
  }

  update(model: BoardModel): void {
    this.model = model;
    this.svg.setAttribute("aria-label", model.labels.board);
    this.drawTiles(model);
    this.drawCity(model);
    drawMarks(this.doc, this.markLayer, model);
    this.drawCandidates(model);
    this.drawPreview(model);
    this.drawFollowers(model);
    this.drawSpots(model);
    for (const mark of model.review?.marks ?? []) this.grow(mark);
    drawReview(this.doc, this.reviewLayer, model.review);
    this.keepFocus();
    // On a phone each step starts in its own view, even after the player moved it: every square
    // a tile may go to at the turn's start, the follower spots close up.
    const step = model.spots ? `spots@${model.spots.x},${model.spots.y}` : model.candidates.length > 0 ? "cells" : "";
    const fresh = step !== this.step;
    this.step = step;
    if (fresh) this.peeked = false;
    const held = this.moved || this.peeked;
    if (!held || (fresh && step !== "" && this.fingers())) {
      if (fresh) this.moved = false;
      this.camera = this.autoCamera(model);
      // The controls over the board take their place once the page shows this step (a phone's
      // bar grows by a row on the player's turn): fitted again then.
      this.doc.defaultView?.requestAnimationFrame?.(() => {
        if (this.model === model && !this.moved && !this.peeked) {
          this.camera = this.autoCamera(model);
          this.applyCamera();
        }
      });
    }
    this.applyCamera();
  }

  /**
   * The view while the player has not moved it: the whole board, every square a tile may go to
   * included, clear of the controls over it; on a phone, the follower spots close up. A board
   * too big for finger-sized squares still shows every square at the turn's start: the player
   * zooms to choose (the wheel, a pinch, the buttons).
   */
  private autoCamera(model: BoardModel): Camera {
    const size = this.size();
    const c = this.covered();
    const area = { left: c.left, top: c.top, right: size.width - c.right, bottom: size.height - c.bottom };
    const whole = fitIn(this.paddedBounds(), size, area);
    if (this.fingers() && model.spots) return this.spotFocus(model.spots, whole, SPOT_FOCUS_SCALE);
    if (model.spots && whole.scale < MOUSE_SPOT_SCALE) return this.spotFocus(model.spots, whole, MOUSE_SPOT_SCALE);
    return whole;
  }

  /** The board's box changed size: its view is fitted again unless the player holds it. */
  private resized(): void {
    if (this.model && !this.moved && !this.peeked) this.camera = this.autoCamera(this.model);
    this.applyCamera();
  }

  zoom(factor: number): void {
    const size = this.size();
    this.camera = zoomAt(this.camera, size, factor, size.width / 2, size.height / 2);
    this.moved = true;
    this.applyCamera();
  }

  /** Moves the view by whole steps of a third of a tile, for the arrow keys. */
  pan(dx: number, dy: number): void {
    this.camera = { ...this.camera, cx: this.camera.cx + (dx * TILE) / 3, cy: this.camera.cy + (dy * TILE) / 3 };
    this.moved = true;
    this.applyCamera();
  }

  /** Shows the whole board again and follows it as it grows. */
  fitBoard(): void {
    this.moved = false;
    this.camera = fit(this.paddedBounds(), this.size());
    this.applyCamera();
  }

  /**
   * Brings `cells` into view (a log line's tiles), keeping the zoom unless they do not fit; the
   * view then stays where the player asked for it until the next step.
   */
  show(cells: readonly Cell[]): void {
    if (cells.length === 0) return;
    const box = {
      minX: Math.min(...cells.map((c) => c.x)) * TILE,
      minY: Math.min(...cells.map((c) => c.y)) * TILE,
      maxX: (Math.max(...cells.map((c) => c.x)) + 1) * TILE,
      maxY: (Math.max(...cells.map((c) => c.y)) + 1) * TILE,
    };
    const size = this.size();
    if (shows(this.camera, size, box)) return;
    const whole = fit(box, size, this.camera.scale);
    this.camera = { cx: whole.cx, cy: whole.cy, scale: Math.min(this.camera.scale, whole.scale) };
    this.peeked = true;
    this.applyCamera();
  }

  get currentCamera(): Camera {
    return { ...this.camera };
  }

  private layer(name: string): SVGGElement {
    const g = this.doc.createElementNS(SVG, "g");
    g.setAttribute("class", name);
    this.svg.appendChild(g);
    return g;
  }

  private size(): Size {
    const width = this.element.clientWidth || 800;
    const height = this.element.clientHeight || 600;
    return { width, height };
  }

  private applyCamera(): void {
    this.svg.setAttribute("viewBox", viewBox(this.camera, this.size()));
    // Score labels are 30 units tall: at least 22 px on screen whatever the zoom.
    this.svg.style.setProperty("--label-scale", String(Math.max(1, 22 / (30 * this.camera.scale))));
    this.markers.update(this.model?.candidates ?? [], this.camera, this.size(), this.covered());
    // One board unit is `scale` pixels on screen: followers keep a readable size.
    scaleFollowers(this.followerLayer, followerScale(this.camera.scale));
  }

  private covered(): { top: number; right: number; bottom: number; left: number } {
    return this.actions.covered?.() ?? { top: 0, right: 0, bottom: 0, left: 0 };
  }

  /** An edge marker chosen: every square a tile may go to in view again, as at the turn's start. */
  private showChoices(): void {
    if (!this.model) return;
    this.moved = false;
    this.peeked = false;
    this.camera = this.autoCamera(this.model);
    this.applyCamera();
  }

  private paddedBounds(): { minX: number; minY: number; maxX: number; maxY: number } {
    // Half a tile of margin around everything shown, candidates included.
    const b = this.bounds;
    return { minX: b.minX - TILE / 2, minY: b.minY - TILE / 2, maxX: b.maxX + TILE / 2, maxY: b.maxY + TILE / 2 };
  }

  private grow(cell: Cell): void {
    const b = this.bounds;
    b.minX = Math.min(b.minX, cell.x * TILE);
    b.minY = Math.min(b.minY, cell.y * TILE);
    b.maxX = Math.max(b.maxX, (cell.x + 1) * TILE);
    b.maxY = Math.max(b.maxY, (cell.y + 1) * TILE);
  }

  private drawTiles(model: BoardModel): void {
    const seen = new Set<string>();
    const hadTiles = this.drawn.size > 0;
    const added: SVGGElement[] = [];
    for (const placed of model.tiles) {
      const pos = { x: placed.position?.x ?? 0, y: placed.position?.y ?? 0 };
      const where = `${pos.x},${pos.y}`;
      const key = `${placed.tile}/${placed.rotation}`;
      seen.add(where);
      this.grow(pos);
      const existing = this.drawn.get(where);
      if (existing && existing.key === key) continue;
      existing?.node.remove();
      const def = model.defs.get(placed.tile);
      if (!def) continue;
      const node = this.placeAt(tileSvg(this.doc, def, placed.rotation), pos);
      node.setAttribute("data-x", String(pos.x));
      node.setAttribute("data-y", String(pos.y));
      this.tileLayer.appendChild(node);
      this.drawn.set(where, { key, node });
      added.push(node);
    }
    // One tile new on a board already drawn: the move just made, which settles in briefly. A
    // board drawn whole (the first view, a snapshot, a replay's jump) does not move.
    const only = added.length === 1 ? added[0]?.firstElementChild : undefined;
    if (hadTiles && only instanceof SVGElement) {
      only.style.transformBox = "fill-box";
      only.style.transformOrigin = "center";
      arrive(only);
    }
    // A snapshot of another game (or a replay going back) removes tiles too.
    for (const [where, entry] of this.drawn) {
      if (!seen.has(where)) {
        entry.node.remove();
        this.drawn.delete(where);
      }
    }
    if (model.tiles.length === 0) this.bounds = { minX: 0, minY: 0, maxX: TILE, maxY: TILE };
  }

  private drawCity(model: BoardModel): void {
    this.cityLayer.replaceChildren();
    const block = model.tiles.filter((t) => model.defs.get(t.tile)?.cityBlock);
    const key = block.map((t) => `${t.tile}@${t.position?.x ?? 0},${t.position?.y ?? 0}/${t.rotation}`).join(" ");
    if (key !== this.city.key) this.city = { key, layout: cityBlockLayout(block, model.defs) };
    const layout = this.city.layout;
    if (!layout || !model.city) return;
    this.cityLayer.appendChild(drawCityBlock(this.doc, layout, model.city, (seat) => model.colourOf(seat)));
  }

  private drawCandidates(model: BoardModel): void {
    this.candidateLayer.replaceChildren();
    for (const cell of model.candidates) {
      this.grow(cell);
      const r = this.rect(cell, "candidate");
      r.setAttribute("data-cell", `${cell.x},${cell.y}`);
      r.setAttribute("id", `cell_${cell.x}_${cell.y}`);
      r.setAttribute("role", "button");
      r.setAttribute("tabindex", "0");
      r.setAttribute("aria-label", model.labels.cell(cell.x, cell.y));
      const selected = model.preview && model.preview.x === cell.x && model.preview.y === cell.y;
      if (selected) r.setAttribute("aria-pressed", "true");
      this.candidateLayer.appendChild(r);
    }
  }

  private drawPreview(model: BoardModel): void {
    this.previewLayer.replaceChildren();
    const p = model.preview;
    const def = p ? model.defs.get(p.letter) : undefined;
    if (!p || !def) return;
    const node = this.placeAt(tileSvg(this.doc, def, p.rotation), p);
    node.setAttribute("class", "preview-tile");
    node.setAttribute("data-preview", `${p.letter},${p.rotation}`);
    node.setAttribute("opacity", "0.9");
    // Taps on the previewed tile reach the cell under it (a second tap rotates).
    node.setAttribute("pointer-events", "none");
    this.previewLayer.appendChild(node);
    const outline = this.rect(p, "preview-outline");
    outline.setAttribute("fill", "none");
    outline.setAttribute("stroke", "#1f5fbf");
    outline.setAttribute("stroke-width", "5");
    outline.setAttribute("pointer-events", "none");
    this.previewLayer.appendChild(outline);
  }

  private drawFollowers(model: BoardModel): void {
    this.followerLayer.replaceChildren();
    for (const f of model.followers) {
      const pos = { x: f.position?.x ?? 0, y: f.position?.y ?? 0 };
      const placed = model.tiles.find((t) => t.position?.x === pos.x && t.position?.y === pos.y);
      const def = placed ? model.defs.get(placed.tile) : undefined;
      if (!placed || !def) continue;
      const at = segmentAnchor(def, f.segment, placed.rotation);
      const colour = model.colourOf(f.seat);
      const g = meeple(this.doc, colour, f.kind === FeatureKind.FIELD);
      g.setAttribute("transform", `translate(${pos.x * TILE + at.x} ${pos.y * TILE + at.y})`);
      g.setAttribute("data-follower", `${f.seat}@${pos.x},${pos.y}/${f.segment}`);
      this.followerLayer.appendChild(g);
    }
  }

  /**
   * A board played with fingers: phone-sized, or on a touch screen (a tablet). Follower spots
   * and squares then get finger-sized targets and the view zooms to them.
   */
  private fingers(): boolean {
    const coarse = this.doc.defaultView?.matchMedia?.("(pointer: coarse)").matches ?? false;
    return coarse || this.size().width < NARROW_BOARD_PX;
  }

  /** The tile just placed in the middle, zoomed so that its spots are large enough to hit. */
  private spotFocus(at: Cell, whole: Camera, scale: number): Camera {
    return { cx: (at.x + 0.5) * TILE, cy: (at.y + 0.5) * TILE, scale: Math.max(whole.scale, scale) };
  }

  /** The board-unit box of a square. */
  private box(cell: Cell): { minX: number; minY: number; maxX: number; maxY: number } {
    return { minX: cell.x * TILE, minY: cell.y * TILE, maxX: (cell.x + 1) * TILE, maxY: (cell.y + 1) * TILE };
  }

  /**
   * A square or spot reached by Tab outside the view: the view moves to it, keeping its zoom,
   * and stays there for this step (choosing the square keeps it in view); the next step's view
   * is chosen afresh.
   */
  private onFocus(e: FocusEvent): void {
    const el = e.target instanceof Element ? e.target.closest("[data-cell],[data-spot],[data-target]") : null;
    if (!el) return;
    const at = (name: string): number => Number(el.getAttribute(name) ?? 0);
    // Squares are rects, spots and targets circles: their own attributes, in board units.
    const box =
      el.tagName.toLowerCase() === "circle"
        ? { minX: at("cx") - at("r"), minY: at("cy") - at("r"), maxX: at("cx") + at("r"), maxY: at("cy") + at("r") }
        : { minX: at("x"), minY: at("y"), maxX: at("x") + at("width"), maxY: at("y") + at("height") };
    if (shows(this.camera, this.size(), box)) return;
    this.camera = { ...this.camera, cx: (box.minX + box.maxX) / 2, cy: (box.minY + box.maxY) / 2 };
    this.peeked = true;
    this.applyCamera();
  }

  private drawSpots(model: BoardModel): void {
    this.spotLayer.replaceChildren();
    this.drawTargets(model);
    const s = model.spots;
    const def = s ? model.defs.get(s.letter) : undefined;
    if (!s || !def) return;
    for (const spot of s.segments) {
      const at = segmentAnchor(def, spot.segment, s.rotation);
      const c = this.doc.createElementNS(SVG, "circle");
      c.setAttribute("cx", String(s.x * TILE + at.x));
      c.setAttribute("cy", String(s.y * TILE + at.y));
      c.setAttribute("r", String(this.fingers() ? NARROW_SPOT_RADIUS : SPOT_RADIUS));
      c.setAttribute("class", "spot");
      c.setAttribute("data-spot", String(spot.segment));
      c.setAttribute("id", `spot_${spot.segment}`);
      c.setAttribute("role", "button");
      c.setAttribute("tabindex", "0");
      c.setAttribute("aria-label", model.labels.spot(spot.kind));
      this.spotLayer.appendChild(c);
    }
  }

  private drawTargets(model: BoardModel): void {
    for (const target of model.targets ?? []) {
      const placed = model.tiles.find((t) => (t.position?.x ?? 0) === target.x && (t.position?.y ?? 0) === target.y);
      const def = placed ? model.defs.get(placed.tile) : undefined;
      if (!placed || !def || target.segment >= def.segments.length) continue;
      this.grow(target);
      const at = segmentAnchor(def, target.segment, placed.rotation);
      const c = this.doc.createElementNS(SVG, "circle");
      c.setAttribute("cx", String(target.x * TILE + at.x));
      c.setAttribute("cy", String(target.y * TILE + at.y));
      c.setAttribute("r", "10");
      c.setAttribute("class", target.chosen ? "spot target chosen" : "spot target");
      c.setAttribute("data-target", target.key);
      c.setAttribute("id", `target_${target.x}_${target.y}_${target.segment}`);
      c.setAttribute("role", "button");
      c.setAttribute("tabindex", "0");
      c.setAttribute("aria-label", target.label);
      if (target.chosen) c.setAttribute("aria-pressed", "true");
      this.spotLayer.appendChild(c);
    }
  }

  private rect(cell: Cell, cls: string): SVGRectElement {
    return cellRect(this.doc, cell, cls);
  }

  private placeAt(node: SVGGElement, cell: Cell): SVGGElement {
    const g = this.doc.createElementNS(SVG, "g");
    g.setAttribute("transform", `translate(${cell.x * TILE} ${cell.y * TILE})`);
    g.appendChild(node);
    return g;
  }

  private activate(target: Element | null): void {
    const el = target?.closest(BOARD_CONTROLS);
    if (!el) return;
    const quarter = el.getAttribute("data-quarter-value");
    if (quarter !== null) {
      this.actions.quarterChosen?.(Number(quarter) as Quarter);
      return;
    }
    const key = el.getAttribute("data-target");
    if (key !== null) {
      this.actions.targetChosen?.(key);
      return;
    }
    const cell = el.getAttribute("data-cell");
    if (cell !== null) {
      const [x, y] = cell.split(",").map(Number);
      this.actions.cellChosen({ x: x ?? 0, y: y ?? 0 });
      return;
    }
    const spot = el.getAttribute("data-spot");
    if (spot !== null) this.actions.spotChosen(Number(spot));
  }

  private onKey(e: KeyboardEvent): void {
    this.keyboard = true;
    const target = e.target instanceof Element ? e.target : null;
    if (isArrow(e.key) && target?.closest(BOARD_CONTROLS)) return this.arrowFrom(target, e);
    if (e.key !== "Enter" && e.key !== " ") return;
    if (!target?.closest(BOARD_CONTROLS)) return;
    // Enter on the square already chosen confirms it (the turn's keys, on the document); a tap
    // or Space there turns the tile, as before.
    if (e.key === "Enter" && target.closest(BOARD_CONTROLS)?.getAttribute("aria-pressed") === "true") return;
    e.preventDefault();
    e.stopPropagation();
    this.activate(target);
  }

  /** An arrow on a control: the focus goes to the nearest control that way (none: the view pans). */
  private arrowFrom(target: Element, e: KeyboardEvent): void {
    const controls = [...this.svg.querySelectorAll<SVGElement>("[tabindex='0']")].filter((el) => el.closest(BOARD_CONTROLS));
    const from = controlPoint(target.closest(BOARD_CONTROLS)!);
    const next = nextInDirection(from, controls.map(controlPoint), e.key);
    if (next < 0) return;
    e.preventDefault();
    e.stopPropagation();
    controls[next]!.focus();
  }

  /**
   * The step that had the keyboard's focus is drawn anew (a square confirmed, follower spots
   * shown): the focus stays on the board, on its first control, rather than fall to the page.
   */
  private keepFocus(): void {
    const active = this.doc.activeElement;
    if (!this.keyboard || (active !== null && active !== this.doc.body)) return;
    const first = this.svg.querySelector<SVGElement>("[data-spot][tabindex='0'], [data-cell][tabindex='0'], [data-target][tabindex='0']");
    if (first) first.focus();
    else this.svg.focus();
  }
}

/** Where a control sits on the board, in board units: a square's middle, a spot's centre. */
function controlPoint(el: Element): Point {
  const cell = el.getAttribute("data-cell");
  if (cell !== null) {
    const [x, y] = cell.split(",").map(Number);
    return { x: ((x ?? 0) + 0.5) * TILE, y: ((y ?? 0) + 0.5) * TILE };
  }
  const num = (name: string) => Number(el.getAttribute(name) ?? 0);
  if (el.tagName.toLowerCase() === "circle") return { x: num("cx"), y: num("cy") };
  return { x: num("x") + num("width") / 2, y: num("y") + num("height") / 2 };
}
