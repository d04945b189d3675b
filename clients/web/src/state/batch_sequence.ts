// The rule every copy of a game follows for the order of what the server sends (docs/protocol.md,
// "seq, EventBatch and resync"), whichever game it is: a snapshot sets the seq, a batch follows on
// only when its prev_seq is that seq, and anything else drops the batch and asks for one snapshot
// (never two at once). Every game's mirror (src/games/<game>/) builds on it, so they cannot drift
// apart on when to resync.

import { clone } from "@bufbuild/protobuf";
import { ClockStateSchema, type ClockState, type EventBatch, type GameSnapshot } from "../gen/carc/v1/game_pb";

/** A batch arrived before any snapshot. */
export interface NoViewResult {
  kind: "no-view";
  message: "no snapshot yet: resync needed";
  requestSnapshot: boolean;
}

/** A batch that does not follow on from this copy's seq. */
export interface GapResult {
  kind: "gap";
  message: "gap: resync needed";
  /** The seq of this copy, which batch.prev_seq should have been. */
  seq: bigint;
  prevSeq: bigint;
  requestSnapshot: boolean;
}

export abstract class SequencedMirror<V extends { legalMoves?: unknown }> {
  protected view_: V | undefined;
  protected seq_ = 0n;
  protected clock_: ClockState | undefined;
  private snapshotRequested_ = false;

  /** The current view, undefined before the first snapshot. Do not modify it. */
  get view(): V | undefined {
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
  get legalMoves(): V["legalMoves"] | undefined {
    return this.view_?.legalMoves;
  }

  /** True after a gap (or another reason to resync) until the next snapshot. */
  get awaitingSnapshot(): boolean {
    return this.snapshotRequested_;
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

  /** Takes the snapshot's seq and clock; it answers any request for a snapshot. */
  protected takeSnapshot(snapshot: GameSnapshot): void {
    this.seq_ = snapshot.seq;
    this.clock_ = snapshot.clock ? clone(ClockStateSchema, snapshot.clock) : undefined;
    this.snapshotRequested_ = false;
  }

  /**
   * The view `batch` applies to when it follows on from this copy's seq; otherwise why it is
   * dropped, and whether to ask for a snapshot now.
   */
  protected admitBatch(batch: EventBatch): { view: V } | { refused: NoViewResult | GapResult } {
    const view = this.view_;
    if (view === undefined) {
      return { refused: { kind: "no-view", message: "no snapshot yet: resync needed", requestSnapshot: this.wantSnapshot() } };
    }
    if (batch.prevSeq !== this.seq_) {
      return {
        refused: { kind: "gap", message: "gap: resync needed", seq: this.seq_, prevSeq: batch.prevSeq, requestSnapshot: this.wantSnapshot() },
      };
    }
    return { view };
  }

  /** The batch was applied: its seq and clock are this copy's now. */
  protected takeBatch(batch: EventBatch): void {
    this.seq_ = batch.seq;
    this.clock_ = batch.clock ? clone(ClockStateSchema, batch.clock) : undefined;
  }

  /** Whether to send RequestSnapshot now: once, until the snapshot comes. */
  protected wantSnapshot(): boolean {
    if (this.snapshotRequested_) return false;
    this.snapshotRequested_ = true;
    return true;
  }
}
