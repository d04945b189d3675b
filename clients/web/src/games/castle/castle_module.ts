// The Castle (RULES.md section 4), a game for two, as the page sees it: see GameModule
// (../game_module.ts) for what each part is for.

import { GameType } from "../../gen/carc/v1/lobby_pb";
import type { GameModule } from "../game_module";
import { castleGuide } from "./castle_guide";
import { castleForm, castleLobbyNote } from "./castle_room_options";
import { CASTLE_MESSAGES, t } from "./i18n";
import "./castle.css";

export const castleGame: GameModule = {
  id: "castle",
  gameType: GameType.CASTLE,
  wire: { view: "castle", legalMoves: "castleLegalMoves", event: "castle", options: "castle" },
  title: () => t("home.gameTypeCastle"),
  archiveBadge: () => t("replay.castleGame"),
  form: castleForm,
  lobbyNote: castleLobbyNote,
  guide: castleGuide,
  // The words of its screens are in the chunk too (English), or on their way (another language).
  load: () => import("./castle_play").then((m) => m.castlePlayWords.then(() => m.castlePlay)),
  messages: CASTLE_MESSAGES,
};
