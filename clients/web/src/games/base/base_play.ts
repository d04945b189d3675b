// The base game's play and replay code: its own chunk, loaded by baseGame.load().

import type { GamePlay } from "../game_module";
import { BaseReplay, framesOf } from "./base_replay";
import { BaseSession } from "./base_session";

export const basePlay: GamePlay = {
  createSession: (doc, actions) => new BaseSession(doc, actions),
  replay: (doc, replay) => new BaseReplay(doc, framesOf(replay)),
};
