// What the lobby's controls ask of the server, and the one choice the lobby keeps between
// renderings: the level of the next computer player (a menu rendered again would otherwise fall
// back to the first choice while the host is choosing).

import type { RequestBody } from "../net/client";
import { DEFAULT_COMPUTER_LEVEL, type ComputerLevel } from "./computer_player";
import type { LobbyActions } from "./lobby";

export type LobbyRequestActions = Pick<
  LobbyActions,
  "takeSeat" | "chooseColour" | "setReady" | "start" | "kick" | "addComputer" | "computerLevelChanged"
>;

export class LobbyRequests {
  computerLevel: ComputerLevel = DEFAULT_COMPUTER_LEVEL;

  /** `send` sends a request; its answer (or Error) comes as a message of the room. */
  constructor(private readonly send: (body: RequestBody) => unknown) {}

  actions(): LobbyRequestActions {
    return {
      takeSeat: (seat) => void this.send({ case: "takeSeat", value: { seat } }),
      chooseColour: (colour) => void this.send({ case: "chooseColour", value: { colour } }),
      setReady: (ready) => void this.send({ case: "setReady", value: { ready } }),
      start: () => void this.send({ case: "startGame", value: {} }),
      // A computer player is removed as a person is (KickPlayer).
      kick: (seat) => void this.send({ case: "kickPlayer", value: { seat } }),
      addComputer: (seat, level) => void this.send({ case: "addComputer", value: { seat, level } }),
      computerLevelChanged: (level) => {
        this.computerLevel = level;
      },
    };
  }
}
