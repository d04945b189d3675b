// A base game on the page: the BaseMirror kept up to date from the server's messages and the
// BaseScreen that shows it. Every command goes out on the mirror's seq.

import { BasePhase, type BaseCommand } from "../../gen/carc/v1/base_game_pb";
import type { EventBatch, GameSnapshot } from "../../gen/carc/v1/game_pb";
import type { RoomState } from "../../gen/carc/v1/lobby_pb";
import type { History } from "../../gen/carc/v1/messages_pb";
import type { LogEntry } from "./base_log";
import type { GameSession, GameSessionActions } from "../game_module";
import { BaseMirror } from "./base_mirror";
import { BaseScreen } from "./base_screen";

export class BaseSession implements GameSession {
  private readonly mirror = new BaseMirror();
  private readonly screen: BaseScreen;

  constructor(doc: Document, actions: GameSessionActions) {
    this.screen = new BaseScreen(doc, {
      ...actions,
      send: (command: BaseCommand) => actions.sendCommand({ case: "base", value: command }, this.mirror.seq),
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
    const result = this.mirror.applySnapshot(snapshot);
    this.screen.snapshotApplied(this.mirror.view);
    if (result.hasView && !result.hashMatches) {
      console.warn(`PublicHash of the snapshot at seq ${result.seq} differs from the server's`);
    }
  }

  applyBatch(batch: EventBatch): boolean {
    const result = this.mirror.applyBatch(batch);
    if (result.kind === "applied") {
      const events = batch.events.flatMap((e) => (e.event.case === "base" ? [e.event.value] : []));
      this.screen.batchApplied(batch.seq, events, this.mirror.view);
    } else console.warn(result.message);
    return result.requestSnapshot;
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
    return this.screen.render({ room, view: this.mirror.view, seq: this.mirror.seq, clock: this.mirror.clock, offline });
  }

  dispose(): void {
    this.screen.dispose();
  }
}
