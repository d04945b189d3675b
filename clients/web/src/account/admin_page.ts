// The moderation page, at /admin (docs/moderation.md): the reports queue, each report with the
// room's chat as it was and a mute, a kick, a room's close or a dismissal in one step; what is in
// force, each lifted in one step (admin_in_force.ts); the players found by name, muted or banned
// (admin_players.ts); the rooms, each closed or reopened
// (admin_rooms.ts); the audit log and its export
// (admin_audit.ts); and the server's settings (its name, the message of the day every home page
// shows, sign-up, guests, refused words). Each
// part shows only with the power the server grants it (GET /api/admin/me); the server refuses
// the rest whatever this page shows. Usable on a phone: one column, native controls.

import { h, onPage } from "../ui/dom";
import type { AdminMe, AdminRoom, AdminSettings, InForce, Report, SignUp } from "./admin_api";
import { renderAudit, type AuditModel } from "./admin_audit";
import { renderInForce } from "./admin_in_force";
import { renderPlayers, type PlayersActions, type PlayersModel } from "./admin_players";
import { renderRooms, type RoomsActions } from "./admin_rooms";
import { t } from "./i18n";
import { answerState, screenHead } from "./loaded_screen";

export const ADMIN_PATH = "/admin";

export interface AdminModel {
  me: AdminMe | undefined;
  reports: Report[] | undefined;
  settings: AdminSettings | undefined;
  inForce: InForce[] | undefined;
  rooms: AdminRoom[] | undefined;
  players: PlayersModel;
  audit: AuditModel;
  /** Why the page could not be loaded: "" while it comes or once it came. */
  error: string;
  /** What the last action did (a status line), or why it was refused (an alert). */
  said: string;
  refused: string;
  busy: boolean;
}

export interface AdminActions extends RoomsActions, PlayersActions {
  reload(): void;
  back(): void;
  mute(report: Report, length: string): void;
  kick(report: Report): void;
  closeRoom(report: Report): void;
  dismiss(report: Report): void;
  lift(row: InForce): void;
  olderAudit(): void;
  exportAudit(): void;
  save(settings: AdminSettings): void;
}

export function emptyAdmin(): AdminModel {
  return {
    me: undefined,
    reports: undefined,
    settings: undefined,
    inForce: undefined,
    rooms: undefined,
    players: { query: "", found: undefined },
    audit: { entries: undefined, more: false },
    error: "",
    said: "",
    refused: "",
    busy: false,
  };
}

const LENGTHS = [
  ["1h", "admin.hour"],
  ["1d", "admin.day"],
  ["7d", "admin.week"],
] as const;

const SIGN_UPS: readonly (readonly [SignUp, "admin.signUpOpen" | "admin.signUpInvitation" | "admin.signUpClosed"])[] = [
  ["open", "admin.signUpOpen"],
  ["invitation", "admin.signUpInvitation"],
  ["closed", "admin.signUpClosed"],
];

export function renderAdmin(model: AdminModel, actions: AdminActions): HTMLElement {
  const powers = model.me?.powers ?? [];
  const reports = powers.includes("handle-reports");
  const settings = powers.includes("settings");
  const inForce = powers.includes("mute");
  const audit = powers.includes("read-audit");
  const rooms = powers.includes("close-room");
  return h(
    "div",
    { class: "screen account admin-page" },
    screenHead(t("admin.title"), actions.back),
    answerState("admin", model.me !== undefined, model.error, t("admin.loading"), actions.reload),
    h("p", { class: "notice", role: "status", id: "admin-said" }, model.said),
    h("p", { class: "form-error", role: "alert", id: "admin-refused" }, model.refused),
    model.me !== undefined && !reports && !settings ? h("p", { class: "empty", id: "admin-none" }, t("admin.none")) : null,
    reports ? renderReports(model, actions) : null,
    inForce ? renderPlayers(model.players, model.busy, actions) : null,
    inForce ? renderInForce(model.inForce, model.busy, actions.lift) : null,
    rooms ? renderRooms(model.rooms, model.busy, actions) : null,
    audit ? renderAudit(model.audit, model.busy, actions.olderAudit, actions.exportAudit) : null,
    settings && model.settings ? renderSettings(model.settings, model.busy, actions) : null,
  );
}

function renderReports(model: AdminModel, actions: AdminActions): HTMLElement {
  const list = model.reports;
  return h("section", { class: "card", "aria-labelledby": "admin-reports-heading", id: "admin-reports" },
    h("h3", { id: "admin-reports-heading" }, t("admin.reports")),
    list === undefined
      ? h("p", { class: "help" }, t("admin.loading"))
      : list.length === 0
        ? h("p", { class: "empty", id: "admin-no-reports" }, t("admin.noReports"))
        : h("ul", { class: "reports" }, list.map((r) => renderReport(r, model.me?.powers ?? [], model.busy, actions))),
  );
}

function renderReport(r: Report, powers: readonly string[], busy: boolean, actions: AdminActions): HTMLElement {
  const heading = `admin-report-${r.id}`;
  const select = h("select", { id: `admin-mute-for-${r.id}` },
    LENGTHS.map(([value, key]) => h("option", { value }, t(key))));
  return h("li", { class: "report", "data-report": r.id },
    h("article", { "aria-labelledby": heading },
      h("h4", { id: heading }, t("admin.reportOf", { reporter: r.reporter, target: r.target })),
      h("p", { class: "help" }, t("admin.room", { room: r.room }), " · ", new Date(r.createdAt * 1000).toLocaleString()),
      h("p", {}, h("strong", {}, t("admin.reason")), " ", r.reason),
      r.quote !== "" ? h("blockquote", { class: "quote" }, r.quote) : null,
      h("p", { class: "help" }, t("admin.chat")),
      r.chat.length === 0
        ? h("p", { class: "empty" }, t("admin.noChat"))
        : h("ol", { class: "chat-context" }, r.chat.map((l) =>
            h("li", { class: l.name === r.target ? "reported" : undefined }, h("strong", {}, l.name), ": ", l.text))),
      h("div", { class: "row actions" },
        h("label", { for: `admin-mute-for-${r.id}` }, t("admin.muteFor")),
        select,
        // Read from the page, not from this rendering's element: the page keeps its own nodes.
        h("button", { type: "button", id: `admin-mute-${r.id}`, disabled: busy, onclick: (e: Event) => actions.mute(r, onPage<HTMLSelectElement>(e, `admin-mute-for-${r.id}`)?.value ?? "1h") },
          t("admin.mute", { target: r.target })),
        h("button", { type: "button", class: "secondary", id: `admin-dismiss-${r.id}`, disabled: busy, onclick: () => actions.dismiss(r) },
          t("admin.dismiss")),
      ),
      powers.includes("kick") || powers.includes("close-room")
        ? h("div", { class: "row actions" },
            powers.includes("kick")
              ? h("button", { type: "button", class: "secondary", id: `admin-kick-${r.id}`, disabled: busy, onclick: () => actions.kick(r) },
                  t("admin.kick", { target: r.target }))
              : null,
            powers.includes("close-room")
              ? h("button", { type: "button", class: "secondary", id: `admin-close-${r.id}`, disabled: busy, onclick: () => actions.closeRoom(r) },
                  t("admin.closeRoom", { room: r.room }))
              : null)
        : null,
    ),
  );
}

function renderSettings(s: AdminSettings, busy: boolean, actions: AdminActions): HTMLElement {
  const field = (id: string, label: string, control: HTMLElement) =>
    h("div", { class: "field" }, h("label", { for: id }, label), control);
  const name = h("input", { id: "admin-name", type: "text", maxlength: 60, value: s.name });
  const motd = h("textarea", { id: "admin-motd", maxlength: 500, rows: 3 }, s.motd);
  const signUp = h("select", { id: "admin-sign-up" },
    SIGN_UPS.map(([value, key]) => h("option", { value, selected: value === s.signUp }, t(key))));
  const code = h("input", { id: "admin-invitation-code", type: "text", maxlength: 64, autocomplete: "off", value: s.invitationCode });
  const guests = h("input", { id: "admin-guests-play", type: "checkbox", checked: s.guestsPlay });
  const words = h("textarea", { id: "admin-refused-words", rows: 3 }, s.refusedWords.join(" "));
  return h("section", { class: "card", "aria-labelledby": "admin-settings-heading", id: "admin-settings" },
    h("h3", { id: "admin-settings-heading" }, t("admin.settings")),
    h("form", {
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        if (busy) return;
        // The values as the page shows them (its nodes outlive this rendering's).
        const value = (id: string) => onPage<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(e, id)?.value ?? "";
        actions.save({
          name: value("admin-name").trim(),
          motd: value("admin-motd").trim(),
          signUp: value("admin-sign-up") as SignUp,
          invitationCode: value("admin-invitation-code").trim(),
          guestsPlay: onPage<HTMLInputElement>(e, "admin-guests-play")?.checked ?? s.guestsPlay,
          refusedWords: value("admin-refused-words").split(/[\s,]+/).filter((w) => w !== ""),
        });
      },
    },
      field("admin-name", t("admin.name"), name),
      field("admin-motd", t("admin.motd"), motd),
      field("admin-sign-up", t("admin.signUp"), signUp),
      field("admin-invitation-code", t("admin.invitationCode"), code),
      h("div", { class: "field check" }, guests, h("label", { for: "admin-guests-play" }, t("admin.guestsPlay"))),
      field("admin-refused-words", t("admin.refusedWords"), words),
      h("button", { type: "submit", id: "admin-save", disabled: busy }, t("admin.save")),
    ),
  );
}
