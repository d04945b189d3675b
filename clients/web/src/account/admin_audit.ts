// The moderation page's audit log (docs/moderation.md, "The audit log"): an admin reads who did
// what to whom, when and why, newest first, a page at a time, and exports the whole log as JSON
// lines (the command line's `admin audit` form), fetched page by page.

import { h } from "../ui/dom";
import type { AuditEntry } from "./admin_api";
import { t } from "./i18n";

export interface AuditModel {
  entries: AuditEntry[] | undefined;
  /** Whether older entries may follow the last one shown. */
  more: boolean;
}

export function renderAudit(model: AuditModel, busy: boolean, older: () => void, exportLog: () => void): HTMLElement {
  const entries = model.entries;
  return h("section", { class: "card", "aria-labelledby": "admin-audit-heading", id: "admin-audit" },
    h("h3", { id: "admin-audit-heading" }, t("admin.audit")),
    entries === undefined
      ? h("p", { class: "help" }, t("admin.loading"))
      : entries.length === 0
        ? h("p", { class: "empty" }, t("admin.noAudit"))
        : h("ol", { class: "audit" }, entries.map((e) =>
            h("li", { "data-entry": e.id },
              h("p", {}, h("strong", {}, e.actor), " ", e.action, " ", e.target, e.detail !== "" ? ` (${e.detail})` : ""),
              h("p", { class: "help" }, new Date(e.at * 1000).toLocaleString(), e.reason !== "" ? ` · ${e.reason}` : "")))),
    h("div", { class: "row actions" },
      model.more ? h("button", { type: "button", class: "secondary", id: "admin-audit-older", disabled: busy, onclick: older }, t("admin.older")) : null,
      h("button", { type: "button", class: "secondary", id: "admin-audit-export", disabled: busy, onclick: exportLog }, t("admin.export")),
    ),
  );
}
