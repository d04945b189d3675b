// The Castle's play and replay code: its own chunk, loaded by castleGame.load().

import type { GamePlay } from "../game_module";
import { castleReplay } from "./castle_replay";
import { CastleSession } from "./castle_session";

export const castlePlay: GamePlay = {
  createSession: (doc, actions) => new CastleSession(doc, actions),
  replay: castleReplay,
};
