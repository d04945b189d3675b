// A forgotten password (docs/protocol.md, "Passwords"): the screen that asks for a link by the
// account's name (/forgot-password, from the sign-in form), and the one the mailed link opens
// (/account?reset-token=TOKEN) to choose the new password. The server answers a request alike
// whatever the name, so the screen says what may happen, never whether the name exists.
//
// The link's token is a credential: taken out of the address bar at once (a reload or a shared
// address must not carry it), held only until the new password is posted, never shown or logged.

import { h, self } from "../ui/dom";
import { charLength } from "../ui/form";
import { getLanguage } from "../i18n";
import { isJson, type AccountApi, type Answer, type Field, type Refusal } from "./account_api";
import { t } from "./i18n";
import { refusalText, waitText } from "./refusal_words";

export const FORGOT_PATH = "/forgot-password";
/** The mailed link's query parameter, as the server writes it (accounts/password_reset.h). */
export const RESET_PARAM = "reset-token";
export const RESET_HEADING = "reset-heading";

export interface ResetModel {
  /** "ask": the name, for a link; "choose": the new password, with the link's token. */
  mode: "ask" | "choose";
  name: string;
  password: string;
  showPassword: boolean;
  busy: boolean;
  /** What the server did, in words (a link asked for). */
  notice: string;
  errors: Partial<Record<Field | "form", string>>;
}

export const emptyReset = (mode: ResetModel["mode"]): ResetModel => ({
  mode,
  name: "",
  password: "",
  showPassword: false,
  busy: false,
  notice: "",
  errors: {},
});

/** POST /api/password-reset: 202 whatever the name. */
export function askReset(api: AccountApi, name: string): Promise<Answer<true>> {
  return api.send("POST", "/api/password-reset", (json) => (isJson(json) && json.requested === true ? true : undefined), { name, lang: getLanguage() });
}

/** POST /api/password-reset/complete: 200 {"name"} and the cookie of a new session. */
export function completeReset(api: AccountApi, token: string, password: string): Promise<Answer<string>> {
  return api.send("POST", "/api/password-reset/complete", (json) => (isJson(json) && typeof json.name === "string" ? json.name : undefined), { token, password });
}

/** What the screen says for a refusal. */
export function resetRefusal(refusal: Refusal, mode: ResetModel["mode"]): ResetModel["errors"] {
  if (refusal.status === 503 && mode === "ask" && refusal.retryAfter === undefined) return { form: t("reset.noMail") };
  if (refusal.status === 429) return { form: t("reset.tooMany", { when: waitText(refusal) }) };
  if (refusal.status === 400 && refusal.field === "token") return { form: t("reset.badLink") };
  if (refusal.status === 400 && refusal.field === "password") return { password: t("signUp.passwordRefused") };
  return { form: refusalText(refusal) };
}

export interface ResetActions {
  submit(): void;
  /** From the choose mode: a link that was no good, ask for another. */
  askAgain(): void;
  back(): void;
}

export function renderReset(model: ResetModel, actions: ResetActions): HTMLElement {
  const ask = model.mode === "ask";
  const error = (name: Field) => model.errors[name];
  const input = (name: "name" | "password") =>
    h("div", { class: "field" },
      h("label", { for: `reset-${name}` }, t(ask ? "account.name" : "reset.newPassword")),
      h("input", {
        id: `reset-${name}`,
        type: ask || model.showPassword ? "text" : "password",
        name: ask ? "username" : "new-password",
        autocomplete: ask ? "username" : "new-password",
        autocapitalize: "none",
        spellcheck: "false",
        minlength: ask ? undefined : 8,
        maxlength: ask ? 40 : 256,
        value: ask ? model.name : model.password,
        "aria-invalid": error(name) !== undefined ? "true" : undefined,
        "aria-describedby": `reset-${name}-error reset-help`,
        oninput: (e: Event) => {
          if (ask) model.name = self<HTMLInputElement>(e).value;
          else model.password = self<HTMLInputElement>(e).value;
        },
      }),
      h("p", { class: "form-error", id: `reset-${name}-error` }, error(name) ?? ""),
    );
  return h("div", { class: "screen account" },
    h("div", { class: "row account-head" },
      h("h2", { id: RESET_HEADING, tabindex: -1 }, t(ask ? "reset.askTitle" : "reset.chooseTitle")),
      h("button", { type: "button", class: "secondary", id: "reset-back", onclick: () => actions.back() }, t("account.back")),
    ),
    h("form", {
      class: "card",
      "aria-labelledby": RESET_HEADING,
      novalidate: true,
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        if (!model.busy) actions.submit();
      },
    },
      h("p", { class: "help", id: "reset-help" }, t(ask ? "reset.askHelp" : "reset.chooseHelp")),
      input(ask ? "name" : "password"),
      ask
        ? null
        : h("div", { class: "field check" },
            h("input", {
              id: "reset-show-password",
              type: "checkbox",
              checked: model.showPassword,
              "aria-controls": "reset-password",
              onchange: (e: Event) => {
                model.showPassword = self<HTMLInputElement>(e).checked;
                const password = self<HTMLInputElement>(e).form?.querySelector<HTMLInputElement>("#reset-password");
                if (password) password.type = model.showPassword ? "text" : "password";
              },
            }),
            h("label", { for: "reset-show-password" }, t("account.showPassword")),
          ),
      h("p", { class: "notice", role: "status", id: "reset-notice" }, model.notice),
      h("p", { class: "form-error", role: "alert", id: "reset-form-error" }, model.errors.form ?? ""),
      h("button", {
        type: "submit",
        class: "primary",
        id: "reset-submit",
        disabled: model.busy,
        "aria-busy": model.busy ? "true" : undefined,
      }, t(model.busy ? "reset.busy" : ask ? "reset.askSubmit" : "reset.chooseSubmit")),
    ),
    !ask && model.errors.form === t("reset.badLink")
      ? h("p", { class: "card" }, h("button", { type: "button", id: "reset-ask-again", onclick: () => actions.askAgain() }, t("reset.askAgain")))
      : null,
  );
}

/** Why the form cannot be sent as typed. */
export function resetFormErrors(model: ResetModel): ResetModel["errors"] {
  if (model.mode === "ask") return model.name.trim() === "" ? { name: t("signIn.nameMissing") } : {};
  const length = charLength(model.password);
  return length < 8 || length > 256 ? { password: t("signUp.passwordLength") } : {};
}
