// What the account page's "Password" card asks of the server: a change with the current password
// (POST /api/me/password), or with a passkey of the account in its place (the browser's prompt on
// a sign-in challenge, then POST /api/passkeys/password). The new password is checked here first
// (its length), so that no passkey prompt or metered try is spent on one the server would refuse.
// Either change ends every other session (the list is asked for again); this browser's goes on.
// The passwords are kept only while typed: cleared once changed, never logged.

import { isJson, type AccountApi, type Answer, type Json, type Refusal } from "./account_api";
import type { AccountPageModel } from "./account_page";
import { charLength } from "../ui/form";
import { t } from "./i18n";
import { PASSKEY_FAILURES, type PasskeyHost } from "./passkey_actions";
import { PASSWORD_BUSY, PASSWORD_CURRENT, PASSWORD_HEADING, PASSWORD_NEXT, PASSWORD_PASSKEY, PASSWORD_SUBMIT, type PasswordModel } from "./password_card";
import { waitText } from "./refusal_words";
import { sessionLost } from "./session_lost";
import { browserCredentials, requestOptions, usePasskey } from "./webauthn";

/** A password's length in characters, as the server counts them. */
export const PASSWORD_LENGTH = { min: 8, max: 256 };

const readName = (json: unknown): string | undefined => (isJson(json) && typeof json.name === "string" ? json.name : undefined);

/** POST /api/me/password: 200 {"name"}, every other session ended. */
export function changePassword(api: AccountApi, oldPassword: string, newPassword: string): Promise<Answer<string>> {
  return api.send("POST", "/api/me/password", readName, { old_password: oldPassword, new_password: newPassword });
}

/** POST /api/passkeys/password: a passkey's assertion in place of the old password. */
export function changePasswordWithPasskey(api: AccountApi, assertion: Json, newPassword: string): Promise<Answer<string>> {
  return api.send("POST", "/api/passkeys/password", readName, { ...assertion, new_password: newPassword });
}

export class PasswordActions {
  constructor(
    private readonly page: AccountPageModel,
    private readonly host: PasskeyHost,
  ) {}

  async change(): Promise<void> {
    const model = this.page.password;
    const errors: PasswordModel["errors"] = {};
    if (model.current === "") errors.current = t("password.currentMissing");
    const next = this.nextError();
    if (next) errors.next = next;
    if (errors.current || errors.next) return this.finish({ errors }, errors.current ? PASSWORD_CURRENT : PASSWORD_NEXT);
    const api = this.host.api();
    if (!api) return this.finish({ error: t("account.offline") }, PASSWORD_SUBMIT);
    this.busy(PASSWORD_BUSY.change);
    const answer = await changePassword(api, model.current, model.next);
    if (answer.ok) return this.changed(api);
    const refusal = answer.refusal;
    // The wrong current password is a 401 of its own: the session stands.
    if (refusal.status === 401 && refusal.field === "old_password") {
      return this.finish({ errors: { current: t("password.currentWrong") } }, PASSWORD_CURRENT);
    }
    this.refused(refusal, PASSWORD_SUBMIT);
  }

  async changeWithPasskey(): Promise<void> {
    const next = this.nextError();
    if (next) return this.finish({ errors: { next } }, PASSWORD_NEXT);
    const api = this.host.api();
    const credentials = browserCredentials();
    if (!api || !credentials) return this.finish({ error: t(api ? "passkeys.unsupported" : "account.offline") }, PASSWORD_PASSKEY);
    this.busy(PASSWORD_BUSY.passkey);
    const options = await api.passkeySignInOptions();
    const publicKey = options.ok ? requestOptions(options.value) : undefined;
    if (!options.ok || !publicKey) return this.refused(options.ok ? { status: 200, error: "" } : options.refusal, PASSWORD_PASSKEY);
    const used = await usePasskey(credentials, publicKey);
    if (!used.ok) return this.finish({ error: t(PASSKEY_FAILURES[used.failure]) }, PASSWORD_PASSKEY);
    const answer = await changePasswordWithPasskey(api, { ...used.value }, this.page.password.next);
    if (answer.ok) return this.changed(api);
    this.refused(answer.refusal, PASSWORD_PASSKEY);
  }

  private nextError(): string | undefined {
    const length = charLength(this.page.password.next);
    return length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max ? t("signUp.passwordLength") : undefined;
  }

  /** Changed: the fields cleared, and the sessions listed again (only this one is left). */
  private async changed(api: AccountApi): Promise<void> {
    const model = this.page.password;
    model.current = "";
    model.next = "";
    const sessions = await api.sessions();
    if (sessions.ok) this.page.sessions = sessions.value;
    this.finish({ notice: t("password.changed") }, PASSWORD_HEADING);
  }

  private busy(busy: AccountPageModel["busy"]): void {
    const model = this.page.password;
    this.page.busy = busy;
    model.errors = {};
    model.notice = "";
    model.error = "";
    this.host.changed();
  }

  private refused(refusal: Refusal, focus: string): void {
    // A passkey the server refuses is a 401 of its own: the session stands.
    if (!refusal.error.startsWith("passkey refused") && sessionLost(refusal, this.page, this.host)) return;
    if (refusal.status === 400 && refusal.field === "new_password") {
      return this.finish({ errors: { next: t("signUp.passwordRefused") } }, PASSWORD_NEXT);
    }
    // Both changes are metered as sign-ins are (per account and address).
    if (refusal.status === 429) return this.finish({ error: t("signIn.tooMany", { when: waitText(refusal) }) }, focus);
    this.finish({ error: this.host.refusalText(refusal) }, focus);
  }

  /** The action over: its news or its errors said, and the focus where it leads. */
  private finish(news: Partial<Pick<PasswordModel, "errors" | "notice" | "error">>, focus: string): void {
    const model = this.page.password;
    this.page.busy = undefined;
    model.errors = news.errors ?? {};
    model.notice = news.notice ?? "";
    model.error = news.error ?? "";
    this.host.changed();
    this.host.focus(focus);
  }
}
