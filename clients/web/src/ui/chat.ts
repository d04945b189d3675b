// The room's chat card, the same in the lobby and beside a game: the lines so far (the server
// sends the recent ones again after a reload, in History), a line to type with the characters
// left of the server's limit, and send.

import type { ChatMessage } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import { h, onPage, self, uid } from "./dom";
import { charLength, hasControlCharacter } from "./form";

/** The server's limit on a chat line, in characters (server/codec text_limits.h). */
export const MAX_CHAT_LENGTH = 500;

export interface ChatModel {
  chat: readonly ChatMessage[];
  /** The line being typed; kept across renders. */
  chatDraft: string;
}

export interface ChatActions {
  sendChat(text: string): void;
  chatDraftChanged(text: string): void;
}

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
            ),
          ),
        ),
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
