// The home screen's create-room card: the game (of those the server offers), its seats, a rated
// game, and folded under "More options" the rest with defaults that play well: public, turn-based
// (time per move and reserve) or a live clock, what happens to an absent player, hints, and the
// game's own options from the server's table.

import { type OfferedGame } from "../games/registry";
import { t, type MessageKey } from "../i18n";
import { abandonChoices, abandonLabel, parseAbandonChoice } from "./abandon_policy";
import { h, self, uid } from "./dom";
import { patch } from "./patch";
import { failureText, range } from "./form";
import { durationWords } from "./duration_words";
import { NO_GAME_OFFERED, playerName, showError, type HomeActions, type HomeModel } from "./home_model";
import {
  MAX_CLOCK_INCREMENT_SECONDS,
  MAX_CLOCK_SECONDS,
  MOVE_CHOICES,
  RESERVE_CHOICES,
  buildCreateRoom,
  fixedSeats,
  formGame,
  gameOptionsForm,
  ratedHouseRule,
  type OfferedGames,
  type RoomForm,
} from "./options";

/** The create-room card, or while the games' table is on its way (or failed) what it says. */
export function renderCreate(model: HomeModel, actions: HomeActions): HTMLElement {
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
  // A rated live room needs a way on when a player is away (the server refuses waiting without a
  // clock, which would let one who leaves hold the game forever): waiting is not offered there.
  const choices = abandonChoices(model.maxComputerMs).filter((c) => !(f.rated && !f.turnBased && c === "wait"));
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
