// Taking a placement back (docs/protocol.md, PreviewPlacement): before a placement is sent, the
// seat to move asks what the follower step after it would offer, so that the player sees the
// spots on the previewed tile and can still take the tile back, since nothing was sent. This is
// the page's part: it sends the requests and settles each one's promise with its answer, or with
// undefined when it was refused or its connection was lost (the screen then sends the placement
// as it is, and the follower is chosen after it as before).

import type { GameCommand, PlacementPreview } from "../gen/carc/v1/game_pb";
import type { ServerMessage } from "../gen/carc/v1/messages_pb";

export class PlacementPreviews {
  /** The requests not answered yet, by request id. */
  private readonly open = new Map<number, (answer: PlacementPreview | undefined) => void>();

  /** `send` sends PreviewPlacement and returns its request id, 0 when it could not be sent. */
  constructor(private readonly send: (command: GameCommand) => number) {}

  ask(command: GameCommand): Promise<PlacementPreview | undefined> {
    const id = this.send(command);
    if (id === 0) return Promise.resolve(undefined);
    return new Promise((resolve) => this.open.set(id, resolve));
  }

  /**
   * What a server message tells the previews: true when it answered one (an answer or its
   * refusal, which is no news for the rest of the page: no move of the player's failed).
   */
  note(m: ServerMessage): boolean {
    if (m.body.case === "welcome") {
      // The requests of a lost connection will not be answered on this one.
      this.forget();
      return false;
    }
    const resolve = this.open.get(m.requestId);
    if (resolve === undefined) return false;
    if (m.body.case !== "placementPreview" && m.body.case !== "error") return false;
    this.open.delete(m.requestId);
    resolve(m.body.case === "placementPreview" ? m.body.value : undefined);
    return true;
  }

  /** The room is left, or the connection lost: no answer will come. */
  forget(): void {
    for (const resolve of this.open.values()) resolve(undefined);
    this.open.clear();
  }
}
