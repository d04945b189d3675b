// The base game's play and replay code, with the words of its screens (./i18n/play/): its own
// chunk, loaded by baseGame.load().

import type { GamePlay } from "../game_module";
import { BaseReplay, framesOf } from "./base_replay";
import { BaseSession } from "./base_session";
import { BASE_PLAY_MESSAGES } from "./i18n/play";

export { basePlayWords } from "./i18n/play";

export const basePlay: GamePlay = {
  createSession: (doc, actions) => new BaseSession(doc, actions),
  replay: (doc, replay) => new BaseReplay(doc, framesOf(replay)),
  messages: BASE_PLAY_MESSAGES,
};
