// Builders for views, events and batches, so that tests read like the protocol document.

import { clone, create, type MessageInitShape } from "@bufbuild/protobuf";
import {
  BaseEventSchema,
  BaseLegalMovesSchema,
  BasePhase,
  BaseViewSchema,
  FeatureKind,
  FollowerOnBoardSchema,
  PlacedTileSchema,
  type BaseCommand,
  type BaseEvent,
  type BaseLegalMoves,
  type BaseView,
  type FollowerOnBoard,
  type PlacedTile,
} from "../../../src/gen/carc/v1/base_game_pb";
import {
  EventBatchSchema,
  GameSnapshotSchema,
  type EventBatch,
  type GameSnapshot,
} from "../../../src/gen/carc/v1/game_pb";
import { vi } from "vitest";
import type { BaseScreenActions } from "../../../src/games/base/base_screen";
import { publicHash } from "../../../src/games/base/public_hash";
import { BASE_TILE_SET } from "./tile_set_fixture";

export function view(init: MessageInitShape<typeof BaseViewSchema>): BaseView {
  return create(BaseViewSchema, init);
}

/** A copy of `v` changed by `change`: the view the server would hold after some events. */
export function evolve(v: BaseView, change: (copy: BaseView) => void): BaseView {
  const copy = clone(BaseViewSchema, v);
  change(copy);
  return copy;
}

/** Seat 0 of two must place tile E next to the start tile D: at (0,-1), or at (1,0) turned 1 or 3. */
export function placingE(): BaseView {
  return view({
    phase: BasePhase.PLACE_TILE,
    toMove: 0,
    currentTile: "E",
    tiles: [placed("D", 0, 0, 0)],
    scores: [0, 0],
    supply: [7, 7],
    stackSize: 70,
    tileSet: [...BASE_TILE_SET],
    legalMoves: create(BaseLegalMovesSchema, {
      placements: [
        { tile: "E", position: { x: 0, y: -1 }, rotation: 2 },
        { tile: "E", position: { x: 1, y: 0 }, rotation: 1 },
        { tile: "E", position: { x: 1, y: 0 }, rotation: 3 },
      ],
    }),
  });
}

export function placed(tile: string, x: number, y: number, rotation: number): PlacedTile {
  return create(PlacedTileSchema, { tile, position: { x, y }, rotation });
}

export function follower(
  seat: number,
  x: number,
  y: number,
  segment: number,
  kind: FeatureKind,
): FollowerOnBoard {
  return create(FollowerOnBoardSchema, { seat, position: { x, y }, segment, kind });
}

type EventInit = NonNullable<MessageInitShape<typeof BaseEventSchema>["event"]>;

export function event(init: EventInit): BaseEvent {
  return create(BaseEventSchema, { event: init });
}

export function snapshot(seq: bigint, v: BaseView, hash: bigint = publicHash(v)): GameSnapshot {
  return create(GameSnapshotSchema, {
    seq,
    view: { case: "base", value: clone(BaseViewSchema, v) },
    publicHash: hash,
  });
}

/**
 * An EventBatch from prev_seq to prev_seq + 1. Its public_hash is the hash of `after`, the view
 * the server holds once the events are applied (as the server computes it from its own state).
 */
export function batch(
  prevSeq: bigint,
  events: BaseEvent[],
  after: BaseView,
  legalMoves?: BaseLegalMoves,
): EventBatch {
  return create(EventBatchSchema, {
    prevSeq,
    seq: prevSeq + 1n,
    events: events.map((e) => ({ event: { case: "base" as const, value: e } })),
    legalMoves: legalMoves ? { case: "baseLegalMoves", value: legalMoves } : { case: undefined },
    publicHash: publicHash(after),
  });
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The page's actions for a BaseScreen under test: commands go to `sent`, every other request is a
 * mock, and `changed` draws the screen again.
 */
export function screenActions(sent: BaseCommand[], changed: () => void): BaseScreenActions {
  return {
    send: (c) => {
      sent.push(c);
      return true;
    },
    resign: vi.fn(),
    leave: vi.fn(),
    rematch: vi.fn(),
    joinRematch: vi.fn(),
    voteOnAbsent: vi.fn(),
    endGrace: vi.fn(),
    changed,
  };
}
