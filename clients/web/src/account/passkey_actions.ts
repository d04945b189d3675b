// What the passkey buttons ask of the server and the browser: the account page's list, adding a
// passkey (the server's options, the browser's prompt, the new passkey sent back) and removing
// one, and signing in with one. The server's refusal is shown in its own words ("passkey
// refused: ..."); the browser's, in a sentence of ours (webauthn.ts says which).

import type { AccountApi, Passkey, Refusal } from "./account_api";
import type { AccountPageModel } from "./account_page";
import { t } from "./i18n";
import { PASSKEYS_HEADING, passkeyBusy, passkeyLabel } from "./passkey_list";
import { sessionLost, type SessionHost } from "./session_lost";
import { browserCredentials, createPasskey, creationOptions, requestOptions, usePasskey, type PasskeyFailure } from "./webauthn";

export interface PasskeyHost extends SessionHost {
  api(): AccountApi | undefined;
  changed(): void;
  refusalText(refusal: Refusal): string;
  focus(id: string): void;
}

/** Why the browser gave no passkey, in words (the password card's change uses them too). */
export const PASSKEY_FAILURES: Record<PasskeyFailure, "passkeys.cancelled" | "passkeys.known" | "passkeys.unsupported" | "passkeys.failed"> = {
  cancelled: "passkeys.cancelled",
  known: "passkeys.known",
  unsupported: "passkeys.unsupported",
  failed: "passkeys.failed",
};

export class PasskeyActions {
  constructor(
    private readonly page: AccountPageModel,
    private readonly host: PasskeyHost,
  ) {}

  /** Asks for the account's passkeys; `current`: whether the page still wants the answer. */
  load(api: AccountApi, current: () => boolean): void {
    void api.passkeys().then((answer) => {
      if (!current()) return;
      this.page.passkeys.list = answer.ok ? answer.value : undefined;
      // A 401 is answered by the page's own load (GET /api/me).
      this.page.passkeys.error = answer.ok ? "" : this.host.refusalText(answer.refusal);
      this.host.changed();
    });
  }

  async add(): Promise<void> {
    const api = this.host.api();
    const credentials = browserCredentials();
    const model = this.page.passkeys;
    if (!api || !credentials) return this.done(t(api ? "passkeys.unsupported" : "account.offline"), "", "passkey-add");
    this.busy("passkey-add");
    const options = await api.passkeyOptions();
    const publicKey = options.ok ? creationOptions(options.value) : undefined;
    if (!options.ok || !publicKey) return this.refused(options.ok ? { status: 200, error: "" } : options.refusal, "passkey-add");
    const made = await createPasskey(credentials, publicKey, model.label.trim());
    if (!made.ok) return this.done(t(PASSKEY_FAILURES[made.failure]), "", "passkey-add");
    const added = await api.addPasskey({ ...made.value });
    if (!added.ok) return this.refused(added.refusal, "passkey-add");
    model.label = "";
    const list = await api.passkeys();
    if (list.ok) model.list = list.value;
    const label = typeof added.value.label === "string" && added.value.label !== "" ? added.value.label : t("passkeys.unnamed");
    this.done("", t("passkeys.added", { label }), "passkey-add");
  }

  async remove(passkey: Passkey): Promise<void> {
    const api = this.host.api();
    if (!api) return this.done(t("account.offline"), "", `passkey-${passkey.id}-remove`);
    this.busy(passkeyBusy(passkey));
    const answer = await api.removePasskey(passkey.id);
    // 404: it was gone already; either way it is.
    if (!answer.ok && answer.refusal.status !== 404) return this.refused(answer.refusal, `passkey-${passkey.id}-remove`);
    const model = this.page.passkeys;
    model.list = model.list?.filter((p) => p.id !== passkey.id);
    // Its button is gone: the list's heading has the focus, and the status says what happened.
    this.done("", t("passkeys.removed", { label: passkeyLabel(passkey) }), PASSKEYS_HEADING);
  }

  /** Signs in with one of the site's passkeys: the account's name, or why not in words. */
  async signIn(api: AccountApi): Promise<{ name: string } | string> {
    const credentials = browserCredentials();
    if (!credentials) return t("passkeys.unsupported");
    const options = await api.passkeySignInOptions();
    const publicKey = options.ok ? requestOptions(options.value) : undefined;
    if (!options.ok || !publicKey) return this.host.refusalText(options.ok ? { status: 200, error: "" } : options.refusal);
    const used = await usePasskey(credentials, publicKey);
    if (!used.ok) return t(PASSKEY_FAILURES[used.failure]);
    const answer = await api.passkeySignIn({ ...used.value });
    return answer.ok ? { name: answer.value } : this.host.refusalText(answer.refusal);
  }

  private busy(busy: AccountPageModel["busy"]): void {
    this.page.busy = busy;
    this.page.passkeys.error = "";
    this.page.passkeys.notice = "";
    this.host.changed();
  }

  private refused(refusal: Refusal, focus: string): void {
    // A passkey the server refuses is a 401 of its own: the session stands.
    if (!refusal.error.startsWith("passkey refused") && sessionLost(refusal, this.page, this.host)) return;
    this.done(this.host.refusalText(refusal), "", focus);
  }

  /** The action over: its error or its news said, and the focus where it leads. */
  private done(error: string, notice: string, focus: string): void {
    this.page.busy = undefined;
    this.page.passkeys.error = error;
    this.page.passkeys.notice = notice;
    this.host.changed();
    this.host.focus(focus);
  }
}
