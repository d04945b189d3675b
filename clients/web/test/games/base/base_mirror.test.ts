// BaseMirror: snapshots, batches, gaps and hash mismatches, and the view-mirror rules of
// docs/protocol.md ("View mirror"). Each expected view is written from the documented rules;
// the batches carry the PublicHash of that expected view, as the server sends the hash of its
// own state.

import { create, equals, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  BaseEventSchema,
  BaseLegalMovesSchema,
  BasePhase,
  BaseViewSchema,
  FeatureKind,
  ScoreReason,
  type BaseView,
} from "../../../src/gen/carc/v1/base_game_pb";
import { ServerMessageSchema } from "../../../src/gen/carc/v1/messages_pb";
import { BaseMirror, applyEvent, publicHash } from "../../../src/games/base/base_mirror";
import { batch, event, evolve, follower, placed, snapshot, view } from "./helpers";

function expectView(actual: BaseView | undefined, expected: BaseView): void {
  expect(actual).toBeDefined();
  if (!equals(BaseViewSchema, actual!, expected)) {
    // toEqual prints a readable difference.
    expect(actual).toEqual(expected);
  }
  expect(equals(BaseViewSchema, actual!, expected)).toBe(true);
}

// Seat 1's view of a two-player game without hands at seq 4: seat 1 must place a U.
const atSeq4 = () =>
  view({
    options: { followers: 7 },
    phase: BasePhase.PLACE_TILE,
    toMove: 1,
    currentTile: "U",
    tiles: [placed("D", 0, 0, 0), placed("E", 0, -1, 2), placed("V", 1, 0, 0)],
    followers: [follower(0, 0, -1, 0, FeatureKind.CITY)],
    scores: [0, 0],
    supply: [6, 7],
    resigned: [false, false],
    stackSize: 67,
    unseen: [
      { tile: "A", count: 2 },
      { tile: "E", count: 4 },
      { tile: "U", count: 7 },
    ],
    legalMoves: { placements: [{ tile: "U", position: { x: 0, y: 1 }, rotation: 0 }] },
  });

const followerSpots = create(BaseLegalMovesSchema, {
  followerSpots: [
    { segment: 0, kind: FeatureKind.ROAD },
    { segment: 1, kind: FeatureKind.FIELD },
  ],
});
const placements = create(BaseLegalMovesSchema, {
  placements: [{ tile: "A", position: { x: 0, y: 2 }, rotation: 1 }],
});

describe("BaseMirror", () => {
  it("applies a snapshot, then batches in order", () => {
    const mirror = new BaseMirror();
    expect(mirror.view).toBeUndefined();

    const s4 = atSeq4();
    expect(mirror.applySnapshot(snapshot(4n, s4))).toEqual({
      seq: 4n,
      hasView: true,
      hashMatches: true,
    });
    expect(mirror.seq).toBe(4n);
    expectView(mirror.view, s4);
    expect(mirror.legalMoves?.placements).toHaveLength(1);

    // 4 -> 5: seat 1 places the U; it may now place a follower.
    const s5 = evolve(s4, (v) => {
      v.currentTile = "";
      v.tiles.push(placed("U", 0, 1, 0));
      v.phase = BasePhase.PLACE_FOLLOWER;
      v.legalMoves = followerSpots;
    });
    const b5 = batch(
      4n,
      [
        event({
          case: "tilePlaced",
          value: { seat: 1, tile: "U", position: { x: 0, y: 1 }, rotation: 0 },
        }),
      ],
      s5,
      followerSpots,
    );
    expect(mirror.applyBatch(b5)).toEqual({ kind: "applied", seq: 5n, requestSnapshot: false });
    expectView(mirror.view, s5);

    // 5 -> 6: a follower on the road, seat 0's turn: seat 1 has no legal moves any more.
    const s6 = evolve(s5, (v) => {
      v.followers.push(follower(1, 0, 1, 0, FeatureKind.ROAD));
      v.supply = [6, 6];
      v.toMove = 0;
      v.phase = BasePhase.PLACE_TILE;
      v.currentTile = "E";
      v.stackSize = 66;
      v.unseen[1]!.count = 3;
      v.legalMoves = undefined;
    });
    const b6 = batch(
      5n,
      [
        event({
          case: "followerPlaced",
          value: { follower: follower(1, 0, 1, 0, FeatureKind.ROAD) },
        }),
        event({ case: "turnStarted", value: { seat: 0 } }),
        event({ case: "tileDrawn", value: { seat: 0, tile: "E" } }),
      ],
      s6,
    );
    expect(mirror.applyBatch(b6).kind).toBe("applied");
    expectView(mirror.view, s6);
    expect(mirror.legalMoves).toBeUndefined();

    // 6 -> 7: seat 0 closes the city: seat 0 scores, its follower comes back; then the road of
    // seat 1 is scored too, seat 1 draws the last E and must place it (legal moves again).
    const s7 = evolve(s6, (v) => {
      v.tiles.push(placed("E", 0, -2, 0));
      v.currentTile = "A";
      v.scores = [4, 3];
      v.followers = [];
      v.supply = [7, 7];
      v.toMove = 1;
      v.phase = BasePhase.PLACE_TILE;
      v.stackSize = 65;
      v.unseen[0]!.count = 1;
      v.legalMoves = placements;
    });
    const b7 = batch(
      6n,
      [
        event({
          case: "tilePlaced",
          value: { seat: 0, tile: "E", position: { x: 0, y: -2 }, rotation: 0 },
        }),
        event({
          case: "featureScored",
          value: {
            kind: FeatureKind.CITY,
            reason: ScoreReason.COMPLETED,
            points: 4,
            winners: [0],
            followers: [1],
          },
        }),
        event({
          case: "followersReturned",
          value: { followers: [follower(0, 0, -1, 0, FeatureKind.CITY)] },
        }),
        event({
          case: "featureScored",
          value: {
            kind: FeatureKind.ROAD,
            reason: ScoreReason.COMPLETED,
            points: 3,
            winners: [1],
            followers: [0, 1],
          },
        }),
        event({
          case: "followersReturned",
          value: { followers: [follower(1, 0, 1, 0, FeatureKind.ROAD)] },
        }),
        event({ case: "turnStarted", value: { seat: 1 } }),
        event({ case: "tileDrawn", value: { seat: 1, tile: "A" } }),
      ],
      s7,
      placements,
    );
    expect(mirror.applyBatch(b7)).toEqual({ kind: "applied", seq: 7n, requestSnapshot: false });
    expectView(mirror.view, s7);
    expect(mirror.legalMoves?.placements[0]?.tile).toBe("A");
  });

  it("drops a batch after a gap and asks for a snapshot once", () => {
    const mirror = new BaseMirror();
    const s4 = atSeq4();
    mirror.applySnapshot(snapshot(4n, s4));
    const later = evolve(s4, (v) => {
      v.currentTile = "";
      v.tiles.push(placed("U", 0, 1, 0));
      v.phase = BasePhase.PLACE_FOLLOWER;
    });
    const events = [
      event({
        case: "tilePlaced",
        value: { seat: 1, tile: "U", position: { x: 0, y: 1 }, rotation: 0 },
      }),
    ];

    // Batch 5 -> 6 while the mirror is at 4: batch 4 -> 5 was missed.
    const result = mirror.applyBatch(batch(5n, events, later));
    expect(result).toMatchObject({
      kind: "gap",
      message: "gap: resync needed",
      seq: 4n,
      prevSeq: 5n,
    });
    expect(result.requestSnapshot).toBe(true);
    expect(mirror.seq).toBe(4n);
    expectView(mirror.view, s4); // not applied
    expect(mirror.awaitingSnapshot).toBe(true);

    // A stale batch (from the past) is a gap too; the snapshot is already asked for.
    expect(mirror.applyBatch(batch(3n, events, later))).toMatchObject({
      kind: "gap",
      requestSnapshot: false,
    });

    // The snapshot replaces view and seq; batches go on from it.
    mirror.applySnapshot(snapshot(6n, later));
    expect(mirror.awaitingSnapshot).toBe(false);
    expect(mirror.seq).toBe(6n);
    expectView(mirror.view, later);
    const next = evolve(later, (v) => {
      v.phase = BasePhase.PLACE_TILE;
      v.toMove = 0;
    });
    expect(
      mirror.applyBatch(batch(6n, [event({ case: "turnStarted", value: { seat: 0 } })], next)).kind,
    ).toBe("applied");
    expect(mirror.seq).toBe(7n);
  });

  it("reports a public hash mismatch after applying the batch", () => {
    const mirror = new BaseMirror();
    mirror.applySnapshot(snapshot(4n, atSeq4()));
    const b = batch(4n, [event({ case: "turnStarted", value: { seat: 0 } })], atSeq4());
    b.publicHash = 0x0123456789abcdefn;
    const result = mirror.applyBatch(b);
    expect(result.kind).toBe("diverged");
    if (result.kind !== "diverged") return;
    expect(result.requestSnapshot).toBe(true);
    expect(result.expectedHash).toBe(0x0123456789abcdefn);
    expect(result.actualHash).toBe(publicHash(mirror.view!));
    expect(result.message).toContain("0123456789abcdef");
    // Like carc::codec::ApplyBatch, the batch was applied and the seq advanced.
    expect(mirror.seq).toBe(5n);
    expect(mirror.view?.toMove).toBe(0);
  });

  it("asks for a snapshot when a batch comes before any snapshot", () => {
    const mirror = new BaseMirror();
    const result = mirror.applyBatch(batch(0n, [], atSeq4()));
    expect(result).toMatchObject({ kind: "no-view", requestSnapshot: true });
  });

  it("checks the snapshot's public hash", () => {
    const mirror = new BaseMirror();
    expect(mirror.applySnapshot(snapshot(1n, atSeq4(), 42n)).hashMatches).toBe(false);
    expect(mirror.applySnapshot(snapshot(1n, atSeq4())).hashMatches).toBe(true);
  });

  it("does not share the snapshot's objects", () => {
    const mirror = new BaseMirror();
    const snap = snapshot(4n, atSeq4());
    mirror.applySnapshot(snap);
    mirror.applyBatch(batch(4n, [event({ case: "turnStarted", value: { seat: 0 } })], atSeq4()));
    expect(snap.view.case === "base" && snap.view.value.toMove).toBe(1);
  });

  it("works on messages decoded from the wire", () => {
    const s4 = atSeq4();
    const s5 = evolve(s4, (v) => {
      v.currentTile = "";
      v.tiles.push(placed("U", -3, 1, 3));
      v.phase = BasePhase.PLACE_FOLLOWER;
    });
    const b = batch(
      4n,
      [
        event({
          case: "tilePlaced",
          value: { seat: 1, tile: "U", position: { x: -3, y: 1 }, rotation: 3 },
        }),
      ],
      s5,
    );
    const wire = (body: MessageInitShape<typeof ServerMessageSchema>) =>
      fromBinary(
        ServerMessageSchema,
        toBinary(ServerMessageSchema, create(ServerMessageSchema, body)),
      );
    const snapMsg = wire({ body: { case: "snapshot", value: snapshot(4n, s4) } });
    const batchMsg = wire({ body: { case: "eventBatch", value: b } });
    const mirror = new BaseMirror();
    if (snapMsg.body.case !== "snapshot" || batchMsg.body.case !== "eventBatch")
      throw new Error("body");
    expect(mirror.applySnapshot(snapMsg.body.value).hashMatches).toBe(true);
    expect(batchMsg.body.value.publicHash).toBe(publicHash(s5)); // fixed64 survives the trip
    expect(mirror.applyBatch(batchMsg.body.value).kind).toBe("applied");
    expect(mirror.view?.tiles[3]?.position).toMatchObject({ x: -3, y: 1 });
  });
});

describe("applyEvent (the view-mirror rules)", () => {
  // Seat 0's view of a two-player game with private hands of two tiles.
  const handsView = () =>
    view({
      options: { handSize: 2, handVisibility: "private" },
      phase: BasePhase.PLACE_TILE,
      toMove: 1,
      tiles: [placed("D", 0, 0, 0)],
      scores: [0, 0],
      supply: [7, 7],
      resigned: [false, false],
      hands: [{ tiles: ["A", "D"] }, { tiles: ["?", "?"] }],
      stackSize: 60,
      unseen: [
        { tile: "B", count: 1 },
        { tile: "C", count: 1 },
        { tile: "D", count: 2 },
        { tile: "U", count: 3 },
      ],
    });

  it("takes a hidden tile out of another seat's hand and stops counting it as unseen", () => {
    const v = handsView();
    applyEvent(
      v,
      event({ case: "tilePlaced", value: { seat: 1, tile: "U", position: { x: 1, y: 0 } } }),
    );
    expect(v.hands[1]!.tiles).toEqual(["?"]);
    expect(v.unseen.find((c) => c.tile === "U")?.count).toBe(2);
    expect(v.currentTile).toBe("");
    expect(v.tiles).toHaveLength(2);
    expect(v.phase).toBe(BasePhase.PLACE_FOLLOWER);

    // A hidden refill: "?" goes into the hand, unseen counts stay.
    applyEvent(v, event({ case: "tileDrawn", value: { seat: 1, tile: "?" } }));
    expect(v.hands[1]!.tiles).toEqual(["?", "?"]);
    expect(v.stackSize).toBe(59);
    expect(v.unseen.map((c) => c.count)).toEqual([1, 1, 2, 2]);
  });

  it("handles the viewer's own hand, discards with reshuffle and unseen order", () => {
    const v = handsView();
    // Seat 0 discards its D, which goes back into the stack (B-6): it becomes unseen again.
    applyEvent(
      v,
      event({ case: "tileDiscarded", value: { seat: 0, tile: "D", reshuffled: true } }),
    );
    expect(v.hands[0]!.tiles).toEqual(["A"]);
    expect(v.stackSize).toBe(61);
    expect(v.unseen.find((c) => c.tile === "D")?.count).toBe(3);
    // It draws the last B: the kind leaves unseen.
    applyEvent(v, event({ case: "tileDrawn", value: { seat: 0, tile: "B" } }));
    expect(v.hands[0]!.tiles).toEqual(["A", "B"]);
    expect(v.unseen.map((c) => c.tile)).toEqual(["C", "D", "U"]);
    // Seat 1 discards a hidden C, reshuffled: out of its hand ("?"), -1 then +1 unseen.
    applyEvent(
      v,
      event({ case: "tileDiscarded", value: { seat: 1, tile: "C", reshuffled: true } }),
    );
    expect(v.hands[1]!.tiles).toEqual(["?"]);
    expect(v.unseen).toMatchObject([
      { tile: "C", count: 1 },
      { tile: "D", count: 3 },
      { tile: "U", count: 3 },
    ]);
    // A discard without reshuffle: out of the game.
    applyEvent(v, event({ case: "tileDiscarded", value: { seat: 1, tile: "U" } }));
    expect(v.hands[1]!.tiles).toEqual([]);
    expect(v.unseen.find((c) => c.tile === "U")?.count).toBe(2);
    expect(v.stackSize).toBe(61);
  });

  it("inserts a kind that comes back into unseen in letter order (no hands)", () => {
    const v = view({
      currentTile: "C",
      scores: [0, 0],
      stackSize: 10,
      unseen: [
        { tile: "B", count: 1 },
        { tile: "D", count: 2 },
      ],
    });
    applyEvent(
      v,
      event({ case: "tileDiscarded", value: { seat: 0, tile: "C", reshuffled: true } }),
    );
    expect(v.currentTile).toBe("");
    expect(v.stackSize).toBe(11);
    expect(v.unseen.map((c) => `${c.tile}${c.count}`)).toEqual(["B1", "C1", "D2"]);
    applyEvent(v, event({ case: "tileDrawn", value: { seat: 1, tile: "A" } }));
    expect(v.currentTile).toBe("A");
    expect(v.unseen.map((c) => `${c.tile}${c.count}`)).toEqual(["B1", "C1", "D2"]);
  });

  it("returns the first matching follower and keeps the order of the others", () => {
    const v = view({
      scores: [0, 0],
      supply: [5, 6],
      followers: [
        follower(0, 1, 1, 2, FeatureKind.ROAD),
        follower(1, 0, 0, 1, FeatureKind.CITY),
        follower(0, 1, 1, 2, FeatureKind.ROAD),
        follower(0, 2, 2, 0, FeatureKind.CLOISTER),
      ],
    });
    applyEvent(
      v,
      event({
        case: "followersReturned",
        value: {
          followers: [
            follower(0, 1, 1, 2, FeatureKind.ROAD),
            follower(1, 5, 5, 1, FeatureKind.CITY), // not on the board: ignored
            follower(0, 2, 2, 0, FeatureKind.FIELD), // kind is not compared
          ],
        },
      }),
    );
    expect(v.followers).toEqual([
      follower(1, 0, 0, 1, FeatureKind.CITY),
      follower(0, 1, 1, 2, FeatureKind.ROAD),
    ]);
    expect(v.supply).toEqual([7, 6]);
  });

  it("ignores seats out of range and keeps supplies at zero or above", () => {
    const v = view({ scores: [1, 2], supply: [0, 3], resigned: [false, false] });
    applyEvent(v, event({ case: "featureScored", value: { points: 5, winners: [1, 2, -1] } }));
    expect(v.scores).toEqual([1, 7]);
    applyEvent(
      v,
      event({
        case: "followerPlaced",
        value: { follower: follower(0, 0, 0, 0, FeatureKind.ROAD) },
      }),
    );
    expect(v.supply).toEqual([0, 3]); // clamped at 0, follower still listed
    expect(v.followers).toHaveLength(1);
    applyEvent(
      v,
      event({
        case: "followerPlaced",
        value: { follower: follower(4, 0, 0, 1, FeatureKind.ROAD) },
      }),
    );
    expect(v.followers).toHaveLength(2);
    applyEvent(v, event({ case: "playerResigned", value: { seat: 3 } }));
    applyEvent(v, event({ case: "playerResigned", value: { seat: 1 } }));
    expect(v.resigned).toEqual([false, true]);
    applyEvent(v, event({ case: "turnTimedOut", value: { seat: 0 } }));
    applyEvent(v, create(BaseEventSchema)); // an event of a newer server: no change
    expect(v.scores).toEqual([1, 7]);
  });

  it("ends the game", () => {
    const v = evolve(atSeq4(), (x) => {
      x.extraTurn = true;
    });
    applyEvent(
      v,
      event({
        case: "gameEnded",
        value: {
          scores: [40, 52],
          finalBreakdown: [
            { road: 1, city: 2, cloister: 3, field: 4 },
            { road: 5, city: 6, cloister: 7, field: 8 },
          ],
          winners: [1],
        },
      }),
    );
    expect(v.phase).toBe(BasePhase.GAME_OVER);
    expect(v.toMove).toBe(-1);
    expect(v.extraTurn).toBe(false);
    expect(v.currentTile).toBe("");
    expect(v.scores).toEqual([40, 52]);
    expect(v.finalBreakdown.map((p) => p.field)).toEqual([4, 8]);
    expect(v.winners).toEqual([1]);
    expect(v.legalMoves).toBeUndefined();
  });

  it("starts a turn, extra or not", () => {
    const v = view({ phase: BasePhase.PLACE_FOLLOWER, toMove: 0 });
    applyEvent(v, event({ case: "turnStarted", value: { seat: 0, extra: true } }));
    expect([v.phase, v.toMove, v.extraTurn]).toEqual([BasePhase.PLACE_TILE, 0, true]);
    applyEvent(v, event({ case: "turnStarted", value: { seat: 1 } }));
    expect([v.phase, v.toMove, v.extraTurn]).toEqual([BasePhase.PLACE_TILE, 1, false]);
  });
});
