// The home screen's state and what it asks of the app (home.ts draws it; create_room_form.ts
// draws its create-room card): the name, the create-room form, the join code, the public rooms,
// and why a form was refused.

import type { CreateRoom, JoinRoom, RoomSummary } from "../gen/carc/v1/lobby_pb";
import type { ServerInfo } from "../net/server_info";
import { loadLeftGame, type LeftGame } from "./left_game";
import { loadName } from "./name_store";
import { self } from "./dom";
import { defaultRoomForm, type OfferedGames, type RoomForm } from "./options";

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
  /** What the server says of itself (GET /api/server), once it has answered. */
  server?: ServerInfo | undefined;
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

/**
 * Says why a form was refused (or nothing, once it is sent): kept in the model for the next
 * renderings and written at once into the card the event came from.
 */
export function showError(ev: Event, model: HomeModel, form: "join" | "create" | "list", text: string): void {
  model.errors = { ...model.errors, [form]: text };
  const shown = self<Element>(ev).closest(".card")?.querySelector(".form-error");
  if (shown) shown.textContent = text;
}
