// The base game (with the Count of Carcassonne among its options) as the page sees it: see
// GameModule (../game_module.ts) for what each part is for.

import { GameType } from "../../gen/carc/v1/lobby_pb";
import type { GameModule } from "../game_module";
import { BaseReplay, framesOf } from "./base_replay";
import { BaseOptionsForm, baseLobbySummary } from "./base_room_options";
import { BaseSession } from "./base_session";
import { BASE_MESSAGES, t } from "./i18n";
import "./base.css";

/** The seats a host may choose for a base game: 2 to 6, as the server's lobby allows. */
export const BASE_SEATS = { min: 2, max: 6 } as const;

export const baseGame: GameModule = {
  id: "base",
  gameType: GameType.BASE,
  wire: { view: "base", legalMoves: "baseLegalMoves", event: "base" },
  title: () => t("home.gameTypeBase"),
  form: { seats: BASE_SEATS, createOptions: () => new BaseOptionsForm() },
  lobbySummary: baseLobbySummary,
  createSession: (doc, actions) => new BaseSession(doc, actions),
  replay: (doc, replay) => new BaseReplay(doc, framesOf(replay)),
  messages: BASE_MESSAGES,
};
