// The account screens' chunk (fetched by src/ui/account.ts when the player opens one): the
// sign-in and sign-up form, the account page, a player's profile and the leaderboard, their
// state, and what their buttons ask of the server (passkeys: passkey_actions.ts). The page's
// header shows the outcome (Account.name); after signing in or out the page goes back where the
// player came from and the header's link takes the focus, so that a screen reader says who is
// signed in now. Signing in claims the games this browser played as a guest (its kept resume
// tokens), silently, and the connection opens again with the session, as signing out opens it
// without.

import { charLength } from "../ui/form";
import { ACCOUNT_PATH, type Account, type AccountHost, type AccountPath, type AccountScreens } from "../ui/account";
import { AccountApi, type AccountSession, type Answer, type Refusal } from "./account_api";
import { ACCOUNT_HEADING, SESSIONS_HEADING, deviceLabel, renderAccountPage, type AccountPageModel } from "./account_page";
import { parseMyGames } from "./history_api";
import { accountWords, t, type AccountMessageKey } from "./i18n";
import { PasskeyActions, type PasskeyHost } from "./passkey_actions";
import { PASSWORD_LENGTH, PasswordActions } from "./password_actions";
import { emptyPassword } from "./password_card";
import { PushActions, emptyPush } from "./push_actions";
import { NoticesActions, emptyNotices } from "./notices_actions";
import { EmailActions } from "./email_actions";
import { emptyEmail } from "./email_card";
import { AdminScreen } from "./admin_screen";
import { ADMIN_PATH } from "./admin_page";
import { LEADERBOARD_PATH, leaderboardPath, loadLeaderboard, parseLeaderboardQuery, renderLeaderboard, type LeaderboardModel } from "./leaderboard_page";
import { loadProfile, renderProfile, type ProfileModel } from "./profile_page";
import { ProfileSocial } from "./profile_social";
import { SocialCard } from "./social_card";
import { renderSignIn, type SignInMode, type SignInModel } from "./sign_in_form";
import { FORGOT_PATH, RESET_HEADING, RESET_PARAM, askReset, completeReset, emptyReset, renderReset, resetFormErrors, resetRefusal, type ResetModel } from "./password_reset";
import { browserCredentials } from "./webauthn";
import { refusalDetail, refusalText, waitText } from "./refusal_words";
import "./account.css";

/** Names and passwords as the server counts them: characters (code points). */
export const NAME_LENGTH = { min: 3, max: 20 };
export { PASSWORD_LENGTH } from "./password_actions";

/** What the form says for a refusal: by field, or for the form as a whole. */
export function refusalErrors(refusal: Refusal, mode: SignInMode): SignInModel["errors"] {
  const detail = refusalDetail(refusal);
  const withDetail = (key: AccountMessageKey) => (detail === "" ? t(key) : `${t(key)} (${detail})`);
  if (refusal.status === 409) return { name: t("signUp.nameTaken") };
  if (refusal.status === 401 && mode === "sign-in") return { form: t("signIn.wrong") };
  if (refusal.status === 400 && refusal.field === "name") return { name: withDetail("signUp.nameRefused") };
  if (refusal.status === 400 && refusal.field === "password") return { password: withDetail("signUp.passwordRefused") };
  // A server whose sign-up is by invitation: the form then asks for the code.
  if (refusal.field === "invitation") return { invitation: withDetail("signUp.invitationRefused") };
  if (refusal.status === 429) return { form: t(mode === "sign-up" ? "signUp.tooMany" : "signIn.tooMany", { when: waitText(refusal) }) };
  return { form: refusalText(refusal) };
}

/** Why the form cannot be sent as typed, before asking the server. */
export function formErrors(model: SignInModel): SignInModel["errors"] {
  const name = charLength(model.name.trim());
  const password = charLength(model.password);
  const errors: SignInModel["errors"] = {};
  if (model.mode === "sign-in") {
    if (name === 0) errors.name = t("signIn.nameMissing");
    if (password === 0) errors.password = t("signIn.passwordMissing");
  } else {
    if (name < NAME_LENGTH.min || name > NAME_LENGTH.max) errors.name = t("signUp.nameLength");
    if (password < PASSWORD_LENGTH.min || password > PASSWORD_LENGTH.max) errors.password = t("signUp.passwordLength");
  }
  return errors;
}

export class AccountView implements AccountScreens {
  private screen: "sign-in" | "reset" | "account" | "profile" | "leaderboard" | "admin" = "sign-in";
  /** The forgotten-password screens, and the mailed link's token while its password is chosen. */
  private reset: ResetModel = emptyReset("ask");
  private resetToken: string | undefined;
  private readonly form: SignInModel = {
    mode: "sign-in",
    name: "",
    password: "",
    showPassword: false,
    busy: false,
    errors: {},
    passkeys: browserCredentials() !== undefined,
  };
  private readonly page: AccountPageModel = emptyPage();
  private profile: ProfileModel = { name: "", profile: undefined, error: "" };
  private leaderboard: LeaderboardModel = { pool: "base", page: 1, board: undefined, error: "" };
  /** What the account page's cards (passkeys, notifications, notices, e-mail) need of the screens. */
  private readonly cardHost: PasskeyHost = {
    api: () => this.api(),
    changed: () => this.host.changed(),
    signedOutMeanwhile: () => this.signedOutMeanwhile(),
    refusalText,
    focus,
  };
  private readonly passkeys = new PasskeyActions(this.page, this.cardHost);
  private readonly password = new PasswordActions(this.page, this.cardHost);
  private readonly push = new PushActions(this.page, this.cardHost);
  private readonly notices = new NoticesActions(this.page, this.cardHost);
  /** The e-mail card; the address bar's query holds a confirmation link's token. */
  private readonly email = new EmailActions(this.page, {
    ...this.cardHost,
    search: () => this.host.search?.() ?? "",
    replacePath: (path) => this.host.setPath(path, true),
  });
  /** The profile's follow and invite part, for the signed-in viewer. */
  private readonly social = new ProfileSocial({ ...this.cardHost, waitText });
  /** The account page's friends and who may invite the player. */
  private readonly friends = new SocialCard({ ...this.cardHost, waitText, open: (path) => this.open(path) });
  /** The moderation page (/admin). */
  private readonly admin = new AdminScreen({ api: () => this.api(), changed: () => this.host.changed(), refusalText });
  /** The account page was asked for while signed out: it comes after signing in. */
  private accountNext = false;
  /** Counts the account page's loads: an answer for an earlier one is dropped. */
  private loads = 0;
  /** The claim of this browser's games after signing in (claim()), done or not. */
  private claiming: Promise<void> | undefined;
  /** The page's path before the screens opened: where they go back to. */
  private from = "/";
  private readonly host: AccountHost;

  constructor(private readonly account: Account) {
    this.host = account.host;
    // The page's language, if it is not English, before the first words are shown.
    void accountWords.catch(() => undefined).then(() => this.host.changed());
  }

  show(path: AccountPath, from = this.from): void {
    // Not from one account screen to another: that is no way back.
    if (!ACCOUNT_PATH.test(from)) this.from = from;
    this.account.open = true;
    const player = /^\/players\/([^/]+)/.exec(path)?.[1];
    if (path === ADMIN_PATH) {
      this.screen = "admin";
      this.admin.load();
    } else if (path === LEADERBOARD_PATH || path.startsWith(`${LEADERBOARD_PATH}?`)) {
      this.screen = "leaderboard";
      this.loadLeaderboard(path);
    } else if (player !== undefined) {
      this.screen = "profile";
      this.loadProfile(safeDecode(player));
    } else if (path === FORGOT_PATH) {
      this.screen = "reset";
      // The name the sign-in form holds, if any: the player came from there.
      this.reset = { ...emptyReset("ask"), name: this.form.name.trim() };
    } else if (path === "/account" && this.takeResetToken()) {
      this.screen = "reset";
      this.reset = emptyReset("choose");
    } else if (path === "/account") {
      this.screen = "account";
      this.load();
    } else {
      this.screen = "sign-in";
      this.form.mode = path === "/sign-up" ? "sign-up" : "sign-in";
      this.form.errors = {};
      this.accountNext = false;
    }
    this.host.changed();
    // The name box when the form opens (the player came to type), else the page's heading.
    focus(this.screen === "sign-in" ? "account-name" : this.screen === "reset" ? (this.reset.mode === "ask" ? "reset-name" : "reset-password") : ACCOUNT_HEADING);
  }

  /** The mailed link's token, taken out of the address bar before anything else (a reload or a
   * shared address must not carry it): false when the address has none. */
  private takeResetToken(): boolean {
    const token = new URLSearchParams(this.host.search?.() ?? "").get(RESET_PARAM);
    if (token === null) return false;
    this.host.setPath(FORGOT_PATH, true);
    this.resetToken = token;
    return true;
  }

  render(): HTMLElement {
    const now = (this.host.now ?? Date.now)();
    const rows = { open: (path: string) => this.open(path), joinRoom: (code: string) => this.joinRoom(code) };
    if (this.screen === "admin") return this.admin.render(() => this.close());
    if (this.screen === "leaderboard") {
      return renderLeaderboard(this.leaderboard, {
        open: (path) => this.open(path),
        reload: () => this.loadLeaderboard(leaderboardPath(this.leaderboard.pool, this.leaderboard.page)),
        back: () => this.close(),
      });
    }
    if (this.screen === "profile") {
      return renderProfile(
        this.profile,
        now,
        { ...rows, reload: () => this.loadProfile(this.profile.name), back: () => this.close() },
        this.social.render(this.profile.name, this.account.name),
      );
    }
    if (this.screen === "account") {
      return renderAccountPage(this.page, now, {
        ...rows,
        add: () => void this.passkeys.add(),
        remove: (p) => void this.passkeys.remove(p),
        changePassword: () => void this.password.change(),
        changePasswordWithPasskey: () => void this.password.changeWithPasskey(),
        turnOn: () => void this.push.turnOn(),
        turnOff: () => void this.push.turnOff(),
        setPushKind: (kind, on) => void this.notices.setPushKind(kind, on),
        setQuietOn: (on) => this.notices.setQuietOn(on),
        saveQuiet: () => void this.notices.saveQuiet(),
        useDeviceZone: () => void this.notices.useDeviceZone(),
        sendAddress: () => void this.email.sendAddress(),
        setDigest: (on) => void this.email.setDigest(on),
        removeAddress: () => void this.email.removeAddress(),
        deleteAccount: () => void this.deleteAccount(),
        signOut: () => void this.signOut(),
        endSession: (s) => void this.endSession(s),
        endAll: () => void this.endAll(),
        reload: () => {
          this.load();
          // Its button goes while the sessions load: the list's heading keeps the focus.
          focus(SESSIONS_HEADING);
        },
        back: () => this.close(),
      }, this.friends.render());
    }
    if (this.screen === "reset") {
      return renderReset(this.reset, {
        submit: () => void this.submitReset(),
        askAgain: () => {
          this.resetToken = undefined;
          this.reset = emptyReset("ask");
          this.host.setPath(FORGOT_PATH);
          this.host.changed();
          focus(RESET_HEADING);
        },
        back: () => this.close(),
      });
    }
    return renderSignIn(this.form, {
      forgot: () => this.open(FORGOT_PATH),
      submit: () => void this.submit(),
      passkey: () => void this.passkeySignIn(),
      switchMode: () => {
        this.form.mode = this.form.mode === "sign-in" ? "sign-up" : "sign-in";
        this.form.errors = {};
        this.host.setPath(this.form.mode === "sign-in" ? "/sign-in" : "/sign-up");
        this.host.changed();
        // Its heading says which form this is now.
        focus(ACCOUNT_HEADING);
      },
      back: () => this.close(),
    });
  }

  private api(): AccountApi | undefined {
    const http = this.host.http();
    return http ? new AccountApi(http, this.host.now) : undefined;
  }

  private async submit(): Promise<void> {
    const form = this.form;
    const errors = formErrors(form);
    const api = this.api();
    if (!api) errors.form = t("account.offline");
    if (!api || Object.keys(errors).length > 0) return this.refused(errors);
    form.errors = {};
    form.busy = true;
    this.host.changed();
    const name = form.name.trim();
    const invitation = form.invitation?.trim();
    const answer = form.mode === "sign-up" ? await api.signUp(name, form.password, invitation === "" ? undefined : invitation) : await api.signIn(name, form.password);
    form.busy = false;
    if (!answer.ok) return this.refused(refusalErrors(answer.refusal, form.mode));
    this.signedIn(answer.value);
  }

  /** Asks for a link, or chooses the new password with the link's token. */
  private async submitReset(): Promise<void> {
    const model = this.reset;
    const errors = resetFormErrors(model);
    const api = this.api();
    if (!api) errors.form = t("account.offline");
    if (model.mode === "choose" && this.resetToken === undefined) errors.form = t("reset.badLink");
    model.notice = "";
    model.errors = errors;
    if (!api || Object.keys(errors).length > 0) {
      this.host.changed();
      return focus(errors.name !== undefined ? "reset-name" : errors.password !== undefined ? "reset-password" : "reset-submit");
    }
    model.busy = true;
    this.host.changed();
    if (model.mode === "ask") {
      const name = model.name.trim();
      const answer = await askReset(api, name);
      model.busy = false;
      if (answer.ok) model.notice = t("reset.asked", { name });
      else model.errors = resetRefusal(answer.refusal, "ask");
      this.host.changed();
      // The notice is a status the screen reader says; the focus stays where the player was.
      return focus("reset-submit");
    }
    const answer = await completeReset(api, this.resetToken ?? "", model.password);
    model.busy = false;
    if (answer.ok) {
      this.resetToken = undefined;
      model.password = "";
      this.signedIn(answer.value);
      return;
    }
    model.errors = resetRefusal(answer.refusal, "choose");
    // A link that is no good stays no good: only a new one helps.
    if (answer.refusal.status === 400 && answer.refusal.field === "token") this.resetToken = undefined;
    this.host.changed();
    focus(model.errors.password !== undefined ? "reset-password" : "reset-submit");
  }

  /** Signs in with a passkey: no name or password typed, the browser's prompt instead. */
  private async passkeySignIn(): Promise<void> {
    const api = this.api();
    if (!api) return this.refused({ form: t("account.offline") });
    this.form.errors = {};
    this.form.busy = "passkey";
    this.host.changed();
    const answer = await this.passkeys.signIn(api);
    this.form.busy = false;
    if (typeof answer === "string") {
      this.form.errors = { form: answer };
      this.host.changed();
      return focus("passkey-sign-in");
    }
    this.signedIn(answer.name);
  }

  /** The server knows the player as `name` now: the account page if it was asked for, else back. */
  private signedIn(name: string): void {
    this.form.password = "";
    this.form.showPassword = false;
    this.account.name = name;
    const claiming = (this.claiming = this.claim().finally(() => {
      if (this.claiming === claiming) this.claiming = undefined;
    }));
    if (this.accountNext) {
      this.accountNext = false;
      this.host.setPath("/account");
      this.show("/account");
      return;
    }
    this.close();
  }

  /**
   * The games this browser played as a guest become the account's (its kept resume tokens), and
   * then the connection opens again with the session. Silent: a refusal changes nothing the
   * player did, so it is only logged.
   */
  private async claim(): Promise<void> {
    const api = this.api();
    const tokens = this.host.claimableTokens();
    if (api && tokens.length > 0) {
      const answer = await api.claim(tokens);
      if (answer.ok) this.host.claimed(tokens);
      else console.warn(`the games of ${tokens.length} seats were not claimed: ${answer.refusal.status} ${answer.refusal.error}`);
    }
    this.host.signedInOrOut();
  }

  /** The form refused: the errors shown, and the focus on the first field at fault. */
  private refused(errors: SignInModel["errors"]): void {
    this.form.errors = errors;
    if (errors.invitation !== undefined) this.form.invitation ??= "";
    this.host.changed();
    focus(errors.name !== undefined ? "account-name" : errors.password !== undefined ? "account-password" : errors.invitation !== undefined ? "account-invitation" : "account-submit");
  }

  /** Asks for the account and its sessions (its games and passkeys beside: the page needs not wait for them). */
  private load(): void {
    const api = this.api();
    const load = ++this.loads;
    Object.assign(this.page, emptyPage());
    if (!api) this.page.loadError = t("account.offline");
    this.host.changed();
    if (!api) return;
    this.passkeys.load(api, () => load === this.loads && this.screen === "account");
    this.push.load(() => load === this.loads && this.screen === "account");
    this.notices.load(api, () => load === this.loads && this.screen === "account");
    this.email.load(api, () => load === this.loads && this.screen === "account");
    this.friends.load(api, () => load === this.loads && this.screen === "account");
    // After the games just claimed, if a claim is on its way.
    const myGames = () => api.get("/api/me/games", parseMyGames);
    void (this.claiming ? this.claiming.then(myGames) : myGames()).then((games) => {
      if (load !== this.loads || this.screen !== "account") return;
      // A 401 says the same as GET /api/me's, which this page answers.
      this.page.games = games.ok ? { value: games.value, error: "" } : { value: undefined, error: refusalText(games.refusal) };
      this.host.changed();
    });
    void Promise.all([api.me(), api.sessions()]).then(([me, sessions]) => {
      if (load !== this.loads || this.screen !== "account") return;
      const refusal = !me.ok ? me.refusal : !sessions.ok ? sessions.refusal : undefined;
      if (refusal?.status === 401) return this.signedOutMeanwhile();
      this.page.me = me.ok ? me.value : undefined;
      this.page.sessions = sessions.ok ? sessions.value : undefined;
      this.page.loadError = refusal ? refusalText(refusal) : undefined;
      this.host.changed();
    });
  }

  /** A player's profile. */
  private loadProfile(name: string): void {
    const api = this.api();
    this.profile = { name, profile: undefined, error: api ? "" : t("account.offline") };
    this.social.reset();
    this.host.changed();
    if (!api) return;
    void loadProfile(api, name, refusalText).then((profile) => {
      if (this.screen !== "profile" || this.profile.name !== name) return;
      this.profile = profile;
      this.host.changed();
    });
  }

  /** A pool's page of the leaderboard, as its address (`path`, with its query) asks. */
  private loadLeaderboard(path: string): void {
    const { pool, page } = parseLeaderboardQuery(path.slice(LEADERBOARD_PATH.length));
    const api = this.api();
    this.leaderboard = { pool, page, board: undefined, error: api ? "" : t("account.offline") };
    this.host.changed();
    if (!api) return;
    void loadLeaderboard(api, pool, page, refusalText).then((model) => {
      if (this.screen !== "leaderboard" || this.leaderboard.pool !== pool || this.leaderboard.page !== page) return;
      this.leaderboard = model;
      this.host.changed();
    });
  }

  /** A link of the screens: a profile opens here, a replay in the page's viewer. */
  private open(path: string): void {
    if (this.screen === "leaderboard" && path.startsWith(LEADERBOARD_PATH)) {
      // Another pool or page: the focus stays on the link that asked for it, drawn again.
      this.host.setPath(path);
      this.loadLeaderboard(path);
      return;
    }
    const replay = /^\/replay\/(\d+)$/.exec(path)?.[1];
    if (replay === undefined) {
      this.host.setPath(path);
      this.show(path as AccountPath);
      return;
    }
    this.account.open = false;
    this.host.openReplay(replay);
  }

  private joinRoom(code: string): void {
    this.account.open = false;
    this.host.joinRoom(code);
  }

  /** Deletes the account once the player has typed its name; then home, signed out. */
  private async deleteAccount(): Promise<void> {
    const deletion = this.page.deletion;
    const name = deletion.name.trim();
    if (name === "") {
      deletion.error = t("delete.missing");
      this.host.changed();
      return focus("delete-name");
    }
    deletion.error = "";
    const answer = await this.run("delete", (api) => api.deleteAccount(name));
    if (answer.ok) {
      this.account.name = undefined;
      this.host.signedInOrOut();
      this.from = "/";
      this.close();
      // It outlasts the connection's reopening (a guest's now), which clears passing messages.
      this.host.failed(t("delete.done"), true);
      return;
    }
    if (answer.refusal.status === 401) return this.signedOutMeanwhile();
    deletion.error = answer.refusal.status === 400 && answer.refusal.field === "name" ? t("delete.mismatch") : refusalText(answer.refusal);
    this.host.changed();
    focus("delete-name");
  }

  private async signOut(): Promise<void> {
    const answer = await this.run("sign-out", (api) => api.signOut());
    // 401: signed out already (expired, or ended from another device): the same outcome.
    if (answer.ok || answer.refusal.status === 401) this.signedOut();
    else this.pageRefused(answer.refusal, "sign-out");
  }

  private async endAll(): Promise<void> {
    const answer = await this.run("end-all", (api) => api.endAll());
    if (answer.ok || answer.refusal.status === 401) this.signedOut();
    else this.pageRefused(answer.refusal, "sessions-end-all");
  }

  private async endSession(session: AccountSession): Promise<void> {
    const answer = await this.run(session.id, (api) => api.endSession(session.id));
    if (!answer.ok && answer.refusal.status === 401) return this.signedOutMeanwhile();
    // 404: it had ended already; either way it is gone.
    if (!answer.ok && answer.refusal.status !== 404) return this.pageRefused(answer.refusal, `session-${session.id}-end`);
    this.page.sessions = this.page.sessions?.filter((s) => s.id !== session.id);
    this.page.notice = t("sessions.ended", { label: deviceLabel(session) });
    this.host.changed();
    // Its button is gone: the list's heading has the focus, and the status says what happened.
    focus(SESSIONS_HEADING);
  }

  /** Runs an account page action: the page busy (its buttons off) until the answer. */
  private async run(busy: AccountPageModel["busy"], request: (api: AccountApi) => Promise<Answer<void>>): Promise<Answer<void>> {
    const api = this.api();
    if (!api) return { ok: false, refusal: { status: 0, error: "" } };
    this.page.busy = busy;
    this.page.notice = undefined;
    this.page.error = undefined;
    this.host.changed();
    const answer = await request(api);
    this.page.busy = undefined;
    return answer;
  }

  /** An action refused: why, and the focus back on its button (off while it ran). */
  private pageRefused(refusal: Refusal, button: string): void {
    this.page.error = refusalText(refusal);
    this.host.changed();
    focus(button);
  }

  /** Signed out by the player: back where they came from. */
  private signedOut(): void {
    this.account.name = undefined;
    this.host.signedInOrOut();
    this.close();
  }

  /** The server does not know this browser's session (any more): the form, then the account page. */
  private signedOutMeanwhile(): void {
    const wasIn = this.account.name !== undefined;
    this.account.name = undefined;
    this.host.setPath("/sign-in");
    this.show("/sign-in");
    this.accountNext = true;
    if (!wasIn) return;
    this.form.errors = { form: t("account.signedOut") };
    this.host.changed();
  }

  private close(): void {
    this.form.password = "";
    this.form.errors = {};
    this.account.open = false;
    this.host.setPath(this.host.pathBack(this.from));
    this.host.changed();
    // The header's link says who is signed in now (or offers to sign in).
    focus("account-link");
  }
}

function emptyPage(): AccountPageModel {
  return {
    me: undefined,
    sessions: undefined,
    loadError: undefined,
    busy: undefined,
    error: undefined,
    notice: undefined,
    passkeys: { list: undefined, error: "", notice: "", label: "", supported: browserCredentials() !== undefined },
    push: emptyPush(),
    notices: emptyNotices(),
    email: emptyEmail(),
    password: emptyPassword(),
    games: { value: undefined, error: "" },
    deletion: { name: "", error: "" },
  };
}

/** A path's part as the player typed it; kept as it is when it is not valid percent-encoding. */
function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function focus(id: string): void {
  document.getElementById(id)?.focus();
}
