// The account page's "Notifications on this device" card: whether this device gets notices (on,
// off, blocked by the browser, impossible here) in words, a button to turn them on or off where
// that can work, and why the last attempt failed. Nothing here asks the browser or the server
// (push_actions.ts does).

import { h } from "../ui/dom";
import { t } from "./i18n";

export interface PushModel {
  /** "loading" until the browser has said; "unsupported" where notices cannot work here. */
  state: "loading" | "unsupported" | "denied" | "off" | "on";
  /** Why the last attempt failed; "" when it did not. */
  error: string;
}

export interface PushCardActions {
  turnOn(): void;
  turnOff(): void;
}

export const PUSH_HEADING = "push-heading";
export const PUSH_BUTTON = "push-toggle";
/** The account page's `busy` while notices are turned on or off. */
export const PUSH_BUSY = "push";

const STATE_WORDS = {
  loading: "push.loading",
  unsupported: "push.unsupported",
  denied: "push.denied",
  off: "push.off",
  on: "push.on",
} as const;

/** `busy`: the account page's action under way, if any (every button is off meanwhile). */
export function renderPushCard(model: PushModel, busy: unknown, actions: PushCardActions): HTMLElement {
  const on = model.state === "on";
  const running = busy === PUSH_BUSY;
  return h("section", { class: "card", "aria-labelledby": PUSH_HEADING },
    h("h3", { id: PUSH_HEADING, tabindex: -1 }, t("push.title")),
    h("p", { class: "help" }, t("push.help")),
    h("p", { class: "notice", role: "status", id: "push-status" }, t(STATE_WORDS[model.state])),
    h("p", { class: "form-error", role: "alert", id: "push-error" }, model.error),
    model.state === "on" || model.state === "off"
      ? h("button", {
          type: "button",
          id: PUSH_BUTTON,
          class: on ? "secondary" : undefined,
          disabled: busy !== undefined,
          "aria-busy": running ? "true" : undefined,
          onclick: () => (on ? actions.turnOff() : actions.turnOn()),
        }, t(on ? (running ? "push.turningOff" : "push.turnOff") : running ? "push.turningOn" : "push.turnOn"))
      : null,
  );
}
