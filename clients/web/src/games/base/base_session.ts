// A base game on the page: the BaseMirror kept up to date from the server's messages and the
// BaseScreen that shows it. Every command goes out on the mirror's seq.

import { BasePhase, type BaseCommand } from "../../gen/carc/v1/base_game_pb";
import type { EventBatch, GameSnapshot } from "../../gen/carc/v1/game_pb";
import type { RoomState } from "../../gen/carc/v1/lobby_pb";
import type { History } from "../../gen/carc/v1/messages_pb";
import type { LogEntry } from "./base_log";
import type { GameSession, GameSessionActions } from "../game_module";
import { MovePacer } from "../../ui/move_pacer";
import { BaseMirror } from "./base_mirror";
import { BaseScreen } from "./base_screen";

/** Whether the batch places a tile of a seat `whose` says yes to (the moves the pacer spaces). */
export function placesTileOf(batch: EventBatch, whose: (seat: number) => boolean): boolean {
  return batch.events.some((e) => e.event.case === "base" && e.event.value.event.case === "tilePlaced" && whose(e.event.value.event.value.seat));
}

export class BaseSession implements GameSession {
  private readonly mirror = new BaseMirror();
  private readonly screen: BaseScreen;
  /** Other seats' moves, shown one at a time (move_pacer.ts). */
  private readonly pacer: MovePacer<EventBatch>;
  /** This page's seat, as the room last said (-1: watching). */
  private seat = -1;

  constructor(doc: Document, private readonly actions: GameSessionActions) {
    this.pacer = new MovePacer(
      (batch, late) => this.show(batch, late),
      (batch) => placesTileOf(batch, (seat) => seat !== this.seat),
      () => actions.pacing?.on() ?? false,
    );
    this.screen = new BaseScreen(doc, {
      ...actions,
      pacing: actions.pacing
        ? {
            on: () => actions.pacing?.on() ?? false,
            set: (on: boolean) => {
              actions.pacing?.set(on);
              if (!on) this.pacer.flush();
              actions.changed();
            },
          }
        : undefined,
      send: (command: BaseCommand) => actions.sendCommand({ case: "base", value: command }, this.mirror.seq),
      preview: actions.previewPlacement
        ? async (command: BaseCommand) => {
            const answer = await actions.previewPlacement?.({ case: "base", value: command }, this.mirror.seq);
            return answer?.legalMoves.case === "baseLegalMoves" ? answer.legalMoves.value.followerSpots : answer ? [] : undefined;
          }
        : undefined,
    });
  }

  get hasView(): boolean {
    return this.mirror.view !== undefined;
  }

  awaitingSeat(seat: number): boolean {
    const view = this.mirror.view;
    return seat >= 0 && view !== undefined && view.phase !== BasePhase.GAME_OVER && view.toMove === seat && view.legalMoves !== undefined;
  }

  applySnapshot(snapshot: GameSnapshot): void {
    this.pacer.clear();  // the snapshot is newer than anything held
    const result = this.mirror.applySnapshot(snapshot);
    this.screen.snapshotApplied(this.mirror.view);
    if (result.hasView && !result.hashMatches) {
      console.warn(`PublicHash of the snapshot at seq ${result.seq} differs from the server's`);
    }
  }

  applyBatch(batch: EventBatch): boolean {
    return this.pacer.push(batch);
  }

  /**
   * A batch shown: during applyBatch (`late` false) its caller renders and asks for a snapshot
   * if this returns true; once the pacer lets it through (`late`), the page hears of it here.
   */
  private show(batch: EventBatch, late: boolean): boolean {
    const result = this.mirror.applyBatch(batch);
    if (result.kind === "applied") {
      const events = batch.events.flatMap((e) => (e.event.case === "base" ? [e.event.value] : []));
      this.screen.batchApplied(batch.seq, events, this.mirror.view);
    } else console.warn(result.message);
    if (!late) return result.requestSnapshot;
    if (result.requestSnapshot) this.actions.resync?.();
    this.actions.changed();
    return false;
  }

  applyHistory(history: History): void {
    // A mirror of its own, from the start, for the scores after each turn; without the start
    // (an old part left out for size) the log alone is made again.
    const past = history.start ? new BaseMirror() : undefined;
    if (history.start) past?.applySnapshot(history.start);
    const log: LogEntry[] = [];
    const scores: number[][] = past?.view ? [[...past.view.scores]] : [];
    for (const batch of history.batches) {
      const view = past && past.applyBatch(batch).kind === "applied" ? past.view : undefined;
      for (const e of batch.events) {
        if (e.event.case !== "base") continue;
        const event = e.event.value;
        log.push({ seq: batch.seq, event });
        if (view && (event.event.case === "turnStarted" || event.event.case === "gameEnded")) scores.push([...view.scores]);
      }
    }
    this.screen.historyApplied(log, scores.length > 0 ? scores : undefined);
  }

  requestResync(): boolean {
    return this.mirror.requestResync();
  }

  clearSnapshotRequest(): void {
    this.mirror.clearSnapshotRequest();
  }

  rematchCreated(code: string): void {
    this.screen.rematchCreated(code);
  }

  commandFailed(): void {
    this.screen.commandFailed();
  }

  render(room: RoomState, offline?: string): HTMLElement {
    this.seat = room.yourSeat;
    return this.screen.render({ room, view: this.mirror.view, seq: this.mirror.seq, clock: this.mirror.clock, offline });
  }

  dispose(): void {
    this.screen.dispose();
  }
}
