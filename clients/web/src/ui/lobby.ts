// The room lobby: seats (name, colour with its shape, ready, connected, host, or a computer
// player and its level), take a seat, choose a colour, ready, the host's start, kick and computer
// players, spectators, chat, the invite link, and the room's options (the game's own read from
// the room's options message through the game's served option table; a turn-based room's time
// per move and reserve where a live room's clock is).

import type { ChatMessage, RoomOptions, RoomState, SeatInfo, TurnBased } from "../gen/carc/v1/lobby_pb";
import { RoomStatus } from "../gen/carc/v1/lobby_pb";
import { DEFAULT_GAME, gameByType, type OfferedGame } from "../games/registry";
import { t } from "../i18n";
import { gameOptionValues } from "../net/options_message";
import { abandonText } from "./abandon_policy";
import { renderAddComputer, type AddComputerActions } from "./add_computer";
import { colourBadge } from "./colour_badge";
import { COLOURS } from "./colours";
import { DEFAULT_COMPUTER_LEVEL, computerBadge, isComputer, offeredLevels, presenceBadge, roomLevels, type ComputerLevel } from "./computer_player";
import { h, onPage, self, uid } from "./dom";
import { renderChat } from "./chat";
import { durationWords } from "./duration_words";
import { roomStatusKey } from "./home";
import { roomRatedBadge } from "./rated_badge";
import { optionLabel, valueText } from "./option_text";

export interface LobbyModel {
  room: RoomState;
  chat: readonly ChatMessage[];
  /** The chat line being typed; kept across renders. */
  chatDraft: string;
  /** The full invite link. */
  inviteUrl: string;
  /** The command that puts a `carcassonne bot` into a free seat of this room. */
  botCommand: string;
  /** A short status line (e.g. "Link copied."). */
  notice?: string | undefined;
  /** The games the server offers, for their option tables; empty when not (yet) known. */
  games: readonly OfferedGame[];
  /** Welcome.max_computer_ms: 0 when the server has no computer players; unknown: all levels. */
  maxComputerMs?: number | undefined;
  /** The level the host's "Add computer player" menus show (the last one chosen). */
  computerLevel?: ComputerLevel | undefined;
}

export interface LobbyActions extends AddComputerActions {
  takeSeat(seat: number): void;
  chooseColour(colour: string): void;
  setReady(ready: boolean): void;
  start(): void;
  kick(seat: number): void;
  sendChat(text: string): void;
  chatDraftChanged(text: string): void;
  copyInvite(input: HTMLInputElement): void;
  leave(): void;
}

/** The seat of this connection, undefined for a spectator. */
export function mySeat(room: RoomState): SeatInfo | undefined {
  if (room.yourSeat < 0) return undefined;
  return room.seats.find((s) => s.seat === room.yourSeat && s.occupied);
}

export function isHost(room: RoomState): boolean {
  return mySeat(room)?.isHost === true;
}

/** What StartGame needs (the server checks it again): two players, all but the host ready. */
export function canStart(room: RoomState): boolean {
  const seated = room.seats.filter((s) => s.occupied);
  return seated.length >= 2 && seated.every((s) => s.ready || s.isHost);
}

export function renderLobby(model: LobbyModel, actions: LobbyActions): HTMLElement {
  const room = model.room;
  const me = mySeat(room);
  const host = isHost(room);
  const inLobby = room.status === RoomStatus.LOBBY;
  const rated = roomRatedBadge(room.options);
  const turnBased = turnBasedOf(room.options)
    ? h("span", { class: "badge turn-based", "data-turn-based": "" }, t("lobby.turnBased"))
    : null;

  return h(
    "div",
    { class: "screen lobby" },
    h("div", { class: "row" },
      h("h2", {}, t("lobby.title", { code: room.code }), rated ? [" ", rated] : null, turnBased ? [" ", turnBased] : null),
      h("button", { type: "button", class: "secondary", onclick: () => actions.leave() }, t("lobby.leave")),
    ),
    renderInvite(model, actions),
    renderSeats(room, me, host, inLobby, roomLevels(offeredLevels(model.maxComputerMs ?? Infinity), room.options?.rated === true), model.computerLevel ?? DEFAULT_COMPUTER_LEVEL, actions),
    inLobby && room.seats.some((s) => !s.occupied) ? renderBotHint(model) : null,
    h("p", { class: "spectators" }, t("lobby.spectators", { n: room.spectators })),
    me === undefined ? h("p", { class: "notice" }, t("lobby.spectating")) : null,
    me !== undefined && inLobby ? renderMyControls(room, me, host, actions) : null,
    renderOptionsSummary(room, model.games),
    renderGuide(room, model.games),
    renderChat(model, actions),
  );
}

function renderInvite(model: LobbyModel, actions: LobbyActions): HTMLElement {
  const id = uid("invite");
  const input = h("input", {
    id,
    type: "text",
    readonly: true,
    value: model.inviteUrl,
    class: "invite-link",
    onfocus: (e) => self<HTMLInputElement>(e).select(),
  });
  return h(
    "section",
    { class: "card invite" },
    h("label", { for: id }, t("lobby.invite")),
    h("div", { class: "pair" },
      input,
      h("button", { type: "button", onclick: (e) => actions.copyInvite(onPage<HTMLInputElement>(e, id) ?? input) }, t("lobby.copy")),
    ),
    h("p", { class: "notice", role: "status", "aria-live": "polite" }, model.notice ?? ""),
  );
}

/**
 * How to fill a free seat with a bot program run by hand (the carcassonne tool's bot), beside
 * the server's own computer players that the host adds seat by seat.
 */
function renderBotHint(model: LobbyModel): HTMLElement {
  const id = uid("bot");
  const input = h("input", { id, type: "text", readonly: true, value: model.botCommand, class: "invite-link bot-command", onfocus: (e) => self<HTMLInputElement>(e).select() });
  return h(
    "details",
    { class: "card bots" },
    h("summary", {}, t("lobby.botTitle")),
    h("p", { class: "help" }, t("lobby.botHelp")),
    h("label", { for: id, class: "visually-hidden" }, t("lobby.botTitle")),
    input,
    h("p", { class: "help" }, t("lobby.botWhere")),
  );
}

function renderSeats(
  room: RoomState,
  me: SeatInfo | undefined,
  host: boolean,
  inLobby: boolean,
  levels: readonly ComputerLevel[],
  computerLevel: ComputerLevel,
  actions: LobbyActions,
): HTMLElement {
  return h(
    "section",
    { class: "card", "aria-labelledby": "seats-heading" },
    h("h3", { id: "seats-heading" }, t("lobby.seats")),
    h(
      "ul",
      { class: "seats" },
      room.seats.map((s) => {
        const number = s.seat + 1;
        const mine = me !== undefined && s.seat === me.seat;
        if (!s.occupied) {
          return h(
            "li",
            { class: "seat free", "data-seat": s.seat },
            h("span", { class: "seat-number" }, t("lobby.seat", { n: number })),
            h("span", { class: "seat-name" }, t("lobby.free")),
            me !== undefined && inLobby
              ? h("button", { type: "button", class: "take-seat", onclick: () => actions.takeSeat(s.seat) }, t("lobby.takeSeat", { n: number }))
              : null,
            host && inLobby && levels.length > 0 ? renderAddComputer(s.seat, levels, computerLevel, actions) : null,
          );
        }
        return h(
          "li",
          { class: `seat${mine ? " mine" : ""}${isComputer(s) ? " computer" : ""}`, "data-seat": s.seat },
          h("span", { class: "seat-number" }, t("lobby.seat", { n: number })),
          colourBadge(s.colour),
          h("span", { class: "seat-name" }, s.name),
          h("span", { class: "badges" },
            computerBadge(s),
            s.isHost ? h("span", { class: "badge host" }, t("lobby.host")) : null,
            mine ? h("span", { class: "badge you" }, t("lobby.you")) : null,
            h("span", { class: `badge ${s.ready ? "ready" : "not-ready"}` }, s.ready ? `✓ ${t("lobby.ready")}` : t("lobby.notReady")),
            // A computer has no connection to show: its badge above says what it is.
            isComputer(s) ? null : presenceBadge(s),
          ),
          host && !mine && inLobby
            ? h("button", { type: "button", class: "kick danger", onclick: () => actions.kick(s.seat) }, t("lobby.kick", { name: s.name }))
            : null,
        );
      }),
    ),
  );
}

function renderMyControls(room: RoomState, me: SeatInfo, host: boolean, actions: LobbyActions): HTMLElement {
  const colourId = uid("colour");
  const readyId = uid("ready");
  const takenBy = new Map<string, number>();
  for (const s of room.seats) if (s.occupied && s.colour !== "") takenBy.set(s.colour, s.seat);
  const colour = h(
    "select",
    {
      id: colourId,
      onchange: (e) => actions.chooseColour(self<HTMLSelectElement>(e).value),
    },
    me.colour === "" ? h("option", { value: "", selected: true, disabled: true }, t("colour.none")) : null,
    COLOURS.map((c) => {
      const owner = takenBy.get(c.name);
      const taken = owner !== undefined && owner !== me.seat;
      return h(
        "option",
        { value: c.name, selected: c.name === me.colour, disabled: taken },
        `${c.shape} ${taken ? t("lobby.colourTaken", { colour: t(c.label) }) : t(c.label)}`,
      );
    }),
  );
  const ready = h("input", {
    id: readyId,
    type: "checkbox",
    checked: me.ready,
    onchange: (e) => actions.setReady(self<HTMLInputElement>(e).checked),
  });
  const startable = canStart(room);
  return h(
    "section",
    { class: "card controls" },
    h("div", { class: "field" }, h("label", { for: colourId }, t("lobby.colour")), h("div", { class: "pair" }, colourBadge(me.colour), colour)),
    h("div", { class: "field check" }, ready, h("label", { for: readyId }, t("lobby.readyToggle"))),
    host
      ? h("div", { class: "field" },
          h("button", { type: "button", class: "primary start", onclick: () => actions.start(), "aria-describedby": "start-hint" }, t("lobby.start")),
          h("p", { class: "help", id: "start-hint" }, startable ? "" : t("lobby.startHint")),
        )
      : h("p", { class: "help" }, t("lobby.waitHost")),
  );
}

function renderOptionsSummary(room: RoomState, games: readonly OfferedGame[]): HTMLElement | null {
  const options = room.options;
  if (!options) return null;
  const game = gameByType(options.gameType) ?? DEFAULT_GAME;
  const offered = games.find((g) => g.module === game);
  const rows: [string, string][] = [
    [t("home.gameType"), game.title()],
    [t("home.seats"), String(options.seats)],
    [t("lobby.visibility"), options.isPublic ? t("lobby.public") : t("lobby.private")],
    ...clockRows(options),
    [t("home.abandon"), abandonText(options.abandonPolicy)],
    [t("lobby.hints"), options.hints ? t("opt.yes") : t("opt.no")],
    [t("lobby.rated"), options.rated ? t("opt.yes") : t("opt.no")],
  ];
  if (offered) rows.push(...gameOptionRows(offered, options));
  return h(
    "details",
    { class: "card options-summary" },
    h("summary", {}, `${t("lobby.options")} · ${t(roomStatusKey(room.status))}`),
    h("dl", {}, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
    game.lobbyNote?.() ?? null,
  );
}

/** A turn-based room's times (RoomOptions.turn_based), undefined for a live room. */
export function turnBasedOf(options: RoomOptions | undefined): TurnBased | undefined {
  const turnBased = options?.turnBased;
  return turnBased && turnBased.moveSeconds > 0 ? turnBased : undefined;
}

/** The live clock's line, or a turn-based room's time per move and its reserve per player. */
function clockRows(options: RoomOptions): [string, string][] {
  const turnBased = turnBasedOf(options);
  if (turnBased) {
    const reserve = turnBased.reserveSeconds;
    return [
      [t("lobby.clock"), t("lobby.turnBasedValue", { move: durationWords(turnBased.moveSeconds) })],
      [t("home.reserve"), reserve > 0 ? durationWords(reserve) : t("home.reserveNone")],
    ];
  }
  const clock = options.clock;
  return [[
    t("lobby.clock"),
    clock && clock.initialSeconds > 0
      ? t("lobby.clockValue", { initial: clock.initialSeconds, increment: clock.incrementSeconds })
      : t("lobby.noClock"),
  ]];
}

/** The game's "how this game differs" card for the room's rules, if it has one. */
function renderGuide(room: RoomState, games: readonly OfferedGame[]): HTMLElement | null {
  const options = room.options;
  if (!options) return null;
  const game = gameByType(options.gameType) ?? DEFAULT_GAME;
  const offered = games.find((g) => g.module === game);
  return game.guide?.(offered ? gameOptionValues(game.wire.options, offered.table.options, options) : undefined) ?? null;
}

/** A line per option of the game's table: its label and the room's value. (Rule ids are for the
 * form's help lines: players read the options here in words.) */
function gameOptionRows(game: OfferedGame, options: RoomOptions): [string, string][] {
  const values = gameOptionValues(game.module.wire.options, game.table.options, options);
  if (!values) return [];
  const words = game.module.messages;
  return game.table.options.map((o) => [optionLabel(words, o), valueText(words, o, values[o.name] ?? o.default)]);
}

