// The unread-chat mark of the game screen: the chat card sits below the board, far down a phone's
// page, so a line that arrives while the player looks at the board would go unseen. The mark
// counts the others' lines since the player last had the chat in view (or sent a line) and takes
// them there with one tap. Lines of history (after a reload) count as seen: they are not news.

import { t } from "../i18n";
import { h } from "./dom";

export class ChatUnread {
  private unseen = 0;
  /** Watches whether the game screen's chat card is in view (where the browser can tell). */
  private watch: { observer: IntersectionObserver; card: Element } | undefined;

  /** A line arrived; `own` when this page's player wrote it (their own lines are never news). */
  arrived(own: boolean): void {
    this.unseen = own ? 0 : this.unseen + 1;
  }

  /** The player has the chat in view, or a room's history replaced the lines. */
  seen(): void {
    this.unseen = 0;
  }

  get count(): number {
    return this.unseen;
  }

  /** The mark goes once `card` (the game screen's chat, or null on other screens) is in view;
   * `changed` renders again. Without IntersectionObserver the mark goes when tapped or when the
   * player writes. */
  watchCard(card: Element | null, changed: () => void): void {
    if (this.watch?.card === card) return;
    this.watch?.observer.disconnect();
    this.watch = undefined;
    const Observer = card?.ownerDocument.defaultView?.IntersectionObserver;
    if (!card || Observer === undefined) return;
    const observer = new Observer((entries) => {
      if (!entries.some((e) => e.isIntersecting) || this.unseen === 0) return;
      this.seen();
      changed();
    });
    observer.observe(card);
    this.watch = { observer, card };
  }

  /** Takes the player to the chat from the mark: `card` into view, its input focused. */
  static open(card: Element | null): void {
    card?.scrollIntoView?.({ block: "end" });
    card?.ownerDocument.getElementById("chat-input")?.focus({ preventScroll: true });
  }

  /** The mark, or nothing while there is nothing new; `open` brings the chat into view. */
  render(open: () => void): HTMLElement | null {
    if (this.unseen === 0) return null;
    return h(
      "button",
      { type: "button", class: "chat-unread", "aria-live": "polite", onclick: open },
      t("chat.unread", { n: this.unseen }),
    );
  }
}
