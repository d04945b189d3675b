// The sign-in screen, and in its other mode the sign-up one: a name and a password (with the
// autocomplete a password manager needs to fill or to offer a new one), an error beside the
// field it concerns and one for the form, a busy button while the request runs, and the switch
// to the other mode; in the sign-in mode, where the browser has passkeys, signing in with one.
// A function of the model and the actions, as the page's other screens.

import { h, self } from "../ui/dom";
import type { Field } from "./account_api";
import { t } from "./i18n";

export type SignInMode = "sign-in" | "sign-up";

export interface SignInModel {
  mode: SignInMode;
  name: string;
  password: string;
  showPassword: boolean;
  /** The request on its way (true: the password's): its button says so and nothing more is sent. */
  busy: boolean | "passkey";
  /** This browser can sign in with a passkey here: the sign-in mode offers it. */
  passkeys: boolean;
  /** Why the form was refused, by field, and for the form as a whole. */
  errors: Partial<Record<Field | "form", string>>;
  /** The server's invitation code as typed; undefined until the server asks for one. */
  invitation?: string | undefined;
}

export interface SignInActions {
  submit(): void;
  passkey(): void;
  switchMode(): void;
  /** The forgotten-password screen. */
  forgot(): void;
  back(): void;
}

export const SIGN_IN_HEADING = "account-heading";

export function renderSignIn(model: SignInModel, actions: SignInActions): HTMLElement {
  const signUp = model.mode === "sign-up";
  return h(
    "div",
    { class: "screen account" },
    h("div", { class: "row account-head" },
      h("h2", { id: SIGN_IN_HEADING, tabindex: -1 }, t(signUp ? "signUp.title" : "signIn.title")),
      h("button", { type: "button", class: "secondary", id: "account-back", onclick: () => actions.back() }, t("account.back")),
    ),
    h(
      "form",
      {
        class: "card",
        "aria-labelledby": SIGN_IN_HEADING,
        "aria-describedby": "account-guest-note",
        novalidate: true,
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          if (!model.busy) actions.submit();
        },
      },
      h("p", { class: "help", id: "account-guest-note" }, t("account.guestNote")),
      field(model, "name", {
        type: "text",
        name: "username",
        autocomplete: "username",
        autocapitalize: "none",
        spellcheck: "false",
        // Longer than any name, so that a long one is said to be too long rather than cut.
        maxlength: 40,
        value: model.name,
        oninput: (e) => {
          model.name = self<HTMLInputElement>(e).value;
        },
      }, signUp ? t("signUp.nameHelp") : undefined),
      field(model, "password", {
        type: model.showPassword ? "text" : "password",
        name: "password",
        autocomplete: signUp ? "new-password" : "current-password",
        autocapitalize: "none",
        spellcheck: "false",
        // What a password manager reads to make a new password the server accepts.
        minlength: signUp ? 8 : undefined,
        maxlength: signUp ? 256 : undefined,
        value: model.password,
        oninput: (e) => {
          model.password = self<HTMLInputElement>(e).value;
        },
      }, signUp ? t("signUp.passwordHelp") : undefined),
      signUp && model.invitation !== undefined
        ? field(model, "invitation", {
            type: "text",
            name: "invitation",
            autocomplete: "off",
            autocapitalize: "none",
            spellcheck: "false",
            maxlength: 64,
            value: model.invitation,
            oninput: (e) => {
              model.invitation = self<HTMLInputElement>(e).value;
            },
          }, t("signUp.invitationHelp"))
        : null,
      h("div", { class: "field check" },
        h("input", {
          id: "account-show-password",
          type: "checkbox",
          checked: model.showPassword,
          "aria-controls": "account-password",
          onchange: (e) => {
            model.showPassword = self<HTMLInputElement>(e).checked;
            const password = self<HTMLInputElement>(e).form?.querySelector<HTMLInputElement>("#account-password");
            if (password) password.type = model.showPassword ? "text" : "password";
          },
        }),
        h("label", { for: "account-show-password" }, t("account.showPassword")),
      ),
      signUp
        ? null
        : h("p", { class: "help" },
            h("button", { type: "button", class: "secondary", id: "account-forgot", onclick: () => actions.forgot() }, t("signIn.forgot")),
          ),
      h("p", { class: "form-error", role: "alert", id: "account-form-error" }, model.errors.form ?? ""),
      h("button", {
        type: "submit",
        class: "primary",
        id: "account-submit",
        disabled: model.busy !== false,
        "aria-busy": model.busy === true ? "true" : undefined,
      }, t(model.busy === true ? (signUp ? "signUp.busy" : "signIn.busy") : signUp ? "signUp.submit" : "signIn.submit")),
    ),
    !signUp && model.passkeys
      ? h("div", { class: "card passkey-sign-in" },
          h("p", { id: "passkey-sign-in-note" }, t("signIn.or")),
          h("button", {
            type: "button",
            id: "passkey-sign-in",
            "aria-describedby": "passkey-sign-in-note",
            disabled: model.busy !== false,
            "aria-busy": model.busy === "passkey" ? "true" : undefined,
            onclick: () => actions.passkey(),
          }, t(model.busy === "passkey" ? "signIn.passkeyBusy" : "signIn.passkey")),
        )
      : null,
    h("p", { class: "card account-switch" },
      t(signUp ? "signUp.haveAccount" : "signIn.noAccount"),
      " ",
      h("button", { type: "button", id: "account-mode", onclick: () => actions.switchMode() }, t(signUp ? "signIn.title" : "signUp.title")),
    ),
  );
}

/** A labelled text box with its error (beside it, named by aria-describedby) and its help. */
function field(model: SignInModel, name: Field, attrs: Parameters<typeof h>[1], help: string | undefined): HTMLElement {
  const id = `account-${name}`;
  const error = model.errors[name];
  const described = [error !== undefined ? `${id}-error` : "", help !== undefined ? `${id}-help` : ""].filter((s) => s !== "").join(" ");
  return h("div", { class: "field" },
    h("label", { for: id }, t(name === "name" ? "account.name" : name === "invitation" ? "account.invitation" : "account.password")),
    h("input", { ...attrs, id, "aria-invalid": error !== undefined ? "true" : undefined, "aria-describedby": described || undefined }),
    h("p", { class: "form-error", id: `${id}-error` }, error ?? ""),
    help !== undefined ? h("p", { class: "help", id: `${id}-help` }, help) : null,
  );
}
