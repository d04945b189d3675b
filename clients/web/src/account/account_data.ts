// The account page's last parts: the player's data to download (GET /api/me/export, a file the
// server names) and the account's deletion, which asks the player to type the account's name
// first: a button alone is too easy to press by mistake for what cannot be undone.

import { h, self } from "../ui/dom";
import { t } from "./i18n";

export interface DeleteModel {
  /** The name typed to confirm. */
  name: string;
  /** Why the deletion was refused; "" when it was not. */
  error: string;
}

export const DELETE_HEADING = "delete-heading";

export function renderDataDownload(): HTMLElement {
  return h("section", { class: "card", "aria-labelledby": "data-heading" },
    h("h3", { id: "data-heading" }, t("data.title")),
    h("p", { class: "help", id: "data-help" }, t("data.help")),
    // An attachment: the browser saves it and the page stays.
    h("a", { class: "button-link", id: "data-download", href: "/api/me/export", download: "", "aria-describedby": "data-help" }, t("data.download")),
  );
}

export function renderDelete(model: DeleteModel, accountName: string, busy: unknown, submit: () => void): HTMLElement {
  const invalid = model.error !== "";
  return h("section", { class: "card danger-zone", "aria-labelledby": DELETE_HEADING },
    h("h3", { id: DELETE_HEADING }, t("delete.title")),
    h("p", { id: "delete-help" }, t("delete.help")),
    h("form", {
      "aria-labelledby": DELETE_HEADING,
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        if (busy === undefined) submit();
      },
    },
      h("div", { class: "field" },
        h("label", { for: "delete-name" }, t("delete.confirm", { name: accountName })),
        h("input", {
          id: "delete-name",
          type: "text",
          autocomplete: "off",
          autocapitalize: "none",
          spellcheck: "false",
          value: model.name,
          "aria-invalid": invalid ? "true" : undefined,
          "aria-describedby": invalid ? "delete-name-error delete-help" : "delete-help",
          oninput: (e) => {
            model.name = self<HTMLInputElement>(e).value;
          },
        }),
        h("p", { class: "form-error", id: "delete-name-error" }, model.error),
      ),
      h("button", {
        type: "submit",
        class: "danger",
        id: "delete-account",
        disabled: busy !== undefined,
        "aria-busy": busy === "delete" ? "true" : undefined,
      }, t(busy === "delete" ? "delete.busy" : "delete.submit")),
    ),
  );
}
