// The Castle's move texts in words (the computer's review of a replay): a follower's region is
// the engine's index among the tile's regions in the order of the tile set (K05: tower, court,
// house), a doubled scoring names the wall tile that doubles it, and the hint's words serve the
// other decisions.

import { describe, expect, it } from "vitest";
import { CastleFeature } from "../../../src/gen/carc/v1/castle_game_pb";
import { parseCastleTiles } from "../../../src/games/castle/castle_data";
import { describeCastleMove } from "../../../src/games/castle/castle_moves";
import { CASTLE_TILES_TEXT } from "./castle_fixture";
import { castleView } from "./castle_helpers";

const tiles = parseCastleTiles(CASTLE_TILES_TEXT).tiles;
const tileDef = (id: string) => tiles.find((d) => d.id === id);

const view = castleView({
  tiles: [
    { tile: "K01", position: { x: 4, y: 1 }, rotation: 0, player: 0 },
    { tile: "K05", position: { x: 5, y: 1 }, rotation: 1, player: 1 },
  ],
  pending: [{ feature: CastleFeature.TOWER }, { feature: CastleFeature.HOUSE }],
});
const say = (text: string) => describeCastleMove(view, tileDef, text);

describe("The Castle's move texts in words", () => {
  it("names a follower's region by its place among the regions of the tile just placed", () => {
    expect(["place_follower 0", "place_follower 1", "place_follower 2", "skip_follower"].map(say)).toEqual([
      "knight on the tower",
      "merchant on the court",
      "squire on the house",
      "No follower this turn.",
    ]);
  });

  it("words a placement, the scoring order and the extra turn", () => {
    const words: [text: string, words: string][] = [
      ["place_tile 6 2 r1", "The tile at the bottom right of the board, turned 90°"],
      ["score_feature 0", "Score feature 1 next."],
      ["score_feature 0 doubled", "Score feature 1 next, doubled with wall tile 2."],
      ["score_feature 1 doubled", "Score feature 2 next, doubled with wall tile 3."],
      ["use_extra_turn", "Use wall tile 1 now and play again."],
      ["end_turn", "Keep wall tile 1 for later."],
    ];
    expect(words.map(([text]) => say(text))).toEqual(words.map(([, w]) => w));
  });

  it("leaves a text it does not know to the caller", () => {
    expect(say("move 99")).toBeUndefined();
    expect(say("score_feature")).toBeUndefined();
  });
});
