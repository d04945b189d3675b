// The head of every game screen and the controls every turn shares, one build for every game so
// that their screens look and answer alike: the room code, the prompt saying what the game waits
// for, resign (asked twice) and leave; and the rotate and confirm buttons of a tile placement.

import type { RoomState } from "../gen/carc/v1/lobby_pb";
import { t } from "../i18n";
import type { AbsentVoteActions } from "./absent_vote";
import type { AwayActions } from "./away_notice";
import { h } from "./dom";
import type { HintSource } from "./hint";
import { roomRatedBadge } from "./rated_badge";

export interface GameHeadActions {
  resign(): void;
  leave(): void;
}

/** What every game screen asks of the page, besides sending its game's commands. */
export interface GamePageActions extends GameHeadActions, AbsentVoteActions, AwayActions {
  rematch(): void;
  joinRematch(code: string): void;
  /** Re-renders the page (after a local change such as a new selection). */
  changed(): void;
  /** The page's hints, for a room that has them (RoomOptions.hints). */
  hints?: HintSource | undefined;
}

/** `room`: its code is the head's title, and a rated room says so beside it. */
export function renderGameHead(doc: Document, room: Pick<RoomState, "code" | "options">, prompt: string, canResign: boolean, actions: GameHeadActions): HTMLElement {
  const rated = roomRatedBadge(room.options);
  return h("div", { class: "row game-head" },
    h("h2", {}, room.code, rated ? [" ", rated] : null),
    h("p", { class: "prompt", role: "status", id: "prompt" }, prompt),
    h("span", { class: "grow" }),
    canResign
      ? h("button", { type: "button", class: "secondary", onclick: () => confirmResign(doc, actions) }, t("game.resign"))
      : null,
    h("button", { type: "button", class: "secondary", id: "leave", onclick: () => (canResign ? confirmLeave(doc, actions) : actions.leave()) }, t("lobby.leave")),
  );
}

/** Leaving a game one plays in is asked first: the seat stays, but the turns go on without them. */
function confirmLeave(doc: Document, actions: GameHeadActions): void {
  const confirmFn = doc.defaultView?.confirm;
  if (confirmFn && !confirmFn.call(doc.defaultView, t("game.leaveConfirm"))) return;
  actions.leave();
}

/** Resigning cannot be undone: the browser's own dialog asks first, where there is one. */
function confirmResign(doc: Document, actions: GameHeadActions): void {
  const confirmFn = doc.defaultView?.confirm;
  if (confirmFn && !confirmFn.call(doc.defaultView, t("game.resignConfirm"))) return;
  actions.resign();
}

export interface PlacementControls {
  /** How many legal rotations the chosen place has (0 before one is chosen). */
  rotations: number;
  /** Whether the choice is a legal placement that confirm may send. */
  complete: boolean;
  /** A command is on its way. */
  busy: boolean;
  rotate(step: 1 | -1): void;
  confirm(): void;
}

export function renderPlacementControls(c: PlacementControls): HTMLElement {
  return h("div", { class: "row controls" },
    h("button", { type: "button", class: "secondary", id: "rotate-left", disabled: c.rotations < 2 || c.busy, "aria-label": t("game.rotateLeft"), title: t("game.rotateLeft"), onclick: () => c.rotate(-1) }, "⟲"),
    h("button", { type: "button", class: "secondary", id: "rotate", disabled: c.rotations < 2 || c.busy, "aria-label": t("game.rotateRight"), title: t("game.rotateRight"), onclick: () => c.rotate(1) }, "⟳"),
    h("button", { type: "button", id: "confirm", disabled: !c.complete || c.busy, onclick: () => c.confirm() }, t("game.confirm")),
    c.rotations > 0 ? h("span", { class: "help" }, t("game.rotations", { n: c.rotations })) : null,
  );
}
