// Draws the board of The Castle from its data (castle_data.ts): the spaces inside the wall, the
// wall along their outline, the start spaces printed on it, the score track laid along the wall
// with its corner towers and their wall tiles, the placed tiles, followers, keeps and score
// markers, and the spaces where the tile in hand may go. Nothing here names a space or a tile,
// so a transcription of the real board draws with no client change.
//
// Contract: castleBoardSvg(doc, input) returns a new <svg class="castle-board"> in board units
// (a space is CASTLE_TILE square, space (x, y) at (x, y) * CASTLE_TILE). Every element a game
// screen looks for carries a data attribute: data-space="x,y" (a legal target, a button),
// data-spot (a region of the tile just placed, a button), data-field, data-tower, data-wall-tile,
// data-follower, data-keep, data-score, data-start, data-provenance. The caption saying where the
// board and tiles come from is always drawn (docs/castle-data.md: labelled wherever a user sees it).

import { FOLLOWER_OUTLINE, meeple, scaleFollowers } from "../../board/meeple";
import { COLOURS, type ColourInfo } from "../../ui/colours";
import {
  boardSize,
  provenanceCaption,
  spaces,
  wallOutline,
  type CastleBoard,
  type CastleTileDef,
  type CastleTileSet,
  type GridPoint,
} from "./castle_data";
import { CASTLE_TILE, castleRegionAnchors, castleStartSpaceSvg, castleTileSvg, type Point } from "./castle_tile_svg";

const SVG_NS = "http://www.w3.org/2000/svg";
const S = CASTLE_TILE;
/** Room round the wall for the start spaces (half a space deep) and the score markers. */
const MARGIN = 0.7 * S;
const CAPTION_HEIGHT = 0.4 * S;

/** What a game screen may click on the board. */
export const CASTLE_BOARD_CONTROLS = "[data-space],[data-spot]";

/**
 * A follower spot's radius: the closest two anchors of a tile of the shipped set lie 20.9 units
 * apart, so spots this size never overlap. A spot is tappable at 24 CSS px (WCAG 2.2 target
 * size) from 1.2 px per unit: the screen zooms onto the tile for the follower step (`zoom`).
 */
export const SPOT_RADIUS = 10;

export const BOARD_COLOURS = {
  ground: "#b8c79a",
  space: "#f4efe2",
  spaceEdge: "#d8cfb9",
  wall: "#7d7468",
  wallTop: "#a59c8e",
  field: "#ece4cf",
  fieldEdge: "#4e4338",
  tower: "#8f8579",
  towerTop: "#b4aa9c",
  wallTileBack: "#5d4037",
  wallTileTrim: "#e0c9a6",
  target: "#1f5fbf",
  caption: "#3b2f25",
} as const;

export interface CastlePlacedTile {
  tile: string;
  x: number;
  y: number;
  rotation: number;
}

export interface CastleFollower {
  seat: number;
  x: number;
  y: number;
  region: string;
}

export interface CastleKeep {
  seat: number;
  x: number;
  y: number;
  /** The house region it stands on, when known: drawn beside that region's anchor. */
  region?: string | undefined;
}

export interface CastleBoardInput {
  board: CastleBoard;
  tiles: CastleTileSet;
  placed?: readonly CastlePlacedTile[] | undefined;
  followers?: readonly CastleFollower[] | undefined;
  keeps?: readonly CastleKeep[] | undefined;
  /** Per corner tower, in the board's order: does it still hold a wall tile? Default: the start. */
  wallTiles?: readonly boolean[] | undefined;
  /** Per seat. */
  scores?: readonly number[] | undefined;
  /** Spaces where the tile in hand may go: highlighted buttons. */
  targets?: readonly GridPoint[] | undefined;
  /** Regions of the tile just placed a follower may go on: buttons at their anchors. */
  spots?: { x: number; y: number; regions: readonly string[] } | undefined;
  /**
   * Shows only a square of `size` units centred on space (x, y), kept inside the board: the
   * whole board when it is larger than the board.
   */
  zoom?: { x: number; y: number; size: number } | undefined;
  /**
   * How much followers are enlarged (meeple.ts followerScale of the board's pixels a unit), so
   * that they stay readable on a phone, where the whole board fits its narrow width. Default 1.
   */
  followerScale?: number | undefined;
  /** Default: the client's colours in seat order. */
  colourOf?: ((seat: number) => ColourInfo | undefined) | undefined;
  /** The provenance caption in the user's language; default English from the data. */
  caption?: string | undefined;
  labels?: {
    board?: string;
    space?(x: number, y: number): string;
    spot?(region: string, type: string): string;
  } | undefined;
}

type Attrs = Record<string, string | number>;

const num = (v: number): string => String(Math.round(v * 100) / 100);

function el(doc: Document, tag: string, attrs: Attrs, parent?: Element): SVGElement {
  const e = doc.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, typeof v === "number" ? num(v) : v);
  parent?.appendChild(e);
  return e;
}

// ---- the score track ----

export interface TrackField {
  field: number;
  x: number;
  y: number;
  /** Unit normal pointing out of the castle. */
  nx: number;
  ny: number;
  /** Index of the corner tower covering the field, or null. */
  tower: number | null;
}

export interface TrackTower {
  index: number;
  x: number;
  y: number;
  fields: [number, number];
}

export interface TrackLayout {
  fields: TrackField[];
  towers: TrackTower[];
  /** The outer wall, in board units, clockwise. */
  outline: Point[];
}

interface Walk {
  points: Point[];
  /** Distance along the wall to each point from the first. */
  at: number[];
  length: number;
}

function walk(points: Point[]): Walk {
  const at: number[] = [];
  let length = 0;
  points.forEach((p, i) => {
    at.push(length);
    const q = points[(i + 1) % points.length] as Point;
    length += Math.hypot(q.x - p.x, q.y - p.y);
  });
  return { points, at, length };
}

/** Where a grid point lies along the wall, or null when it is not on it. */
function arcOf(w: Walk, p: Point): number | null {
  for (let i = 0; i < w.points.length; ++i) {
    const a = w.points[i] as Point;
    const b = w.points[(i + 1) % w.points.length] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const t = len === 0 ? 0 : ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / (len * len);
    const q = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    if (t >= 0 && t <= 1 && Math.hypot(q.x - p.x, q.y - p.y) < 1e-6) return (w.at[i] as number) + t * len;
  }
  return null;
}

function pointAt(w: Walk, arc: number): { p: Point; n: Point } {
  const s = ((arc % w.length) + w.length) % w.length;
  let i = w.points.length - 1;
  while (i > 0 && (w.at[i] as number) > s + 1e-9) --i;
  const a = w.points[i] as Point;
  const b = w.points[(i + 1) % w.points.length] as Point;
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const d = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
  const t = s - (w.at[i] as number);
  // Clockwise with y south: outside is on the left of the way walked.
  return { p: { x: a.x + d.x * t, y: a.y + d.y * t }, n: { x: d.y, y: -d.x } };
}

/**
 * The score track along the outer wall: each corner tower's two fields at its corner, the plain
 * fields between two towers spread evenly along the wall between their corners. A tower without
 * a corner is put between its neighbours by its field numbers.
 */
export function castleTrackLayout(board: CastleBoard, size = S): TrackLayout {
  const loop = wallOutline(board)[0] ?? [];
  const outline = loop.map(([x, y]) => ({ x: x * size, y: y * size }));
  const w = walk(outline);
  const P = w.length;
  const L = board.track.length;
  if (P === 0) return { fields: [], towers: [], outline };
  const towers = board.track.corner_towers
    .map((t, index) => ({ index, f0: t.fields[0], f1: t.fields[1], corner: t.corner ? arcOf(w, { x: t.corner[0] * size, y: t.corner[1] * size }) : null }))
    .sort((a, b) => a.f0 - b.f0);
  // Distances along the wall from the first tower with a corner, growing with the fields.
  const known = towers.filter((t) => t.corner !== null);
  const origin = known[0]?.corner ?? 0;
  const arc = new Map<number, number>();
  let last = -Infinity;
  for (const t of known) {
    let a = ((((t.corner as number) - origin) % P) + P) % P;
    while (a <= last) a += P;
    arc.set(t.index, a);
    last = a;
  }
  // A tower without a corner: between the known towers round it, by its field number.
  for (const t of towers) {
    if (arc.has(t.index)) continue;
    const first = known[0];
    if (!first) {
      arc.set(t.index, (t.f0 / L) * P);
      continue;
    }
    const prev = [...known].reverse().find((k) => k.f0 < t.f0) ?? (known[known.length - 1] as typeof first);
    const next = known.find((k) => k.f0 > t.f0) ?? first;
    const a0 = arc.get(prev.index) as number;
    let a1 = arc.get(next.index) as number;
    if (a1 <= a0) a1 += P;
    const span = (next.f0 - prev.f0 + L) % L || L;
    arc.set(t.index, a0 + ((a1 - a0) * ((t.f0 - prev.f0 + L) % L)) / span);
  }
  const towerOf = new Map<number, (typeof towers)[number]>();
  for (const t of towers) towerOf.set(t.f0, t).set(t.f1, t);
  const spread = 0.07 * size;
  const fields: TrackField[] = [];
  for (let f = 0; f < L; ++f) {
    const tower = towerOf.get(f);
    let a: number;
    if (tower) {
      // Both fields under the tower, one either side of the corner.
      a = (arc.get(tower.index) as number) + (f === tower.f0 ? -spread : spread);
    } else if (towers.length === 0) {
      a = (f / L) * P;
    } else {
      const prev = [...towers].reverse().find((t) => t.f1 < f) ?? (towers[towers.length - 1] as (typeof towers)[number]);
      const next = towers.find((t) => t.f0 > f) ?? (towers[0] as (typeof towers)[number]);
      const a0 = arc.get(prev.index) as number;
      let a1 = arc.get(next.index) as number;
      if (a1 <= a0) a1 += P;
      const n = prev === next ? L - 2 : (next.f0 - prev.f1 - 1 + L) % L;
      a = a0 + ((a1 - a0) * ((f - prev.f1 + L) % L)) / (n + 1);
    }
    const { p, n } = pointAt(w, a + origin);
    fields.push({ field: f, x: p.x, y: p.y, nx: n.x, ny: n.y, tower: tower?.index ?? null });
  }
  const towerList = board.track.corner_towers.map((t, index) => {
    const { p } = pointAt(w, (arc.get(index) as number) + origin);
    return { index, x: p.x, y: p.y, fields: t.fields };
  });
  return { fields, towers: towerList, outline };
}

// ---- drawing ----

function drawKeep(doc: Document, parent: Element, at: Point, colour: ColourInfo | undefined, seat: number): SVGElement {
  const g = el(doc, "g", { class: "keep", "data-keep": String(seat), transform: `translate(${num(at.x)} ${num(at.y)})` }, parent);
  el(doc, "path", {
    d: "M-9 9V-4H-11V-11H-7V-8H-3V-11H3V-8H7V-11H11V-4H9V9Z",
    fill: colour?.fill ?? "#ffffff",
    // Dark, as round a follower: it stands out from every area of a tile (meeple.ts).
    stroke: FOLLOWER_OUTLINE,
    "stroke-width": 2,
    "stroke-linejoin": "round",
  }, g);
  const label = el(doc, "text", { y: 5, "text-anchor": "middle", "font-size": 9, fill: colour?.ink ?? "#1b1b1b" }, g);
  label.textContent = colour?.shape ?? "?";
  return g;
}

function drawWall(doc: Document, parent: Element, board: CastleBoard): void {
  const loops = wallOutline(board);
  const d = loops.map((l) => `M${l.map(([x, y]) => `${x * S} ${y * S}`).join("L")}Z`).join("");
  const wall = { d, fill: "none", "stroke-linejoin": "miter" };
  el(doc, "path", { ...wall, stroke: BOARD_COLOURS.wall, "stroke-width": 0.14 * S }, parent);
  el(doc, "path", { ...wall, stroke: BOARD_COLOURS.wallTop, "stroke-width": 0.04 * S, "stroke-dasharray": "7 5" }, parent);
}

function drawTrack(doc: Document, parent: Element, layout: TrackLayout, wallTiles: readonly boolean[]): void {
  const plain = el(doc, "g", { class: "track" }, parent);
  const towers = el(doc, "g", { class: "corner-towers" }, parent);
  const towerFields = el(doc, "g", { class: "tower-fields" }, parent);
  for (const t of layout.towers) {
    const g = el(doc, "g", { "data-tower": String(t.index), "data-fields": t.fields.join(",") }, towers);
    el(doc, "circle", { cx: t.x, cy: t.y, r: 0.17 * S, fill: BOARD_COLOURS.tower, stroke: BOARD_COLOURS.fieldEdge, "stroke-width": 1.5 }, g);
    // The battlements round the top, as a dashed ring.
    el(doc, "circle", { cx: t.x, cy: t.y, r: 0.14 * S, fill: BOARD_COLOURS.towerTop, stroke: BOARD_COLOURS.wall, "stroke-width": 2.5, "stroke-dasharray": "3 2.5" }, g);
    if (wallTiles[t.index]) {
      // Face down: the back of a tile, turned a little so it reads as a piece lying there.
      el(doc, "rect", {
        "data-wall-tile": String(t.index),
        x: t.x - 10,
        y: t.y - 10,
        width: 20,
        height: 20,
        rx: 2.5,
        transform: `rotate(15 ${num(t.x)} ${num(t.y)})`,
        fill: BOARD_COLOURS.wallTileBack,
        stroke: BOARD_COLOURS.wallTileTrim,
        "stroke-width": 1.5,
      }, g);
    }
  }
  for (const f of layout.fields) {
    const onTower = f.tower !== null;
    const g = el(doc, "g", { "data-field": String(f.field) }, onTower ? towerFields : plain);
    const r = f.field % 10 === 0 ? 5.5 : onTower ? 3 : 4;
    el(doc, "circle", {
      cx: f.x,
      cy: f.y,
      r,
      fill: BOARD_COLOURS.field,
      "fill-opacity": onTower ? 0.85 : 1,
      stroke: BOARD_COLOURS.fieldEdge,
      "stroke-width": 0.9,
    }, g);
    if (f.field % 10 === 0) {
      const t = el(doc, "text", { x: f.x, y: f.y + 2, "text-anchor": "middle", "font-size": 5.5, fill: BOARD_COLOURS.fieldEdge, "pointer-events": "none" }, g);
      t.textContent = String(f.field);
    }
  }
}

function drawScores(doc: Document, parent: Element, layout: TrackLayout, scores: readonly number[], colourOf: (seat: number) => ColourInfo | undefined): void {
  const L = layout.fields.length;
  scores.forEach((score, seat) => {
    if (L === 0) return;
    const f = layout.fields[((score % L) + L) % L] as TrackField;
    const out = 0.17 * S + seat * 0.15 * S;
    const at = { x: f.x + f.nx * out, y: f.y + f.ny * out };
    const colour = colourOf(seat);
    const g = el(doc, "g", { class: "score-marker", "data-score": String(seat), "data-score-field": String(f.field), transform: `translate(${num(at.x)} ${num(at.y)})` }, parent);
    el(doc, "circle", { r: 8, fill: colour?.fill ?? "#ffffff", stroke: FOLLOWER_OUTLINE, "stroke-width": 2 }, g);
    const label = el(doc, "text", { y: 3, "text-anchor": "middle", "font-size": 8, fill: colour?.ink ?? "#1b1b1b" }, g);
    label.textContent = colour?.shape ?? "?";
    const laps = Math.floor(score / L);
    if (laps > 0) {
      // Past the last field the marker goes round again; the badge keeps the lost hundreds.
      const badge = el(doc, "g", { class: "lap", "data-laps": String(laps), transform: "translate(9 -9)" }, g);
      el(doc, "rect", { x: -2, y: -6, width: 20, height: 9, rx: 4.5, fill: "#ffffff", stroke: colour?.fill ?? "#1b1b1b", "stroke-width": 1.2 }, badge);
      const t = el(doc, "text", { x: 8, y: 1, "text-anchor": "middle", "font-size": 6.5, fill: "#1b1b1b" }, badge);
      t.textContent = `+${laps * L}`;
    }
  });
}

type Box = { x: number; y: number; w: number; h: number };

/** The square of `zoom` inside `full`, each side at most full's. */
function zoomedView(full: Box, zoom: { x: number; y: number; size: number }): Box {
  const w = Math.min(zoom.size, full.w);
  const h = Math.min(zoom.size, full.h);
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
  return {
    x: clamp((zoom.x + 0.5) * S - w / 2, full.x, full.x + full.w - w),
    y: clamp((zoom.y + 0.5) * S - h / 2, full.y, full.y + full.h - h),
    w,
    h,
  };
}

/** The board's size in its own units: the viewBox's. */
export function castleBoardBox(board: CastleBoard): { width: number; height: number } {
  const { width, height } = boardSize(board);
  return { width: width * S + 2 * MARGIN, height: height * S + 2 * MARGIN + CAPTION_HEIGHT };
}

export function castleBoardSvg(doc: Document, input: CastleBoardInput): SVGSVGElement {
  const { board } = input;
  const { width, height } = boardSize(board);
  const colourOf = input.colourOf ?? ((seat: number) => COLOURS[seat]);
  const defs = new Map<string, CastleTileDef>(input.tiles.tiles.map((t) => [t.id, t]));
  const placedAt = new Map<string, { def: CastleTileDef; rotation: number }>();
  for (const p of input.placed ?? []) {
    const def = defs.get(p.tile);
    if (def) placedAt.set(`${p.x},${p.y}`, { def, rotation: p.rotation });
  }
  const anchorOf = (x: number, y: number, region: string): Point | undefined => {
    const t = placedAt.get(`${x},${y}`);
    const a = t ? castleRegionAnchors(t.def, t.rotation)[region] : undefined;
    return a ? { x: x * S + a.x, y: y * S + a.y } : undefined;
  };

  const box = castleBoardBox(board);
  const full = { x: -MARGIN, y: -MARGIN, w: box.width, h: box.height };
  const view = input.zoom ? zoomedView(full, input.zoom) : full;
  const svg = el(doc, "svg", {
    class: "castle-board",
    role: "group",
    "aria-label": input.labels?.board ?? "The Castle",
    viewBox: `${num(view.x)} ${num(view.y)} ${num(view.w)} ${num(view.h)}`,
  }) as SVGSVGElement;
  if (input.zoom) svg.setAttribute("data-zoom", `${input.zoom.x},${input.zoom.y}`);
  const layer = (name: string): SVGElement => el(doc, "g", { class: name }, svg);
  el(doc, "rect", {
    x: -MARGIN,
    y: -MARGIN,
    width: width * S + 2 * MARGIN,
    height: height * S + 2 * MARGIN + CAPTION_HEIGHT,
    fill: BOARD_COLOURS.ground,
  }, layer("ground"));

  const cells = layer("spaces");
  for (const [x, y] of spaces(board)) {
    el(doc, "rect", { "data-cell": `${x},${y}`, x: x * S, y: y * S, width: S, height: S, fill: BOARD_COLOURS.space, stroke: BOARD_COLOURS.spaceEdge, "stroke-width": 1 }, cells);
  }
  const tiles = layer("tiles");
  for (const p of input.placed ?? []) {
    const t = placedAt.get(`${p.x},${p.y}`);
    if (!t) continue;
    const g = el(doc, "g", { transform: `translate(${p.x * S} ${p.y * S})`, "data-x": String(p.x), "data-y": String(p.y) }, tiles);
    g.appendChild(castleTileSvg(doc, t.def, t.rotation));
  }
  const starts = layer("start-spaces");
  for (const s of board.start_spaces) {
    const g = el(doc, "g", { transform: `translate(${s.space[0] * S} ${s.space[1] * S})` }, starts);
    g.appendChild(castleStartSpaceSvg(doc, s));
  }
  drawWall(doc, layer("wall"), board);
  const layout = castleTrackLayout(board);
  const wallTiles = input.wallTiles ?? board.track.corner_towers.map((t) => t.wall_tile ?? true);
  drawTrack(doc, layer("score-track"), layout, wallTiles);

  const keeps = layer("keeps");
  for (const k of input.keeps ?? []) {
    const a = k.region !== undefined ? anchorOf(k.x, k.y, k.region) : undefined;
    // Beside a follower on the same house rather than under it.
    const at = a ? { x: a.x + 0.15 * S, y: a.y - 0.12 * S } : { x: (k.x + 0.8) * S, y: (k.y + 0.2) * S };
    drawKeep(doc, keeps, at, colourOf(k.seat), k.seat);
  }
  const followers = layer("followers");
  // Enlarged followers may reach over a neighbouring space or spot: taps go through to it.
  followers.setAttribute("pointer-events", "none");
  for (const f of input.followers ?? []) {
    const at = anchorOf(f.x, f.y, f.region);
    if (!at) continue;
    const g = meeple(doc, colourOf(f.seat), false);
    g.setAttribute("transform", `translate(${num(at.x)} ${num(at.y)})`);
    g.setAttribute("data-follower", `${f.seat}@${f.x},${f.y}/${f.region}`);
    followers.appendChild(g);
  }
  scaleFollowers(followers, input.followerScale ?? 1);
  const targets = layer("targets");
  for (const [x, y] of input.targets ?? []) {
    el(doc, "rect", {
      class: "castle-target",
      "data-space": `${x},${y}`,
      id: `space_${x}_${y}`,
      role: "button",
      tabindex: "0",
      "aria-label": input.labels?.space?.(x, y) ?? `space ${x},${y}`,
      x: x * S + 3,
      y: y * S + 3,
      width: S - 6,
      height: S - 6,
      rx: 6,
      fill: BOARD_COLOURS.target,
      "fill-opacity": 0.18,
      stroke: BOARD_COLOURS.target,
      "stroke-width": 4,
      "stroke-dasharray": "10 6",
    }, targets);
  }
  const spots = layer("spots");
  const sp = input.spots;
  const spotTile = sp ? placedAt.get(`${sp.x},${sp.y}`) : undefined;
  if (sp && spotTile) {
    for (const region of sp.regions) {
      const at = anchorOf(sp.x, sp.y, region);
      if (!at) continue;
      const type = spotTile.def.regions[region]?.type ?? "";
      el(doc, "circle", {
        class: "spot",
        "data-spot": region,
        id: `spot_${region}`,
        role: "button",
        tabindex: "0",
        "aria-label": input.labels?.spot?.(region, type) ?? `${type} ${region}`,
        cx: at.x,
        cy: at.y,
        r: SPOT_RADIUS,
        fill: "#ffffff",
        "fill-opacity": 0.7,
        stroke: BOARD_COLOURS.target,
        "stroke-width": 3,
      }, spots);
    }
  }
  drawScores(doc, layer("score-markers"), layout, input.scores ?? [], colourOf);

  const caption = el(doc, "text", {
    class: "castle-provenance",
    "data-provenance": board.provenance === input.tiles.provenance ? board.provenance : `${board.provenance}/${input.tiles.provenance}`,
    x: -MARGIN + 8,
    y: height * S + MARGIN + CAPTION_HEIGHT * 0.55,
    "font-size": 0.17 * S,
    "font-style": "italic",
    fill: BOARD_COLOURS.caption,
  }, svg);
  caption.textContent = input.caption ?? provenanceCaption(board.provenance, input.tiles.provenance);
  return svg;
}
