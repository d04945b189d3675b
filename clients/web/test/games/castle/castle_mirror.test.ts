// CastleMirror: snapshots (with their definitions), batches applied only on prev_seq == seq,
// gaps, the legal moves of the seat to move, the pending list fetched by a snapshot (K-9), and
// every CastleEvent applied to the view.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  CastleFeature,
  CastlePhase,
  CastleScoreReason,
  CastleViewSchema,
} from "../../../src/gen/carc/v1/castle_game_pb";
import { GameSnapshotSchema } from "../../../src/gen/carc/v1/game_pb";
import { CastleMirror, applyCastleEvent, hasLegalMoves } from "../../../src/games/castle/castle_mirror";
import { castleBatch, castleEvent, castleSnapshot, castleView } from "./castle_helpers";

function mirrorAt6(): CastleMirror {
  const m = new CastleMirror();
  const r = m.applySnapshot(castleSnapshot(6n, castleView({ pending: [] })));
  expect(r).toMatchObject({ seq: 6n, hasView: true });
  return m;
}

describe("CastleMirror snapshots", () => {
  it("takes the view, the seq and the parsed board and tiles", () => {
    const m = mirrorAt6();
    expect(m.seq).toBe(6n);
    expect(m.view?.tiles).toHaveLength(2);
    expect(m.definitions?.board.rows.length).toBeGreaterThan(0);
    expect(m.definitions?.tiles.tiles.some((t) => t.id === "K07")).toBe(true);
    expect(m.definitions?.board.provenance).toBe("reconstruction");
    // The texts are parsed once and not kept in the view.
    expect(m.view?.definitions).toBeUndefined();
    expect(m.legalMoves?.placements).toHaveLength(3);
    expect(m.pendingKnown).toBe(true);
  });

  it("keeps the definitions of an earlier snapshot when a later one has none", () => {
    const m = mirrorAt6();
    m.applySnapshot(castleSnapshot(9n, castleView({ toMove: 0, legalMoves: {} }), false));
    expect(m.seq).toBe(9n);
    expect(m.definitions?.tiles.tiles.length).toBeGreaterThan(10);
    // Empty legal moves (another seat's turn) are no legal moves.
    expect(m.legalMoves).toBeUndefined();
  });

  it("reports definitions it cannot read", () => {
    const m = new CastleMirror();
    const r = m.applySnapshot(castleSnapshot(1n, castleView({ definitions: { boardJson: "{", tilesJson: "{}" } })));
    expect(r.hasView).toBe(true);
    expect(r.definitionsError).toMatch(/board/);
    expect(m.definitions).toBeUndefined();
  });

  it("holds no view for a snapshot of another game", () => {
    const m = mirrorAt6();
    const r = m.applySnapshot(create(GameSnapshotSchema, { seq: 3n, view: { case: "base", value: {} } }));
    expect(r).toEqual({ seq: 3n, hasView: false });
    expect(m.view).toBeUndefined();
  });
});

describe("CastleMirror batches", () => {
  it("applies a batch whose prev_seq is its seq, and takes its legal moves", () => {
    const m = mirrorAt6();
    const result = m.applyBatch(
      castleBatch(6n, 7n, [castleEvent({ case: "tilePlaced", value: { player: 1, tile: "K07", position: { x: 4, y: 2 }, rotation: 1 } })], {
        followerRegions: ["h"],
      }),
    );
    expect(result).toEqual({ kind: "applied", seq: 7n, requestSnapshot: false });
    expect(m.seq).toBe(7n);
    expect(m.view?.tiles.at(-1)).toMatchObject({ tile: "K07", position: { x: 4, y: 2 }, rotation: 1, player: 1 });
    expect(m.view?.phase).toBe(CastlePhase.PLACE_FOLLOWER);
    expect(m.legalMoves?.followerRegions).toEqual(["h"]);
  });

  it("clears the legal moves when the batch has none (another seat decides)", () => {
    const m = mirrorAt6();
    m.applyBatch(castleBatch(6n, 7n, [castleEvent({ case: "tilePlaced", value: { player: 1, tile: "K07", position: { x: 4, y: 2 }, rotation: 0 } })]));
    expect(m.legalMoves).toBeUndefined();
  });

  it("drops a batch after a gap and asks for one snapshot", () => {
    const m = mirrorAt6();
    const gap = m.applyBatch(castleBatch(7n, 8n, [castleEvent({ case: "tileDrawn", value: { tile: "K02" } })]));
    expect(gap).toMatchObject({ kind: "gap", seq: 6n, prevSeq: 7n, requestSnapshot: true });
    expect(m.seq).toBe(6n);
    expect(m.view?.currentTile).toBe("K07");
    expect(m.awaitingSnapshot).toBe(true);
    // A second gap does not ask again while the snapshot is on its way.
    expect(m.applyBatch(castleBatch(8n, 9n, [])).requestSnapshot).toBe(false);
    m.applySnapshot(castleSnapshot(9n, castleView()));
    expect(m.awaitingSnapshot).toBe(false);
    expect(m.applyBatch(castleBatch(9n, 10n, [])).kind).toBe("applied");
  });

  it("drops a batch before any snapshot", () => {
    const m = new CastleMirror();
    expect(m.applyBatch(castleBatch(0n, 1n, []))).toMatchObject({ kind: "no-view", requestSnapshot: true });
  });

  it("asks for a snapshot when it must choose a scoring (K-9) without the pending list", () => {
    const m = mirrorAt6();
    const r = m.applyBatch(
      castleBatch(6n, 7n, [castleEvent({ case: "tilePlaced", value: { player: 1, tile: "K07", position: { x: 4, y: 2 }, rotation: 0 } })], {
        scoring: [{ feature: 0 }, { feature: 1 }, { feature: 1, doubleIt: true }],
      }),
    );
    expect(r).toEqual({ kind: "applied", seq: 7n, requestSnapshot: true });
    expect(m.pendingKnown).toBe(false);
    expect(m.view?.phase).toBe(CastlePhase.CHOOSE_SCORING);
    const withPending = castleView({
      phase: CastlePhase.CHOOSE_SCORING,
      pending: [
        { feature: CastleFeature.TOWER, winner: 1, position: { x: 7, y: 3 }, region: "t", size: 3 },
        { feature: CastleFeature.HOUSE, winner: 1, position: { x: 4, y: 2 }, region: "h", size: 2 },
      ],
      legalMoves: { scoring: [{ feature: 0 }, { feature: 1 }, { feature: 1, doubleIt: true }] },
    });
    m.applySnapshot(castleSnapshot(7n, withPending, false));
    expect(m.pendingKnown).toBe(true);
    expect(m.view?.pending).toHaveLength(2);
  });
});

describe("CastleEvents on the view", () => {
  const apply = (init: Parameters<typeof castleEvent>[0], view = castleView()) => {
    applyCastleEvent(view, castleEvent(init));
    return view;
  };

  it("starts a turn and draws a tile", () => {
    const v = apply({ case: "turnStarted", value: { player: 0, extra: true } });
    expect(v).toMatchObject({ toMove: 0, extraTurn: true, phase: CastlePhase.PLACE_TILE, currentTile: "" });
    apply({ case: "tileDrawn", value: { tile: "K03" } }, v);
    expect(v).toMatchObject({ currentTile: "K03", stackSize: 49 });
  });

  it("counts a discarded tile (K-4)", () => {
    const v = apply({ case: "tileDiscarded", value: { player: 1, tile: "K07" } });
    expect(v.discarded).toBe(2);
    expect(v.currentTile).toBe("");
  });

  it("places a follower from the supply and returns the scored ones", () => {
    const v = apply({ case: "followerPlaced", value: { player: 1, position: { x: 7, y: 3 }, region: "t", feature: CastleFeature.TOWER } });
    expect(v.followers).toHaveLength(2);
    expect(v.seats[1]!.supply).toBe(5);
    apply(
      {
        case: "featureScored",
        value: {
          reason: CastleScoreReason.COMPLETED,
          feature: CastleFeature.TOWER,
          tiles: [{ x: 7, y: 3 }],
          followers: [0, 1],
          winner: 1,
          points: 6,
          returned: [{ player: 1, position: { x: 7, y: 3 }, region: "t", feature: CastleFeature.TOWER }],
        },
      },
      v,
    );
    expect(v.seats[1]).toMatchObject({ score: 15, supply: 6 });
    expect(v.followers.map((f) => f.player)).toEqual([0]);
  });

  it("scores nothing on a tie but still sends the followers home", () => {
    const v = apply({
      case: "featureScored",
      value: {
        feature: CastleFeature.TOWER,
        winner: -1,
        points: 0,
        returned: [{ player: 0, position: { x: 4, y: 1 }, region: "t", feature: CastleFeature.TOWER }],
      },
    });
    expect(v.seats.map((s) => s.score)).toEqual([4, 9]);
    expect(v.seats[0]!.supply).toBe(6);
    expect(v.followers).toHaveLength(0);
  });

  it("moves wall tiles: taken from a tower, used, and the rest removed at the end", () => {
    const v = apply({ case: "wallTileTaken", value: { player: 0, tower: 3, kind: 7 } });
    expect(v.towerHasWallTile[3]).toBe(false);
    expect(v.towerHasWallTile.filter((b) => b)).toHaveLength(12);
    expect(v.seats[0]!.wallTiles).toEqual([7]);
    apply({ case: "wallTileUsed", value: { player: 1, kind: 2 } }, v);
    expect(v.seats[1]!.wallTiles).toEqual([]);
    apply({ case: "wallTilesRemoved", value: { count: 12 } }, v);
    expect(v.towerHasWallTile.every((b) => !b)).toBe(true);
  });

  it("moves the keep (K-8)", () => {
    const v = apply({ case: "keepMoved", value: { player: 0, keep: { position: { x: 4, y: 2 }, region: "h", size: 3 } } });
    expect(v.seats[0]!.keep).toMatchObject({ position: { x: 4, y: 2 }, region: "h", size: 3 });
  });

  it("marks a resignation and ends the game with the final scores and winners", () => {
    const v = apply({ case: "playerResigned", value: { seat: 0 } });
    expect(v.seats[0]!.resigned).toBe(true);
    apply({ case: "gameEnded", value: { scores: [30, 41], winners: [1] } }, v);
    expect(v).toMatchObject({ phase: CastlePhase.GAME_OVER, toMove: -1, winners: [1], currentTile: "" });
    expect(v.seats.map((s) => s.score)).toEqual([30, 41]);
  });

  it("ignores a seat out of range without throwing", () => {
    const v = castleView();
    const before = create(CastleViewSchema, v);
    apply({ case: "wallTileTaken", value: { player: 5, tower: 40, kind: 1 } }, v);
    apply({ case: "wallTileUsed", value: { player: 7, kind: 1 } }, v);
    expect(v.seats).toEqual(before.seats);
  });

  it("collects the final scoring by category (K-11)", () => {
    const m = mirrorAt6();
    m.applyBatch(
      castleBatch(6n, 7n, [
        castleEvent({ case: "tilePlaced", value: { player: 1, tile: "K07", position: { x: 4, y: 2 }, rotation: 0 } }),
        castleEvent({ case: "featureScored", value: { reason: CastleScoreReason.COMPLETED, winner: 1, points: 2 } }),
        castleEvent({ case: "wallTilesRemoved", value: { count: 10 } }),
        castleEvent({ case: "featureScored", value: { reason: CastleScoreReason.KEEP, winner: 1, points: 12 } }),
        castleEvent({ case: "featureScored", value: { reason: CastleScoreReason.COURT, winner: 0, points: 6 } }),
        castleEvent({ case: "featureScored", value: { reason: CastleScoreReason.INCOMPLETE, winner: 0, points: 4, wallTile: 4 } }),
        castleEvent({ case: "featureScored", value: { reason: CastleScoreReason.WALL_TILE_9, winner: 1, points: 5, wallTile: 9 } }),
        castleEvent({ case: "gameEnded", value: { scores: [14, 28], winners: [1] } }),
      ]),
    );
    expect(m.finalPoints).toEqual([
      { keep: 0, courts: 6, wallTiles: 4 },
      { keep: 12, courts: 0, wallTiles: 5 },
    ]);
    expect(m.view?.seats.map((s) => s.score)).toEqual([14, 28]);
  });
});

describe("hasLegalMoves", () => {
  it("is false for nothing and for empty moves", () => {
    expect(hasLegalMoves(undefined)).toBe(false);
    expect(hasLegalMoves(castleView({ legalMoves: {} }).legalMoves)).toBe(false);
    expect(hasLegalMoves(castleView({ legalMoves: { extraTurn: true } }).legalMoves)).toBe(true);
  });
});
