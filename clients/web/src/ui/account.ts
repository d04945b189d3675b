// The player's account as the page's header shows it: the name, a link to the account page, or
// "Sign in" for a guest. GET /api/me is asked once at start; anything but a name (401, a server
// without accounts, no network) leaves the page a guest, silently: guests play as ever.
//
// The screens (sign-in, sign-up, the account page, a player's profile, the leaderboard) and
// everything they do are a chunk of their own (src/account/), fetched when the player opens one:
// the main script carries only this. So are a signed-in player's invitations on the home page.

import { t } from "../i18n";
import type { HomeInvitations } from "../account/invitations";
import { h } from "./dom";

export type AccountPath = "/sign-in" | "/sign-up" | "/forgot-password" | "/account" | `/players/${string}` | "/leaderboard" | `/leaderboard?${string}` | "/admin";

/** The account screens' addresses (a profile's: /players/NAME), without their query. */
export const ACCOUNT_PATH = /^\/(sign-in|sign-up|forgot-password|account|leaderboard|admin|players\/[^/]+)\/?$/;

/**
 * Whether a click on a link is the page's to follow in place: not one that asks for another tab
 * or window, which is the browser's (the server serves the path).
 */
export function inPageClick(e: Event): boolean {
  const click = e as MouseEvent;
  return !(click.ctrlKey || click.metaKey || click.shiftKey || click.altKey || click.button !== 0);
}

/** The account screens (the chunk), as the page reaches them. */
export interface AccountScreens {
  /** Shows `path`'s screen; `from`: the page's path before, where it goes back to. */
  show(path: AccountPath, from: string): void;
  render(): HTMLElement;
}

/** What the page gives its account part (and, through it, the screens). */
export interface AccountHost {
  http(): typeof fetch | undefined;
  /** The address bar's path now. */
  path(): string;
  /** The address bar's query now ("?pool=count"), "" without one. */
  search?(): string;
  /** `always`: even when it is the path shown, to drop its query. */
  setPath(path: string, always?: boolean): void;
  /** Where the page goes back to once the screens close; `from`: the path they were opened at. */
  pathBack(from: string): string;
  changed(): void;
  /** Tells the player `text` in the page's banner (the screens' code could not come); `lasting`:
   * until dismissed, over a reconnect (the account was deleted). */
  failed(text: string, lasting?: boolean): void;
  /** Closes the screens for the replay of the archived game `id`. */
  openReplay(id: string): void;
  /** Closes the screens for the room `code` (the page's way of joining one). */
  joinRoom(code: string): void;
  /** The resume tokens this browser kept, for an account to claim their games. */
  claimableTokens(): string[];
  /** An account claimed `tokens`' games: they need not be claimed again. */
  claimed(tokens: string[]): void;
  /** The player signed in or out: the connection opens again, with the session or without. */
  signedInOrOut(): void;
  /** Milliseconds since 1970, for "last seen"; Date.now unless given. */
  now?: (() => number) | undefined;
}

/** Tries of GET /api/me after a busy answer, and the longest Retry-After waited for. */
const ME_RETRIES = 3;
const ME_RETRY_MAX_SECONDS = 5;

export class Account {
  /** The signed-in player's name; undefined for a guest. */
  name: string | undefined;
  /** A screen is shown (or its code is on its way): the page shows it instead of all else. */
  open = false;
  private screens: Promise<AccountScreens> | undefined;
  private shown: AccountScreens | undefined;
  /** The home page's invitations (src/account/invitations.ts), fetched once the player is signed in. */
  private invitations: Promise<unknown> | undefined;
  private invitationsShown: HomeInvitations | undefined;

  constructor(readonly host: AccountHost) {}

  /** Opens the screen the page's address names, and asks the server who this browser is. */
  start(): void {
    const path = ACCOUNT_PATH.exec(this.host.path())?.[1];
    // The leaderboard's pool and page are in its query.
    const query = path === "leaderboard" ? (this.host.search?.() ?? "") : "";
    if (path !== undefined) this.show(`/${path}${query}` as AccountPath);
    this.whoAmI(ME_RETRIES);
  }

  /** GET /api/me. A server whose API threads are busy for a moment answers 503 with Retry-After:
   * asked again (a few times, within seconds), or a signed-in player would be taken for a guest. */
  private whoAmI(retries: number): void {
    this.host
      .http()?.("/api/me", { credentials: "same-origin" })
      .then(async (r) => {
        const wait = Number(r.headers.get("Retry-After") ?? "");
        if (r.status === 503 && retries > 0 && Number.isFinite(wait) && wait >= 0 && wait <= ME_RETRY_MAX_SECONDS) {
          await new Promise((resolve) => setTimeout(resolve, wait * 1000));
          this.whoAmI(retries - 1);
          return undefined;
        }
        return r.ok ? r.json() : undefined;
      })
      .then((me: { name?: unknown } | undefined) => {
        if (typeof me?.name !== "string") return;
        this.name = me.name;
        this.host.changed();
      })
      .catch(() => undefined);
  }

  show(path: AccountPath): void {
    const from = this.host.path();
    this.open = true;
    this.host.setPath(path);
    (this.screens ??= import("../account/account_screens").then((m) => new m.AccountView(this))).then(
      (screens) => {
        this.shown = screens;
        screens.show(path, from);
      },
      (e: unknown) => {
        this.screens = undefined;
        this.open = false;
        this.host.setPath(this.host.pathBack(from));
        this.host.failed(t("account.loadFailed", { reason: e instanceof Error ? e.message : String(e) }));
      },
    );
    this.host.changed();
  }

  /** The home page's invitations for a signed-in player; null for a guest, while their code comes,
   * or when the code could not come (the home page works without them). */
  renderInvitations(): HTMLElement | null {
    if (this.name === undefined) return null;
    this.invitations ??= import("../account/invitations").then(
      (m) => {
        this.invitationsShown = new m.HomeInvitations(this.host);
        this.host.changed();
      },
      () => undefined,
    );
    return this.invitationsShown?.render(this.name) ?? null;
  }

  /** The open screen, or that it is on its way. */
  render(): HTMLElement {
    return this.shown?.render() ?? h("p", { role: "status" }, t("account.loading"));
  }

  /** The header's link: to the account page, or to sign in. */
  link(): HTMLElement {
    const name = this.name;
    return h(
      "a",
      {
        id: "account-link",
        class: "account-link",
        href: name === undefined ? "/sign-in" : "/account",
        onclick: (e) => {
          if (!inPageClick(e)) return;
          e.preventDefault();
          this.show(this.name === undefined ? "/sign-in" : "/account");
        },
      },
      name === undefined ? t("account.signIn") : [h("span", { class: "visually-hidden" }, t("account.yours")), " ", name],
    );
  }
}
