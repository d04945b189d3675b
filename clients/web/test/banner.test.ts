// When the page's message banner goes stale (ui/banner.ts).

import { describe, expect, it } from "vitest";
import { Banner, STALE_MS } from "../src/ui/banner";

describe("banner", () => {
  function banner() {
    const clock = { now: 0 };
    return { clock, b: new Banner(() => clock.now) };
  }

  it("keeps an error while the game moves on within a few seconds, then drops it", () => {
    const { clock, b } = banner();
    b.show("Not your turn.", "game");
    clock.now = STALE_MS - 1;
    b.movedOn();
    expect(b.text).toBe("Not your turn.");
    clock.now = STALE_MS;
    b.movedOn();
    expect(b.text).toBeUndefined();
  });

  it("drops an error when the page shows another screen, not on the same one", () => {
    const { b } = banner();
    b.show("That colour is taken.", "lobby");
    b.onScreen("lobby");
    expect(b.text).toBe("That colour is taken.");
    b.onScreen("game");
    expect(b.text).toBeUndefined();
  });

  it("drops an error when the connection is back", () => {
    const { b } = banner();
    b.show("Not connected.", "game");
    b.reconnected();
    expect(b.text).toBeUndefined();
  });

  it("keeps the end of a connection (replaced, kicked) until dismissed", () => {
    const { clock, b } = banner();
    b.show("Opened in another tab.", "game", "final");
    clock.now = 10 * STALE_MS;
    b.movedOn();
    b.onScreen("home");
    b.reconnected();
    expect(b.text).toBe("Opened in another tab.");
    b.dismiss();
    expect(b.text).toBeUndefined();
  });
});
