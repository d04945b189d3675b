// A game left while it goes on (issue: the table, round three, point 4). The server keeps the
// seat of a running game reserved after LeaveRoom, and the page keeps the seat's resume token
// aside, where the resume token always is (the browser's storage, never shown), so that the same
// browser can take the seat back from the home page while the game goes on. Used once: taking
// the seat back, or joining another room, forgets it.

import type { StorageLike } from "../net/resume_token";
import { t } from "../i18n";
import { h } from "./dom";

export const LEFT_GAME_KEY = "carc.leftGame";

export interface LeftGame {
  code: string;
  token: string;
}

export function loadLeftGame(storage: StorageLike | undefined): LeftGame | undefined {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(LEFT_GAME_KEY) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { code, token } = parsed as Record<string, unknown>;
    if (typeof code !== "string" || typeof token !== "string" || code === "" || token === "") return undefined;
    return { code, token };
  } catch {
    return undefined;
  }
}

export function storeLeftGame(storage: StorageLike | undefined, game: LeftGame | undefined): void {
  try {
    if (game) storage?.setItem(LEFT_GAME_KEY, JSON.stringify(game));
    else storage?.removeItem(LEFT_GAME_KEY);
  } catch {
    // Without storage the seat can only be taken back from the invite link's room, as a spectator.
  }
}

/** The home page's way back to the seat of a game left, or nothing. */
export function renderBackToSeat(left: LeftGame | undefined, back: () => void): HTMLElement | null {
  if (!left) return null;
  return h("section", { class: "card back-to-seat" },
    h("p", {}, t("home.leftGame", { code: left.code })),
    h("button", { type: "button", class: "primary", name: "back-to-seat", onclick: () => back() }, t("home.backToSeat")),
  );
}
