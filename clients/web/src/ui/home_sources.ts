// What the home page reads over HTTP once, at the start: the server's games with their option
// table (the create-room form's source) and the server's name and message of the day. Either may
// fail; the home page says so for the games and does without the server's words.

import { offeredGames } from "../games/registry";
import { AddressBannedError, loadGameTypes } from "../net/game_types";
import { loadServerInfo } from "../net/server_info";
import { NO_GAME_OFFERED, type HomeModel } from "./home";

export interface HomeSourcesHost {
  /** The environment's fetch, if it has one. */
  http(): typeof fetch | undefined;
  /** Something the page shows changed. */
  changed(): void;
  /** The games' table is in or refused (the connection may be ready for more code). */
  gamesSettled(): void;
  /** This address is banned: `e` says until when. */
  addressBanned(e: AddressBannedError): void;
}

export class HomeSources {
  constructor(
    private readonly home: HomeModel,
    private readonly host: HomeSourcesHost,
  ) {}

  /** Asks the server for its games and their option table. */
  loadGames(): void {
    this.home.games = { status: "loading" };
    const http = this.host.http();
    if (!http) {
      this.home.games = { status: "failed", reason: "no fetch in this browser" };
      return;
    }
    loadGameTypes(http)
      .then((types) => {
        const games = offeredGames(types);
        this.home.games = games.length > 0 ? { status: "ready", games } : { status: "failed", reason: NO_GAME_OFFERED };
      })
      .catch((e: unknown) => {
        this.home.games = { status: "failed", reason: e instanceof Error ? e.message : String(e) };
        if (e instanceof AddressBannedError) this.host.addressBanned(e);
      })
      .finally(() => {
        this.host.changed();
        this.host.gamesSettled();
      });
  }

  /** Asks the server for its name and message of the day (the home page shows them). */
  loadServerInfo(): void {
    const http = this.host.http();
    if (!http) return;
    void loadServerInfo(http).then((server) => {
      this.home.server = server;
      if (server) this.host.changed();
    });
  }
}
