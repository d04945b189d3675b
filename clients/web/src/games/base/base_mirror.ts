// The client's copy of a base game: one GameSnapshot, then EventBatches (docs/protocol.md, "seq,
// EventBatch and resync"). The same contract as `carc::codec::ApplyBatch`
// (server/codec/src/view_mirror.cc):
//
// - a snapshot replaces the whole view and the seq;
// - a batch is applied only when its prev_seq equals the seq; otherwise it is dropped and the
//   caller sends RequestSnapshot (state/batch_sequence.ts, shared by every game);
// - its events are applied in order, then its legal moves replace the view's (cleared when the
//   batch has none: they only ever belong to the seat that must decide next);
// - the seq becomes batch.seq, and PublicHash of the result is compared with batch.public_hash:
//   a difference means this copy diverged (a client bug), and the caller sends RequestSnapshot.

import { clone } from "@bufbuild/protobuf";
import {
  BaseLegalMovesSchema,
  BaseViewSchema,
  type BaseView,
} from "../../gen/carc/v1/base_game_pb";
import type { EventBatch, GameSnapshot } from "../../gen/carc/v1/game_pb";
import { SequencedMirror, type GapResult, type NoViewResult } from "../../state/batch_sequence";
import { formatHash, publicHash } from "./public_hash";
import { applyEvent } from "./view_mirror";

export { publicHash, publicHashBytes, fnv1a64, formatHash } from "./public_hash";
export { applyEvent } from "./view_mirror";

/** What `applyBatch` did. `requestSnapshot` says whether to send RequestSnapshot now. */
export type BatchResult =
  | { kind: "applied"; seq: bigint; requestSnapshot: false }
  | GapResult
  | {
      kind: "diverged";
      message: string;
      seq: bigint;
      expectedHash: bigint;
      actualHash: bigint;
      requestSnapshot: boolean;
    }
  | NoViewResult;

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

export class BaseMirror extends SequencedMirror<BaseView> {
  /** Replaces the view, the seq and the clock with the snapshot's. */
  applySnapshot(snapshot: GameSnapshot): SnapshotResult {
    this.takeSnapshot(snapshot);
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
    const admitted = this.admitBatch(batch);
    if ("refused" in admitted) return admitted.refused;
    const view = admitted.view;
    for (const e of batch.events) {
      if (e.event.case === "base") applyEvent(view, e.event.value);
    }
    view.legalMoves =
      batch.legalMoves.case === "baseLegalMoves"
        ? clone(BaseLegalMovesSchema, batch.legalMoves.value)
        : undefined;
    this.takeBatch(batch);
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
}
