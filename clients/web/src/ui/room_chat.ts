// The room's chat as the page keeps it: the latest lines (the server's History replaces them
// after a reload), the line being typed, and what of it the player has not seen (chat_unread.ts).

import type { ChatMessage } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import type { ChatActions, ChatModel, ChatReport } from "./chat";
import { ChatUnread } from "./chat_unread";

/** The chat lines a page keeps; older ones are dropped. */
export const MAX_CHAT_LINES = 200;

export class RoomChat implements ChatModel {
  chat: ChatMessage[] = [];
  chatDraft = "";
  reportable: ((seat: number) => boolean) | undefined;
  reporting: ChatReport | undefined;
  reportSaid = "";
  readonly unread = new ChatUnread();

  /** A line arrived; `yourSeat` is the page's seat (-1 for a spectator). */
  received(line: ChatMessage, yourSeat: number | undefined): void {
    this.chat.push(line);
    this.unread.arrived(line.seat >= 0 && line.seat === yourSeat);
    if (this.chat.length > MAX_CHAT_LINES) this.chat.splice(0, this.chat.length - MAX_CHAT_LINES);
  }

  /** The server's account of the recent lines replaces the page's own; none of it is news. */
  history(lines: readonly ChatMessage[]): void {
    this.chat = lines.slice(-MAX_CHAT_LINES);
    this.unread.seen();
  }

  /** The page left the room. */
  forget(): void {
    this.chat = [];
    this.chatDraft = "";
    this.reporting = undefined;
    this.reportSaid = "";
    this.unread.seen();
  }

  /** The server has the player's report. */
  reported(): void {
    this.reportSaid = t("chat.reported");
  }

  /**
   * The chat card's actions for a page in seat `yourSeat` (-1: watching), asked at each rendering:
   * a signed-in player may report another seat's lines (the server keeps reports of accounts only,
   * and checks the seat again).
   */
  actionsFor(yourSeat: number, signedIn: boolean, send: (text: string) => boolean, changed: () => void, report: (line: ChatReport, reason: string) => boolean): ChatActions {
    this.reportable = (seat) => signedIn && seat >= 0 && seat !== yourSeat;
    return this.actions(send, changed, report);
  }

  /**
   * The chat card's actions: `send` sends a line (false when it could not), `report` a report of
   * a line with its reason (false when it could not), `changed` renders.
   */
  actions(send: (text: string) => boolean, changed: () => void, report?: (line: ChatReport, reason: string) => boolean): ChatActions {
    return {
      reportLine: report
        ? (line) => {
            this.reporting = line;
            this.reportSaid = "";
            changed();
          }
        : undefined,
      sendReport: (reason) => {
        if (!this.reporting || !report?.(this.reporting, reason)) return;
        this.reporting = undefined;
        changed();
      },
      cancelReport: () => {
        this.reporting = undefined;
        changed();
      },
      sendChat: (text) => {
        if (!send(text)) return;
        this.chatDraft = "";
        this.unread.seen();
        changed();
      },
      chatDraftChanged: (text) => {
        this.chatDraft = text;
      },
    };
  }
}
