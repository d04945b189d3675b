// The client's copy of a game: one GameSnapshot, then EventBatches (docs/protocol.md, "seq,
// EventBatch and resync"). The same contract as `carc::codec::ApplyBatch`
// (server/codec/src/view_mirror.cc):
//
// - a snapshot replaces the whole view and the seq;
// - a batch is applied only when its prev_seq equals the seq; otherwise it is dropped and the
//   caller sends RequestSnapshot;
// - its events are applied in order, then its legal moves replace the view's (cleared when the
//   batch has none: they only ever belong to the seat that must decide next);
// - the seq becomes batch.seq, and PublicHash of the result is compared with batch.public_hash:
//   a difference means this copy diverged (a client bug), and the caller sends RequestSnapshot.

import { clone } from "@bufbuild/protobuf";
import {
  BaseLegalMovesSchema,
  BaseViewSchema,
  type BaseLegalMoves,
  type BaseView,
} from "../gen/carc/v1/base_game_pb";
import {
  ClockStateSchema,
  type ClockState,
  type EventBatch,
  type GameSnapshot,
} from "../gen/carc/v1/game_pb";
import { formatHash, publicHash } from "./public_hash";
import { applyEvent } from "./view_mirror";

export { publicHash, publicHashBytes, fnv1a64, formatHash } from "./public_hash";
export { applyEvent } from "./view_mirror";

/** What `applyBatch` did. `requestSnapshot` says whether to send RequestSnapshot now. */
export type BatchResult =
  | { kind: "applied"; seq: bigint; requestSnapshot: false }
  | {
      kind: "gap";
      message: "gap: resync needed";
      /** The seq of this copy, which batch.prev_seq should have been. */
      seq: bigint;
      prevSeq: bigint;
      requestSnapshot: boolean;
    }
  | {
      kind: "diverged";
      message: string;
      seq: bigint;
      expectedHash: bigint;
      actualHash: bigint;
      requestSnapshot: boolean;
    }
  | { kind: "no-view"; message: "no snapshot yet: resync needed"; requestSnapshot: boolean };

/** What `applySnapshot` did. */
export interface SnapshotResult {
  seq: bigint;
  /** False when the snapshot holds no view this client knows (a game of a newer server). */
  hasView: boolean;
  /**
   * Whether PublicHash of the snapshot's view equals snapshot.public_hash. A snapshot comes
   * straight from the server, so a difference here points at this client's PublicHash, not at
   * a diverged copy: it is reported, and asking for another snapshot would not help.
   */
  hashMatches: boolean;
}

export class GameMirror {
  private view_: BaseView | undefined;
  private seq_ = 0n;
  private clock_: ClockState | undefined;
  private snapshotRequested_ = false;

  /** The current view, undefined before the first snapshot. Do not modify it. */
  get view(): BaseView | undefined {
    return this.view_;
  }

  /** The seq of the view: the number of commands the server had accepted. */
  get seq(): bigint {
    return this.seq_;
  }

  /** The turn clocks of the last snapshot or batch (undefined without clocks). */
  get clock(): ClockState | undefined {
    return this.clock_;
  }

  /** This connection's legal moves: present only when its seat must decide. */
  get legalMoves(): BaseLegalMoves | undefined {
    return this.view_?.legalMoves;
  }

  /** True after a gap or a divergence until the next snapshot. */
  get awaitingSnapshot(): boolean {
    return this.snapshotRequested_;
  }

  /** Replaces the view, the seq and the clock with the snapshot's. */
  applySnapshot(snapshot: GameSnapshot): SnapshotResult {
    this.seq_ = snapshot.seq;
    this.clock_ = snapshot.clock ? clone(ClockStateSchema, snapshot.clock) : undefined;
    this.snapshotRequested_ = false;
    if (snapshot.view.case !== "base") {
      this.view_ = undefined;
      return { seq: this.seq_, hasView: false, hashMatches: false };
    }
    this.view_ = clone(BaseViewSchema, snapshot.view.value);
    return {
      seq: this.seq_,
      hasView: true,
      hashMatches: publicHash(this.view_) === snapshot.publicHash,
    };
  }

  /** Applies a batch, or drops it and asks for a snapshot (see the top of this file). */
  applyBatch(batch: EventBatch): BatchResult {
    const view = this.view_;
    if (view === undefined) {
      return {
        kind: "no-view",
        message: "no snapshot yet: resync needed",
        requestSnapshot: this.wantSnapshot(),
      };
    }
    if (batch.prevSeq !== this.seq_) {
      return {
        kind: "gap",
        message: "gap: resync needed",
        seq: this.seq_,
        prevSeq: batch.prevSeq,
        requestSnapshot: this.wantSnapshot(),
      };
    }
    for (const e of batch.events) {
      if (e.event.case === "base") applyEvent(view, e.event.value);
    }
    view.legalMoves =
      batch.legalMoves.case === "baseLegalMoves"
        ? clone(BaseLegalMovesSchema, batch.legalMoves.value)
        : undefined;
    this.seq_ = batch.seq;
    this.clock_ = batch.clock ? clone(ClockStateSchema, batch.clock) : undefined;
    const actual = publicHash(view);
    if (actual !== batch.publicHash) {
      return {
        kind: "diverged",
        message:
          `public hash mismatch at seq ${batch.seq}: server ${formatHash(batch.publicHash)}, ` +
          `client ${formatHash(actual)}: resync needed`,
        seq: this.seq_,
        expectedHash: batch.publicHash,
        actualHash: actual,
        requestSnapshot: this.wantSnapshot(),
      };
    }
    return { kind: "applied", seq: this.seq_, requestSnapshot: false };
  }

  /**
   * Marks that this copy is behind for another reason (ERROR_CODE_STALE_SEQ, an Error.seq ahead
   * of ours). Returns whether to send RequestSnapshot now (false if one is already on its way).
   */
  requestResync(): boolean {
    return this.wantSnapshot();
  }

  /** Forgets that a snapshot was asked for (e.g. the connection was lost before the answer). */
  clearSnapshotRequest(): void {
    this.snapshotRequested_ = false;
  }

  /** Forgets the game (left the room). */
  reset(): void {
    this.view_ = undefined;
    this.seq_ = 0n;
    this.clock_ = undefined;
    this.snapshotRequested_ = false;
  }

  private wantSnapshot(): boolean {
    if (this.snapshotRequested_) return false;
    this.snapshotRequested_ = true;
    return true;
  }
}
