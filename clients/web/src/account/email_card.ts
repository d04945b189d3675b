// The account page's "E-mail" card: the player's address and whether it is confirmed, a form to
// give or change it (a confirmation link is mailed to it), the daily digest's checkbox (off until
// the address is confirmed), a button to remove it, what the last action (or the confirmation
// link) did and why it failed. Nothing here asks the server (email_actions.ts does).
//
// No card until the server has answered, nor on a server that sends no mail and knows no address
// of the player's: mail is off by default, and a card that shows "loading" only to vanish on most
// servers would move the page under the player's finger.

import { h, self } from "../ui/dom";
import { MAX_ADDRESS_CHARS, type EmailState } from "./email_api";
import { t } from "./i18n";

export interface EmailModel {
  /** GET /api/me/email's answer; undefined until it comes, or when it was refused. */
  state: EmailState | undefined;
  /** The address in the form: the current one once loaded, then as typed. */
  input: string;
  /** Why the server refused the typed address (its own words); "" when it did not. */
  inputError: string;
  /** What the last action or the confirmation link did; "" for nothing. */
  notice: string;
  /** Why the last action, the confirmation or the card's load failed; "" when none did. */
  error: string;
}

export interface EmailCardActions {
  sendAddress(): void;
  setDigest(on: boolean): void;
  removeAddress(): void;
}

export const EMAIL_HEADING = "email-heading";
export const EMAIL_INPUT = "email-address-input";
export const EMAIL_SEND = "email-send";
export const EMAIL_DIGEST = "email-digest";
export const EMAIL_REMOVE = "email-remove";

/** The account page's `busy` while the card's requests run. */
export const EMAIL_BUSY = { send: "email-send", digest: "email-digest", remove: "email-remove" } as const;
export type EmailBusy = (typeof EMAIL_BUSY)[keyof typeof EMAIL_BUSY];

export function emptyEmail(): EmailModel {
  return { state: undefined, input: "", inputError: "", notice: "", error: "" };
}

/** `busy`: the account page's action under way, if any (every button is off meanwhile); null
 * when the card has nothing to show. */
export function renderEmailCard(model: EmailModel, busy: unknown, actions: EmailCardActions): HTMLElement | null {
  const state = model.state;
  // A server without mail keeps the card for an address it knows, so that it can be removed; the
  // outcome of a confirmation link shows whatever the state.
  const shown = (state !== undefined && (state.sending || state.address !== null)) || model.notice !== "" || model.error !== "";
  if (!shown) return null;
  const hasAddress = state !== undefined && state.address !== null;
  return h("section", { class: "card email", "aria-labelledby": EMAIL_HEADING },
    h("h3", { id: EMAIL_HEADING, tabindex: -1 }, t("email.title")),
    h("p", { class: "help" }, t("email.help")),
    state ? h("p", { class: "email-address", id: "email-address" }, addressWords(state)) : null,
    state && !state.sending ? h("p", { class: "help", id: "email-off" }, t("email.off")) : null,
    h("p", { class: "notice", role: "status", id: "email-status" }, model.notice),
    h("p", { class: "form-error", role: "alert", id: "email-error" }, model.error),
    state?.sending ? addressForm(model, busy, actions) : null,
    // The digest means nothing on a server that sends no mail.
    hasAddress && state.sending ? digestBox(state, busy, actions) : null,
    hasAddress
      ? h("div", { class: "field" },
          h("button", {
            type: "button",
            class: "danger",
            id: EMAIL_REMOVE,
            disabled: busy !== undefined,
            "aria-busy": busy === EMAIL_BUSY.remove ? "true" : undefined,
            onclick: () => actions.removeAddress(),
          }, t(busy === EMAIL_BUSY.remove ? "email.removing" : "email.remove")),
        )
      : null,
  );
}

function addressWords(state: EmailState): string {
  if (state.address === null) return t("email.none");
  return t(state.verified ? "email.verified" : "email.unverified", { address: state.address });
}

function addressForm(model: EmailModel, busy: unknown, actions: EmailCardActions): HTMLElement {
  const invalid = model.inputError !== "";
  const sending = busy === EMAIL_BUSY.send;
  return h("form", {
    class: "email-form",
    "aria-labelledby": EMAIL_HEADING,
    // The server's words on a bad address, beside the field, rather than the browser's bubble.
    novalidate: true,
    onsubmit: (e: Event) => {
      e.preventDefault();
      if (busy === undefined) actions.sendAddress();
    },
  },
    h("div", { class: "field" },
      h("label", { for: EMAIL_INPUT }, t("email.label")),
      h("input", {
        id: EMAIL_INPUT,
        type: "email",
        autocomplete: "email",
        inputmode: "email",
        autocapitalize: "none",
        spellcheck: "false",
        maxlength: MAX_ADDRESS_CHARS,
        value: model.input,
        "aria-invalid": invalid ? "true" : undefined,
        "aria-describedby": invalid ? `${EMAIL_INPUT}-error` : undefined,
        oninput: (e) => {
          model.input = self<HTMLInputElement>(e).value;
        },
      }),
      h("p", { class: "form-error", id: `${EMAIL_INPUT}-error` }, model.inputError),
    ),
    h("button", {
      type: "submit",
      id: EMAIL_SEND,
      disabled: busy !== undefined,
      "aria-busy": sending ? "true" : undefined,
    }, t(sending ? "email.sending" : "email.send")),
  );
}

function digestBox(state: EmailState, busy: unknown, actions: EmailCardActions): HTMLElement {
  return h("div", { class: "field check" },
    h("input", {
      type: "checkbox",
      id: EMAIL_DIGEST,
      checked: state.digest,
      // The digest goes only to a confirmed address (the server's sweep skips the others).
      disabled: !state.verified || busy !== undefined,
      "aria-busy": busy === EMAIL_BUSY.digest ? "true" : undefined,
      "aria-describedby": state.verified ? undefined : "email-digest-help",
      onchange: (e) => actions.setDigest(self<HTMLInputElement>(e).checked),
    }),
    h("label", { for: EMAIL_DIGEST }, t("email.digest")),
    state.verified ? null : h("p", { class: "help", id: "email-digest-help" }, t("email.digestLater")),
  );
}
