// The view mirror for The Count of Carcassonne (RULES.md C-1..C-6): count_decision,
// follower_entered_city, count_moved, followers_redeployed and count_passed, applied as
// carc::codec::ApplyEvent applies them (server/codec/src/view_mirror.cc). Each expected view is
// written from those rules; the batches carry the PublicHash of that expected view, as the
// server sends the hash of its own state.

import { create, equals } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  BasePhase,
  BaseViewSchema,
  CountChoice,
  FeatureKind,
  PositionSchema,
  Quarter,
  TileCountSchema,
  type BaseView,
} from "../../../src/gen/carc/v1/base_game_pb";
import { BaseMirror, applyEvent, publicHash } from "../../../src/games/base/base_mirror";
import { batch, event, evolve, follower, placed, snapshot, view } from "./helpers";

function expectView(actual: BaseView | undefined, expected: BaseView): void {
  expect(actual).toBeDefined();
  if (!equals(BaseViewSchema, actual!, expected)) expect(actual).toEqual(expected);
  expect(equals(BaseViewSchema, actual!, expected)).toBe(true);
}

const ROAD_TILES = [
  { x: -3, y: -1 },
  { x: -4, y: -1 },
];

// A spectator's view of a two-player Count game at seq 10: seat 0 has just placed the tile at
// (-4,-1) that completes the road leaving the block west. Seat 1 has a follower on that road and
// two followers in the blacksmith quarter; seat 0 has one in the cathedral; the Count stands in
// the castle.
const atSeq10 = () =>
  view({
    options: { followers: 7, count: true, countMove: "free" },
    phase: BasePhase.PLACE_FOLLOWER,
    toMove: 0,
    tiles: [placed("CO1", -2, -1, 0), placed("CO7", 0, 0, 0), placed("V", -3, -1, 1), placed("V", -4, -1, 3)],
    followers: [follower(1, -3, -1, 0, FeatureKind.ROAD)],
    scores: [4, 2],
    supply: [6, 4],
    resigned: [false, false],
    stackSize: 50,
    unseen: [{ tile: "E", count: 3 }],
    count: {
      count: Quarter.CASTLE,
      quarters: [
        { quarter: Quarter.CASTLE, followers: [0, 0] },
        { quarter: Quarter.MARKET, followers: [0, 0] },
        { quarter: Quarter.BLACKSMITH, followers: [0, 2] },
        { quarter: Quarter.CATHEDRAL, followers: [1, 0] },
      ],
    },
  });

describe("the view mirror with the Count", () => {
  it("plays a redeployment round, a scoring, an entry into the city and the next turn", () => {
    const mirror = new BaseMirror();
    const s10 = atSeq10();
    expect(mirror.applySnapshot(snapshot(10n, s10)).hashMatches).toBe(true);

    // 10 -> 11: seat 0 places no follower; the road is complete, and seat 1 (left of the
    // placing player) is asked first whether to move followers from the blacksmith (C-4).
    const s11 = evolve(s10, (v) => {
      v.phase = BasePhase.REDEPLOY;
      v.toMove = 1;
      v.count!.redeployKind = FeatureKind.ROAD;
      v.count!.redeployTiles = ROAD_TILES.map((p) => create(PositionSchema, p));
    });
    const decide = event({
      case: "countDecision",
      value: { seat: 1, choice: CountChoice.REDEPLOY, quarter: Quarter.BLACKSMITH, kind: FeatureKind.ROAD, tiles: ROAD_TILES },
    });
    expect(mirror.applyBatch(batch(10n, [decide], s11)).kind).toBe("applied");
    expectView(mirror.view, s11);

    // 11 -> 12: seat 1 moves both onto the road; it scores 2 for seat 1, whose three followers
    // go back to the supply; seat 0 placed the tile and scored nothing: it may enter the city.
    const moved = [follower(1, -4, -1, 0, FeatureKind.ROAD), follower(1, -4, -1, 0, FeatureKind.ROAD)];
    const s12 = evolve(s11, (v) => {
      v.followers = [];
      v.count!.quarters[2]!.followers = [0, 0];
      v.supply = [6, 7];
      v.scores = [4, 4];
      v.phase = BasePhase.ENTER_CITY;
      v.toMove = 0;
      v.count!.redeployKind = FeatureKind.UNSPECIFIED;
      v.count!.redeployTiles = [];
    });
    const b12 = batch(
      11n,
      [
        event({ case: "followersRedeployed", value: { seat: 1, quarter: Quarter.BLACKSMITH, followers: moved } }),
        event({
          case: "featureScored",
          value: { kind: FeatureKind.ROAD, tiles: ROAD_TILES, points: 2, followers: [0, 3], winners: [1] },
        }),
        event({ case: "followersReturned", value: { followers: [follower(1, -3, -1, 0, FeatureKind.ROAD), ...moved] } }),
        event({ case: "countDecision", value: { seat: 0, choice: CountChoice.ENTER_CITY, quarter: Quarter.CASTLE } }),
      ],
      s12,
    );
    expect(mirror.applyBatch(b12).kind).toBe("applied");
    expectView(mirror.view, s12);

    // 12 -> 13: seat 0 puts a follower into the market and sends the Count to the cathedral
    // (C-2, C-3); then seat 1's turn starts.
    const s13 = evolve(s12, (v) => {
      v.supply = [5, 7];
      v.count!.quarters[1]!.followers = [1, 0];
      v.count!.count = Quarter.CATHEDRAL;
      v.phase = BasePhase.PLACE_TILE;
      v.toMove = 1;
      v.currentTile = "E";
      v.stackSize = 49;
      v.unseen = [create(TileCountSchema, { tile: "E", count: 2 })];
    });
    const b13 = batch(
      12n,
      [
        event({ case: "followerEnteredCity", value: { seat: 0, quarter: Quarter.MARKET } }),
        event({ case: "countMoved", value: { from: Quarter.CASTLE, to: Quarter.CATHEDRAL } }),
        event({ case: "turnStarted", value: { seat: 1 } }),
        event({ case: "tileDrawn", value: { seat: 1, tile: "E" } }),
      ],
      s13,
    );
    expect(mirror.applyBatch(b13).kind).toBe("applied");
    expectView(mirror.view, s13);
  });

  it("detects a client that would forget the Count's state (the hash covers it)", () => {
    const mirror = new BaseMirror();
    const s10 = atSeq10();
    mirror.applySnapshot(snapshot(10n, s10));
    // The server moved the Count although the batch says nothing of it: a diverged copy.
    const server = evolve(s10, (v) => {
      v.count!.count = Quarter.MARKET;
      v.phase = BasePhase.ENTER_CITY;
    });
    const result = mirror.applyBatch(
      batch(10n, [event({ case: "countDecision", value: { seat: 0, choice: CountChoice.ENTER_CITY } })], server),
    );
    expect(result.kind).toBe("diverged");
  });

  it("plays the final moves out of the city: one follower at a time, passes, the end", () => {
    const v = evolve(atSeq10(), (c) => {
      c.count!.quarters[1]!.followers = [0, 1]; // seat 1 has a follower in the market
      c.stackSize = 0;
      c.unseen = [];
    });
    const farmer = follower(1, -2, -1, 1, FeatureKind.FIELD);
    applyEvent(v, event({ case: "countDecision", value: { seat: 1, choice: CountChoice.FINAL_MOVE } }));
    expect(v.phase).toBe(BasePhase.FINAL_MOVE);
    expect(v.toMove).toBe(1);

    applyEvent(v, event({ case: "followersRedeployed", value: { seat: 1, quarter: Quarter.MARKET, followers: [farmer] } }));
    expect(v.followers.at(-1)).toEqual(farmer);
    expect(v.count!.quarters[1]!.followers).toEqual([0, 0]);
    // Out of the city, not out of the supply (C-5).
    expect(v.supply).toEqual([6, 4]);

    applyEvent(v, event({ case: "countDecision", value: { seat: 0, choice: CountChoice.FINAL_MOVE } }));
    expect(v.toMove).toBe(0);
    const beforePass = publicHash(v);
    applyEvent(v, event({ case: "countPassed", value: { seat: 0, choice: CountChoice.FINAL_MOVE } }));
    expect(publicHash(v)).toBe(beforePass);

    applyEvent(v, event({ case: "gameEnded", value: { scores: [9, 12], winners: [1] } }));
    expect(v.phase).toBe(BasePhase.GAME_OVER);
    expect(v.toMove).toBe(-1);
    // The quarters keep the followers that stayed in the city: they score nothing (C-5).
    expect(v.count!.quarters[3]!.followers).toEqual([1, 0]);
  });

  it("forgets the feature of a redeployment round on the next decision, turn or end", () => {
    const redeploying = (): BaseView => {
      const v = atSeq10();
      applyEvent(
        v,
        event({
          case: "countDecision",
          value: { seat: 1, choice: CountChoice.REDEPLOY, quarter: Quarter.BLACKSMITH, kind: FeatureKind.ROAD, tiles: ROAD_TILES },
        }),
      );
      expect(v.count!.redeployTiles).toHaveLength(2);
      return v;
    };
    const ends = [
      event({ case: "countDecision", value: { seat: 0, choice: CountChoice.ENTER_CITY } }),
      event({ case: "countDecision", value: { seat: 0, choice: CountChoice.FINAL_MOVE } }),
      event({ case: "turnStarted", value: { seat: 1 } }),
      event({ case: "gameEnded", value: { scores: [1, 2], winners: [1] } }),
    ];
    for (const end of ends) {
      const v = redeploying();
      applyEvent(v, end);
      expect(v.count!.redeployKind, end.event.case).toBe(FeatureKind.UNSPECIFIED);
      expect(v.count!.redeployTiles, end.event.case).toEqual([]);
    }
    // A second round (the next completed feature) replaces the first one's.
    const v = redeploying();
    applyEvent(
      v,
      event({
        case: "countDecision",
        value: { seat: 0, choice: CountChoice.REDEPLOY, quarter: Quarter.CATHEDRAL, kind: FeatureKind.CLOISTER, tiles: [{ x: 5, y: 5 }] },
      }),
    );
    expect(v.toMove).toBe(0);
    expect(v.count!.redeployKind).toBe(FeatureKind.CLOISTER);
    expect(v.count!.redeployTiles.map((p) => [p.x, p.y])).toEqual([[5, 5]]);
  });

  it("changes only the supply of a view without the Count, and ignores seats out of range", () => {
    const base = view({ phase: BasePhase.PLACE_TILE, toMove: 0, scores: [0, 0], supply: [7, 7] });
    applyEvent(base, event({ case: "followerEnteredCity", value: { seat: 1, quarter: Quarter.MARKET } }));
    applyEvent(base, event({ case: "countMoved", value: { from: Quarter.CASTLE, to: Quarter.MARKET } }));
    expect(base.supply).toEqual([7, 6]);
    expect(base.count).toBeUndefined();

    const v = atSeq10();
    applyEvent(v, event({ case: "followerEnteredCity", value: { seat: 5, quarter: Quarter.MARKET } }));
    applyEvent(v, event({ case: "followerEnteredCity", value: { seat: 0, quarter: Quarter.UNSPECIFIED } }));
    expect(v.count!.quarters.map((q) => q.followers)).toEqual([[0, 0], [0, 0], [0, 2], [1, 0]]);
    // The supply still pays for a follower sent to a quarter this view does not list.
    expect(v.supply).toEqual([5, 4]);
    // A quarter never goes below zero.
    applyEvent(v, event({ case: "followersRedeployed", value: { seat: 0, quarter: Quarter.MARKET, followers: [follower(0, 0, 0, 0, FeatureKind.FIELD)] } }));
    expect(v.count!.quarters[1]!.followers).toEqual([0, 0]);
  });
});
