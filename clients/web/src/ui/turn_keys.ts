// The keyboard shortcuts of a turn, the same on every game screen: R (Shift+R back) turns the
// tile, Enter confirms it, S skips the follower. Keys typed into a field, with a modifier, or
// Enter on a button, a link or the board's own controls (which answer it themselves, but for
// the square already chosen, where Enter confirms) are left alone.

const KEYBOARD_IGNORED = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** The turn's own controls, which the buttons call too. */
export interface TurnControls {
  rotate(step: 1 | -1): void;
  confirm(): void;
  skip(): void;
}

export interface TurnKeyOptions {
  /** False while the screen shows no game: then no key is taken. */
  active(): boolean;
  /** The selector of the board's controls (they answer Enter themselves). */
  boardControls: string;
  /** The screen's further keys; false for a key it does not use. */
  other?(key: string): boolean;
}

/** Listens on `doc` until the returned function is called. */
export function listenTurnKeys(doc: Document, turn: TurnControls, options: TurnKeyOptions): () => void {
  const listener = (e: KeyboardEvent): void => onKey(e, turn, options);
  doc.addEventListener("keydown", listener);
  return () => doc.removeEventListener("keydown", listener);
}

function onKey(e: KeyboardEvent, turn: TurnControls, keys: TurnKeyOptions): void {
  if (!keys.active() || e.ctrlKey || e.metaKey || e.altKey) return;
  const target = e.target as HTMLElement | null;
  if (target && KEYBOARD_IGNORED.has(target.tagName)) return;
  const onControl = target?.tagName === "BUTTON" || target?.tagName === "A";
  switch (e.key) {
    case "r":
    case "R":
      turn.rotate(e.shiftKey ? -1 : 1);
      break;
    case "Enter": {
      // The board's controls answer Enter themselves, but for the one already chosen: there
      // Enter confirms the choice.
      const control = target?.closest?.(keys.boardControls);
      if (onControl || (control && control.getAttribute("aria-pressed") !== "true")) return;
      turn.confirm();
      break;
    }
    case "s":
    case "S":
      turn.skip();
      break;
    default:
      if (!keys.other?.(e.key)) return;
  }
  e.preventDefault();
}
