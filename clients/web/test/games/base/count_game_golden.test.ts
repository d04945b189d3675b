// The client's mirror and PublicHash against the server's own on a real Count game
// (golden/count_game.json): every batch applies and gives the public_hash that
// carc::codec::PublicHash gave the server's view, through entering the city, the Count moving,
// redeployment rounds passed and taken, to the final scores.

import { describe, expect, it } from "vitest";
import { BasePhase, Quarter } from "../../../src/gen/carc/v1/base_game_pb";
import { BaseMirror } from "../../../src/games/base/base_mirror";
import { COUNT_GAME_BATCHES, COUNT_GAME_SNAPSHOT } from "./count_tile_set_fixture";

const eventsOf = (kind: string): number =>
  COUNT_GAME_BATCHES.reduce((n, b) => n + b.events.filter((e) => e.event.case === "base" && e.event.value.event.case === kind).length, 0);

describe("the mirror on a Count game of the server", () => {
  it("has the Count's events to check", () => {
    for (const kind of ["countDecision", "followerEnteredCity", "countMoved", "followersRedeployed", "countPassed"]) {
      expect(eventsOf(kind), kind).toBeGreaterThan(0);
    }
  });

  it("starts from the block with the Count in the castle, and the snapshot's hash matches", () => {
    const mirror = new BaseMirror();
    expect(mirror.applySnapshot(COUNT_GAME_SNAPSHOT)).toMatchObject({ hasView: true, hashMatches: true });
    const view = mirror.view!;
    expect(view.tiles.slice(0, 12).map((t) => [t.tile, t.position?.x ?? 0, t.position?.y ?? 0])).toEqual(
      Array.from({ length: 12 }, (_, i) => [`CO${i + 1}`, (i % 4) - 2, Math.floor(i / 4) - 1]),
    );
    expect(view.count?.count).toBe(Quarter.CASTLE);
    expect(view.count?.quarters.map((q) => q.quarter)).toEqual([Quarter.CASTLE, Quarter.MARKET, Quarter.BLACKSMITH, Quarter.CATHEDRAL]);
  });

  it("applies every batch with the server's hash, through every Count decision", () => {
    const mirror = new BaseMirror();
    mirror.applySnapshot(COUNT_GAME_SNAPSHOT);
    const phases = new Set<BasePhase>();
    for (const b of COUNT_GAME_BATCHES) {
      const result = mirror.applyBatch(b);
      expect(result, `seq ${b.seq}`).toMatchObject({ kind: "applied" });
      phases.add(mirror.view!.phase);
    }
    expect(phases).toContain(BasePhase.ENTER_CITY);
    expect(phases).toContain(BasePhase.REDEPLOY);
    const end = mirror.view!;
    expect(end.phase).toBe(BasePhase.GAME_OVER);
    expect(end.count?.redeployTiles).toEqual([]);
    // A follower went into the city and none is left there unaccounted: the supplies, the board
    // and the quarters together hold every seat's seven followers.
    for (let seat = 0; seat < end.scores.length; seat++) {
      const inCity = end.count!.quarters.reduce((n, q) => n + (q.followers[seat] ?? 0), 0);
      const onBoard = end.followers.filter((f) => f.seat === seat).length;
      expect((end.supply[seat] ?? 0) + inCity + onBoard, `seat ${seat}`).toBe(7);
    }
  });
});
