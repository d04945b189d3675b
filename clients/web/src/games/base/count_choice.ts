// The player's choices in the Count's decisions (RULES.md C-2..C-5), built only from the legal
// moves the server sent, as turn.ts does for placements: which quarter to enter and where the
// Count goes, how many followers to redeploy, which feature a follower leaves the city for.
// Passing is always legal in these phases, so it needs no state here.

import { FeatureKind, Quarter, type CityEntry, type CityExit } from "../../gen/carc/v1/base_game_pb";
import { QUARTER_ORDER } from "./board/city_block";

/** C-4, C-5: the quarter whose followers may move onto a feature of this kind. */
export function quarterFor(kind: FeatureKind): Quarter {
  switch (kind) {
    case FeatureKind.ROAD:
      return Quarter.BLACKSMITH;
    case FeatureKind.CITY:
      return Quarter.CASTLE;
    case FeatureKind.CLOISTER:
      return Quarter.CATHEDRAL;
    case FeatureKind.FIELD:
      return Quarter.MARKET;
    default:
      return Quarter.UNSPECIFIED;
  }
}

const inOrder = (quarters: Iterable<Quarter>): Quarter[] => {
  const set = new Set(quarters);
  return QUARTER_ORDER.filter((q) => set.has(q));
};

/** The quarters a follower may enter (C-2), clockwise from the castle. */
export function entryQuarters(entries: readonly CityEntry[]): Quarter[] {
  return inOrder(entries.map((e) => e.quarter));
}

/** Where the Count may go when a follower enters `quarter` (C-3), clockwise from the castle. */
export function countDestinations(entries: readonly CityEntry[], quarter: Quarter): Quarter[] {
  return inOrder(entries.filter((e) => e.quarter === quarter).map((e) => e.countTo));
}

export interface EntrySelection {
  quarter?: Quarter | undefined;
  countTo?: Quarter | undefined;
}

/**
 * The selection after choosing `quarter`: the Count stays where he is when he may (C-3 `free`
 * lets him), else he goes where the option sends him.
 */
export function chooseEntry(entries: readonly CityEntry[], quarter: Quarter, countNow: Quarter): EntrySelection {
  const destinations = countDestinations(entries, quarter);
  if (destinations.length === 0) return {};
  return { quarter, countTo: destinations.includes(countNow) ? countNow : destinations[0] };
}

/** The selection with another destination for the Count, if that one is legal. */
export function chooseCountTo(entries: readonly CityEntry[], sel: EntrySelection, countTo: Quarter): EntrySelection {
  if (sel.quarter === undefined || !countDestinations(entries, sel.quarter).includes(countTo)) return sel;
  return { ...sel, countTo };
}

export function isEntryComplete(entries: readonly CityEntry[], sel: EntrySelection): boolean {
  return entries.some((e) => e.quarter === sel.quarter && e.countTo === sel.countTo);
}

/** Keeps what is still legal after new legal moves arrived, else starts over. */
export function revalidateEntry(entries: readonly CityEntry[], sel: EntrySelection): EntrySelection {
  return isEntryComplete(entries, sel) ? sel : {};
}

/**
 * C-4: the number of followers to redeploy that the server allows (`counts`, ascending: 1..limit,
 * or only 1 and all with option count_redeploy "seed") nearest to `n`, the lower on a tie; 0 when
 * none is allowed.
 */
export function clampRedeploy(n: number, counts: readonly number[]): number {
  const first = counts[0];
  if (first === undefined) return 0;
  if (!Number.isFinite(n)) return first;
  let best = first;
  for (const c of counts) if (Math.abs(c - n) < Math.abs(best - n)) best = c;
  return best;
}

/** The allowed number one step above (`dir` 1) or below (-1) `n`; `n` when there is none. */
export function stepRedeploy(n: number, counts: readonly number[], dir: 1 | -1): number {
  const next = dir > 0 ? counts.find((c) => c > n) : [...counts].reverse().find((c) => c < n);
  return next ?? n;
}

/** A feature a follower may leave the city for (C-5), with the quarters it may come from. */
export interface ExitTarget {
  key: string;
  x: number;
  y: number;
  segment: number;
  kind: FeatureKind;
  quarters: Quarter[];
}

export const exitKey = (x: number, y: number, segment: number): string => `${x},${y}/${segment}`;

/** The city exits grouped by target feature, in the server's order. */
export function exitTargets(exits: readonly CityExit[]): ExitTarget[] {
  const out = new Map<string, ExitTarget>();
  for (const e of exits) {
    const x = e.position?.x ?? 0;
    const y = e.position?.y ?? 0;
    const key = exitKey(x, y, e.segment);
    const target = out.get(key);
    if (target) {
      if (!target.quarters.includes(e.quarter)) target.quarters.push(e.quarter);
    } else {
      out.set(key, { key, x, y, segment: e.segment, kind: e.kind, quarters: [e.quarter] });
    }
  }
  for (const target of out.values()) target.quarters = inOrder(target.quarters);
  return [...out.values()];
}
