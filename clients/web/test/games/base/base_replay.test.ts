// A base game's replay is applied with the live mirror: every step's public hash is checked,
// the view after each step is kept for jumping, and a step that does not fit is reported with
// its number.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { BasePhase } from "../../../src/gen/carc/v1/base_game_pb";
import { ReplaySchema } from "../../../src/gen/carc/v1/replay_pb";
import { framesOf, scoreHistory } from "../../../src/games/base/base_replay";
import { batch, event, evolve, placed, snapshot, view } from "./helpers";

const v0 = view({ phase: BasePhase.PLACE_TILE, toMove: 0, tiles: [placed("D", 0, 0, 0)], scores: [0, 0], supply: [7, 7], stackSize: 71 });
const v1 = evolve(v0, (v) => {
  v.tiles.push(placed("E", 0, -1, 2));
  v.phase = BasePhase.PLACE_FOLLOWER;
  v.stackSize = 71;
});
const v2 = evolve(v1, (v) => {
  v.scores = [4, 0];
  v.phase = BasePhase.PLACE_TILE;
  v.toMove = 1;
});

const steps = [
  batch(0n, [event({ case: "tilePlaced", value: { seat: 0, tile: "E", position: { x: 0, y: -1 }, rotation: 2 } })], v1),
  batch(1n, [event({ case: "featureScored", value: { points: 4, winners: [0] } }), event({ case: "turnStarted", value: { seat: 1 } })], v2),
];

describe("replay frames", () => {
  it("keeps the view after every step", () => {
    // The mirror applies the events; the scores of v2 come from this test's event stream.
    const scored = evolve(v1, (v) => {
      v.phase = BasePhase.PLACE_TILE;
      v.toMove = 1;
    });
    const replay = create(ReplaySchema, {
      start: snapshot(0n, v0),
      steps: [steps[0]!, batch(1n, [event({ case: "turnStarted", value: { seat: 1 } })], scored)],
      players: ["Ann", "Bob"],
    });
    const frames = framesOf(replay);
    expect(frames.views).toHaveLength(3);
    expect(frames.views[0]!.tiles).toHaveLength(1);
    expect(frames.views[1]!.tiles).toHaveLength(2);
    expect(frames.views[2]!.toMove).toBe(1);
    expect(frames.players).toEqual(["Ann", "Bob"]);
    expect(scoreHistory(frames)).toEqual([[0, 0], [0, 0]]);
  });

  it("names the step that does not fit", () => {
    const wrong = batch(1n, [event({ case: "turnStarted", value: { seat: 1 } })], v2); // claims scores 4:0
    const replay = create(ReplaySchema, { start: snapshot(0n, v0), steps: [steps[0]!, wrong], players: [] });
    expect(() => framesOf(replay)).toThrow("The replay does not fit together at step 2.");
  });
});
