// The screens that take the page's main area over the room's while open, each with an address
// of its own: the replay viewer (/replay/ID) and the account screens (/sign-in, /sign-up,
// /account, /players/NAME, /leaderboard, their code a chunk of its own). App builds them with
// what they need of it and asks, at each rendering, which one shows.

import { Account, type AccountHost } from "./account";
import { h } from "./dom";
import { Replays } from "./replays";

export interface PageScreensHost extends Pick<AccountHost, "claimableTokens" | "claimed" | "signedInOrOut"> {
  doc: Document;
  http(): typeof fetch | undefined;
  location: { pathname: string; search?: string };
  history?: { replaceState(data: unknown, unused: string, url?: string): void } | undefined;
  /** The path of the page under these screens: the room's, or home. */
  roomPath(): string;
  /** Whether the home page shows (the replay list is redrawn when it comes). */
  home(): boolean;
  changed(): void;
  /** Tells the player `text` in the page's banner; `lasting`: until dismissed. */
  say(text: string, lasting?: boolean): void;
  /** Takes the player to the room `code`, named `name` (the account's) when there is one. */
  joinRoom(code: string, name: string | undefined): void;
  now?: (() => number) | undefined;
}

export class PageScreens {
  readonly replays: Replays;
  /** The player's account: the header's link, and its screens. */
  readonly account: Account;

  constructor(private readonly host: PageScreensHost) {
    const paths = {
      path: () => host.location.pathname,
      search: () => host.location.search ?? "",
      setPath: (path: string, always?: boolean) => this.setPath(path, always),
    };
    this.replays = new Replays({ ...host, ...paths, pathBack: () => host.roomPath() });
    this.account = new Account({
      ...host,
      ...paths,
      // A replay keeps the path it had; a room's may have changed (or the room gone) meanwhile.
      pathBack: (from) => (this.replays.open ? from : host.roomPath()),
      failed: (text, lasting) => host.say(text, lasting),
      openReplay: (id) => this.replays.show({ kind: "archive", id }),
      joinRoom: (code) => {
        this.setPath(host.roomPath());
        host.joinRoom(code, this.account.name);
      },
    });
  }

  /** Opens the replay the page's address names, if any (which renders the page). */
  openAddressed(): void {
    const replayId = /^\/replay\/(\d+)\/?$/.exec(this.host.location.pathname)?.[1];
    if (replayId !== undefined) this.replays.show({ kind: "archive", id: replayId });
  }

  /** Replaces the address bar's path; `always`: even when it is the same (to drop a hash or a query). */
  setPath(path: string, always = false): void {
    if (path === this.host.location.pathname && !always) return;
    try {
      this.host.history?.replaceState(null, "", path);
    } catch {
      // Not allowed here (e.g. a file: URL): the address just stays.
    }
  }

  /** The screen shown over the room's, if any: the account's first (it may open over a replay). */
  get shown(): "account" | "replay" | undefined {
    return this.account.open ? "account" : this.replays.open ? "replay" : undefined;
  }

  render(): HTMLElement {
    return this.account.open ? this.account.render() : this.replays.open ? this.replays.renderViewer() : h("div", {});
  }
}
