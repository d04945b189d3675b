// Each game's play code (GameModule.load, with the game screens' words) on this page, and the
// room's messages held in order while the code they need is on its way: a game's copy must see
// its messages in order, so a message that waits holds back every later one too.
//
// A game whose code could not come has nothing to apply its messages to: they go on (and are
// dropped by the page, which asks for a reload), not held for ever. Loading is tried once.

import type { ServerMessage } from "../gen/carc/v1/messages_pb";
import type { GameModule, GamePlay } from "../games/game_module";
import { loadPlayWords, t } from "../i18n";
import { h } from "./dom";

/**
 * What a game's screens and replays need before they render: its code (GameModule.load) and the
 * words every game's screens share (src/i18n/play/, not in the main script), fetched together.
 */
export function loadPlay(game: GameModule): Promise<GamePlay> {
  return Promise.all([game.load(), loadPlayWords()]).then(([play]) => play);
}

export class GamePlays {
  private readonly plays = new Map<GameModule, GamePlay>();
  private readonly loading = new Map<GameModule, Promise<void>>();
  private readonly failed = new Set<GameModule>();
  private held: ServerMessage[] | undefined;
  /** Why a game's code could not be loaded, for the screen. */
  failure: string | undefined;

  /** `failedNow` is called once when a load fails (the page shows it). */
  constructor(private readonly failedNow: () => void) {}

  get(game: GameModule): GamePlay | undefined {
    return this.plays.get(game);
  }

  /** Loads the game's code once; later calls share the first. */
  load(game: GameModule): Promise<void> {
    let loading = this.loading.get(game);
    if (!loading) {
      loading = loadPlay(game).then(
        (play) => {
          this.plays.set(game, play);
        },
        (e: unknown) => {
          this.failed.add(game);
          this.failure = e instanceof Error ? e.message : String(e);
          this.failedNow();
        },
      );
      this.loading.set(game, loading);
    }
    return loading;
  }

  /** The game screen while `game`'s code is on its way (or could not come); `loaded` redraws. */
  renderLoading(game: GameModule, loaded: () => void): HTMLElement {
    void this.load(game).then(() => {
      if (this.get(game)) loaded();
    });
    return this.failure !== undefined
      ? h("p", { class: "banner", role: "alert" }, t("game.loadFailed", { reason: this.failure }))
      : h("p", { role: "status" }, t("game.loading"));
  }

  /**
   * Hands `m` to `handle` in the order the messages came; when the game `needs(m)` names has
   * code on its way, `m` and every later message wait for it.
   */
  receive(m: ServerMessage, needs: (m: ServerMessage) => GameModule | undefined, handle: (m: ServerMessage) => void): void {
    if (this.held) {
      this.held.push(m);
      return;
    }
    const game = needs(m);
    if (game === undefined || this.plays.has(game) || this.failed.has(game)) {
      handle(m);
      return;
    }
    this.held = [m];
    void this.load(game).finally(() => {
      const held = this.held ?? [];
      this.held = undefined;
      for (const message of held) this.receive(message, needs, handle);
    });
  }

  /** Resolves once every game's code asked for is in and no message waits for it. */
  async settled(): Promise<void> {
    await Promise.all(this.loading.values());
    while (this.held) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
