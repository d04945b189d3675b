// The client's copy of a game of The Castle: one GameSnapshot with a CastleView, then the
// CastleEvents of each EventBatch (docs/protocol.md, "The Castle" and "seq, EventBatch and
// resync"), with the same contract as the base game's BaseMirror:
//
// - a snapshot replaces the whole view and the seq; its definitions (board.json and tiles.json)
//   are parsed once and kept, since only a connection's first snapshot has to carry them;
// - a batch is applied only when its prev_seq equals the seq; otherwise it is dropped and the
//   caller sends RequestSnapshot (state/batch_sequence.ts, shared by every game);
// - its events are applied in order (applyCastleEvent), then its castle_legal_moves replace the
//   view's (cleared when the batch has none: they only belong to the seat that must decide);
// - the seq becomes batch.seq.
//
// Two things the events do not carry. The completed features waiting to be scored
// (CastleView.pending, K-9) are only in snapshots: after a batch they are unknown, and a batch
// that asks this seat to choose the next scoring without them asks for a snapshot. And the public
// hash covers the phase and the pending list, which a spectator cannot derive from the events, so
// it is not compared here; a gap or a refused command (ERROR_CODE_STALE_SEQ) still resyncs.

import { clone, create } from "@bufbuild/protobuf";
import {
  CastleFollowerSchema,
  CastleKeepSchema,
  CastleLegalMovesSchema,
  CastlePhase,
  CastlePlacedTileSchema,
  CastleScoreReason,
  CastleViewSchema,
  type CastleEvent,
  type CastleLegalMoves,
  type CastleView,
} from "../../gen/carc/v1/castle_game_pb";
import type { EventBatch, GameSnapshot } from "../../gen/carc/v1/game_pb";
import { SequencedMirror, type GapResult, type NoViewResult } from "../../state/batch_sequence";
import { CastleLedger, type CastleCategoryRow } from "./castle_categories";
import { parseCastleBoard, parseCastleTiles, type CastleBoard, type CastleTileSet } from "./castle_data";

/** The board and tiles of the game, parsed from CastleView.definitions. */
export interface CastleDefinitions {
  board: CastleBoard;
  tiles: CastleTileSet;
}

/** Points of the final scoring (K-11) per seat, by category, as the events reported them. */
export interface CastleFinalPoints {
  keep: number;
  courts: number;
  /** Wall tiles 4, 5, 6 (unfinished features) and 9. */
  wallTiles: number;
}

export type CastleBatchResult =
  | {
      kind: "applied";
      seq: bigint;
      /** True when the batch asks this seat to score (K-9) and the pending list must be fetched. */
      requestSnapshot: boolean;
    }
  | GapResult
  | NoViewResult;

export interface CastleSnapshotResult {
  seq: bigint;
  /** False when the snapshot holds no CastleView. */
  hasView: boolean;
  /** Why the definitions could not be read, if they could not. */
  definitionsError?: string | undefined;
}

/** Legal moves that offer nothing are no legal moves: the seat has nothing to decide. */
export function hasLegalMoves(moves: CastleLegalMoves | undefined): moves is CastleLegalMoves {
  return (
    moves !== undefined &&
    (moves.placements.length > 0 || moves.followerRegions.length > 0 || moves.scoring.length > 0 || moves.extraTurn)
  );
}

/** The phase the legal moves stand for (they come only to the seat that must decide). */
export function phaseOfMoves(moves: CastleLegalMoves): CastlePhase {
  if (moves.placements.length > 0) return CastlePhase.PLACE_TILE;
  if (moves.followerRegions.length > 0) return CastlePhase.PLACE_FOLLOWER;
  if (moves.scoring.length > 0) return CastlePhase.CHOOSE_SCORING;
  if (moves.extraTurn) return CastlePhase.EXTRA_TURN;
  return CastlePhase.UNSPECIFIED;
}

const samePosition = (a: { x: number; y: number } | undefined, b: { x: number; y: number } | undefined): boolean =>
  (a?.x ?? 0) === (b?.x ?? 0) && (a?.y ?? 0) === (b?.y ?? 0);

/**
 * Applies one CastleEvent to a view. Runs no rules: it trusts the server's events and never
 * throws; an event that does not fit (a seat out of range) changes what it can.
 */
export function applyCastleEvent(view: CastleView, event: CastleEvent): void {
  const seat = (s: number) => view.seats[s];
  const e = event.event;
  switch (e.case) {
    case "turnStarted":
      view.toMove = e.value.player;
      view.extraTurn = e.value.extra;
      view.phase = CastlePhase.PLACE_TILE;
      view.currentTile = "";
      break;
    case "tileDrawn":
      view.currentTile = e.value.tile;
      view.stackSize = Math.max(0, view.stackSize - 1);
      break;
    case "tileDiscarded":
      // K-4: it fits nowhere, goes back to the box, and the player draws again.
      view.discarded += 1;
      view.currentTile = "";
      break;
    case "tilePlaced":
      view.tiles.push(
        create(CastlePlacedTileSchema, {
          tile: e.value.tile,
          position: { x: e.value.position?.x ?? 0, y: e.value.position?.y ?? 0 },
          rotation: e.value.rotation,
          player: e.value.player,
        }),
      );
      view.phase = CastlePhase.PLACE_FOLLOWER;
      break;
    case "followerPlaced": {
      view.followers.push(clone(CastleFollowerSchema, e.value));
      const s = seat(e.value.player);
      if (s) s.supply = Math.max(0, s.supply - 1);
      break;
    }
    case "featureScored": {
      const f = e.value;
      if (f.winner >= 0) {
        const s = seat(f.winner);
        if (s) s.score += f.points;
      }
      for (const r of f.returned) {
        const i = view.followers.findIndex(
          (x) => x.player === r.player && x.region === r.region && samePosition(x.position, r.position),
        );
        if (i >= 0) view.followers.splice(i, 1);
        const s = seat(r.player);
        if (s) s.supply += 1;
      }
      break;
    }
    case "wallTileTaken": {
      if (e.value.tower < view.towerHasWallTile.length) view.towerHasWallTile[e.value.tower] = false;
      seat(e.value.player)?.wallTiles.push(e.value.kind);
      break;
    }
    case "keepMoved": {
      const s = seat(e.value.player);
      if (s) s.keep = clone(CastleKeepSchema, e.value.keep ?? create(CastleKeepSchema));
      break;
    }
    case "wallTileUsed": {
      const s = seat(e.value.player);
      const i = s ? s.wallTiles.indexOf(e.value.kind) : -1;
      if (s && i >= 0) s.wallTiles.splice(i, 1);
      break;
    }
    case "wallTilesRemoved":
      // K-11: the wall tiles still on the towers leave the game, unseen.
      view.towerHasWallTile = view.towerHasWallTile.map(() => false);
      break;
    case "playerResigned": {
      const s = seat(e.value.seat);
      if (s) s.resigned = true;
      break;
    }
    case "turnTimedOut":
      // The server's fallback move follows as events of its own.
      break;
    case "gameEnded":
      e.value.scores.forEach((score, i) => {
        const s = seat(i);
        if (s) s.score = score;
      });
      view.winners = [...e.value.winners];
      view.phase = CastlePhase.GAME_OVER;
      view.toMove = -1;
      view.currentTile = "";
      view.pending = [];
      break;
    default:
      break;
  }
}

export class CastleMirror extends SequencedMirror<CastleView> {
  private defs_: CastleDefinitions | undefined;
  private defsError_: string | undefined;
  private pendingKnown_ = false;
  private final_: CastleFinalPoints[] | undefined;
  /** Every scoring seen, by category (castle_categories.ts). */
  private readonly ledger = new CastleLedger();

  /** The board and tiles, once a snapshot brought readable definitions. */
  get definitions(): CastleDefinitions | undefined {
    return this.defs_;
  }

  get definitionsError(): string | undefined {
    return this.defsError_;
  }

  /** Whether view.pending is the server's current list (true right after a snapshot only). */
  get pendingKnown(): boolean {
    return this.pendingKnown_;
  }

  /**
   * The final scoring by category per seat, when this page saw its events (they all come in the
   * batch that ends the game); undefined otherwise.
   */
  get finalPoints(): readonly CastleFinalPoints[] | undefined {
    return this.final_;
  }

  /**
   * Each seat's points by category over the whole game, when the scorings this mirror saw add up
   * to the scores; undefined otherwise.
   */
  get categories(): CastleCategoryRow[] | undefined {
    return this.view_ ? this.ledger.rows(this.view_.seats.map((s) => s.score)) : undefined;
  }

  /** The game so far (the server's History): the tally by category is made again from it. */
  tallyHistory(batches: readonly EventBatch[]): void {
    this.ledger.reset();
    for (const batch of batches) for (const e of batch.events) if (e.event.case === "castle") this.ledger.note(e.event.value);
  }

  applySnapshot(snapshot: GameSnapshot): CastleSnapshotResult {
    this.takeSnapshot(snapshot);
    if (snapshot.view.case !== "castle") {
      this.view_ = undefined;
      this.pendingKnown_ = false;
      return { seq: this.seq_, hasView: false };
    }
    const view = clone(CastleViewSchema, snapshot.view.value);
    const defs = view.definitions;
    if (defs && (defs.boardJson !== "" || defs.tilesJson !== "")) {
      try {
        this.defs_ = { board: parseCastleBoard(defs.boardJson), tiles: parseCastleTiles(defs.tilesJson) };
        this.defsError_ = undefined;
      } catch (e) {
        this.defsError_ = e instanceof Error ? e.message : String(e);
      }
    }
    // The texts are parsed: the view need not carry them along.
    view.definitions = undefined;
    if (!hasLegalMoves(view.legalMoves)) view.legalMoves = undefined;
    this.view_ = view;
    this.pendingKnown_ = true;
    // A game that has scored nothing yet starts the tally afresh; a later snapshot (a resync)
    // keeps what was seen, and `categories` checks that it adds up.
    if (view.seats.every((s) => s.score === 0)) this.ledger.reset();
    return { seq: this.seq_, hasView: true, definitionsError: this.defsError_ };
  }

  applyBatch(batch: EventBatch): CastleBatchResult {
    const admitted = this.admitBatch(batch);
    if ("refused" in admitted) return admitted.refused;
    const view = admitted.view;
    for (const e of batch.events) {
      if (e.event.case !== "castle") continue;
      this.noteFinalPoints(view, e.event.value);
      this.ledger.note(e.event.value);
      applyCastleEvent(view, e.event.value);
    }
    const moves = batch.legalMoves.case === "castleLegalMoves" ? batch.legalMoves.value : undefined;
    view.legalMoves = hasLegalMoves(moves) ? clone(CastleLegalMovesSchema, moves) : undefined;
    if (view.legalMoves) view.phase = phaseOfMoves(view.legalMoves);
    // The pending list changed with the batch (or not), but the batch does not say how.
    view.pending = [];
    this.pendingKnown_ = false;
    this.takeBatch(batch);
    const needPending = (view.legalMoves?.scoring.length ?? 0) > 0;
    return { kind: "applied", seq: this.seq_, requestSnapshot: needPending ? this.wantSnapshot() : false };
  }

  override reset(): void {
    super.reset();
    this.defs_ = undefined;
    this.defsError_ = undefined;
    this.pendingKnown_ = false;
    this.final_ = undefined;
    this.ledger.reset();
  }

  private noteFinalPoints(view: CastleView, event: CastleEvent): void {
    // The final scoring (K-11) starts by taking the last wall tiles off the towers.
    if (event.event.case === "wallTilesRemoved") this.final_ = view.seats.map(() => ({ keep: 0, courts: 0, wallTiles: 0 }));
    if (event.event.case !== "featureScored") return;
    const f = event.event.value;
    const key: keyof CastleFinalPoints | undefined =
      f.reason === CastleScoreReason.KEEP
        ? "keep"
        : f.reason === CastleScoreReason.COURT
          ? "courts"
          : f.reason === CastleScoreReason.INCOMPLETE || f.reason === CastleScoreReason.WALL_TILE_9
            ? "wallTiles"
            : undefined;
    if (key === undefined) return;
    this.final_ ??= view.seats.map(() => ({ keep: 0, courts: 0, wallTiles: 0 }));
    const row = this.final_[f.winner];
    if (f.winner >= 0 && row) row[key] += f.points;
  }
}
