// Builders for Castle views, events, snapshots and batches (castle_game.proto), for the tests of
// the Castle mirror and screen. The definitions are the shipped board and tiles.

import { clone, create, type MessageInitShape } from "@bufbuild/protobuf";
import {
  CastleEventSchema,
  CastleFeature,
  CastleLegalMovesSchema,
  CastlePhase,
  CastleViewSchema,
  type CastleEvent,
  type CastleView,
} from "../../../src/gen/carc/v1/castle_game_pb";
import { EventBatchSchema, GameSnapshotSchema, type EventBatch, type GameSnapshot } from "../../../src/gen/carc/v1/game_pb";
import { CASTLE_BOARD_TEXT, CASTLE_TILES_TEXT } from "./castle_fixture";

type EventInit = NonNullable<MessageInitShape<typeof CastleEventSchema>["event"]>;
type MovesInit = MessageInitShape<typeof CastleLegalMovesSchema>;

export function castleEvent(init: EventInit): CastleEvent {
  return create(CastleEventSchema, { event: init });
}

/**
 * Seat 1's view at seq 6: tiles K01 at (4,1) by seat 0 and K06 at (7,3) by seat 1, a knight of
 * seat 0 on K01's tower, seat 1 holds wall tile 2 and has a keep; seat 1 must place K07.
 */
export function castleView(init: Omit<MessageInitShape<typeof CastleViewSchema>, "$typeName"> = {}): CastleView {
  const base: MessageInitShape<typeof CastleViewSchema> = {
    definitions: { boardJson: CASTLE_BOARD_TEXT, tilesJson: CASTLE_TILES_TEXT },
    options: { wall4FountainBonus: false },
    phase: CastlePhase.PLACE_TILE,
    toMove: 1,
    currentTile: "K07",
    tiles: [
      { tile: "K01", position: { x: 4, y: 1 }, rotation: 0, player: 0 },
      { tile: "K06", position: { x: 7, y: 3 }, rotation: 0, player: 1 },
    ],
    followers: [{ player: 0, position: { x: 4, y: 1 }, region: "t", feature: CastleFeature.TOWER }],
    seats: [
      { score: 4, supply: 5, keep: undefined, wallTiles: [] },
      { score: 9, supply: 6, keep: { position: { x: 7, y: 3 }, region: "t", size: 2 }, wallTiles: [2] },
    ],
    towerHasWallTile: [false, true, true, true, true, true, true, true, true, true, true, true, true, true],
    stackSize: 50,
    discarded: 1,
    legalMoves: {
      placements: [
        { position: { x: 4, y: 2 }, rotation: 0 },
        { position: { x: 4, y: 2 }, rotation: 1 },
        { position: { x: 3, y: 1 }, rotation: 2 },
      ],
    },
  };
  return create(CastleViewSchema, { ...base, ...init } as MessageInitShape<typeof CastleViewSchema>);
}

export function castleSnapshot(seq: bigint, view: CastleView, withDefinitions = true): GameSnapshot {
  const v = clone(CastleViewSchema, view);
  if (!withDefinitions) v.definitions = undefined;
  return create(GameSnapshotSchema, { seq, view: { case: "castle", value: v }, publicHash: 1n });
}

export function castleBatch(prevSeq: bigint, seq: bigint, events: CastleEvent[], legalMoves?: MovesInit): EventBatch {
  return create(EventBatchSchema, {
    prevSeq,
    seq,
    events: events.map((e) => ({ event: { case: "castle" as const, value: e } })),
    legalMoves: legalMoves ? { case: "castleLegalMoves", value: create(CastleLegalMovesSchema, legalMoves) } : { case: undefined },
    publicHash: 1n,
  });
}
