// What the home page's controls ask of the server: a room created from the form or by "Play now
// against the computer", a room joined, the seat of a game left taken back. The request awaited
// is kept here: the page is busy until its answer comes, and "Play now" gives up if it is an
// error.

import type { CreateRoom, JoinRoom } from "../gen/carc/v1/lobby_pb";
import type { RequestBody } from "../net/client";
import { failureText, validName } from "./form";
import { playerName, type HomeActions, type HomeModel } from "./home";
import { storeLeftGame } from "./left_game";
import { storeName } from "./name_store";
import { playNowRoom, type PlayNow } from "./play_now";

export interface HomeRequestHost {
  /** Sends a request: its id, 0 when it could not be sent (the page said why). */
  send(body: RequestBody): number;
  storage: Storage | undefined;
  home(): HomeModel;
  playNow: PlayNow;
  /** A request refused before it was sent: the reason shown. */
  refused(text: string): void;
  /** A request sent: the page's banner cleared and the page drawn again. */
  sent(): void;
  resumeWith(token: string): void;
}

export type HomeRequestActions = Pick<HomeActions, "createRoom" | "playNow" | "joinRoom" | "backToSeat">;

export class HomeRequests {
  /** The request the page waits for, 0 when none. */
  private awaited = 0;

  constructor(private readonly host: HomeRequestHost) {}

  /** A message answering `requestId` came: the page is no longer busy if it was the awaited one. */
  answered(requestId: number, error: boolean): void {
    if (requestId === 0 || requestId !== this.awaited) return;
    this.awaited = 0;
    this.host.home().busy = false;
    // "Play now"'s room was refused: the page stays home with the reason.
    if (error) this.host.playNow.cancel();
  }

  actions(): HomeRequestActions {
    return {
      createRoom: (request) => this.createRoom(request),
      playNow: () => this.startPlayNow(),
      joinRoom: (request) => this.join(request),
      backToSeat: () => {
        const left = this.host.home().leftGame;
        this.host.home().leftGame = undefined;
        storeLeftGame(this.host.storage, undefined);
        if (left) this.host.resumeWith(left.token);
      },
    };
  }

  /** `remember`: the name is the player's own (not "Play now"'s stand-in), kept for next time. */
  private createRoom(request: CreateRoom, remember = true): void {
    if (remember) storeName(this.host.storage, request.playerName);
    this.await(this.host.send({ case: "createRoom", value: request }));
  }

  private startPlayNow(): void {
    const home = this.host.home();
    if (home.games.status !== "ready") return;
    const request = playNowRoom(home.games.games, playerName(home));
    if (!request.ok) return this.host.refused(failureText(request));
    this.host.playNow.begin();
    this.createRoom(request.value, validName(home.name) !== undefined);
    if (this.awaited === 0) this.host.playNow.cancel();
  }

  /** Joins a room (the form, an invite link, a rematch). */
  join(request: JoinRoom): void {
    storeName(this.host.storage, request.playerName);
    this.await(this.host.send({ case: "joinRoom", value: request }));
  }

  private await(id: number): void {
    this.awaited = id;
    this.host.home().busy = id !== 0;
    this.host.sent();
  }
}
