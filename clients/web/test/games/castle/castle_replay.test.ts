// @vitest-environment happy-dom

// The Castle in the replay viewer: the replay is applied with the live Castle mirror, the view
// after each step is kept, a step that does not follow is named, and a step is drawn with the
// game screen's parts, nothing to choose, the final table at the end; the computer's review
// words its move texts at a step's position.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { CastleScoreReason } from "../../../src/gen/carc/v1/castle_game_pb";
import { ReplaySchema } from "../../../src/gen/carc/v1/replay_pb";
import { castleFramesOf, castleReplay, renderCastleReplayStep } from "../../../src/games/castle/castle_replay";
import { gameOfReplay } from "../../../src/games/registry";
import { castleBatch, castleEvent, castleSnapshot, castleView } from "./castle_helpers";

const start = castleSnapshot(0n, castleView({ legalMoves: undefined }));
const steps = [
  castleBatch(0n, 1n, [
    castleEvent({ case: "tilePlaced", value: { player: 1, tile: "K07", position: { x: 4, y: 2 }, rotation: 0 } }),
    castleEvent({ case: "featureScored", value: { reason: CastleScoreReason.COMPLETED, winner: 1, points: 2 } }),
  ]),
  castleBatch(1n, 2n, [
    castleEvent({ case: "wallTilesRemoved", value: { count: 13 } }),
    castleEvent({ case: "featureScored", value: { reason: CastleScoreReason.KEEP, winner: 1, points: 3 } }),
    castleEvent({ case: "featureScored", value: { reason: CastleScoreReason.COURT, winner: 0, points: 6 } }),
    castleEvent({ case: "gameEnded", value: { scores: [10, 14], winners: [1] } }),
  ]),
];

describe("Castle replay frames", () => {
  it("K-11 keeps the view after every step and the final scoring by category", () => {
    const frames = castleFramesOf(create(ReplaySchema, { start, steps, players: ["Ann", "Bob"] }));
    expect(frames.kind).toBe("castle");
    expect(frames.views).toHaveLength(3);
    expect(frames.views[0]!.tiles).toHaveLength(2);
    expect(frames.views[1]!.tiles).toHaveLength(3);
    expect(frames.views[1]!.seats.map((s) => s.score)).toEqual([4, 11]);
    expect(frames.views[2]!.seats.map((s) => s.score)).toEqual([10, 14]);
    expect(frames.events[1]!.map((e) => e.event.case)).toEqual(["wallTilesRemoved", "featureScored", "featureScored", "gameEnded"]);
    expect(frames.finalPoints).toEqual([
      { keep: 0, courts: 6, wallTiles: 0 },
      { keep: 3, courts: 0, wallTiles: 0 },
    ]);
    expect(frames.defs.board.rows.length).toBeGreaterThan(0);
  });

  it("is chosen by the start snapshot's view", () => {
    expect(gameOfReplay(create(ReplaySchema, { start, steps, players: [] }))?.id).toBe("castle");
  });

  it("names the step that does not follow", () => {
    const gap = castleBatch(5n, 6n, []);
    expect(() => castleFramesOf(create(ReplaySchema, { start, steps: [steps[0]!, gap], players: [] }))).toThrow(
      "The replay does not fit together at step 2.",
    );
  });

  it("draws a step: the board, the players, the log; the final table only at the end", () => {
    const frames = castleFramesOf(create(ReplaySchema, { start, steps, players: ["Ann", "Bob"] }));
    const controls = document.createElement("section");
    const first = renderCastleReplayStep(document, frames, 1, controls);
    expect(first.querySelector("svg")).not.toBeNull();
    expect(first.contains(controls)).toBe(true);
    expect(first.querySelector("#final")).toBeNull();
    expect(first.querySelectorAll(".castle-players li")).toHaveLength(2);
    expect(first.textContent).toContain("Bob");
    // Nothing to choose in a replay.
    expect(first.querySelectorAll("[data-space], [data-spot]")).toHaveLength(0);
    const last = renderCastleReplayStep(document, frames, 2, controls);
    const table = last.querySelector("#final table");
    expect(table).not.toBeNull();
    expect(last.querySelector("#winners")?.textContent).toContain("Bob");
    expect(last.querySelector('#final tr[data-seat="0"]')?.textContent).toContain("6");
  });

  it("words a move text at a step's position, after the tile that step placed", () => {
    const replay = castleReplay(document, create(ReplaySchema, { start, steps, players: ["Ann", "Bob"] }));
    // Step 1's position has K07 (one region: a house) just placed; the start's last tile is K06 (a tower).
    expect(replay.describeMove?.(1, "place_follower 0")).toBe("squire on the house");
    expect(replay.describeMove?.(0, "place_follower 0")).toBe("knight on the tower");
    expect(replay.describeMove?.(3, "place_follower 0")).toBeUndefined();
  });

  it("draws the computer's review of a step: the tile played and the computer's apart, or the followers", () => {
    const replay = castleReplay(document, create(ReplaySchema, { start, steps, players: ["Ann", "Bob"] }));
    const controls = document.createElement("section");
    // Step 0 placed K07 at (4, 2); the computer would have put it at (5, 2), turned once.
    const review = { seat: 1, played: "place_tile 4 2 r0", best: "place_tile 5 2 r1", same: false };
    expect(replay.reviewDrawn?.(0, review)).toBe(true);
    const page = replay.render(0, controls, review);
    const marks = [...page.querySelectorAll("[data-review]")].map((m) => `${m.getAttribute("data-review")}@${m.getAttribute("data-at")}`);
    expect(marks).toEqual(["played@4,2", "suggested@5,2"]);
    expect(page.querySelector("[data-review=played] .review-outline")?.getAttribute("stroke-dasharray")).toBe("none");
    expect(page.querySelector("[data-review=suggested] .review-outline")?.getAttribute("stroke-dasharray")).not.toBe("none");
    // A follower decision at step 1's position (K07 just placed): the meeple on its region.
    const follower = replay.render(1, controls, { seat: 1, played: "skip_follower", best: "place_follower 0", same: false });
    expect([...follower.querySelectorAll("[data-review]")].map((m) => m.getAttribute("data-review"))).toEqual(["suggested"]);
    expect(follower.querySelector("[data-review=suggested] .follower")).not.toBeNull();
    // Nothing on the board: nothing drawn.
    expect(replay.reviewDrawn?.(1, { seat: 1, played: "skip_follower", best: "skip_follower", same: true })).toBe(false);
    expect(replay.render(1, controls).querySelectorAll("[data-review]")).toHaveLength(0);
  });
});
