// The player's choice of a placement, built only from the legal moves the server sent: which
// tile of the hand, which highlighted cell, which of that cell's legal rotations. The client
// never decides legality itself; it offers exactly the server's list.

import type { Placement } from "../../gen/carc/v1/base_game_pb";

export interface Selection {
  /** The tile of the hand being placed ("" = the drawn tile, when the game has no hands). */
  tile: string;
  x?: number | undefined;
  y?: number | undefined;
  rotation?: number | undefined;
}

/** The tiles the player may place, in first-seen order. */
export function placeableTiles(placements: readonly Placement[]): string[] {
  const out: string[] = [];
  for (const p of placements) if (!out.includes(p.tile)) out.push(p.tile);
  return out;
}

/** The cells where `tile` may go, each once, in the server's order. */
export function candidateCells(placements: readonly Placement[], tile: string): { x: number; y: number }[] {
  const seen = new Set<string>();
  const out: { x: number; y: number }[] = [];
  for (const p of placements) {
    if (p.tile !== tile) continue;
    const x = p.position?.x ?? 0;
    const y = p.position?.y ?? 0;
    const key = `${x},${y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ x, y });
  }
  return out;
}

/** The legal rotations of `tile` at (x, y), ascending. */
export function legalRotations(placements: readonly Placement[], tile: string, x: number, y: number): number[] {
  const out = placements
    .filter((p) => p.tile === tile && (p.position?.x ?? 0) === x && (p.position?.y ?? 0) === y)
    .map((p) => p.rotation);
  return [...new Set(out)].sort((a, b) => a - b);
}

/**
 * The selection after a tap on cell (x, y): a new cell starts at its first legal rotation;
 * tapping the chosen cell again turns the tile to its next legal rotation.
 */
export function chooseCell(placements: readonly Placement[], sel: Selection, x: number, y: number): Selection {
  const rotations = legalRotations(placements, sel.tile, x, y);
  if (rotations.length === 0) return sel;
  if (sel.x === x && sel.y === y && sel.rotation !== undefined) return rotate(placements, sel, 1);
  return { tile: sel.tile, x, y, rotation: rotations[0] };
}

/** Turns the chosen tile to the next (step 1) or previous (step -1) legal rotation. */
export function rotate(placements: readonly Placement[], sel: Selection, step: 1 | -1): Selection {
  if (sel.x === undefined || sel.y === undefined || sel.rotation === undefined) return sel;
  const rotations = legalRotations(placements, sel.tile, sel.x, sel.y);
  if (rotations.length === 0) return { tile: sel.tile };
  const i = rotations.indexOf(sel.rotation);
  const next = rotations[(((i < 0 ? 0 : i + step) % rotations.length) + rotations.length) % rotations.length];
  return { ...sel, rotation: next };
}

/** The selection is a legal placement that can be confirmed. */
export function isComplete(placements: readonly Placement[], sel: Selection): boolean {
  if (sel.x === undefined || sel.y === undefined || sel.rotation === undefined) return false;
  return legalRotations(placements, sel.tile, sel.x, sel.y).includes(sel.rotation);
}

/** Keeps what is still legal after new legal moves arrived, else starts over. */
export function revalidate(placements: readonly Placement[], sel: Selection): Selection {
  const tiles = placeableTiles(placements);
  const tile = tiles.includes(sel.tile) ? sel.tile : (tiles[0] ?? "");
  const kept = { ...sel, tile };
  return isComplete(placements, kept) ? kept : { tile };
}
