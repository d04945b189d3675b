// Hints (RoomOptions.hints): the seat to move asks what the computer would play (RequestHint) and
// the server answers, after up to about a second of search, with a Hint for that seq or an Error.
// `Hints` is the page's: it sends the requests and keeps the last answer. `HintOffer` is a game
// screen's: the Hint button, the answer in words, and the marks on the controls of the hinted
// move. A hint is never sent for the player: at most it becomes their choice, which they confirm
// or change.

import type { GameCommand, Hint } from "../gen/carc/v1/game_pb";
import type { RoomState } from "../gen/carc/v1/lobby_pb";
import type { ServerMessage } from "../gen/carc/v1/messages_pb";
import { t } from "../i18n";
import { h } from "./dom";

/** What a game screen may ask of the page's hints. */
export interface HintSource {
  ask(seq: bigint): void;
  /** A request made at `seq` waits for its answer. */
  busy(seq: bigint): boolean;
  /** The answer for the decision at `seq`, once it came. */
  answer(seq: bigint): Hint | undefined;
}

export class Hints implements HintSource {
  /** The requests not answered yet: the seq each was made at, by request id. */
  private readonly open = new Map<number, bigint>();
  private last: Hint | undefined;
  /** The game's seq as the page last heard it. */
  private seq = 0n;

  /** `send` sends RequestHint and returns its request id, 0 when it could not be sent. */
  constructor(private readonly send: (expectedSeq: bigint) => number) {}

  ask(seq: bigint): void {
    if (this.busy(seq)) return;
    const id = this.send(seq);
    if (id !== 0) this.open.set(id, seq);
  }

  busy(seq: bigint): boolean {
    return [...this.open.values()].includes(seq);
  }

  answer(seq: bigint): Hint | undefined {
    return this.last?.command?.expectedSeq === seq ? this.last : undefined;
  }

  /** What a server message tells the hints: an answer, how far the game has come, a new connection. */
  note(m: ServerMessage): void {
    switch (m.body.case) {
      case "welcome":
        // The requests of a lost connection will not be answered on this one.
        this.open.clear();
        break;
      case "hint":
        if (this.open.delete(m.requestId)) this.last = m.body.value;
        break;
      case "snapshot":
      case "eventBatch":
        this.seq = m.body.value.seq;
        break;
      default:
        break;
    }
  }

  /**
   * An Error with `requestId`: undefined when it answers no hint request; "late" when the game
   * has moved on since the request (nothing the player needs to hear, and no sign that the page
   * is behind); else "refused".
   */
  refused(requestId: number): "refused" | "late" | undefined {
    const asked = this.open.get(requestId);
    if (asked === undefined) return undefined;
    this.open.delete(requestId);
    return asked < this.seq ? "late" : "refused";
  }

  /** The room is left: its requests' answers no longer belong on the page. */
  forget(): void {
    this.open.clear();
    this.last = undefined;
    this.seq = 0n;
  }
}

/**
 * The hinted move as the game words it, and the controls of its screen that make it, found by an
 * attribute's value (a square of the board, a spot, a button), to be marked.
 */
export interface HintedMove {
  text: string;
  marks: readonly (readonly [attribute: string, value: string])[];
}

/** A hinted placement, in every game: the square in words, and the board's square marked (`attribute` = "x,y"). */
export function hintedPlacement(position: { x: number; y: number } | undefined, attribute: string): HintedMove {
  const x = position?.x ?? 0;
  const y = position?.y ?? 0;
  return { text: t("hint.placement", { x, y }), marks: [[attribute, `${x},${y}`]] };
}

/** No follower, in every game: its button is "skip". */
export function hintedNoFollower(): HintedMove {
  return { text: t("hint.noFollower"), marks: [["id", "skip"]] };
}

/** The expected lead, rounded to whole points as the scores are. */
export function leadText(expectedLead: number): string {
  const n = Math.round(expectedLead);
  if (n > 0) return t("hint.ahead", { n });
  if (n < 0) return t("hint.behind", { n: -n });
  return t("hint.level");
}

/** A game screen's part of the hints, made with the screen and asked at each of its renderings. */
export class HintOffer {
  /** What the last rendering offered: nothing (undefined), or the decision at `seq`. */
  private offered: { seq: bigint; hint: Hint | undefined; busy: boolean } | undefined;
  /** The answer the screen has already made its choice of. */
  private seen: Hint | undefined;

  constructor(
    private readonly source: HintSource | undefined,
    private readonly changed: () => void,
  ) {}

  /**
   * At each rendering. Hints are offered in a room that has them while this seat decides
   * (`deciding`: it is to move and has its legal moves). Returns the hinted command for `seq`,
   * with `fresh` on the first rendering that has it: the screen then makes it the player's
   * choice, once, so that the player may still change it.
   */
  update(room: RoomState, seq: bigint, deciding: boolean): { command: GameCommand["command"]; fresh: boolean } | undefined {
    if (!this.source || room.options?.hints !== true || !deciding) {
      this.offered = undefined;
      return undefined;
    }
    const hint = this.source.answer(seq);
    this.offered = { seq, hint, busy: this.source.busy(seq) };
    if (!hint?.command) return undefined;
    const fresh = hint !== this.seen;
    this.seen = hint;
    return { command: hint.command.command, fresh };
  }

  /**
   * The Hint button and the answer in words, or null where no hint is offered. `disabled` while
   * the player's own command is on its way or the connection is lost.
   */
  render(move: HintedMove | undefined, disabled: boolean): HTMLElement | null {
    const offered = this.offered;
    if (!offered) return null;
    const answer = offered.hint;
    return h(
      "section",
      { class: "card hint", "aria-label": t("hint.button") },
      h("button", {
        type: "button",
        id: "hint",
        class: "secondary",
        disabled: disabled || offered.busy,
        "aria-busy": offered.busy ? "true" : "false",
        onclick: () => {
          this.source?.ask(offered.seq);
          this.changed();
        },
      }, t("hint.button")),
      // A status: the answer comes a second or so after the click, and is read out when it does.
      h("div", { role: "status", class: "hint-answer" },
        offered.busy ? h("p", { class: "help" }, t("hint.asking")) : null,
        answer && move
          ? [h("p", { class: "hint-lead" }, leadText(answer.expectedLead)), h("p", { class: "hint-move" }, move.text)]
          : null,
      ),
    );
  }

  /** Marks the hinted move's controls in the screen just built. */
  mark(root: Element, move: HintedMove | undefined): void {
    for (const [attribute, value] of move?.marks ?? []) {
      for (const el of root.querySelectorAll(`[${attribute}]`)) {
        if (el.getAttribute(attribute) !== value) continue;
        el.classList.add("hinted");
        el.setAttribute("data-hinted", "");
      }
    }
  }
}
