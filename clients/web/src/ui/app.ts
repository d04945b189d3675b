// The page: a header (title, language, connection), an error banner and one screen: Home, the
// room lobby, or the "game in progress" panel once a GameSnapshot has arrived.
//
// Each change renders the screen again from the state kept here; form values live in the models
// (so they survive), and the focused control is focused again.

import { create } from "@bufbuild/protobuf";
import { GameCommandSchema, RequestSnapshotSchema, type EventBatch, type GameCommand } from "../gen/carc/v1/game_pb";
import { RoomStatus, type CreateRoom, type JoinRoom, type RoomState, type RoomSummary } from "../gen/carc/v1/lobby_pb";
import type { ServerMessage } from "../gen/carc/v1/messages_pb";
import { ErrorCode } from "../gen/carc/v1/session_pb";
import type { GameModule } from "../games/game_module";
import { DEFAULT_GAME, gameOfSnapshot } from "../games/registry";
import { onLanguageChange, t } from "../i18n";
import type { CarcClient, ConnectionStatus, RequestBody } from "../net/client";
import { addressBanWords } from "./address_ban";
import { CloseCode } from "../net/reconnect";
import { endedByVote } from "./absent_vote";
import { Banner, type BannerKind } from "./banner";
import { renderChat, type ChatActions } from "./chat";
import { ChatUnread } from "./chat_unread";
import { RoomChat } from "./room_chat";
import { copyAndSay } from "./copy";
import { renderPageHeader } from "./page_header";
import { GamePlays } from "./game_plays";
import { loadPatch, patch } from "./patch";
import { RoomGames } from "./room_games";
import { TurnNotice, type NoticeEnvironment } from "./turn_notice";
import { h, resetUids } from "./dom";
import { describeError, errorMessage } from "./errors";
import { validName } from "./form";
import { Hints } from "./hint";
import { pacingOn, storePacing } from "./move_pacer";
import { PlacementPreviews } from "./placement_previews";
import { newHomeModel, renderHome, type HomeModel } from "./home";
import { HomeSources } from "./home_sources";
import { byModerator, moderatorRemovalWords } from "./moderator_removal";
import { homePath, inviteUrl, parseInvitePath } from "./invite";
import { renderLobby } from "./lobby";
import { LobbyRequests } from "./lobby_requests";
import { againstComputers, PlayNow } from "./play_now";
import { HomeRequests } from "./home_requests";
import { storeLeftGame } from "./left_game";
import { PageScreens } from "./page_screens";
import { reconnectForAccount, roomToRejoin } from "./account_seat";
import { welcomeAccount } from "../net/welcome_account";

export interface AppEnvironment {
  location: { origin: string; pathname: string; hash: string; search?: string };
  history?: { replaceState(data: unknown, unused: string, url?: string): void } | undefined;
  storage?: Storage | undefined;
  /** The browser's means of telling a player it is their turn (title, icon, vibration...). */
  notice?: NoticeEnvironment | undefined;
  /** For GET /api/game-types and the archive; the page's fetch unless given. */
  http?: typeof fetch | undefined;
  /** Milliseconds, for how long a message has been shown; Date.now unless given. */
  now?: (() => number) | undefined;
}

export type Screen = "home" | "lobby" | "game";

export class App {
  private readonly home: HomeModel;
  private room: RoomState | undefined;
  private readonly chat = new RoomChat();
  private notice: string | undefined;
  private readonly banner: Banner;
  private statusText: string;
  /** The games' play code, and the messages that wait for it. */
  private readonly plays = new GamePlays(() => this.render());
  /** The room's game by game, made when its first message or screen is needed. */
  private readonly games: RoomGames;
  private gameSeen = false;
  /** The replay viewer and the account screens, shown instead of the room's while open. */
  private readonly screens: PageScreens;
  /** A room code from an invite link, joined once connected and named. */
  private pendingInvite: string | undefined;
  /** The create/join requests, and the one waiting for its answer. */
  private readonly homeRequests: HomeRequests;
  private readonly sources: HomeSources;
  /** The rematch room to join once the server has answered LeaveRoom (RoomLeft). */
  private joinAfterLeave: { leaveRequest: number; join: JoinRoom } | undefined;
  private listRequest = 0;
  private readonly turnNotice: TurnNotice;
  private readonly lobbyRequests = new LobbyRequests((body) => this.sendRequest(body));
  private readonly playNow = new PlayNow();
  private rematchRequest = 0;
  /** The JoinRoom taking an account's seat back after a reconnect (account_seat.ts), 0 if none. */
  private rejoinRequest = 0;
  /** The account the connection is signed in as (its Welcome), "" for a guest. */
  private accountName = "";
  /** The screen rendered last: a game screen opens at the page's top, not at the lobby's
   * scroll position. */
  private shown: Screen | undefined;
  private readonly hints = new Hints((expectedSeq) => this.sendRequest({ case: "requestHint", value: { expectedSeq } }));
  private readonly previews = new PlacementPreviews((command) => this.sendRequest({ case: "previewPlacement", value: { command } }));

  constructor(
    private readonly root: HTMLElement,
    private readonly client: CarcClient,
    private readonly env: AppEnvironment,
  ) {
    this.pendingInvite = parseInvitePath(env.location.pathname, env.location.hash);
    this.banner = new Banner(env.now ?? Date.now);
    this.games = new RoomGames(root.ownerDocument, this.plays, {
      sendCommand: (command, expectedSeq) => this.sendGameCommand(command, expectedSeq),
      previewPlacement: (command, expectedSeq) => this.previews.ask(create(GameCommandSchema, { expectedSeq, command })),
      resync: () => this.requestSnapshot(),
      pacing: { on: () => pacingOn(this.env.storage), set: (on) => storePacing(this.env.storage, on) },
      resign: () => this.sendRequest({ case: "resign", value: {} }),
      leave: () => this.leave(),
      rematch: () => (this.rematchRequest = this.sendRequest({ case: "rematch", value: {} })),
      voteOnAbsent: (vote) => this.sendRequest({ case: "voteOnAbsent", value: { vote } }),
      endGrace: (seat) => this.sendRequest({ case: "endGracePeriod", value: { seat } }),
      joinRematch: (code: string) => this.joinRematch(code),
      changed: () => this.render(),
      hints: this.hints,
    });
    this.turnNotice = new TurnNotice(env.notice ?? { doc: root.ownerDocument, storage: env.storage });
    this.screens = new PageScreens({
      doc: root.ownerDocument,
      http: () => this.http(),
      location: env.location,
      history: env.history,
      roomPath: () => (this.room ? this.room.invitePath || "/" : "/"),
      home: () => this.screen === "home",
      changed: () => this.render(),
      say: (text, lasting) => this.say(text, lasting ? "final" : "error"),
      joinRoom: (code, name) => this.joinByCode(code, name),
      claimableTokens: () => this.client.tokensToClaim(this.home.leftGame ? [this.home.leftGame.token] : []),
      claimed: (tokens) => this.client.forgetClaimed(tokens),
      signedInOrOut: () => reconnectForAccount(this.client),
      now: env.now,
    });
    this.screens.openAddressed();
    this.home = newHomeModel(env.storage, this.pendingInvite);
    this.homeRequests = new HomeRequests({
      send: (body) => this.sendRequest(body),
      storage: env.storage,
      home: () => this.home,
      playNow: this.playNow,
      refused: (text) => this.say(text),
      sent: () => {
        this.banner.dismiss();
        this.render();
      },
      resumeWith: (token) => this.client.resumeWith(token),
    });
    this.sources = new HomeSources(this.home, {
      http: () => this.http(),
      changed: () => this.render(),
      gamesSettled: () => this.afterFirstScreen(),
      addressBanned: (e) => this.banner.show(addressBanWords(e), this.screen, "final"),
    });
    this.statusText = t(`status.${client.status}`);
    client.on("status", (s) => this.onStatus(s));
    client.on("welcome", (w) => {
      this.afterFirstScreen();
      this.statusText = t("status.connectedTo", { version: w.serverVersion });
      this.home.maxComputerMs = w.maxComputerMs;
      this.accountName = welcomeAccount(w);
      this.home.account = this.accountName;
      // No seat taken back by a token (none kept, or the one kept refused): an account's seat is
      // taken back by joining its room, else whatever room this page showed is gone for it.
      const rejoin = roomToRejoin({ roomCode: this.room?.code, seated: (this.room?.yourSeat ?? -1) >= 0 }, { roomCode: w.roomCode, accountName: this.accountName });
      if (rejoin !== undefined) {
        this.rejoinRequest = this.sendRequest({ case: "joinRoom", value: { code: rejoin, playerName: this.accountName, spectate: false } as JoinRoom });
      } else if (w.roomCode === "") {
        if (this.room) this.leaveLocally();
        this.afterWelcome();
      }
      this.render();
    });
    client.on("close", (info) => {
      if (info.code === CloseCode.REPLACED) this.banner.show(t("status.replaced"), this.screen, "final");
      // The server's reason says until when ("banned until 2027-01-22 08:00 UTC"); a sign-in
      // then answers with the ban's own reason.
      if (info.code === CloseCode.BANNED) this.banner.show(`${t("status.banned")} (${info.reason})`, this.screen, "final");
      if (info.code === CloseCode.KICKED) {
        this.banner.show(t("status.kicked"), this.screen, "final");
        this.leaveLocally();
      }
      this.render();
    });
    client.on("message", (m) => this.receive(m));
    onLanguageChange(() => this.render());
  }

  get screen(): Screen {
    if (!this.room) return "home";
    if (this.gameSeen || this.room.status !== RoomStatus.LOBBY) return "game";
    return "lobby";
  }

  start(): void {
    this.sources.loadGames();
    this.sources.loadServerInfo();
    this.screens.account.start();
    this.render();
    this.client.connect();
  }

  /**
   * Once the first screen is whole (connected, the games' table in or refused), the in-place
   * update's code: fetched then, it takes nothing from the first screen's line.
   */
  private afterFirstScreen(): void {
    if (this.client.status === "ready" && this.home.games.status !== "loading") void loadPatch().catch(() => undefined);
  }

  private onStatus(status: ConnectionStatus): void {
    if (status !== "ready") this.statusText = t(`status.${status}`);
    else this.banner.reconnected();
    // A snapshot asked for on a connection that is gone will never come; the server sends a
    // new one after the reconnect.
    if (status === "reconnecting") {
      for (const session of this.games.made()) session.clearSnapshotRequest();
    }
    this.render();
  }

  private afterWelcome(): void {
    const name = validName(this.home.name) ?? validName(this.accountName);
    if (this.pendingInvite !== undefined && name !== undefined) {
      const code = this.pendingInvite;
      this.pendingInvite = undefined;
      this.home.inviteCode = undefined;
      this.homeRequests.join({ code, playerName: name, spectate: false } as JoinRoom);
      return;
    }
    if (this.pendingInvite !== undefined) this.home.inviteCode = this.pendingInvite;
    this.refreshRooms();
  }

  private receive(m: ServerMessage): void {
    this.plays.receive(m, (x) => this.games.needs(this.room, x), (x) => this.onMessage(x));
  }

  /** Resolves once every game's code asked for is in and no message waits for it. */
  settled(): Promise<void> {
    return this.plays.settled();
  }

  private onMessage(m: ServerMessage): void {
    this.homeRequests.answered(m.requestId, m.body.case === "error");
    if (m.requestId !== 0 && m.requestId === this.rejoinRequest) {
      this.rejoinRequest = 0;
      // The seat is gone (the room too, or another account's now): home, with the reason.
      if (m.body.case === "error") {
        this.leaveLocally();
        this.afterWelcome();
      }
    }
    this.hints.note(m);
    if (this.previews.note(m)) return;
    switch (m.body.case) {
      case "roomList":
        if (m.requestId !== 0 && m.requestId === this.listRequest) this.listRequest = 0;
        this.home.rooms = m.body.value.rooms as RoomSummary[];
        break;
      case "roomState": {
        this.banner.movedOn();
        const previous = this.room;
        if (!previous || previous.code !== m.body.value.code) this.forgetRoom();
        this.room = m.body.value;
        this.home.inviteCode = undefined;
        this.pendingInvite = undefined;
        // The address names the room (its creator's too): a reload or a copied URL comes back.
        if (this.screens.shown === undefined) this.screens.setPath(this.room.invitePath || `/r/${this.room.code}`);
        for (const request of this.playNow.onRoomState(this.room)) this.sendRequest(request);
        break;
      }
      case "reportReceived":
        this.chat.reported();
        break;
      case "chat":
        this.chat.received(m.body.value, this.room?.yourSeat);
        break;
      case "presence": {
        const p = m.body.value;
        const seat = this.room?.seats.find((s) => s.seat === p.seat);
        if (seat) seat.connected = p.connected;
        break;
      }
      case "snapshot": {
        this.banner.movedOn();
        const game = gameOfSnapshot(m.body.value) ?? DEFAULT_GAME;
        this.games.session(game)?.applySnapshot(m.body.value);
        this.gameSeen = true;
        break;
      }
      case "eventBatch": {
        this.banner.movedOn();
        const batch = m.body.value;
        if (this.games.session(this.roomGame(batch))?.applyBatch(batch)) this.requestSnapshot();
        break;
      }
      case "roomLeft":
        if (m.requestId !== 0 && m.requestId === this.joinAfterLeave?.leaveRequest) {
          const join = this.joinAfterLeave.join;
          this.joinAfterLeave = undefined;
          this.homeRequests.join(join);
          return;
        }
        // A moderator's kick or close: home, with why; the seat's token is refused from now on.
        if (byModerator(m.body.value)) {
          this.client.clearResumeToken();
          this.leaveLocally();
          this.banner.show(moderatorRemovalWords(m.body.value), this.screen, "final");
        }
        break;
      case "rematchCreated":
        this.games.session(this.roomGame())?.rematchCreated(m.body.value.roomCode);
        // Against computers only, nobody else is asked: the page goes to the room and starts it.
        if (m.requestId !== 0 && m.requestId === this.rematchRequest && againstComputers(this.room)) {
          this.playNow.rematch(m.body.value.roomCode);
          this.joinRematch(m.body.value.roomCode);
        }
        break;
      case "history": {
        // The server's account replaces the page's own: after a reload the page has none, after
        // a lost connection it may have missed lines.
        const history = m.body.value;
        this.chat.history(history.chat);
        const game = this.games.historyGame(this.room, history);
        if (game) this.games.session(game)?.applyHistory(history);
        break;
      }
      case "hint":
        break;
      case "error": {
        const error = m.body.value;
        const hint = this.hints.refused(m.requestId);
        // A refused hint leaves the player's own move on its way; one asked before the game
        // moved on is no news.
        if (hint === "late") break;
        if (hint === undefined) for (const session of this.games.made()) session.commandFailed();
        if (error.code === ErrorCode.STALE_SEQ) {
          // This copy is behind the game: resync.
          if (this.games.session(this.roomGame())?.requestResync()) this.requestSnapshot();
          break;
        }
        // The client answers a refused resume token by itself (Hello without it).
        if (error.code === ErrorCode.INVALID_TOKEN) break;
        if (m.requestId !== 0 && m.requestId === this.listRequest) {
          this.listRequest = 0;
          break;
        }
        this.banner.show(errorMessage(error), this.screen);
        break;
      }
      default:
        return;
    }
    this.render();
  }

  /** The game this room plays (RoomGames.game). */
  private roomGame(batch?: EventBatch): GameModule {
    return this.games.game(this.room, batch);
  }

  private sendGameCommand(command: GameCommand["command"], expectedSeq: bigint): boolean {
    const value = create(GameCommandSchema, { expectedSeq, command });
    return this.sendRequest({ case: "gameCommand", value }) !== 0;
  }

  /** Leaves the room for another (the rematch's, or one of the account's), keeping the name. */
  private joinRematch(code: string, account?: string): void {
    const name = account ?? validName(this.home.name) ?? this.room?.seats.find((s) => s.seat === this.room?.yourSeat)?.name;
    const join = { code, playerName: name ?? "", spectate: false } as JoinRoom;
    // The join waits for RoomLeft: sent before it, it would find this connection still seated.
    const leaveRequest = this.client.status === "ready" ? this.sendRequest({ case: "leaveRoom", value: {} }) : 0;
    this.client.clearResumeToken();
    this.leaveLocally();
    if (leaveRequest !== 0) this.joinAfterLeave = { leaveRequest, join };
    else this.homeRequests.join(join);
  }

  /** Goes to the room `code` (the account's games): the page's own if it is there already. */
  private joinByCode(code: string, name: string | undefined): void {
    if (this.room?.code === code) return this.render();
    if (this.room) return this.joinRematch(code, name);
    this.homeRequests.join({ code, playerName: name ?? validName(this.home.name) ?? "", spectate: false } as JoinRoom);
  }

  private requestSnapshot(): void {
    if (this.client.status !== "ready") return;
    this.client.send({ case: "requestSnapshot", value: create(RequestSnapshotSchema) });
  }

  /** Sends a request; the answer (or Error) arrives as a message. Returns its id, 0 if not sent. */
  private sendRequest(body: RequestBody): number {
    try {
      return this.client.send(body);
    } catch (e) {
      this.say(describeError(e));
      return 0;
    }
  }

  /** `text` in the page's banner. */
  private say(text: string, kind: BannerKind = "error"): void {
    this.banner.show(text, this.screen, kind);
    this.render();
  }

  /** The environment's fetch, else the page's, if it has one. */
  private http(): typeof fetch | undefined {
    return this.env.http ?? (typeof fetch === "undefined" ? undefined : fetch);
  }

  private refreshRooms(): void {
    this.screens.replays.refresh();
    if (this.client.status !== "ready") return;
    this.listRequest = this.sendRequest({ case: "listRooms", value: {} });
  }

  private leave(): void {
    // A seat in a game under way stays the player's (the server keeps it): its token is kept
    // aside for the way back from the home page.
    const room = this.room;
    if (room?.status === RoomStatus.PLAYING && room.yourSeat >= 0 && this.client.resumeToken !== "") {
      this.home.leftGame = { code: room.code, token: this.client.resumeToken };
      storeLeftGame(this.env.storage, this.home.leftGame);
    }
    if (this.client.status === "ready") this.sendRequest({ case: "leaveRoom", value: {} });
    this.client.clearResumeToken();
    this.leaveLocally();
    this.refreshRooms();
    this.render();
  }

  /** Forgets what belonged to the room this page was in: its chat, notice and game. */
  private forgetRoom(): void {
    this.chat.forget();
    this.notice = undefined;
    this.gameSeen = false;
    this.games.dispose();
    this.hints.forget();
    this.previews.forget();
  }

  private leaveLocally(): void {
    this.room = undefined;
    this.forgetRoom();
    // An invite's hash goes too.
    this.screens.setPath(homePath(this.env.location.pathname), this.env.location.hash !== "");
  }

  private chatActions(): ChatActions {
    return this.chat.actionsFor(
      this.room?.yourSeat ?? -1,
      this.accountName !== "",
      (text) => this.sendRequest({ case: "sendChat", value: { text } }) !== 0,
      () => this.render(),
      (line, reason) => this.sendRequest({ case: "reportPlayer", value: { seat: line.seat, reason, quote: line.quote } }) !== 0,
    );
  }

  /** Takes the player to the chat from its unread mark. */
  private openChat(): void {
    this.chat.unread.seen();
    this.render();
    ChatUnread.open(this.root.querySelector(".game-page > .chat"));
  }

  /** Tells the player when the game starts waiting for them (and only while it can hear them). */
  private noticeTurn(): void {
    const room = this.room;
    const connected = this.client.status === "ready";
    const session = room && this.screen === "game" ? this.games.existing(this.roomGame()) : undefined;
    // A game voted to its end still names a seat to move in its last view.
    this.turnNotice.update(connected && room !== undefined && !endedByVote(room) && session?.awaitingSeat(room.yourSeat) === true);
  }

  render(): void {
    const active = this.root.ownerDocument.activeElement;
    const focusable = active instanceof HTMLElement || active instanceof SVGElement;
    const focusId = focusable && this.root.contains(active) ? active.id : "";
    resetUids();
    const over = this.screens.shown;
    this.banner.onScreen(over ?? this.screen);
    const page = h(
      "div",
      { class: over === "replay" || (over === undefined && this.screen === "game") ? "app wide" : "app" },
      this.renderHeader(),
      this.banner.render(() => this.render()),
      h("main", { id: "main" }, over ? this.screens.render() : this.renderScreen()),
    );
    // Updated in place, not replaced: what the reader opened, scrolled or is typing stays.
    const live = this.root.firstElementChild;
    if (live && this.root.childElementCount === 1) patch(live, page);
    else this.root.replaceChildren(page);
    const screen = over ? undefined : this.screen;
    if (screen === "game" && this.shown !== "game") {
      this.root.ownerDocument.defaultView?.scrollTo?.(0, 0);
      if (this.chat.unread.count > 0) {
        // What was said in the lobby was in view there: the mark starts with the game.
        this.chat.unread.seen();
        this.render();
        return;
      }
    }
    this.shown = screen;
    this.chat.unread.watchCard(screen === "game" ? this.root.querySelector(".game-page > .chat") : null, () => this.render());
    this.noticeTurn();
    if (focusId !== "") {
      const again: Element | null = this.root.ownerDocument.getElementById(focusId);
      if (again instanceof HTMLElement || again instanceof SVGElement) again.focus();
    }
  }

  private renderHeader(): HTMLElement {
    const seatedInGame = this.screen === "game" && (this.room?.yourSeat ?? -1) >= 0;
    return renderPageHeader(
      {
        status: this.client.status,
        statusText: this.statusText,
        alertsOn: seatedInGame ? this.turnNotice.alertsOn : undefined,
        account: this.screens.account.link(),
      },
      {
        languageFailed: (language) => this.say(t("app.languageFailed", { language })),
        toggleAlerts: () => void this.turnNotice.setAlerts(!this.turnNotice.alertsOn).then(() => this.render()),
        reconnect: () => this.client.connect(),
      },
    );
  }

  private renderScreen(): HTMLElement {
    const room = this.room;
    switch (this.screen) {
      case "home":
        return h(
          "div",
          {},
          renderHome(this.home, {
            nameChanged: (name) => {
              this.home.name = name;
            },
            ...this.homeRequests.actions(),
            refreshRooms: () => this.refreshRooms(),
            openLeaderboard: () => this.screens.account.show("/leaderboard"),
            reloadGames: () => {
              this.sources.loadGames();
              this.render();
            },
          }, this.screens.account.renderInvitations()),
          this.screens.replays.renderList(),
        );
      case "lobby":
        if (!room) throw new Error("no room");
        return renderLobby(
          {
            room,
            chat: this.chat.chat,
            chatDraft: this.chat.chatDraft,
            inviteUrl: inviteUrl(this.env.location.origin, room.invitePath, room.code),
            botCommand: `carcassonne bot --server ${this.env.location.origin.replace(/^http/, "ws")} --room ${room.code}`,
            games: this.home.games.status === "ready" ? this.home.games.games : [],
            notice: this.notice,
            computerLevel: this.lobbyRequests.computerLevel,
            maxComputerMs: this.home.maxComputerMs,
          },
          {
            ...this.lobbyRequests.actions(),
            ...this.chatActions(),
            copyInvite: (input) =>
              void copyAndSay(input, () => this.root.querySelector(".invite .notice")).then((n) => (this.notice = n)),
            leave: () => this.leave(),
          },
        );
      case "game":
        if (!room) throw new Error("no room");
        return h(
          "div",
          { class: "game-page" },
          this.chat.unread.render(() => this.openChat()),
          // A tab that cannot send a move must not say it may: its prompt tells of the connection.
          this.games.session(this.roomGame())?.render(room, this.client.status === "ready" ? undefined : this.statusText) ??
            this.plays.renderLoading(this.roomGame(), () => this.render()),
          renderChat(this.chat, this.chatActions()),
        );
    }
  }
}
