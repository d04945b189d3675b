// The page's header on every screen: the title, the account's link (the name, or "Sign in"),
// the language menu (a language's words are loaded before the switch), the turn alerts' toggle
// while a seated player is in a game, and the connection's state with a reconnect button once it
// has given up.

import {
  LANGUAGES,
  LANGUAGE_NAMES,
  getLanguage,
  isLanguage,
  loadLanguage,
  setLanguage,
  t,
} from "../i18n";
import type { ConnectionStatus } from "../net/client";
import { h, self } from "./dom";

export interface PageHeaderModel {
  status: ConnectionStatus;
  statusText: string;
  /** undefined: no toggle (not seated in a game); else whether the alerts are on. */
  alertsOn: boolean | undefined;
  /** The account's link (account.ts). */
  account: HTMLElement;
}

export interface PageHeaderActions {
  languageFailed(language: string): void;
  toggleAlerts(): void;
  reconnect(): void;
}

export function renderPageHeader(model: PageHeaderModel, actions: PageHeaderActions): HTMLElement {
  const select = h(
    "select",
    {
      id: "language",
      onchange: (e) => {
        const lang = self<HTMLSelectElement>(e).value;
        if (!isLanguage(lang)) return;
        // Its words first (a chunk of their own), then the switch.
        loadLanguage(lang).then(
          () => setLanguage(lang),
          () => actions.languageFailed(LANGUAGE_NAMES[lang]),
        );
      },
    },
    LANGUAGES.map((l) => h("option", { value: l, selected: l === getLanguage(), lang: l }, LANGUAGE_NAMES[l])),
  );
  return h(
    "header",
    { class: "top" },
    h("h1", {}, t("app.title")),
    model.account,
    h("div", { class: "lang" }, h("label", { for: "language" }, t("app.language")), select),
    model.alertsOn !== undefined
      ? h("button", {
          type: "button",
          class: "secondary",
          id: "turn-alerts",
          "aria-pressed": model.alertsOn ? "true" : "false",
          title: t("notice.alertsHelp"),
          onclick: () => actions.toggleAlerts(),
        }, t("notice.alerts"))
      : null,
    h("p", { class: "status", role: "status", id: "connection", "data-status": model.status },
      model.statusText,
      model.status === "closed"
        ? h("button", { type: "button", class: "secondary", onclick: () => actions.reconnect() }, t("status.reconnect"))
        : null,
    ),
  );
}
