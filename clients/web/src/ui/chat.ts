// The room's chat card, the same in the lobby and beside a game: the lines so far (the server
// sends the recent ones again after a reload, in History), a line to type with the characters
// left of the server's limit, and send.

import type { ChatMessage } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import { h, onPage, self, uid } from "./dom";
import { charLength, hasControlCharacter } from "./form";

/** The server's limit on a chat line, in characters (server/codec text_limits.h). */
export const MAX_CHAT_LENGTH = 500;

/** A chat line reported to the server's moderators: its seat, its player's name, its text. */
export interface ChatReport {
  seat: number;
  name: string;
  quote: string;
}

export interface ChatModel {
  chat: readonly ChatMessage[];
  /** The line being typed; kept across renders. */
  chatDraft: string;
  /** Whether a line from `seat` may be reported from this page (a signed-in player, another's seat); none when absent. */
  reportable?: ((seat: number) => boolean) | undefined;
  /** The line being reported, while its form shows. */
  reporting?: ChatReport | undefined;
  /** The answer to the last report sent ("" for none). */
  reportSaid?: string;
}

export interface ChatActions {
  sendChat(text: string): void;
  chatDraftChanged(text: string): void;
  /** Opens the report form for a line. */
  reportLine?(report: ChatReport): void;
  sendReport?(reason: string): void;
  cancelReport?(): void;
}

/** The server's limit on a report's reason, in characters (server/rooms/report_draft.h). */
export const MAX_REPORT_REASON = 500;

/** A chat line to send: trimmed, 1..500 characters without control characters; else undefined. */
export function chatText(draft: string): string | undefined {
  const text = draft.trim();
  const length = charLength(text);
  if (hasControlCharacter(text)) return undefined;
  return length >= 1 && length <= MAX_CHAT_LENGTH ? text : undefined;
}

export function renderChat(model: ChatModel, actions: ChatActions): HTMLElement {
  const inputId = "chat-input";
  const counterId = uid("chat-left");
  const left = (text: string) => t("chat.left", { n: MAX_CHAT_LENGTH - charLength(text) });
  const counter = h("p", { class: "help", id: counterId }, left(model.chatDraft));
  const input = h("input", {
    id: inputId,
    type: "text",
    autocomplete: "off",
    enterkeyhint: "send",
    value: model.chatDraft,
    "aria-describedby": counterId,
    oninput: (e) => {
      const text = self<HTMLInputElement>(e).value;
      const shown = onPage(e, counterId);
      if (shown) shown.textContent = left(text);
      actions.chatDraftChanged(text);
    },
  });
  return h(
    "section",
    { class: "card chat", "aria-labelledby": "chat-heading" },
    h("h3", { id: "chat-heading" }, t("chat.title")),
    model.chat.length === 0
      ? h("p", { class: "empty" }, t("chat.empty"))
      : h(
          "ol",
          { class: "chat-list", "aria-live": "polite" },
          model.chat.map((m) =>
            h("li", {},
              h("strong", {}, m.seat < 0 ? `${m.name} (${t("chat.spectator")})` : m.name),
              ": ",
              m.text,
              actions.reportLine && model.reportable?.(m.seat) === true
                ? [" ", h("button", {
                    type: "button",
                    class: "link-button report-line",
                    "aria-label": t("chat.reportLine", { name: m.name }),
                    onclick: () => actions.reportLine?.({ seat: m.seat, name: m.name, quote: m.text }),
                  }, t("chat.report"))]
                : null,
            ),
          ),
        ),
    model.reporting ? renderReportForm(model.reporting, actions) : null,
    model.reportSaid ? h("p", { class: "notice", role: "status", id: "report-said" }, model.reportSaid) : null,
    h(
      "form",
      {
        class: "pair",
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          const text = chatText(onPage<HTMLInputElement>(ev, inputId)?.value ?? "");
          if (text === undefined) return;
          actions.sendChat(text);
        },
      },
      h("label", { for: inputId, class: "visually-hidden" }, t("chat.message")),
      input,
      h("button", { type: "submit" }, t("chat.send")),
    ),
    counter,
  );
}

function renderReportForm(report: ChatReport, actions: ChatActions): HTMLElement {
  return h("form", {
    class: "report-form",
    "aria-labelledby": "report-heading",
    onsubmit: (ev: Event) => {
      ev.preventDefault();
      const reason = (onPage<HTMLTextAreaElement>(ev, "report-reason")?.value ?? "").trim();
      if (reason === "" || charLength(reason) > MAX_REPORT_REASON || hasControlCharacter(reason.replace(/\n/g, " "))) return;
      actions.sendReport?.(reason.replace(/\s*\n\s*/g, " "));
    },
  },
    h("h4", { id: "report-heading" }, t("chat.reportTitle", { name: report.name })),
    h("blockquote", { class: "quote" }, report.quote),
    h("div", { class: "field" },
      h("label", { for: "report-reason" }, t("chat.reportReason")),
      h("textarea", { id: "report-reason", maxlength: MAX_REPORT_REASON, rows: 3, required: true }),
    ),
    h("div", { class: "row" },
      h("button", { type: "submit", id: "report-send" }, t("chat.reportSend")),
      h("button", { type: "button", class: "secondary", id: "report-cancel", onclick: () => actions.cancelReport?.() }, t("chat.reportCancel")),
    ),
  );
}
