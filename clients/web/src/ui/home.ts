// The home screen: the player's name, play now, create a room (create_room_form.ts), join by
// code, and the list of public rooms. Its state and actions are home_model.ts'.

import { RoomStatus } from "../gen/carc/v1/lobby_pb";
import { DEFAULT_GAME } from "../games/registry";
import { t, type MessageKey } from "../i18n";
import { inPageClick } from "./account";
import { renderBackToSeat } from "./left_game";
import { h, self, uid } from "./dom";
import { ratedBadge } from "./rated_badge";
import { MAX_NAME_LENGTH, failureText } from "./form";
import { buildJoinRoom, normaliseInviteCode } from "./invite";
import { renderCreate } from "./create_room_form";
import { playerName, showError, type HomeActions, type HomeModel } from "./home_model";

export { NO_GAME_OFFERED, newHomeModel, playerName, type HomeActions, type HomeModel } from "./home_model";

/** The server's message of the day, under its name when it has one; nothing when it has none. */
function renderMotd(model: HomeModel): HTMLElement | null {
  const server = model.server;
  if (!server || server.motd === "") return null;
  const headingId = uid("motd");
  return h(
    "section",
    { class: "card motd", id: "motd", "aria-labelledby": headingId },
    h("h2", { id: headingId }, server.name !== "" ? server.name : t("home.motd")),
    h("p", {}, server.motd),
  );
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
    renderMotd(model),
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
