// The way back to a seat that belongs to the player's account. A signed-in player's seat is the
// account's: the server grants it without a resume token, and a JoinRoom of its room from any
// connection of the account takes it back. So after a dropped connection with no usable token
// (none kept, or the one kept refused), a connection signed in (Welcome.account_name) re-joins
// by code the room the page was seated in, where a guest's page would go home.

import type { CarcClient } from "../net/client";

export interface SeatShown {
  /** The room the page shows, if any. */
  roomCode: string | undefined;
  /** Its seat is the page's (not a spectator's place). */
  seated: boolean;
}

/** The room to re-join after `welcome`, or undefined: none, or the token took the seat back. */
export function roomToRejoin(page: SeatShown, welcome: { roomCode: string; accountName: string }): string | undefined {
  if (welcome.roomCode !== "" || welcome.accountName === "" || !page.seated) return undefined;
  return page.roomCode;
}

/**
 * The session cookie goes with a WebSocket's upgrade only: a new connection, for the seats taken
 * from now on to be the account's (or a guest's). Not for a page whose connection was closed
 * (another tab took its seat, or the player was kicked): that stays as it is.
 */
export function reconnectForAccount(client: Pick<CarcClient, "status" | "resumeWith" | "resumeToken">): void {
  if (client.status !== "closed" && client.status !== "idle") client.resumeWith(client.resumeToken);
}
