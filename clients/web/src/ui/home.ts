// The home screen: the player's name, create a room (of any game of the registry that the server
// offers, with the game's own part of the form from the server's option table), join by code, and
// the list of public rooms.

import type { CreateRoom, JoinRoom, RoomSummary } from "../gen/carc/v1/lobby_pb";
import { RoomStatus } from "../gen/carc/v1/lobby_pb";
import { DEFAULT_GAME, type OfferedGame } from "../games/registry";
import { t, type MessageKey } from "../i18n";
import { abandonChoices, abandonLabel, parseAbandonChoice } from "./abandon_policy";
import { inPageClick } from "./account";
import { loadLeftGame, renderBackToSeat, type LeftGame } from "./left_game";
import { loadName } from "./name_store";
import { h, self, uid } from "./dom";
import { patch } from "./patch";
import { ratedBadge } from "./rated_badge";
import { MAX_NAME_LENGTH, failureText, range } from "./form";
import { buildJoinRoom, normaliseInviteCode } from "./invite";
import { durationWords } from "./duration_words";
import {
  MAX_CLOCK_INCREMENT_SECONDS,
  MAX_CLOCK_SECONDS,
  MOVE_CHOICES,
  RESERVE_CHOICES,
  buildCreateRoom,
  defaultRoomForm,
  fixedSeats,
  formGame,
  gameOptionsForm,
  ratedHouseRule,
  type OfferedGames,
  type RoomForm,
} from "./options";

/** The failure's detail when the server's table lists none of the games of this page. */
export const NO_GAME_OFFERED = "the server offers none of this page's games";

export interface HomeModel {
  name: string;
  form: RoomForm;
  /** The games the create-room form offers, once GET /api/game-types has answered. */
  games: OfferedGames;
  joinCode: string;
  spectate: boolean;
  rooms: readonly RoomSummary[];
  /** Set when the page was opened from an invite link and is waiting for a name. */
  inviteCode?: string | undefined;
  /** Waiting for an answer: the submit buttons are disabled. */
  busy?: boolean;
  /** Welcome.max_computer_ms once connected: 0 when the server has no computer players. */
  maxComputerMs?: number;
  /** Why a form was refused on this page, by form, until it is sent again. */
  errors?: { join?: string; create?: string; list?: string };
  /** A game this browser left while it goes on (left_game.ts). */
  leftGame?: LeftGame | undefined;
  /** The account the connection is signed in as (Welcome.account_name), "" for a guest. */
  account?: string;
}

export interface HomeActions {
  nameChanged(name: string): void;
  createRoom(request: CreateRoom): void;
  joinRoom(request: JoinRoom): void;
  refreshRooms(): void;
  /** Asks the server for its games and their options again, after a failure. */
  reloadGames(): void;
  /** One tap to a game against a computer player (play_now.ts). */
  playNow(): void;
  /** Takes the seat of the game left back (left_game.ts). */
  backToSeat?(): void;
  /** Opens the leaderboard (/leaderboard) in place. */
  openLeaderboard?(): void;
}

/** The home screen. The controls write into `model` as they change. */
/**
 * The name the player's seats take: a signed-in player's is the account's (the server seats them
 * under it whatever is typed), a guest's the one typed.
 */
export function playerName(model: Pick<HomeModel, "name" | "account">): string {
  return model.account ? model.account : model.name;
}

/** The home page as a new page finds it: the name and the game left kept in `storage`. */
export function newHomeModel(storage: Storage | undefined, joinCode: string | undefined): HomeModel {
  return {
    name: loadName(storage),
    leftGame: loadLeftGame(storage),
    form: defaultRoomForm(),
    games: { status: "loading" },
    joinCode: joinCode ?? "",
    spectate: false,
    rooms: [],
    inviteCode: undefined,
    busy: false,
  };
}

/** `invitations`: a signed-in player's invitations (src/account/invitations.ts), null for none. */
export function renderHome(model: HomeModel, actions: HomeActions, invitations: HTMLElement | null = null): HTMLElement {
  const nameId = uid("name");
  const nameHelpId = uid("name-help");
  const signedIn = (model.account ?? "") !== "";
  const nameInput = h("input", {
    id: nameId,
    name: "player-name",
    type: "text",
    autocomplete: "nickname",
    maxlength: MAX_NAME_LENGTH * 2,
    required: true,
    readonly: signedIn,
    value: playerName(model),
    "aria-describedby": nameHelpId,
    oninput: (e) => {
      model.name = self<HTMLInputElement>(e).value;
      actions.nameChanged(model.name);
    },
  });

  return h(
    "div",
    { class: "screen home" },
    model.inviteCode
      ? h("p", { class: "notice", role: "status" }, t("home.inviteWaiting", { code: model.inviteCode }))
      : null,
    h(
      "section",
      // No accessible name of its own: the label names the text box, not a region.
      { class: "card" },
      h("div", { class: "field" },
        h("label", { for: nameId }, t("home.name")),
        nameInput,
        h("p", { class: "help", id: nameHelpId }, signedIn ? t("home.nameAccount") : t("home.nameHelp")),
      ),
    ),
    invitations,
    renderBackToSeat(model.leftGame, () => actions.backToSeat?.()),
    renderPlayNow(model, actions),
    // A newcomer's way in is creating a room: it comes first, before joining by a code, unless
    // the page was opened from an invite link, whose way in is joining.
    model.inviteCode ? renderJoin(model, actions) : null,
    renderCreate(model, actions),
    model.inviteCode ? null : renderJoin(model, actions),
    renderRoomList(model, actions),
    h("p", { class: "home-links" },
      h("a", {
        href: "/leaderboard",
        id: "leaderboard-link",
        onclick: (e) => {
          if (!actions.openLeaderboard || !inPageClick(e)) return;
          e.preventDefault();
          actions.openLeaderboard();
        },
      }, t("home.leaderboard")),
    ),
  );
}

/** "Play now against the computer", once the server has said it has computer players and
 * offers the base game; nothing before or without them. */
function renderPlayNow(model: HomeModel, actions: HomeActions): HTMLElement | null {
  const computers = model.maxComputerMs !== undefined && model.maxComputerMs !== 0;
  const base = model.games.status === "ready" && model.games.games.some((g) => g.module.id === DEFAULT_GAME.id);
  if (!computers || !base) return null;
  const helpId = uid("play-now-help");
  return h(
    "section",
    { class: "card play-now" },
    h("button", {
      type: "button",
      class: "primary",
      name: "play-now",
      disabled: model.busy,
      "aria-describedby": helpId,
      onclick: () => actions.playNow(),
    }, t("home.playNow")),
    h("p", { class: "help", id: helpId }, t("home.playNowHelp")),
  );
}

function renderJoin(model: HomeModel, actions: HomeActions): HTMLElement {
  const codeId = uid("code");
  const helpId = uid("code-help");
  const spectateId = uid("spectate");
  const error = h("p", { class: "form-error", role: "alert" }, model.errors?.join ?? "");
  const code = h("input", {
    id: codeId,
    name: "room-code",
    type: "text",
    inputmode: "text",
    autocapitalize: "characters",
    autocomplete: "off",
    spellcheck: "false",
    maxlength: 12,
    value: model.joinCode,
    "aria-describedby": helpId,
    oninput: (e) => {
      model.joinCode = self<HTMLInputElement>(e).value;
    },
    onblur: (e) => {
      const input = self<HTMLInputElement>(e);
      input.value = normaliseInviteCode(input.value);
      model.joinCode = input.value;
    },
  });
  const spectate = h("input", {
    id: spectateId,
    type: "checkbox",
    checked: model.spectate,
    onchange: (e) => {
      model.spectate = self<HTMLInputElement>(e).checked;
    },
  });
  const form = h(
    "form",
    {
      class: "card",
      "aria-labelledby": "join-heading",
      novalidate: true,
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const result = buildJoinRoom(model.joinCode, playerName(model), model.spectate);
        showError(ev, model, "join", result.ok ? "" : failureText(result));
        if (result.ok) actions.joinRoom(result.value);
      },
    },
    h("h2", { id: "join-heading" }, t("home.joinTitle")),
    h("div", { class: "field" },
      h("label", { for: codeId }, t("home.code")),
      code,
      h("p", { class: "help", id: helpId }, t("home.codeHelp")),
    ),
    h("div", { class: "field check" }, spectate, h("label", { for: spectateId }, t("home.spectate"))),
    error,
    h("button", { type: "submit", class: "primary", disabled: model.busy }, t("home.join")),
  );
  return form;
}

function renderCreate(model: HomeModel, actions: HomeActions): HTMLElement {
  const games = model.games;
  if (games.status !== "ready") return renderCreateWaiting(games, actions);
  const f = model.form;
  const error = h("p", { class: "form-error", role: "alert" }, model.errors?.create ?? "");

  const chosen = formGame(f, games.games);
  // The app offers none when the server has none of this page's games; it says so itself.
  if (!chosen) return renderCreateWaiting({ status: "failed", reason: NO_GAME_OFFERED }, actions);
  const fixed = fixedSeats(chosen);
  const seatsHelp = fixed === undefined ? undefined : chosen.module.form.seatsHelp?.();
  const seatsId = uid("seats");
  const seatsHelpId = `${seatsId}-help`;
  // A game for a fixed number of players: the menu shows that number and cannot be changed.
  const seats =
    fixed !== undefined
      ? h("select", { id: seatsId, disabled: true, "aria-describedby": seatsHelp === undefined ? undefined : seatsHelpId },
          h("option", { value: String(fixed), selected: true }, String(fixed)),
        )
      : seatsMenu(seatsId, f, chosen);
  const gameId = uid("game");
  const game = h(
    "select",
    {
      id: gameId,
      name: "game-type",
      onchange: (e) => {
        const menu = self<HTMLSelectElement>(e);
        f.game = (games.games.find((g) => String(g.module.gameType) === menu.value) ?? chosen).module.id;
        // The form changes shape (seats, options): drawn again in place, the menu keeps the focus.
        const live = menu.closest("form");
        if (!live) return;
        patch(live, renderCreate(model, actions)).querySelector<HTMLSelectElement>('select[name="game-type"]')?.focus();
      },
    },
    games.games.map((g) => h("option", { value: String(g.module.gameType), selected: g === chosen }, g.module.title())),
  );
  const initialId = uid("clock-initial");
  const initial = secondsInput(initialId, f.clockInitial, MAX_CLOCK_SECONDS, (v) => (f.clockInitial = v));
  const incrementId = uid("clock-increment");
  const increment = secondsInput(incrementId, f.clockIncrement, MAX_CLOCK_INCREMENT_SECONDS, (v) => (f.clockIncrement = v));
  // A server without computer players refuses their policy and hints: neither is offered there.
  const computers = model.maxComputerMs !== 0;
  if (!computers) f.hints = false;
  // The server refuses a guest's rated room, and a rated room with hints.
  const signedIn = (model.account ?? "") !== "";
  if (!signedIn) f.rated = false;
  if (f.rated) f.hints = false;
  const redraw = (focusName: string) => (e: Event) => {
    const live = self<Element>(e).closest("form");
    if (live) patch(live, renderCreate(model, actions)).querySelector<HTMLElement>(`[name="${focusName}"]`)?.focus();
  };
  const choices = abandonChoices(model.maxComputerMs);
  if (!choices.includes(f.abandon)) f.abandon = choices[0]!;
  const abandonId = uid("abandon");
  const abandonHelpId = `${abandonId}-help`;
  const abandon = h(
    "select",
    {
      id: abandonId,
      name: "abandon-policy",
      "aria-describedby": abandonHelpId,
      onchange: (e) => {
        f.abandon = parseAbandonChoice(self<HTMLSelectElement>(e).value);
      },
    },
    choices.map((c) => h("option", { value: c, selected: f.abandon === c }, abandonLabel(c))),
  );

  const form: HTMLFormElement = h(
    "form",
    {
      class: "card",
      "aria-labelledby": "create-heading",
      novalidate: true,
        // A rated room's house rule is named as the options change, not only once refused.
      onchange: (e: Event) => showRatedNote(e, f, chosen),
      oninput: (e: Event) => showRatedNote(e, f, chosen),
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const result = buildCreateRoom(f, games.games, playerName(model));
        showError(ev, model, "create", result.ok ? "" : failureText(result));
        // A refused clock or option is in the folded part: shown, so that it can be put right.
        if (!result.ok && !("error" in result && FIELDS_IN_VIEW.has(result.error))) openAdvanced(ev, f);
        if (result.ok) actions.createRoom(result.value);
      },
    },
    h("h2", { id: "create-heading" }, t("home.createTitle")),
    h("div", { class: "field" },
      h("label", { for: gameId }, t("home.gameType")),
      game,
      chosen.module.form.note?.() ?? null,
    ),
    h("div", { class: "field" },
      h("label", { for: seatsId }, t("home.seats")),
      seats,
      seatsHelp !== undefined ? h("p", { class: "help", id: seatsHelpId }, seatsHelp) : null,
    ),
    renderRated(f, chosen, signedIn, redraw("rated")),
    // A newcomer needs only the game and its seats: the rest has defaults that play well, folded
    // so that the Create button is in the first view of a phone.
    h(
      "details",
      {
        class: "advanced",
        "data-advanced": "",
        open: f.advancedOpen,
        ontoggle: (e) => {
          f.advancedOpen = self<HTMLDetailsElement>(e).open;
        },
      },
      h("summary", {}, t("home.advanced")),
      checkField("public", t("home.public"), f.isPublic, (on) => (f.isPublic = on)),
      renderTurnBased(f, redraw("turn-based")),
      // A turn-based room sends no live clock: its boxes are not shown (what they hold is kept).
      f.turnBased
        ? null
        : [
            h("div", { class: "field" }, h("label", { for: initialId }, t("home.clockInitial")), initial),
            h("div", { class: "field" }, h("label", { for: incrementId }, t("home.clockIncrement")), increment),
          ],
      h("div", { class: "field" },
        h("label", { for: abandonId }, t("home.abandon")),
        abandon,
        h("p", { class: "help", id: abandonHelpId }, t("home.abandonHelp")),
      ),
      computers
        ? checkField("hints", t("home.hints"), f.hints, (on) => (f.hints = on), f.rated ? t("home.hintsRated") : undefined)
        : null,
      gameOptionsForm(f, chosen).render(),
    ),
    error,
    h("button", { type: "submit", class: "primary", disabled: model.busy }, t("home.create")),
  );
  return form;
}

/** The failures of the fields outside the folded part: the name and the seats. */
const FIELDS_IN_VIEW: ReadonlySet<MessageKey> = new Set(["form.errorName", "form.errorSeats"]);

function openAdvanced(ev: Event, f: RoomForm): void {
  f.advancedOpen = true;
  const details = self<Element>(ev).querySelector<HTMLDetailsElement>("details[data-advanced]");
  if (details) details.open = true;
}

/**
 * A checkbox and its label; `name` makes its id and names it in the form. With `offBecause` it is
 * off and cannot be changed, and that text says why.
 */
function checkField(name: string, label: string, checked: boolean, set: (checked: boolean) => void, offBecause?: string): HTMLElement {
  const id = uid(name);
  const helpId = `${id}-help`;
  return h("div", { class: "field check" },
    h("input", {
      id,
      name,
      type: "checkbox",
      checked: offBecause === undefined && checked,
      disabled: offBecause !== undefined,
      "aria-describedby": offBecause === undefined ? undefined : helpId,
      onchange: (e) => set(self<HTMLInputElement>(e).checked),
    }),
    h("label", { for: id }, label),
    offBecause === undefined ? null : h("p", { class: "help", id: helpId }, offBecause),
  );
}

/**
 * "Rated game": for a guest off, with the reason; ticked, what a rated game is and, when an
 * option is a house rule, which one keeps the room from being created.
 */
function renderRated(f: RoomForm, game: OfferedGame, signedIn: boolean, redraw: (e: Event) => void): HTMLElement {
  const id = uid("rated");
  const helpId = `${id}-help`;
  const noteId = "rated-note";
  return h("div", { class: "field check rated" },
    h("input", {
      id,
      name: "rated",
      type: "checkbox",
      checked: f.rated,
      disabled: !signedIn,
      "aria-describedby": f.rated ? `${helpId} ${noteId}` : helpId,
      onchange: (e) => {
        f.rated = self<HTMLInputElement>(e).checked;
        // Hints go off (or may come back): the form is drawn again in place.
        redraw(e);
      },
    }),
    h("label", { for: id }, t("home.rated")),
    h("p", { class: "help", id: helpId }, signedIn ? t("home.ratedHelp") : t("home.ratedGuest")),
    f.rated ? h("p", { class: "rated-note", id: noteId, role: "status" }, ratedHouseRule(gameOptionsForm(f, game)) ?? "") : null,
  );
}

/**
 * "Turn-based": a game over days (RoomOptions.turn_based). Ticked, the time per move and the
 * reserve per player are menus in place of the live clock's boxes.
 */
function renderTurnBased(f: RoomForm, redraw: (e: Event) => void): HTMLElement {
  const id = uid("turn-based");
  const helpId = `${id}-help`;
  const menu = (name: string, label: string, choices: readonly number[], value: number, set: (seconds: number) => void) => {
    const menuId = uid(name);
    return h("div", { class: "field" },
      h("label", { for: menuId }, label),
      h("select", { id: menuId, name, onchange: (e) => set(Number(self<HTMLSelectElement>(e).value)) },
        choices.map((s) => h("option", { value: String(s), selected: s === value }, s === 0 ? t("home.reserveNone") : durationWords(s))),
      ),
    );
  };
  return h("div", { class: "turn-based" },
    h("div", { class: "field check" },
      h("input", {
        id,
        name: "turn-based",
        type: "checkbox",
        checked: f.turnBased,
        "aria-describedby": helpId,
        onchange: (e) => {
          f.turnBased = self<HTMLInputElement>(e).checked;
          // The clock's boxes give way to the menus (or come back): drawn again in place.
          redraw(e);
        },
      }),
      h("label", { for: id }, t("home.turnBased")),
      h("p", { class: "help", id: helpId }, t("home.turnBasedHelp")),
    ),
    f.turnBased
      ? [
          menu("move-time", t("home.moveTime"), MOVE_CHOICES, f.moveSeconds, (s) => (f.moveSeconds = s)),
          menu("reserve", t("home.reserve"), RESERVE_CHOICES, f.reserveSeconds, (s) => (f.reserveSeconds = s)),
        ]
      : null,
  );
}

/** The rated room's note, written again from the options as they are now. */
function showRatedNote(e: Event, f: RoomForm, game: OfferedGame): void {
  if (!f.rated) return;
  const note = self<Element>(e).querySelector("#rated-note");
  if (note) note.textContent = ratedHouseRule(gameOptionsForm(f, game)) ?? "";
}

/** The seats menu of a game whose host chooses: its min_players to max_players. */
function seatsMenu(id: string, f: RoomForm, game: OfferedGame): HTMLSelectElement {
  const { minPlayers, maxPlayers } = game.table;
  // A number another game allowed, or the first default, may be out of this game's range.
  f.seats = Math.min(Math.max(f.seats, minPlayers), maxPlayers);
  const menu = h(
    "select",
    {
      id,
      onchange: (e) => {
        f.seats = Number(self<HTMLSelectElement>(e).value);
      },
    },
    range(minPlayers, maxPlayers).map((n) => h("option", { value: String(n), selected: n === f.seats }, String(n))),
  );
  return menu;
}

/** The create-room card while the games' table is on its way, or when it could not be had. */
function renderCreateWaiting(games: Exclude<OfferedGames, { status: "ready" }>, actions: HomeActions): HTMLElement {
  return h(
    "section",
    { class: "card", "aria-labelledby": "create-heading", "data-game-types": games.status },
    h("h2", { id: "create-heading" }, t("home.createTitle")),
    games.status === "loading"
      ? h("p", { class: "notice", role: "status" }, t("home.gameTypesLoading"))
      : [
          h("p", { class: "form-error", role: "alert" }, t("home.gameTypesFailed", { reason: games.reason })),
          h("button", { type: "button", onclick: () => actions.reloadGames() }, t("home.gameTypesRetry")),
        ],
  );
}

function renderRoomList(model: HomeModel, actions: HomeActions): HTMLElement {
  const error = h("p", { class: "form-error", role: "alert" }, model.errors?.list ?? "");
  const join = (code: string, spectate: boolean) => (ev: Event) => {
    const result = buildJoinRoom(code, playerName(model), spectate);
    showError(ev, model, "list", result.ok ? "" : failureText(result));
    if (result.ok) actions.joinRoom(result.value);
  };
  return h(
    "section",
    { class: "card", "aria-labelledby": "list-heading" },
    h("div", { class: "row" },
      h("h2", { id: "list-heading" }, t("home.listTitle")),
      h("button", { type: "button", onclick: () => actions.refreshRooms() }, t("home.refresh")),
    ),
    error,
    model.rooms.length === 0
      ? h("p", { class: "empty" }, t("home.listEmpty"))
      : h(
          "ul",
          { class: "rooms" },
          model.rooms.map((r) =>
            h(
              "li",
              { class: "room" },
              h("div", {},
                h("strong", { class: "code" }, r.code),
                " ",
                r.rated ? [ratedBadge(), " "] : null,
                h("span", {}, t("home.listSummary", {
                  host: r.hostName,
                  players: r.players,
                  seats: r.seats,
                  status: t(roomStatusKey(r.status)),
                })),
                r.computers > 0 ? h("span", { class: "computers" }, ` · ${t("home.listComputers", { n: r.computers })}`) : null,
              ),
              h("div", { class: "actions" },
                r.status === RoomStatus.LOBBY && r.players < r.seats
                  ? h("button", { type: "button", onclick: join(r.code, false), "aria-label": t("home.joinRoom", { code: r.code }) }, t("home.join"))
                  : null,
                h("button", { type: "button", onclick: join(r.code, true), "aria-label": t("home.watchRoom", { code: r.code }) }, t("home.watch")),
              ),
            ),
          ),
        ),
  );
}

export function roomStatusKey(status: RoomStatus): MessageKey {
  switch (status) {
    case RoomStatus.LOBBY:
      return "roomStatus.lobby";
    case RoomStatus.PLAYING:
      return "roomStatus.playing";
    case RoomStatus.FINISHED:
      return "roomStatus.finished";
    default:
      return "roomStatus.unknown";
  }
}

/**
 * Says why a form was refused (or nothing, once it is sent): kept in the model for the next
 * renderings and written at once into the card the event came from.
 */
function showError(ev: Event, model: HomeModel, form: "join" | "create" | "list", text: string): void {
  model.errors = { ...model.errors, [form]: text };
  const shown = self<Element>(ev).closest(".card")?.querySelector(".form-error");
  if (shown) shown.textContent = text;
}

/** A whole number of seconds (the turn clock), reported to `set` as typed. */
function secondsInput(id: string, value: string, max: number, set: (v: string) => void): HTMLInputElement {
  const input: HTMLInputElement = h("input", {
    id,
    type: "number",
    inputmode: "numeric",
    min: 0,
    max,
    step: 1,
    value,
    oninput: (e) => set(self<HTMLInputElement>(e).value),
  });
  return input;
}
