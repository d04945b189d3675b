// The account page's "Password" card: the current password and a new one (8 to 256 characters),
// a box to show them, and "Change password"; where the account has a passkey and the browser can
// use one, a second button confirms the change with the passkey instead of the current password
// (a player who signed in with a passkey may not remember the password). What the last change did
// and why it failed. Nothing here asks the server (password_actions.ts does).

import { h, self } from "../ui/dom";
import { t } from "./i18n";

export interface PasswordModel {
  current: string;
  next: string;
  show: boolean;
  /** Beside the fields: a wrong current password, a new one of the wrong length. */
  errors: { current?: string; next?: string };
  /** What the last change did; "" for nothing. */
  notice: string;
  /** Why the last change failed, when no field says; "" when none did. */
  error: string;
}

export interface PasswordCardActions {
  changePassword(): void;
  changePasswordWithPasskey(): void;
}

export const PASSWORD_HEADING = "password-heading";
export const PASSWORD_CURRENT = "password-current";
export const PASSWORD_NEXT = "password-next";
export const PASSWORD_SUBMIT = "password-submit";
export const PASSWORD_PASSKEY = "password-passkey";

/** The account page's `busy` while a change runs. */
export const PASSWORD_BUSY = { change: "password-change", passkey: "password-passkey" } as const;
export type PasswordBusy = (typeof PASSWORD_BUSY)[keyof typeof PASSWORD_BUSY];

export function emptyPassword(): PasswordModel {
  return { current: "", next: "", show: false, errors: {}, notice: "", error: "" };
}

/** `busy`: the account page's action under way, if any (every button is off meanwhile);
 * `passkey`: whether the change may be confirmed with a passkey here. */
export function renderPasswordCard(model: PasswordModel, busy: unknown, passkey: boolean, actions: PasswordCardActions): HTMLElement {
  const field = (id: string, label: string, value: string, error: string | undefined, autocomplete: string, set: (v: string) => void) =>
    h("div", { class: "field" },
      h("label", { for: id }, label),
      h("input", {
        id,
        type: model.show ? "text" : "password",
        autocomplete,
        autocapitalize: "none",
        spellcheck: "false",
        maxlength: 256,
        value,
        "aria-invalid": error !== undefined ? "true" : undefined,
        "aria-describedby": `${id}-error`,
        oninput: (e: Event) => set(self<HTMLInputElement>(e).value),
      }),
      h("p", { class: "form-error", id: `${id}-error` }, error ?? ""),
    );
  const changing = busy === PASSWORD_BUSY.change;
  const confirming = busy === PASSWORD_BUSY.passkey;
  return h("section", { class: "card password", "aria-labelledby": PASSWORD_HEADING },
    h("h3", { id: PASSWORD_HEADING, tabindex: -1 }, t("password.title")),
    h("form", {
      class: "password-form",
      "aria-labelledby": PASSWORD_HEADING,
      // Our words beside the fields rather than the browser's bubble.
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        if (busy === undefined) actions.changePassword();
      },
    },
      h("p", { class: "help", id: "password-help" }, t("password.help")),
      field(PASSWORD_CURRENT, t("password.current"), model.current, model.errors.current, "current-password", (v) => (model.current = v)),
      field(PASSWORD_NEXT, t("reset.newPassword"), model.next, model.errors.next, "new-password", (v) => (model.next = v)),
      h("div", { class: "field check" },
        h("input", {
          id: "password-show",
          type: "checkbox",
          checked: model.show,
          "aria-controls": `${PASSWORD_CURRENT} ${PASSWORD_NEXT}`,
          onchange: (e: Event) => {
            model.show = self<HTMLInputElement>(e).checked;
            for (const id of [PASSWORD_CURRENT, PASSWORD_NEXT]) {
              const input = self<HTMLInputElement>(e).form?.querySelector<HTMLInputElement>(`#${id}`);
              if (input) input.type = model.show ? "text" : "password";
            }
          },
        }),
        h("label", { for: "password-show" }, t("account.showPassword")),
      ),
      h("p", { class: "notice", role: "status", id: "password-status" }, model.notice),
      h("p", { class: "form-error", role: "alert", id: "password-error" }, model.error),
      h("div", { class: "row" },
        h("button", {
          type: "submit",
          id: PASSWORD_SUBMIT,
          disabled: busy !== undefined,
          "aria-busy": changing ? "true" : undefined,
        }, t(changing ? "password.changing" : "password.change")),
        passkey
          ? h("button", {
              type: "button",
              class: "secondary",
              id: PASSWORD_PASSKEY,
              disabled: busy !== undefined,
              "aria-busy": confirming ? "true" : undefined,
              "aria-describedby": "password-passkey-help",
              onclick: () => actions.changePasswordWithPasskey(),
            }, t(confirming ? "password.changing" : "password.withPasskey"))
          : null,
      ),
      passkey ? h("p", { class: "help", id: "password-passkey-help" }, t("password.withPasskeyHelp")) : null,
    ),
  );
}
