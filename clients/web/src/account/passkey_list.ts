// The account page's passkeys: each one's name, when it was added and last used (in words), a
// button to remove it, and the way to add one (an optional name, then the browser's own prompt).
// Where the browser has no passkeys, it says so instead of offering a button that cannot work.

import { h, self } from "../ui/dom";
import type { Passkey } from "./account_api";
import { t } from "./i18n";
import { timeAgo } from "./time_words";

export interface PasskeysModel {
  /** undefined while on their way or refused. */
  list: Passkey[] | undefined;
  /** Why the list could not be had, or an action was refused; "" when none. */
  error: string;
  /** What the last action did. */
  notice: string;
  /** The name typed for the next passkey. */
  label: string;
  /** This browser can make passkeys here. */
  supported: boolean;
}

export interface PasskeyActions {
  add(): void;
  remove(passkey: Passkey): void;
}

export const PASSKEYS_HEADING = "passkeys-heading";

export const passkeyBusy = (passkey: Passkey) => `passkey:${passkey.id}` as const;

export function passkeyLabel(passkey: Passkey): string {
  return passkey.label.trim() || t("passkeys.unnamed");
}

/** `busy`: the account page's action under way, if any (every button is off meanwhile). */
export function renderPasskeys(model: PasskeysModel, busy: unknown, nowMs: number, actions: PasskeyActions): HTMLElement {
  const list = model.list;
  return h("section", { class: "card", "aria-labelledby": PASSKEYS_HEADING },
    h("h3", { id: PASSKEYS_HEADING, tabindex: -1 }, t("passkeys.title")),
    h("p", { class: "help" }, t("passkeys.help")),
    h("p", { class: "notice", role: "status", id: "passkeys-status" }, list === undefined && model.error === "" ? t("passkeys.loading") : model.notice),
    h("p", { class: "form-error", role: "alert", id: "passkeys-error" }, model.error),
    list?.length === 0 ? h("p", { class: "empty" }, t("passkeys.none")) : null,
    list && list.length > 0
      ? h("ul", { class: "sessions passkeys" },
          list.map((p) => {
            const id = `passkey-${p.id}`;
            const times = p.lastUsedAt === undefined
              ? t("passkeys.neverUsed", { created: timeAgo(p.createdAt, nowMs) })
              : t("passkeys.times", { created: timeAgo(p.createdAt, nowMs), used: timeAgo(p.lastUsedAt, nowMs) });
            return h("li", { class: "passkey", "data-passkey": p.id },
              h("div", { class: "session-text" },
                h("strong", { id: `${id}-label` }, passkeyLabel(p)),
                h("span", { class: "help", id: `${id}-times` }, times),
              ),
              h("button", {
                type: "button",
                class: "danger",
                id: `${id}-remove`,
                "aria-labelledby": `${id}-remove ${id}-label ${id}-times`,
                disabled: busy !== undefined,
                "aria-busy": busy === passkeyBusy(p) ? "true" : undefined,
                onclick: () => actions.remove(p),
              }, t(busy === passkeyBusy(p) ? "passkeys.removing" : "passkeys.remove")),
            );
          }),
        )
      : null,
    model.supported
      ? h("form", {
          class: "passkey-add",
          "aria-labelledby": PASSKEYS_HEADING,
          onsubmit: (e: Event) => {
            e.preventDefault();
            if (busy === undefined) actions.add();
          },
        },
          h("div", { class: "field" },
            h("label", { for: "passkey-label" }, t("passkeys.label")),
            h("input", {
              id: "passkey-label",
              type: "text",
              maxlength: 64,
              autocomplete: "off",
              value: model.label,
              oninput: (e) => {
                model.label = self<HTMLInputElement>(e).value;
              },
            }),
          ),
          h("button", {
            type: "submit",
            id: "passkey-add",
            disabled: busy !== undefined,
            "aria-busy": busy === "passkey-add" ? "true" : undefined,
          }, t(busy === "passkey-add" ? "passkeys.adding" : "passkeys.add")),
        )
      : h("p", { class: "help", id: "passkeys-unsupported" }, t("passkeys.unsupported")),
  );
}
