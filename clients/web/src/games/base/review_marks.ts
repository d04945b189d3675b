// The computer's review on the board of a base game's replay: the move played and the computer's
// move at a step, as marks the board draws (the tile ghosted at its square with its rotation, or
// the follower on its feature), and the place of a square in the words players see (where on the
// board, and the features of the tiles beside it), never in coordinates.

import { FeatureKind, type BaseView, type TileDefinition } from "../../gen/carc/v1/base_game_pb";
import { areaText, parseMoveText, placementText } from "../../ui/move_text";
import { kindName } from "./base_log";
import { t, type BasePlayMessageKey } from "./i18n/play";

/** One move on the board: a tile at its square, or a follower on segment `segment` of a tile. */
export interface ReviewMark {
  role: "played" | "suggested";
  x: number;
  y: number;
  letter: string;
  rotation: number;
  /** A follower's segment (of the tile at x, y); undefined for a tile. */
  segment?: number | undefined;
}

const tileAt = (view: BaseView, x: number, y: number) =>
  view.tiles.find((p) => (p.position?.x ?? 0) === x && (p.position?.y ?? 0) === y);

/**
 * The mark of move text `text` made in `view` (the position before it), or undefined for a move
 * that puts nothing on the board. `played` is the tile the move played put down, when known: with
 * hands the text names the tile only by its index in the tile set.
 */
export function reviewMark(
  view: BaseView,
  tileSet: readonly TileDefinition[],
  text: string,
  role: ReviewMark["role"],
  playedLetter?: string,
): ReviewMark | undefined {
  const { name, numbers: n, words } = parseMoveText(text);
  const [a, b, c, d] = n;
  switch (name) {
    case "place_tile": {
      if (a === undefined || b === undefined || c === undefined) return undefined;
      // The move played put down the tile its event names; otherwise the tile drawn, and with
      // hands (no tile drawn) the one the text names by its index in the tile set.
      const named = words.includes("tile") && d !== undefined ? tileSet[d]?.letter : undefined;
      const letter = role === "played" && playedLetter ? playedLetter : view.currentTile !== "" ? view.currentTile : (named ?? playedLetter);
      return letter ? { role, x: a, y: b, letter, rotation: ((c % 4) + 4) % 4 } : undefined;
    }
    case "place_follower": {
      const last = view.tiles[view.tiles.length - 1];
      if (a === undefined || !last) return undefined;
      return { role, x: last.position?.x ?? 0, y: last.position?.y ?? 0, letter: last.tile, rotation: last.rotation, segment: a };
    }
    case "leave_city": {
      const on = b !== undefined && c !== undefined ? tileAt(view, b, c) : undefined;
      if (!on || d === undefined) return undefined;
      return { role, x: b!, y: c!, letter: on.tile, rotation: on.rotation, segment: d };
    }
    default:
      return undefined;
  }
}

const SIDES: readonly BasePlayMessageKey[] = ["review.side.above", "review.side.right", "review.side.below", "review.side.left"];
const STEPS = [
  { dx: 0, dy: -1 },
  { dx: 1, dy: 0 },
  { dx: 0, dy: 1 },
  { dx: -1, dy: 0 },
];

/** Where square (x, y) lies on the board of `view`, in words: "at the top left of the board". */
export function boardArea(view: BaseView, x: number, y: number): string {
  return areaText(x, y, view.tiles.map((p) => p.position?.x ?? 0), view.tiles.map((p) => p.position?.y ?? 0));
}

/** The cities and roads of the tiles beside square (x, y) that face it: "the city above, the road to the left". */
export function besideText(view: BaseView, defs: ReadonlyMap<string, TileDefinition>, x: number, y: number): string {
  const parts: string[] = [];
  STEPS.forEach((step, side) => {
    const next = tileAt(view, x + step.dx, y + step.dy);
    const def = next ? defs.get(next.tile) : undefined;
    if (!next || !def) return;
    // The neighbour's side that faces the square, in its printed orientation (rotation is
    // quarter turns clockwise: printed side s shows on board side s + r).
    const facing = (side + 2) % 4;
    const kind = def.edges[(((facing - next.rotation) % 4) + 4) % 4] ?? FeatureKind.UNSPECIFIED;
    // Cities and roads are what players place by; farms are everywhere and would only add words.
    if (kind === FeatureKind.CITY || kind === FeatureKind.ROAD) parts.push(t(SIDES[side]!, { kind: kindName(kind) }));
  });
  return parts.join(", ");
}

/** A tile placement in words: where, what is beside it, how it is turned. */
export function placementWords(view: BaseView, defs: ReadonlyMap<string, TileDefinition>, mark: ReviewMark): string {
  const area = (x: number, y: number) => boardArea(view, x, y);
  const beside = besideText(view, defs, mark.x, mark.y);
  if (beside === "") return placementText([mark.x, mark.y, mark.rotation], area) ?? "";
  return t("review.placementBeside", { area: area(mark.x, mark.y), beside, degrees: mark.rotation * 90 });
}
