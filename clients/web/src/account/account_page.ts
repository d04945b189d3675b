// The account page: the name (a link to the player's profile), "Sign out", the player's games,
// their friends and who may invite them (social_card.ts), where the account is signed in: each
// session's device, when it began and when it was last seen (in words), "This device" for this
// browser's own, a button to end each other one and one to end them all; the passkeys, the
// password's change (password_card.ts); notifications on this device (push_card.ts), which
// notices the account gets and its quiet hours (notices_card.ts), the e-mail address and its
// daily digest (email_card.ts); then the data to download and the account's deletion.
import { h } from "../ui/dom";
import type { AccountSession, Me } from "./account_api";
import { renderDataDownload, renderDelete, type DeleteModel } from "./account_data";
import { renderEmailCard, type EmailBusy, type EmailCardActions, type EmailModel } from "./email_card";
import { pageLink, profilePath, type GameRowActions } from "./game_rows";
import { t } from "./i18n";
import { renderMyGames, type MyGamesModel } from "./my_games";
import { renderNoticesCard, type NoticesBusy, type NoticesCardActions, type NoticesModel } from "./notices_card";
import { renderPasskeys, type PasskeyActions, type PasskeysModel } from "./passkey_list";
import { renderPasswordCard, type PasswordBusy, type PasswordCardActions, type PasswordModel } from "./password_card";
import { PUSH_BUSY, renderPushCard, type PushCardActions, type PushModel } from "./push_card";
import { dayWords, timeAgo } from "./time_words";

export interface AccountPageModel {
  /** GET /api/me's answer; undefined until it comes. */
  me: Me | undefined;
  /** undefined while on their way or refused. */
  sessions: AccountSession[] | undefined;
  /** Why the page could not be had. */
  loadError: string | undefined;
  /** What runs: signing out, ending every session or the session of that id, a passkey's
   * addition or removal, the deletion, notifications turned on or off, the notices and e-mail
   * cards' requests, a password change. */
  busy:
    | "sign-out" | "end-all" | "delete" | "passkey-add" | `passkey:${string}` | typeof PUSH_BUSY | NoticesBusy | EmailBusy | PasswordBusy | number | undefined;
  /** An action's refusal. */
  error: string | undefined;
  /** What the last action did ("The session on ... has ended."). */
  notice: string | undefined;
  passkeys: PasskeysModel;
  password: PasswordModel;
  push: PushModel;
  notices: NoticesModel;
  email: EmailModel;
  games: MyGamesModel;
  deletion: DeleteModel;
}

export interface AccountPageActions
  extends GameRowActions, PasskeyActions, PasswordCardActions, PushCardActions, NoticesCardActions, EmailCardActions {
  signOut(): void;
  deleteAccount(): void;
  endSession(session: AccountSession): void;
  endAll(): void;
  reload(): void;
  back(): void;
}

export const ACCOUNT_HEADING = "account-heading";
export const SESSIONS_HEADING = "sessions-heading";

export function deviceLabel(session: AccountSession): string {
  return session.label.trim() || t("sessions.unknownDevice");
}

/** `social`: the "Friends" card (social_card.ts). */
export function renderAccountPage(model: AccountPageModel, nowMs: number, actions: AccountPageActions, social: HTMLElement | null = null): HTMLElement {
  const busy = model.busy !== undefined;
  const me = model.me;
  return h(
    "div",
    { class: "screen account" },
    h("div", { class: "row account-head" },
      h("h2", { id: ACCOUNT_HEADING, tabindex: -1 }, t("account.title")),
      h("button", { type: "button", class: "secondary", id: "account-back", onclick: () => actions.back() }, t("account.back")),
    ),
    h("section", { class: "card", "aria-labelledby": ACCOUNT_HEADING },
      me
        ? [
            h("p", { class: "account-name" }, t("account.signedInAs", { name: me.name })),
            h("p", {}, pageLink(profilePath(me.name), actions.open, { class: "button-link", id: "account-profile" }, t("profile.yours"))),
            h("p", { class: "help" }, t("account.created", { date: dayWords(me.createdAt) })),
          ]
        : null,
      h("p", { class: "form-error", role: "alert", id: "account-error" }, model.error ?? ""),
      h("button", {
        type: "button",
        id: "sign-out",
        disabled: busy,
        "aria-busy": model.busy === "sign-out" ? "true" : undefined,
        onclick: () => actions.signOut(),
      }, t(model.busy === "sign-out" ? "account.signingOut" : "account.signOut")),
    ),
    renderMyGames(model.games, me?.name, nowMs, actions),
    social,
    h("section", { class: "card", "aria-labelledby": SESSIONS_HEADING },
      h("h3", { id: SESSIONS_HEADING, tabindex: -1 }, t("sessions.title")),
      h("p", { class: "help" }, t("sessions.help")),
      h("p", { class: "notice", role: "status", id: "sessions-status" },
        model.sessions === undefined && model.loadError === undefined ? t("sessions.loading") : (model.notice ?? ""),
      ),
      model.loadError !== undefined
        ? [
            h("p", { class: "form-error", role: "alert" }, model.loadError),
            h("button", { type: "button", id: "sessions-retry", onclick: () => actions.reload() }, t("sessions.retry")),
          ]
        : null,
      model.sessions ? renderSessions(model, nowMs, actions) : null,
    ),
    renderPasskeys(model.passkeys, model.busy, nowMs, actions),
    // With a passkey of the account, the change may be confirmed with it instead.
    me ? renderPasswordCard(model.password, model.busy, model.passkeys.supported && (model.passkeys.list?.length ?? 0) > 0, actions) : null,
    renderPushCard(model.push, model.busy, actions),
    renderNoticesCard(model.notices, model.busy, actions),
    renderEmailCard(model.email, model.busy, actions),
    me ? [renderDataDownload(), renderDelete(model.deletion, me.name, model.busy, () => actions.deleteAccount())] : null,
  );
}

function renderSessions(model: AccountPageModel, nowMs: number, actions: AccountPageActions): HTMLElement[] {
  const sessions = model.sessions ?? [];
  // This device first: the one the player knows, then the others, the latest seen first.
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
  const busy = model.busy !== undefined;
  return [
    h("ul", { class: "sessions" },
      ordered.map((s) => {
        const id = `session-${s.id}`;
        return h("li", { class: "session", "data-session": s.id, "data-current": s.current ? "" : undefined },
          h("div", { class: "session-text" },
            h("strong", { id: `${id}-label` }, deviceLabel(s)),
            s.current ? h("span", { class: "badge this-device" }, t("sessions.thisDevice")) : null,
            h("span", { class: "help", id: `${id}-times` },
              t("sessions.times", { signedIn: timeAgo(s.createdAt, nowMs), seen: timeAgo(s.lastSeenAt, nowMs) }),
            ),
          ),
          // This browser's own session ends with "Sign out".
          s.current
            ? null
            : h("button", {
                type: "button",
                class: "danger",
                id: `${id}-end`,
                // Which one: the device and its times, read after the button's own words.
                "aria-labelledby": `${id}-end ${id}-label ${id}-times`,
                disabled: busy,
                "aria-busy": model.busy === s.id ? "true" : undefined,
                onclick: () => actions.endSession(s),
              }, t(model.busy === s.id ? "sessions.ending" : "sessions.end")),
        );
      }),
    ),
    h("div", { class: "field" },
      h("button", {
        type: "button",
        class: "danger",
        id: "sessions-end-all",
        "aria-describedby": "sessions-end-all-help",
        disabled: busy,
        "aria-busy": model.busy === "end-all" ? "true" : undefined,
        onclick: () => actions.endAll(),
      }, t("sessions.endAll")),
      h("p", { class: "help", id: "sessions-end-all-help" }, t("sessions.endAllHelp")),
    ),
  ];
}
