// The Castle's play and replay code, with the words of its screens (./i18n/play/): its own
// chunk, loaded by castleGame.load().

import type { GamePlay } from "../game_module";
import { castleReplay } from "./castle_replay";
import { CastleSession } from "./castle_session";
import { CASTLE_PLAY_MESSAGES } from "./i18n/play";

export { castlePlayWords } from "./i18n/play";

export const castlePlay: GamePlay = {
  createSession: (doc, actions) => new CastleSession(doc, actions),
  replay: castleReplay,
  messages: CASTLE_PLAY_MESSAGES,
};
