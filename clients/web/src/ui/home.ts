// The home screen: the player's name, create a room (the base game with every option, or The
// Castle with its own), join by code, and the list of public rooms.

import type { CreateRoom, JoinRoom, RoomSummary } from "../gen/carc/v1/lobby_pb";
import { GameType, RoomStatus } from "../gen/carc/v1/lobby_pb";
import { t, type MessageKey } from "../i18n";
import { h, uid } from "./dom";
import { buildJoinRoom, normaliseInviteCode } from "./invite";
import {
  CASTLE_SEATS,
  BOARD_MAX,
  BOARD_MIN,
  MAX_CLOCK_INCREMENT_SECONDS,
  MAX_CLOCK_SECONDS,
  MAX_NAME_LENGTH,
  MAX_SEATS,
  MIN_SEATS,
  OPTION_SPECS,
  buildCreateRoom,
  choiceKey,
  optionHelpKey,
  optionLabelKey,
  parseBoardLimit,
  type OptionSpec,
  type OptionValues,
  type RoomForm,
} from "./options";

/** The value of the game menu for each choice of the form. */
const GAME_VALUES = { base: String(GameType.BASE), castle: String(GameType.CASTLE) } as const;

export interface HomeModel {
  name: string;
  form: RoomForm;
  joinCode: string;
  spectate: boolean;
  rooms: readonly RoomSummary[];
  /** Set when the page was opened from an invite link and is waiting for a name. */
  inviteCode?: string | undefined;
  /** Waiting for an answer: the submit buttons are disabled. */
  busy?: boolean;
}

export interface HomeActions {
  nameChanged(name: string): void;
  createRoom(request: CreateRoom): void;
  joinRoom(request: JoinRoom): void;
  refreshRooms(): void;
}

/** The home screen. The controls write into `model` as they change. */
export function renderHome(model: HomeModel, actions: HomeActions): HTMLElement {
  const nameId = uid("name");
  const nameHelpId = uid("name-help");
  const nameInput = h("input", {
    id: nameId,
    name: "player-name",
    type: "text",
    autocomplete: "nickname",
    maxlength: MAX_NAME_LENGTH * 2,
    required: true,
    value: model.name,
    "aria-describedby": nameHelpId,
    oninput: () => {
      model.name = nameInput.value;
      actions.nameChanged(nameInput.value);
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
        h("p", { class: "help", id: nameHelpId }, t("home.nameHelp")),
      ),
    ),
    renderJoin(model, actions),
    renderCreate(model, actions),
    renderRoomList(model, actions),
  );
}

function renderJoin(model: HomeModel, actions: HomeActions): HTMLElement {
  const codeId = uid("code");
  const helpId = uid("code-help");
  const spectateId = uid("spectate");
  const error = h("p", { class: "form-error", role: "alert" });
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
    oninput: () => {
      model.joinCode = code.value;
    },
    onblur: () => {
      code.value = normaliseInviteCode(code.value);
      model.joinCode = code.value;
    },
  });
  const spectate = h("input", {
    id: spectateId,
    type: "checkbox",
    checked: model.spectate,
    onchange: () => {
      model.spectate = spectate.checked;
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
        const result = buildJoinRoom(model.joinCode, model.name, model.spectate);
        if (!result.ok) {
          error.textContent = t(result.error);
          return;
        }
        error.textContent = "";
        actions.joinRoom(result.value);
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
  const f = model.form;
  const error = h("p", { class: "form-error", role: "alert" });

  const castle = f.game === "castle";
  const seatsId = uid("seats");
  const seatsHelpId = `${seatsId}-help`;
  // The Castle is for exactly two (K-1): the menu shows 2 and cannot be changed.
  const seats = castle
    ? h("select", { id: seatsId, disabled: true, "aria-describedby": seatsHelpId },
        h("option", { value: String(CASTLE_SEATS), selected: true }, String(CASTLE_SEATS)),
      )
    : h(
        "select",
        {
          id: seatsId,
          onchange: () => {
            f.seats = Number(seats.value);
          },
        },
        range(MIN_SEATS, MAX_SEATS).map((n) =>
          h("option", { value: String(n), selected: n === f.seats }, String(n)),
        ),
      );
  const gameId = uid("game");
  const game = h(
    "select",
    {
      id: gameId,
      name: "game-type",
      onchange: () => {
        f.game = game.value === GAME_VALUES.castle ? "castle" : "base";
        // The form changes shape (seats, options): draw it again in place, keeping the focus.
        const next = renderCreate(model, actions);
        form.replaceWith(next);
        next.querySelector<HTMLSelectElement>('select[name="game-type"]')?.focus();
      },
    },
    h("option", { value: GAME_VALUES.base, selected: !castle }, t("home.gameTypeBase")),
    h("option", { value: GAME_VALUES.castle, selected: castle }, t("home.gameTypeCastle")),
  );
  const publicId = uid("public");
  const isPublic = h("input", {
    id: publicId,
    type: "checkbox",
    checked: f.isPublic,
    onchange: () => {
      f.isPublic = isPublic.checked;
    },
  });
  const initialId = uid("clock-initial");
  const initial = secondsInput(initialId, f.clockInitial, MAX_CLOCK_SECONDS, (v) => (f.clockInitial = v));
  const incrementId = uid("clock-increment");
  const increment = secondsInput(incrementId, f.clockIncrement, MAX_CLOCK_INCREMENT_SECONDS, (v) => (f.clockIncrement = v));
  const abandonId = uid("abandon");
  const abandon = h(
    "select",
    {
      id: abandonId,
      onchange: () => {
        f.abandon = abandon.value === "fallback" ? "fallback" : "wait";
      },
    },
    h("option", { value: "wait", selected: f.abandon === "wait" }, t("home.abandonWait")),
    h("option", { value: "fallback", selected: f.abandon === "fallback" }, t("home.abandonFallback")),
  );

  const form: HTMLFormElement = h(
    "form",
    {
      class: "card",
      "aria-labelledby": "create-heading",
      novalidate: true,
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const result = buildCreateRoom(f, model.name);
        if (!result.ok) {
          error.textContent = t(result.error, {
            name: result.option ? t(optionLabelKey(result.option)) : "",
          });
          return;
        }
        error.textContent = "";
        actions.createRoom(result.value);
      },
    },
    h("h2", { id: "create-heading" }, t("home.createTitle")),
    h("div", { class: "field" },
      h("label", { for: gameId }, t("home.gameType")),
      game,
      castle ? h("p", { class: "notice castle-note", "data-castle-note": "" }, t("home.castleNote")) : null,
    ),
    h("div", { class: "field" },
      h("label", { for: seatsId }, t("home.seats")),
      seats,
      castle ? h("p", { class: "help", id: seatsHelpId }, t("home.castleSeats")) : null,
    ),
    h("div", { class: "field check" }, isPublic, h("label", { for: publicId }, t("home.public"))),
    h("div", { class: "field" }, h("label", { for: initialId }, t("home.clockInitial")), initial),
    h("div", { class: "field" }, h("label", { for: incrementId }, t("home.clockIncrement")), increment),
    h("div", { class: "field" }, h("label", { for: abandonId }, t("home.abandon")), abandon),
    castle
      ? h(
          "fieldset",
          { class: "options", "data-options": "castle" },
          h("legend", {}, t("home.castleOptions")),
          renderCastleOption(f),
        )
      : h(
          "fieldset",
          { class: "options", "data-options": "base" },
          h("legend", {}, t("home.options")),
          OPTION_SPECS.map((spec) => renderOption(spec, f.options)),
        ),
    error,
    h("button", { type: "submit", class: "primary", disabled: model.busy }, t("home.create")),
  );
  return form;
}

/** The Castle's one option, wall4_fountain_bonus (K-10), with its explanation naming the rule. */
function renderCastleOption(f: RoomForm): HTMLElement {
  const id = uid("opt-wall4_fountain_bonus");
  const helpId = `${id}-help`;
  const box = h("input", {
    id,
    type: "checkbox",
    name: "wall4_fountain_bonus",
    checked: f.castle.wall4_fountain_bonus,
    "aria-describedby": helpId,
    onchange: () => {
      f.castle.wall4_fountain_bonus = box.checked;
    },
  });
  return h(
    "div",
    { class: "field check", "data-option": "wall4_fountain_bonus" },
    box,
    h("label", { for: id }, t("opt.wall4_fountain_bonus")),
    h("p", { class: "help", id: helpId }, t("opt.rule", { rule: "K-10", text: t("opt.wall4_fountain_bonus.help") })),
  );
}

/** One base-game option as a form control with its one-line explanation naming the rule. */
export function renderOption(spec: OptionSpec, values: OptionValues): HTMLElement {
  const id = uid(`opt-${spec.name}`);
  const helpId = `${id}-help`;
  const label = t(optionLabelKey(spec.name));
  const help = h(
    "p",
    { class: "help", id: helpId },
    t("opt.rule", { rule: spec.rule, text: t(optionHelpKey(spec.name)) }),
  );
  const wrap = (control: HTMLElement, check = false): HTMLElement =>
    check
      ? h("div", { class: "field check", "data-option": spec.name }, control, h("label", { for: id }, label), help)
      : h("div", { class: "field", "data-option": spec.name }, h("label", { for: id }, label), control, help);

  switch (spec.kind) {
    case "bool": {
      const box = h("input", {
        id,
        type: "checkbox",
        name: spec.name,
        checked: values[spec.name] === "true",
        "aria-describedby": helpId,
        onchange: () => {
          values[spec.name] = box.checked ? "true" : "false";
        },
      });
      return wrap(box, true);
    }
    case "choice": {
      const select = h(
        "select",
        {
          id,
          name: spec.name,
          "aria-describedby": helpId,
          onchange: () => {
            values[spec.name] = select.value;
          },
        },
        spec.choices.map((c) =>
          h("option", { value: c, selected: values[spec.name] === c }, t(choiceKey(spec.name, c))),
        ),
      );
      return wrap(select);
    }
    case "int": {
      const select = h(
        "select",
        {
          id,
          name: spec.name,
          "aria-describedby": helpId,
          onchange: () => {
            values[spec.name] = select.value;
          },
        },
        range(spec.min, spec.max).map((n) =>
          h("option", { value: String(n), selected: values[spec.name] === String(n) }, String(n)),
        ),
      );
      return wrap(select);
    }
    case "board": {
      const current = parseBoardLimit(values[spec.name]) ?? { width: 0, height: 0 };
      const on = current.width > 0;
      const wId = `${id}-w`;
      const hId = `${id}-h`;
      const size = (inputId: string, v: number, key: MessageKey): [HTMLLabelElement, HTMLInputElement] => [
        h("label", { for: inputId }, t(key)),
        h("input", {
          id: inputId,
          type: "number",
          inputmode: "numeric",
          min: BOARD_MIN,
          max: BOARD_MAX,
          step: 1,
          value: String(v > 0 ? v : 15),
          disabled: !on,
          oninput: () => update(),
        }),
      ];
      const [wLabel, wInput] = size(wId, current.width, "opt.board_limit.width");
      const [hLabel, hInput] = size(hId, current.height, "opt.board_limit.height");
      const box = h("input", {
        id,
        type: "checkbox",
        name: spec.name,
        checked: on,
        "aria-describedby": helpId,
        onchange: () => {
          wInput.disabled = !box.checked;
          hInput.disabled = !box.checked;
          update();
        },
      });
      function update(): void {
        values[spec.name] = box.checked ? `${wInput.value.trim()}x${hInput.value.trim()}` : "off";
      }
      return h(
        "div",
        { class: "field board", "data-option": spec.name },
        h("div", { class: "check" }, box, h("label", { for: id }, label)),
        help,
        h("div", { class: "pair" }, h("div", {}, wLabel, wInput), h("div", {}, hLabel, hInput)),
      );
    }
  }
}

function renderRoomList(model: HomeModel, actions: HomeActions): HTMLElement {
  const error = h("p", { class: "form-error", role: "alert" });
  const join = (code: string, spectate: boolean) => () => {
    const result = buildJoinRoom(code, model.name, spectate);
    if (!result.ok) {
      error.textContent = t(result.error);
      return;
    }
    error.textContent = "";
    actions.joinRoom(result.value);
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
                h("span", {}, t("home.listSummary", {
                  host: r.hostName,
                  players: r.players,
                  seats: r.seats,
                  status: t(roomStatusKey(r.status)),
                })),
              ),
              h("div", { class: "actions" },
                r.status === RoomStatus.LOBBY && r.players < r.seats
                  ? h("button", { type: "button", onclick: join(r.code, false), "aria-label": t("home.joinRoom", { code: r.code }) }, t("home.join"))
                  : null,
                h("button", { type: "button", onclick: join(r.code, true), "aria-label": t("home.watchRoom", { code: r.code }) }, t("home.spectate")),
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
    oninput: () => set(input.value),
  });
  return input;
}

function range(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let n = lo; n <= hi; n++) out.push(n);
  return out;
}
