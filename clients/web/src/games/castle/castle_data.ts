// The Castle's board and tiles as the server sends them: the two JSON texts of
// engine/data/castle (docs/castle-data.md), unchanged. The client draws everything from this data,
// so a transcription of the real components replaces the project's reconstruction with no client
// change. Parsing checks the format and the shape the drawing relies on (every side names
// regions that exist); the rules' own checks (one connected area, counts) stay with the engine,
// which refuses a set that fails them before any client sees it.

export const CASTLE_BOARD_FORMAT = "carcassonne-castle-board/1";
export const CASTLE_TILES_FORMAT = "carcassonne-castle-tiles/1";

export type CastleFeature = "path" | "tower" | "house" | "court";
export type CastlePathEnd = "square" | "building";
export type CastleSideName = "N" | "E" | "S" | "W";
export const CASTLE_SIDES: readonly CastleSideName[] = ["N", "E", "S", "W"];

export interface CastleRegion {
  type: CastleFeature;
  /** Courts only; default 0. */
  markets?: number;
  /** Paths only; default false. */
  fountain?: boolean;
  /** Paths only: how the path stops on this tile; absent when it only runs between side points. */
  end?: CastlePathEnd;
}

/** `"A P B"`: first half, path point (`-` for none), second half, clockwise round the tile. */
export type CastleSide = string;

export interface CastleTileDef {
  id: string;
  /** Copies in the set; the server reads a missing count as 1. */
  count?: number;
  regions: Record<string, CastleRegion>;
  sides: Record<CastleSideName, CastleSide>;
}

export interface CastleTileSet {
  format: typeof CASTLE_TILES_FORMAT;
  /** "reconstruction" for the project's own set, "transcription" for the real one. */
  provenance: string;
  note?: string;
  tiles: CastleTileDef[];
}

export interface CastleStartSpace {
  id: string;
  space: [number, number];
  side: CastleSideName;
  regions: Record<string, CastleRegion>;
  /** Written as that side of a tile lying in the space would be (no mirroring). */
  edge: CastleSide;
}

export interface CastleCornerTower {
  fields: [number, number];
  /** Default true: the tower starts with a face-down wall tile (K-3). */
  wall_tile?: boolean;
  /** The grid point (0..width, 0..height) of the wall corner the tower stands on. */
  corner?: [number, number];
}

export interface CastleBoard {
  format: typeof CASTLE_BOARD_FORMAT;
  provenance: string;
  note?: string;
  /** `#` a space inside the wall, `.` outside; row 0 is the north edge. */
  rows: string[];
  start_spaces: CastleStartSpace[];
  track: { length: number; corner_towers: CastleCornerTower[] };
}

export interface SideParts {
  half: [string, string];
  path: string | null;
}

export type GridPoint = [number, number];

/** A side of a space: side 0..3 = N E S W. */
export interface SpaceSide {
  x: number;
  y: number;
  side: number;
}

export const DX: readonly number[] = [0, 1, 0, -1];
export const DY: readonly number[] = [-1, 0, 1, 0];

// ---- parsing ----

type Json = unknown;

function fail(where: string, what: string): never {
  throw new Error(`${where}: ${what}`);
}

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function need(o: Json, key: string, where: string): Json {
  if (!isObject(o) || !(key in o)) fail(where, `missing "${key}"`);
  return o[key];
}

function str(o: Json, key: string, where: string): string {
  const v = need(o, key, where);
  if (typeof v !== "string") fail(where, `"${key}" must be a string`);
  return v;
}

function int(v: Json, where: string): number {
  if (typeof v !== "number" || !Number.isInteger(v)) fail(where, "expected an integer");
  return v;
}

function arr(v: Json, what: string, where: string): Json[] {
  if (!Array.isArray(v)) fail(where, `"${what}" must be an array`);
  return v;
}

function pair(v: Json, where: string): [number, number] {
  if (!Array.isArray(v) || v.length !== 2) fail(where, "expected [x, y]");
  return [int(v[0], where), int(v[1], where)];
}

function sideName(v: string, where: string): CastleSideName {
  if (!(CASTLE_SIDES as readonly string[]).includes(v)) fail(where, `side must be N, E, S or W, not '${v}'`);
  return v as CastleSideName;
}

function parseJson(text: string, what: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (e) {
    return fail(what, `not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function checkFormat(o: Json, format: string, where: string): void {
  if (!isObject(o)) fail(where, "expected a JSON object");
  const got = str(o, "format", where);
  if (got !== format) fail(where, `format must be "${format}", not "${got}"`);
}

function parseRegions(v: Json, where: string): Record<string, CastleRegion> {
  if (!isObject(v) || Object.keys(v).length === 0) fail(where, '"regions" must be a non-empty object');
  const out: Record<string, CastleRegion> = {};
  for (const [id, r] of Object.entries(v)) {
    const w = `${where} region '${id}'`;
    if (id === "-" || /\s/.test(id) || id === "") fail(w, "a region id is one word other than '-'");
    const type = str(r, "type", w);
    if (type !== "path" && type !== "tower" && type !== "house" && type !== "court") {
      fail(w, `type must be path, tower, house or court, not '${type}'`);
    }
    const region: CastleRegion = { type };
    for (const [key, value] of Object.entries(r as Record<string, Json>)) {
      if (key === "type") continue;
      if (key === "fountain") {
        if (typeof value !== "boolean") fail(w, '"fountain" must be true or false');
        region.fountain = value;
      } else if (key === "markets") {
        const n = int(value, `${w} markets`);
        if (n < 0) fail(w, '"markets" must not be negative');
        region.markets = n;
      } else if (key === "end") {
        if (value !== "square" && value !== "building") fail(w, '"end" must be "square" or "building"');
        region.end = value;
      } else {
        fail(w, `unknown key "${key}"`);
      }
    }
    out[id] = region;
  }
  return out;
}

function checkSide(v: Json, regions: Record<string, CastleRegion>, where: string): CastleSide {
  if (typeof v !== "string") fail(where, 'a side is a string "A P B"');
  let parts: SideParts;
  try {
    parts = sideParts(v);
  } catch (e) {
    return fail(where, e instanceof Error ? e.message : String(e));
  }
  for (const h of parts.half) {
    const r = regions[h];
    if (!r) fail(where, `no region '${h}'`);
    if (r.type === "path") fail(where, `path region '${h}' on a half (paths cross sides at the path point)`);
  }
  if (parts.path !== null) {
    const r = regions[parts.path];
    if (!r) fail(where, `no region '${parts.path}'`);
    if (r.type !== "path") fail(where, `region '${parts.path}' at a path point is no path`);
  }
  return v;
}

function checkUsed(regions: Record<string, CastleRegion>, sides: readonly CastleSide[], where: string): void {
  const used = new Set<string>();
  for (const s of sides) {
    const p = sideParts(s);
    used.add(p.half[0]).add(p.half[1]);
    if (p.path !== null) used.add(p.path);
  }
  for (const id of Object.keys(regions)) if (!used.has(id)) fail(where, `region '${id}' is on no side`);
}

function note(o: Record<string, Json>, where: string): { note?: string } {
  if (!("note" in o)) return {};
  if (typeof o.note !== "string") fail(where, '"note" must be a string');
  return { note: o.note };
}

/** Parses board.json; throws an Error naming what is wrong. */
export function parseCastleBoard(text: string): CastleBoard {
  const o = parseJson(text, "board");
  checkFormat(o, CASTLE_BOARD_FORMAT, "board");
  const b = o as Record<string, Json>;
  const provenance = str(b, "provenance", "board");
  const rows = arr(need(b, "rows", "board"), "rows", "board").map((r) => {
    if (typeof r !== "string") fail("board", "rows are strings");
    if (!/^[#.]*$/.test(r)) fail("board", "rows may only hold '#' and '.'");
    return r;
  });
  const width = rows[0]?.length ?? 0;
  if (width === 0) fail("board", "no rows");
  if (rows.some((r) => r.length !== width)) fail("board", "rows of different lengths");
  const startSpaces = arr(need(b, "start_spaces", "board"), "start_spaces", "board").map((s) => {
    const id = str(s, "id", "board start space");
    const w = `board start space ${id}`;
    const space = pair(need(s, "space", w), `${w} space`);
    const side = sideName(str(s, "side", w), w);
    const regions = parseRegions(need(s, "regions", w), w);
    const edge = checkSide(need(s, "edge", w), regions, `${w} edge`);
    checkUsed(regions, [edge], w);
    return { id, space, side, regions, edge };
  });
  const track = need(b, "track", "board");
  const length = int(need(track, "length", "board track"), "board track length");
  if (length < 2) fail("board track", "too short");
  const towers = arr(need(track, "corner_towers", "board track"), "corner_towers", "board track").map((t) => {
    const fv = need(t, "fields", "board corner tower");
    if (!Array.isArray(fv) || fv.length !== 2) fail("board corner tower", "two fields");
    const fields: [number, number] = [int(fv[0], "board corner tower"), int(fv[1], "board corner tower")];
    const w = `board corner tower ${fields[0]}/${fields[1]}`;
    for (const f of fields) if (f < 0 || f >= length) fail(w, `field ${f} off the track`);
    const tower: CastleCornerTower = { fields };
    const t2 = t as Record<string, Json>;
    if ("wall_tile" in t2) {
      if (typeof t2.wall_tile !== "boolean") fail(w, '"wall_tile" must be true or false');
      tower.wall_tile = t2.wall_tile;
    }
    if ("corner" in t2) tower.corner = pair(t2.corner, `${w} corner`);
    return tower;
  });
  return {
    format: CASTLE_BOARD_FORMAT,
    provenance,
    ...note(b, "board"),
    rows,
    start_spaces: startSpaces,
    track: { length, corner_towers: towers },
  };
}

/** Parses tiles.json; throws an Error naming what is wrong. */
export function parseCastleTiles(text: string): CastleTileSet {
  const o = parseJson(text, "tiles");
  checkFormat(o, CASTLE_TILES_FORMAT, "tiles");
  const t = o as Record<string, Json>;
  const provenance = str(t, "provenance", "tiles");
  const ids = new Set<string>();
  const tiles = arr(need(t, "tiles", "tiles"), "tiles", "tiles").map((d) => {
    const id = str(d, "id", "tile");
    const w = `tile ${id}`;
    if (ids.has(id)) fail(w, "id used twice");
    ids.add(id);
    const def: CastleTileDef = { id, regions: {}, sides: { N: "", E: "", S: "", W: "" } };
    if ("count" in (d as Record<string, Json>)) {
      const count = int((d as Record<string, Json>).count, `${w} count`);
      if (count < 1) fail(w, "count below 1");
      def.count = count;
    }
    def.regions = parseRegions(need(d, "regions", w), w);
    const sides = need(d, "sides", w);
    for (const s of CASTLE_SIDES) def.sides[s] = checkSide(need(sides, s, w), def.regions, `${w} side ${s}`);
    checkUsed(def.regions, CASTLE_SIDES.map((s) => def.sides[s]), w);
    return def;
  });
  return { format: CASTLE_TILES_FORMAT, provenance, ...note(t, "tiles"), tiles };
}

// ---- helpers ----

/** `"A P B"` split into its halves (clockwise order) and its path point. */
export function sideParts(side: CastleSide): SideParts {
  const words = side.trim().split(/\s+/);
  const [a, p, b] = words;
  if (words.length !== 3 || a === undefined || p === undefined || b === undefined) {
    throw new Error(`a side is three words "A P B", not "${side}"`);
  }
  return { half: [a, b], path: p === "-" ? null : p };
}

export function sideIndex(side: CastleSideName | number): number {
  const i = typeof side === "number" ? side : CASTLE_SIDES.indexOf(side);
  if (!Number.isInteger(i) || i < 0 || i > 3) throw new Error(`no side ${String(side)}`);
  return i;
}

/**
 * What board side `boardSide` of `tile` turned `rotation` quarter turns clockwise shows: the
 * tile's own side (s - r) mod 4, text unchanged (halves keep their clockwise order).
 */
export function rotatedSide(tile: CastleTileDef, rotation: number, boardSide: CastleSideName | number): CastleSide {
  const s = sideIndex(boardSide);
  const name = CASTLE_SIDES[(((s - rotation) % 4) + 4) % 4] as CastleSideName;
  return tile.sides[name];
}

export function boardSize(board: CastleBoard): { width: number; height: number } {
  return { width: board.rows[0]?.length ?? 0, height: board.rows.length };
}

export function isSpace(board: CastleBoard, x: number, y: number): boolean {
  return board.rows[y]?.[x] === "#";
}

/** Every space, row by row from the north-west. */
export function spaces(board: CastleBoard): GridPoint[] {
  const out: GridPoint[] = [];
  board.rows.forEach((row, y) => {
    for (let x = 0; x < row.length; ++x) if (row[x] === "#") out.push([x, y]);
  });
  return out;
}

/** Every side of a space that does not face another space: the castle wall. */
export function wallSides(board: CastleBoard): SpaceSide[] {
  const out: SpaceSide[] = [];
  for (const [x, y] of spaces(board)) {
    for (let side = 0; side < 4; ++side) {
      if (!isSpace(board, x + (DX[side] ?? 0), y + (DY[side] ?? 0))) out.push({ x, y, side });
    }
  }
  return out;
}

/** The wall side a side of a space lies on, as grid points in clockwise order round the space. */
function sideEnds(w: SpaceSide): [GridPoint, GridPoint] {
  const { x, y } = w;
  switch (w.side) {
    case 0:
      return [[x, y], [x + 1, y]];
    case 1:
      return [[x + 1, y], [x + 1, y + 1]];
    case 2:
      return [[x + 1, y + 1], [x, y + 1]];
    default:
      return [[x, y + 1], [x, y]];
  }
}

/**
 * The wall as closed loops of grid points at its corners, each clockwise (spaces on the right
 * when walking it, y south), the outer wall first. Where two spaces only touch at a corner the
 * walk keeps to the outside, so the outer wall stays one loop.
 */
export function wallOutline(board: CastleBoard): GridPoint[][] {
  const key = (p: GridPoint): string => `${p[0]},${p[1]}`;
  const out = new Map<string, GridPoint[]>();
  const edges = wallSides(board).map(sideEnds);
  for (const [a, b] of edges) {
    const list = out.get(key(a)) ?? [];
    list.push(b);
    out.set(key(a), list);
  }
  const used = new Set<string>();
  const edgeKey = (a: GridPoint, b: GridPoint): string => `${key(a)}>${key(b)}`;
  const loops: GridPoint[][] = [];
  for (const [a0, b0] of edges) {
    if (used.has(edgeKey(a0, b0))) continue;
    const loop: GridPoint[] = [a0];
    let a = a0;
    let b = b0;
    for (;;) {
      used.add(edgeKey(a, b));
      if (key(b) === key(a0)) break;
      loop.push(b);
      const dir: GridPoint = [b[0] - a[0], b[1] - a[1]];
      const next = (out.get(key(b)) ?? []).filter((c) => !used.has(edgeKey(b, c)));
      // Left of the way walked (y south) is outside; prefer it, then straight on, then right.
      const rank = (c: GridPoint): number => {
        const d: GridPoint = [c[0] - b[0], c[1] - b[1]];
        const cross = dir[0] * d[1] - dir[1] * d[0];
        return cross < 0 ? 0 : cross === 0 ? 1 : 2;
      };
      next.sort((p, q) => rank(p) - rank(q));
      const c = next[0];
      if (!c) break;
      a = b;
      b = c;
    }
    loops.push(corners(loop));
  }
  const area = (l: GridPoint[]): number =>
    l.reduce((s, p, i) => {
      const q = l[(i + 1) % l.length] as GridPoint;
      return s + p[0] * q[1] - q[0] * p[1];
    }, 0) / 2;
  return loops.sort((p, q) => area(q) - area(p));
}

/** Drops the points where a loop runs straight on. */
function corners(loop: GridPoint[]): GridPoint[] {
  const n = loop.length;
  return loop.filter((p, i) => {
    const a = loop[(i + n - 1) % n] as GridPoint;
    const b = loop[(i + 1) % n] as GridPoint;
    return (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) !== 0;
  });
}

/** Length of a closed loop of grid points (axis-parallel steps). */
export function loopLength(loop: readonly GridPoint[]): number {
  let len = 0;
  loop.forEach((p, i) => {
    const q = loop[(i + 1) % loop.length] as GridPoint;
    len += Math.abs(q[0] - p[0]) + Math.abs(q[1] - p[1]);
  });
  return len;
}

/** The caption every drawing of the board carries, so that no one takes it for the original. */
export function provenanceCaption(boardProvenance: string, tilesProvenance: string): string {
  const says = (p: string): string =>
    p === "reconstruction"
      ? "the project's reconstruction, not the original components"
      : p === "transcription"
        ? "transcribed from the original components"
        : p;
  if (boardProvenance === tilesProvenance) return `Board and tiles: ${says(boardProvenance)}`;
  return `Board: ${says(boardProvenance)}. Tiles: ${says(tilesProvenance)}`;
}
