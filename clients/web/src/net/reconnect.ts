// When and how fast to reconnect, from the WebSocket close codes of docs/protocol.md.

/** Close codes the server uses (server/net/session.h) and the ones browsers report. */
export const CloseCode = {
  /** Normal closure: nothing to do. */
  NORMAL: 1000,
  /** The browser saw the connection drop without a close frame (a lost connection). */
  ABNORMAL: 1006,
  /** Policy violation: a message flood, or a reader too slow. Reconnect later, slower. */
  POLICY: 1008,
  /** A frame above Welcome.max_message_bytes: a client bug, reconnecting would not help. */
  TOO_BIG: 1009,
  /** The server is restarting: reconnect with backoff and the resume token. */
  RESTART: 1012,
  /** Replaced: another tab or device presented the same resume token. Do not reconnect. */
  REPLACED: 4000,
  /** Kicked by the host. Do not reconnect to that room. */
  KICKED: 4001,
  /** No Hello in time. Reconnect. */
  HANDSHAKE_TIMEOUT: 4002,
  /** The account was banned (docs/moderation.md): the reason says until when. Do not reconnect. */
  BANNED: 4004,
} as const;

/** Whether a connection closed with `code` is reconnected automatically. */
export function shouldReconnect(code: number): boolean {
  switch (code) {
    case CloseCode.NORMAL:
    case CloseCode.TOO_BIG:
    case CloseCode.REPLACED:
    case CloseCode.KICKED:
    case CloseCode.BANNED:
      return false;
    default:
      // 1012 (restart), 1006 and any other code of a lost connection, 1008 (slower), 4002.
      return true;
  }
}

export interface BackoffOptions {
  /** The delay before the first retry, before jitter. */
  initialMs: number;
  /** The delay never grows above this. */
  maxMs: number;
  /** The smallest delay after a 1008 close (a flood or a slow reader): reconnect slower. */
  policyMinMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  initialMs: 500,
  maxMs: 30_000,
  policyMinMs: 10_000,
};

/**
 * The delay before reconnect attempt `attempt` (0 for the first): exponential, capped, with
 * "equal jitter" (between half and all of the exponential value) so that the clients of a
 * restarting server do not all come back at the same instant. `random` returns [0, 1).
 */
export function backoffDelay(
  attempt: number,
  closeCode: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 30));
  const base =
    closeCode === CloseCode.POLICY ? Math.max(exponential, options.policyMinMs) : exponential;
  return Math.round(base / 2 + (random() * base) / 2);
}
