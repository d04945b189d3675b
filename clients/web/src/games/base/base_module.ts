// The base game (with the Count of Carcassonne among its options) as the page sees it: see
// GameModule (../game_module.ts) for what each part is for.

import { GameType } from "../../gen/carc/v1/lobby_pb";
import type { GameModule } from "../game_module";
import { baseForm } from "./base_room_options";
import { baseGuide } from "./count_guide";
import { BASE_MESSAGES, t } from "./i18n";
import "./base.css";

export const baseGame: GameModule = {
  id: "base",
  gameType: GameType.BASE,
  wire: { view: "base", legalMoves: "baseLegalMoves", event: "base", options: "base" },
  title: () => t("home.gameTypeBase"),
  form: baseForm,
  guide: baseGuide,
  // The words of its screens are in the chunk too (English), or on their way (another language).
  load: () => import("./base_play").then((m) => m.basePlayWords.then(() => m.basePlay)),
  messages: BASE_MESSAGES,
};
