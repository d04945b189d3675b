// A game of The Castle on the page: the CastleMirror kept up to date from the server's messages
// and the CastleScreen that shows it. Every command goes out on the mirror's seq.

import type { CastleCommand } from "../../gen/carc/v1/castle_game_pb";
import type { EventBatch, GameSnapshot } from "../../gen/carc/v1/game_pb";
import type { RoomState } from "../../gen/carc/v1/lobby_pb";
import type { History } from "../../gen/carc/v1/messages_pb";
import type { CastleLogEntry } from "./castle_log";
import type { GameSession, GameSessionActions } from "../game_module";
import { isOver } from "./castle_final";
import { CastleMirror } from "./castle_mirror";
import { CastleScreen } from "./castle_screen";

export class CastleSession implements GameSession {
  private readonly mirror = new CastleMirror();
  private readonly screen: CastleScreen;

  constructor(doc: Document, actions: GameSessionActions) {
    this.screen = new CastleScreen(doc, {
      ...actions,
      send: (command: CastleCommand) => actions.sendCommand({ case: "castle", value: command }, this.mirror.seq),
    });
  }

  get hasView(): boolean {
    return this.mirror.view !== undefined;
  }

  awaitingSeat(seat: number): boolean {
    const view = this.mirror.view;
    return seat >= 0 && view !== undefined && !isOver(view) && view.toMove === seat && view.legalMoves !== undefined;
  }

  applySnapshot(snapshot: GameSnapshot): void {
    const result = this.mirror.applySnapshot(snapshot);
    this.screen.snapshotApplied();
    if (result.definitionsError !== undefined) console.warn(`The Castle's definitions: ${result.definitionsError}`);
  }

  applyBatch(batch: EventBatch): boolean {
    const result = this.mirror.applyBatch(batch);
    if (result.kind === "applied") {
      const events = batch.events.flatMap((e) => (e.event.case === "castle" ? [e.event.value] : []));
      this.screen.batchApplied(batch.seq, events);
    } else console.warn(result.message);
    // A gap, or a choice of scoring (K-9) whose pending features only a snapshot lists.
    return result.requestSnapshot;
  }

  applyHistory(history: History): void {
    const log: CastleLogEntry[] = [];
    for (const batch of history.batches) {
      for (const e of batch.events) if (e.event.case === "castle") log.push({ seq: batch.seq, event: e.event.value });
    }
    this.screen.historyApplied(log);
    if (history.start) this.mirror.tallyHistory(history.batches);
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
    return this.screen.render({ room, mirror: this.mirror, offline });
  }

  dispose(): void {
    this.screen.dispose();
  }
}
