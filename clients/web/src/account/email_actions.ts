// What the account page's "E-mail" card asks of the server (email_api.ts) and how the card shows
// it: the state read when the page loads; the address given or changed (with the page's language,
// that of the mails), the digest turned on or off and the address removed, each with the page
// busy meanwhile; each refusal in words (the server's own beside the field for a bad address, the
// minutes left before another link may go, a server without mail); and the focus back where the
// player was, or on the card's heading when the button is gone.
//
// The confirmation link (/account?email-token=TOKEN) opens this page: its token is taken out of
// the address bar at once and posted once, before the state is asked for (which then says
// "confirmed"). The token is a credential: it is never logged, kept beyond that request, nor shown.

import { getLanguage } from "../i18n";
import type { AccountApi, Refusal } from "./account_api";
import type { AccountPageModel } from "./account_page";
import { RESEND_SECONDS, deleteEmail, getEmail, patchDigest, putEmail, verifyEmail, type EmailState } from "./email_api";
import { EMAIL_BUSY, EMAIL_DIGEST, EMAIL_HEADING, EMAIL_INPUT, EMAIL_REMOVE, EMAIL_SEND, type EmailBusy, type EmailModel } from "./email_card";
import { t } from "./i18n";
import type { PasskeyHost } from "./passkey_actions";
import { refusalDetail } from "./refusal_words";
import { sessionLost } from "./session_lost";

/** What the card needs of the account screens: the passkeys' card's, and the address bar. */
export interface EmailHost extends PasskeyHost {
  /** The address bar's query now ("?email-token=..."), "" without one. */
  search(): string;
  /** Replaces the address bar's path, and so drops its query, even on the same path. */
  replacePath(path: string): void;
}

/** The confirmation link's query parameter, as the server's mail writes it. */
export const TOKEN_PARAM = "email-token";
const ACCOUNT_PAGE = "/account";

type News = Partial<Pick<EmailModel, "notice" | "error" | "inputError">>;

/** Whole minutes until another link may go, rounded up: the player never asks too early. */
export function minutesLeft(refusal: Refusal): number {
  return Math.max(1, Math.ceil((refusal.retryAfter ?? RESEND_SECONDS) / 60));
}

const withoutAddress = (state: EmailState): EmailState => ({ ...state, address: null, verified: false, digest: false });

export class EmailActions {
  /** The token's post, or nothing to wait for: the state is asked for after it, so that it says
   * whether the link confirmed the address. */
  private confirming: Promise<void> = Promise.resolve();
  /** What the confirmation link did, until a loaded card shows it: a player signed out when the
   * link opened sees it once signed in. */
  private outcome: Pick<EmailModel, "notice" | "error"> | undefined;

  constructor(
    private readonly page: AccountPageModel,
    private readonly host: EmailHost,
  ) {}

  /** Reads the state (after posting a confirmation link's token, if the address has one);
   * `current`: whether the page still wants the answer. */
  load(api: AccountApi, current: () => boolean): void {
    const token = this.takeToken();
    if (token !== undefined) this.confirming = this.confirm(api, token);
    void this.confirming.then(() => getEmail(api)).then((answer) => {
      // A 401 is answered by the page's own load (GET /api/me); the outcome waits for the next.
      if (!current() || (!answer.ok && answer.refusal.status === 401)) return;
      const model = this.page.email;
      if (answer.ok) {
        model.state = answer.value;
        model.input = answer.value.address ?? "";
      } else if (answer.refusal.status !== 404) {
        // 404: a server older than e-mail, which shows no card.
        model.error = this.host.refusalText(answer.refusal);
      }
      const outcome = this.outcome;
      this.outcome = undefined;
      if (outcome) {
        model.notice = outcome.notice;
        if (outcome.error !== "") model.error = outcome.error;
      }
      this.host.changed();
      // What the player opened the link for: the card (far down the page on a phone) comes into
      // view, its heading read, then its news.
      if (outcome) this.host.focus(EMAIL_HEADING);
    });
  }

  async sendAddress(): Promise<void> {
    const model = this.page.email;
    const address = model.input.trim();
    if (address === "") return this.finish({ inputError: t("email.missing") }, EMAIL_INPUT);
    const api = this.host.api();
    if (!api) return this.finish({ error: t("account.offline") }, EMAIL_SEND);
    this.busy(EMAIL_BUSY.send);
    const answer = await putEmail(api, address, getLanguage());
    if (answer.ok) {
      model.state = answer.value;
      model.input = answer.value.address ?? address;
      return this.finish({ notice: t("email.linkSent", { address: model.input }) }, EMAIL_SEND);
    }
    const refusal = answer.refusal;
    if (refusal.status === 400 && refusal.field === "address") {
      return this.finish({ inputError: refusalDetail(refusal) || t("email.invalid") }, EMAIL_INPUT);
    }
    if (refusal.status === 429) return this.finish({ error: t("email.tooSoon", { minutes: minutesLeft(refusal) }) }, EMAIL_SEND);
    // Mail turned off since the page loaded: the form goes. (A 503 of busy workers says how long
    // to wait, and is the page's usual "try again".)
    if (refusal.status === 503 && refusal.retryAfter === undefined && model.state) {
      model.state = { ...model.state, sending: false };
      return this.finish({ error: t("email.off") }, EMAIL_HEADING);
    }
    this.refused(refusal, EMAIL_SEND);
  }

  async setDigest(on: boolean): Promise<void> {
    const model = this.page.email;
    const state = model.state;
    const api = this.host.api();
    if (!state || state.address === null) return;
    if (!api) return this.finish({ error: t("account.offline") }, EMAIL_DIGEST);
    // The box shows the choice while it is sent, and its former state again if refused.
    model.state = { ...state, digest: on };
    this.busy(EMAIL_BUSY.digest);
    const answer = await patchDigest(api, on);
    if (answer.ok) {
      model.state = answer.value;
      return this.finish({ notice: t(answer.value.digest ? "email.digestOn" : "email.digestOff") }, EMAIL_DIGEST);
    }
    model.state = state;
    // Removed meanwhile (from another device): the card says so, without the box.
    if (answer.refusal.status === 404) {
      model.state = withoutAddress(state);
      model.input = "";
      return this.finish({ error: t("email.gone") }, EMAIL_HEADING);
    }
    this.refused(answer.refusal, EMAIL_DIGEST);
  }

  async removeAddress(): Promise<void> {
    const model = this.page.email;
    const api = this.host.api();
    if (!api) return this.finish({ error: t("account.offline") }, EMAIL_REMOVE);
    this.busy(EMAIL_BUSY.remove);
    const answer = await deleteEmail(api);
    // 404 from a server that found none: gone either way.
    if (!answer.ok && answer.refusal.status !== 404) return this.refused(answer.refusal, EMAIL_REMOVE);
    if (model.state) model.state = withoutAddress(model.state);
    model.input = "";
    // Its button is gone: the heading has the focus, and the status says what happened.
    this.finish({ notice: t("email.removed") }, EMAIL_HEADING);
  }

  /** The confirmation link's token, out of the address bar; undefined without one. */
  private takeToken(): string | undefined {
    const token = new URLSearchParams(this.host.search()).get(TOKEN_PARAM);
    if (token === null) return undefined;
    // Before anything else: a reload would post it again, and the address bar would keep it to be
    // bookmarked or shared.
    this.host.replacePath(ACCOUNT_PAGE);
    return token === "" ? undefined : token;
  }

  private async confirm(api: AccountApi, token: string): Promise<void> {
    const answer = await verifyEmail(api, token);
    if (answer.ok) {
      this.outcome = { notice: t("email.confirmed"), error: "" };
      return;
    }
    const refusal = answer.refusal;
    // Never shown, even if an error page echoed it.
    const hidden = (text: string) => text.split(token).join("…");
    // The server's one answer for a link unknown, used, replaced or out of date: a new link is
    // the way on. Otherwise the link was not spent, and can be opened again.
    const error = refusal.status === 400
      ? [t("email.linkRefused"), refusalDetail(refusal) === "" ? "" : `(${refusalDetail(refusal)})`, t("email.newLink")]
      : [this.host.refusalText(refusal), t("email.openAgain")];
    this.outcome = { notice: "", error: hidden(error.filter((part) => part !== "").join(" ")) };
  }

  private busy(busy: EmailBusy): void {
    const model = this.page.email;
    this.page.busy = busy;
    model.notice = "";
    model.error = "";
    model.inputError = "";
    this.host.changed();
  }

  private refused(refusal: Refusal, focus: string): void {
    if (sessionLost(refusal, this.page, this.host)) return;
    this.finish({ error: this.host.refusalText(refusal) }, focus);
  }

  /** The action over: its news said, and the focus back on its control (off while it ran). */
  private finish(news: News, focus: string): void {
    const model = this.page.email;
    this.page.busy = undefined;
    model.notice = news.notice ?? "";
    model.error = news.error ?? "";
    model.inputError = news.inputError ?? "";
    this.host.changed();
    this.host.focus(focus);
  }
}
