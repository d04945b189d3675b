// The moderation page's card of what is in force (docs/moderation.md): mutes and bans, kicks and
// closed rooms, and, for an admin, address bans; each with who made it, why, until when, and
// the button that lifts it. The server refuses a lifting the role may not make.

import { h } from "../ui/dom";
import type { InForce } from "./admin_api";
import { t, type AccountMessageKey } from "./i18n";

const KIND_WORDS: Record<InForce["kind"], AccountMessageKey> = {
  mute: "admin.kindMute",
  ban: "admin.kindBan",
  kick: "admin.kindKick",
  close: "admin.kindClose",
  address: "admin.kindAddress",
};

function when(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString();
}

export function renderInForce(rows: readonly InForce[] | undefined, busy: boolean, lift: (row: InForce) => void): HTMLElement {
  return h("section", { class: "card", "aria-labelledby": "admin-in-force-heading", id: "admin-in-force" },
    h("h3", { id: "admin-in-force-heading" }, t("admin.inForce")),
    rows === undefined
      ? h("p", { class: "help" }, t("admin.loading"))
      : rows.length === 0
        ? h("p", { class: "empty", id: "admin-nothing-in-force" }, t("admin.nothingInForce"))
        : h("ul", { class: "in-force" }, rows.map((row, i) =>
            h("li", { "data-kind": row.kind },
              h("p", {}, h("strong", {}, t(KIND_WORDS[row.kind])), " ", row.on),
              h("p", { class: "help" },
                t("admin.madeBy", { by: row.by, at: when(row.createdAt) }), " · ",
                row.endsAt === null ? t("admin.untilLifted") : t("admin.until", { at: when(row.endsAt) })),
              h("p", {}, row.reason),
              h("button", { type: "button", class: "secondary", id: `admin-lift-${i}`, disabled: busy, onclick: () => lift(row) },
                t("admin.lift", { what: t(KIND_WORDS[row.kind]), on: row.on })),
            ))),
  );
}
