// The player's choice of a placement in The Castle, built only from the legal placements the
// server sent (CastleLegalMoves.placements): which marked space, which of that space's legal
// rotations. A tap on a marked space chooses it at its first legal rotation; another tap on the
// same space, or the turn buttons, step through its legal rotations; confirm sends it.

import type { CastlePlaceTile } from "../../gen/carc/v1/castle_game_pb";

export interface CastleSelection {
  x?: number | undefined;
  y?: number | undefined;
  rotation?: number | undefined;
}

export type Placement = Pick<CastlePlaceTile, "position" | "rotation">;

/** The spaces the tile may go to, each once, in the server's order. */
export function castleTargets(placements: readonly Placement[]): [number, number][] {
  const seen = new Set<string>();
  const out: [number, number][] = [];
  for (const p of placements) {
    const x = p.position?.x ?? 0;
    const y = p.position?.y ?? 0;
    const key = `${x},${y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([x, y]);
  }
  return out;
}

/** The legal rotations at (x, y), ascending. */
export function castleRotations(placements: readonly Placement[], x: number, y: number): number[] {
  const out = placements.filter((p) => (p.position?.x ?? 0) === x && (p.position?.y ?? 0) === y).map((p) => p.rotation);
  return [...new Set(out)].sort((a, b) => a - b);
}

export function castleSelectionComplete(placements: readonly Placement[], sel: CastleSelection): boolean {
  if (sel.x === undefined || sel.y === undefined || sel.rotation === undefined) return false;
  return castleRotations(placements, sel.x, sel.y).includes(sel.rotation);
}

/** Turns the chosen tile to the next (1) or previous (-1) legal rotation of its space. */
export function rotateCastle(placements: readonly Placement[], sel: CastleSelection, step: 1 | -1): CastleSelection {
  if (sel.x === undefined || sel.y === undefined || sel.rotation === undefined) return sel;
  const rotations = castleRotations(placements, sel.x, sel.y);
  if (rotations.length === 0) return {};
  const i = rotations.indexOf(sel.rotation);
  const next = rotations[(((i < 0 ? 0 : i + step) % rotations.length) + rotations.length) % rotations.length];
  return { ...sel, rotation: next };
}

/** A tap on space (x, y): a new space starts at its first legal rotation, the same one turns. */
export function chooseCastleSpace(placements: readonly Placement[], sel: CastleSelection, x: number, y: number): CastleSelection {
  const rotations = castleRotations(placements, x, y);
  if (rotations.length === 0) return sel;
  if (sel.x === x && sel.y === y && sel.rotation !== undefined) return rotateCastle(placements, sel, 1);
  return { x, y, rotation: rotations[0] };
}

/** Keeps the selection while it is still legal, else starts over. */
export function revalidateCastle(placements: readonly Placement[], sel: CastleSelection): CastleSelection {
  return castleSelectionComplete(placements, sel) ? sel : {};
}
