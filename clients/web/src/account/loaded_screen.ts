// The parts of an account screen that shows one answer of the server (a profile, a leaderboard):
// its head (the heading, which takes the focus when the screen opens, and Back) and the state of
// the answer (on its way, said in a status line; refused, said with a way to ask again).

import { h } from "../ui/dom";
import { t } from "./i18n";

export const SCREEN_HEADING = "account-heading";

export function screenHead(title: string, back: () => void): HTMLElement {
  return h("div", { class: "row account-head" },
    h("h2", { id: SCREEN_HEADING, tabindex: -1 }, title),
    h("button", { type: "button", class: "secondary", id: "account-back", onclick: () => back() }, t("account.back")),
  );
}

/**
 * The status line (`loading` while nothing came and nothing failed) and, once refused, `error`
 * with the retry button; their ids start with `id`.
 */
export function answerState(id: string, loaded: boolean, error: string, loading: string, reload: () => void): HTMLElement[] {
  const status = h("p", { class: "notice", role: "status" }, !loaded && error === "" ? loading : "");
  if (error === "") return [status];
  return [
    status,
    h("section", { class: "card" },
      h("p", { class: "form-error", role: "alert", id: `${id}-error` }, error),
      h("button", { type: "button", id: `${id}-retry`, onclick: () => reload() }, t("sessions.retry")),
    ),
  ];
}
