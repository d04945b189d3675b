// The page's one message banner and when it goes stale. A refused command's message outlives
// its cause if nothing takes it down: it is cleared when the screen changes, when the connection
// is back (for a failed send), and once the game or room has moved on at least STALE_MS after
// it appeared (so that a message shown just before the other player's move is still read).
// Messages about the connection's end (replaced, kicked) stay until dismissed.

import { t } from "../i18n";
import { h } from "./dom";

export const STALE_MS = 5000;

export type BannerKind = "error" | "final";

export class Banner {
  private current: { text: string; kind: BannerKind; at: number; screen: string } | undefined;

  constructor(private readonly now: () => number) {}

  get text(): string | undefined {
    return this.current?.text;
  }

  show(text: string, screen: string, kind: BannerKind = "error"): void {
    this.current = { text, kind, at: this.now(), screen };
  }

  dismiss(): void {
    this.current = undefined;
  }

  /** The message with its "Dismiss" button, if there is one; `changed`: the page drawn again. */
  render(changed: () => void): HTMLElement | null {
    if (this.current === undefined) return null;
    return h("div", { class: "banner", role: "alert" },
      h("span", {}, this.current.text),
      h("button", { type: "button", class: "secondary", onclick: () => {
        this.dismiss();
        changed();
      } }, t("app.dismiss")),
    );
  }

  /** The page shows `screen` (at every rendering): another screen than the message's clears it. */
  onScreen(screen: string): void {
    if (this.current?.kind === "error" && this.current.screen !== screen) this.current = undefined;
  }

  /** The room or game moved on: a state, snapshot or batch arrived. */
  movedOn(): void {
    const c = this.current;
    if (c?.kind === "error" && this.now() - c.at >= STALE_MS) this.current = undefined;
  }

  /** The connection is ready again: a failed send's message no longer holds. */
  reconnected(): void {
    if (this.current?.kind === "error") this.current = undefined;
  }
}
