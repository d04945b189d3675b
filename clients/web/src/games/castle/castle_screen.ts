// The game screen of The Castle (RULES.md section 4): the board drawn from the game's own data
// (castle_board_svg.ts), the decision the server asks of this seat, both players (score,
// followers left, keep, wall tiles held face up), the stack, what happened, and at the end the
// final table. It lives as long as its session (castle_session.ts), which passes it the
// CastleMirror after every snapshot or batch; it renders from that.
//
// Every decision is offered from the legal moves the server sent this seat, and nothing else:
// - placements: the marked spaces; a tap chooses a space at its first legal rotation, another
//   tap (or ⟲ ⟳) steps through that space's legal rotations, shown on the board; then confirm;
// - follower_regions: spots on the tile just placed and the same choices as buttons, plus
//   "No follower" (always legal);
// - scoring (K-9): the pending features of the last snapshot, each with "Score this" and, when
//   a double_it choice is legal, "Score doubled" (wall tile 2 or 3);
// - extra_turn (K-10): use wall tile 1 now, or keep it.
// Every command goes out with expected_seq = the mirror's seq (CastleSession). In a room with
// hints, the seat to move may ask for the computer's choice (castle_hint.ts).
//
// This class keeps the screen's state (the selection, the log, the command on its way) and puts
// the parts together: the board (castle_board.ts), the decisions (castle_decisions.ts), the side
// panel (castle_players.ts), the log (castle_log.ts) and the end (castle_final.ts).

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import {
  CastleCommandSchema,
  type CastleCommand,
  type CastleEvent,
  type CastleLegalMoves,
  type CastleView,
} from "../../gen/carc/v1/castle_game_pb";
import type { RoomState } from "../../gen/carc/v1/lobby_pb";
import { endedByVote, renderAbsentVote, runningClock } from "../../ui/absent_vote";
import { renderAwayNotice } from "../../ui/away_notice";
import { h } from "../../ui/dom";
import { renderScoreBar } from "../../ui/scorebar";
import { renderGameHead, type GamePageActions } from "../../ui/game_head";
import { HintOffer } from "../../ui/hint";
import { TurnBasedCard } from "../../ui/turn_based_clock";
import { TurnClock, formatClock } from "../../ui/turn_clock";
import { listenTurnKeys, type TurnControls } from "../../ui/turn_keys";
import { renderCastleBoard } from "./castle_board";
import { CASTLE_BOARD_CONTROLS } from "./castle_board_svg";
import type { CastleTileDef } from "./castle_data";
import { renderCastleTurn } from "./castle_decisions";
import { isOver, renderCastleEnd } from "./castle_final";
import { castleGuide } from "./castle_guide";
import { castleHint, describeCastleHint, hintedCastleSelection } from "./castle_hint";
import { MAX_CASTLE_LOG_ENTRIES, renderCastleLog, type CastleLogEntry } from "./castle_log";
import type { CastleMirror } from "./castle_mirror";
import { renderCastlePlayers, renderCastleStack, renderWallTileHelp, seatInfo } from "./castle_players";
import {
  castleSelectionComplete,
  chooseCastleSpace,
  revalidateCastle,
  rotateCastle,
  type CastleSelection,
} from "./castle_turn";
import { t } from "./i18n/play";

export interface CastleContext {
  room: RoomState;
  mirror: CastleMirror;
  /** The connection's state in words while it is lost: the prompt says it (GameSession.render). */
  offline?: string | undefined;
}

export interface CastleScreenActions extends GamePageActions {
  /** Sends a Castle command for the current seq; false when it could not be sent. */
  send(command: CastleCommand): boolean;
}

export class CastleScreen implements TurnControls {
  private selection: CastleSelection = {};
  private log: CastleLogEntry[] = [];
  private rematchCode: string | undefined;
  /** A command is on its way: the controls wait for its answer instead of sending twice. */
  private pendingSeq: bigint | undefined;
  private readonly turnClock: TurnClock;
  /** A turn-based game's clock: the time left of the turn and each seat's reserve. */
  private readonly turnBased: TurnBasedCard;
  private readonly stopKeys: () => void;
  private readonly hint: HintOffer;
  private ctx: CastleContext | undefined;

  constructor(
    private readonly doc: Document,
    private readonly actions: CastleScreenActions,
  ) {
    this.stopKeys = listenTurnKeys(doc, this, { active: () => this.ctx !== undefined, boardControls: CASTLE_BOARD_CONTROLS });
    this.turnClock = new TurnClock(
      doc,
      () => runningClock(this.ctx?.room, this.ctx?.mirror.clock),
      () => this.ctx?.room.yourSeat ?? -1,
      (ms) => t("game.clockLow", { time: formatClock(ms) }),
    );
    this.turnBased = new TurnBasedCard(
      doc,
      () => runningClock(this.ctx?.room, this.ctx?.mirror.clock),
      () => {
        const room = this.ctx?.room;
        return { name: (seat) => (room && seatInfo(room, seat)?.name) ?? t("lobby.seat", { n: seat + 1 }), yourSeat: room?.yourSeat ?? -1 };
      },
    );
    this.hint = new HintOffer(actions.hints, () => actions.changed());
  }

  dispose(): void {
    this.stopKeys();
    this.turnClock.dispose();
    this.turnBased.dispose();
  }

  snapshotApplied(): void {
    this.pendingSeq = undefined;
    this.turnClock.restart();
  }

  batchApplied(seq: bigint, events: readonly CastleEvent[]): void {
    this.pendingSeq = undefined;
    this.turnClock.restart();
    for (const event of events) this.log.push({ seq, event });
    if (this.log.length > MAX_CASTLE_LOG_ENTRIES) this.log.splice(0, this.log.length - MAX_CASTLE_LOG_ENTRIES);
  }

  /** The game so far from the server's History. */
  historyApplied(log: readonly CastleLogEntry[]): void {
    this.log = log.slice(-MAX_CASTLE_LOG_ENTRIES);
  }

  rematchCreated(code: string): void {
    this.rematchCode = code;
  }

  commandFailed(): void {
    this.pendingSeq = undefined;
  }

  /** The legal moves of this seat, when it must decide now. */
  private myMoves(): CastleLegalMoves | undefined {
    const ctx = this.ctx;
    const view = ctx?.mirror.view;
    // A game voted to its end keeps the legal moves of its last view.
    if (!ctx || !view || endedByVote(ctx.room) || ctx.room.yourSeat < 0 || view.toMove !== ctx.room.yourSeat) return undefined;
    return view.legalMoves;
  }

  render(ctx: CastleContext): HTMLElement {
    this.ctx = ctx;
    const { room, mirror } = ctx;
    const view = mirror.view;
    const mySeat = room.yourSeat;
    const name = (seat: number): string => seatInfo(room, seat)?.name ?? t("lobby.seat", { n: seat + 1 });
    const over = view !== undefined && (isOver(view) || endedByVote(room));
    const moves = over ? undefined : this.myMoves();
    const placements = moves?.placements ?? [];
    const hinted = this.hint.update(room, mirror.seq, moves !== undefined && !(view?.seats[mySeat]?.resigned ?? false));
    const hint = castleHint(hinted?.command);
    this.selection = placements.length > 0 ? revalidateCastle(placements, this.selection) : {};
    if (hinted?.fresh && hint) this.selection = hintedCastleSelection(placements, this.selection, hint);
    const move = hint && view ? describeCastleHint(hint, view, (id) => this.tileDef(id)) : undefined;
    const busy = this.pendingSeq !== undefined;
    const wall4 = view?.options?.wall4FountainBonus ?? false;

    const screen = h(
      "div",
      { class: "screen game castle-game" },
      renderGameHead(
        this.doc,
        room,
        ctx.offline ?? (over ? t("game.over") : this.prompt(view, mySeat, moves, name)),
        mySeat >= 0 && !over && view !== undefined && !(view.seats[mySeat]?.resigned ?? false),
        this.actions,
      ),
      renderAbsentVote(room, (seat) => view?.seats[seat]?.resigned ?? false, this.actions),
      renderAwayNotice(this.doc, room, this.actions),
      mirror.definitionsError !== undefined
        ? h("p", { class: "form-error", role: "alert" }, t("castle.definitionsError", { reason: mirror.definitionsError }))
        : null,
      view && !over
        ? renderScoreBar(view.seats.map((seat, i) => ({
            name: name(i),
            colour: seatInfo(room, i)?.colour ?? "",
            points: seat.score,
            toMove: view.toMove === i,
            you: i === mySeat,
          })))
        : null,
      this.turnClock.warningElement,
      over && view ? renderCastleEnd(view, room, mirror.finalPoints, mirror.categories, name, this.rematchCode, this.actions) : null,
      h(
        "div",
        { class: "game-layout" },
        h("div", { class: "board-area castle-board-area" },
          renderCastleBoard(
            this.doc,
            { defs: mirror.definitions, view, room, moves, pendingKnown: mirror.pendingKnown, busy, selection: this.selection },
            { chooseSpace: (x, y) => this.chooseSpace(x, y), placeFollower: (region) => this.placeFollower(region) },
          ),
        ),
        h(
          "aside",
          { class: "side" },
          view === undefined ? h("p", {}, t("game.waiting")) : null,
          view && !over
            ? renderCastleTurn(
                this.doc,
                { view, moves, pendingKnown: mirror.pendingKnown, busy, selection: this.selection, tileDef: (id) => this.tileDef(id), name },
                {
                  rotate: (step) => this.rotate(step),
                  confirm: () => this.confirm(),
                  placeFollower: (region) => this.placeFollower(region),
                  skip: () => this.skip(),
                  score: (feature, doubleIt) => this.score(feature, doubleIt),
                  extraTurn: (use) => this.send(use ? { case: "useExtraTurn", value: {} } : { case: "endTurn", value: {} }),
                },
              )
            : null,
          this.hint.render(move, busy || ctx.offline !== undefined),
          view ? renderCastlePlayers(view, room, runningClock(room, mirror.clock), over, this.turnClock.elapsedMs()) : null,
          view && !over ? this.turnBased.render() : null,
          view ? renderCastleStack(view) : null,
          castleGuide(),
          renderCastleLog(this.log, name, wall4),
          renderWallTileHelp(wall4),
        ),
      ),
    );
    this.hint.mark(screen, move);
    return screen;
  }

  private prompt(view: CastleView | undefined, mySeat: number, moves: CastleLegalMoves | undefined, name: (s: number) => string): string {
    if (!view) return t("game.waiting");
    if (mySeat < 0) return t("game.watching", { name: name(view.toMove) });
    if (!moves) return view.toMove === mySeat ? t("game.turn") : t("game.waitingFor", { name: name(view.toMove) });
    if (this.pendingSeq !== undefined) return t("game.sending");
    if (moves.placements.length > 0) {
      return castleSelectionComplete(moves.placements, this.selection) ? t("castle.promptConfirm") : t("castle.promptPlace");
    }
    if (moves.followerRegions.length > 0) return t("castle.promptFollower");
    if (moves.scoring.length > 0) return this.ctx?.mirror.pendingKnown ? t("castle.promptScoring") : t("castle.loadingPending");
    if (moves.extraTurn) return t("castle.promptExtra");
    return t("game.turn");
  }

  private tileDef(id: string): CastleTileDef | undefined {
    return this.ctx?.mirror.definitions?.tiles.tiles.find((d) => d.id === id);
  }

  private chooseSpace(x: number, y: number): void {
    const placements = this.myMoves()?.placements ?? [];
    if (this.pendingSeq !== undefined || placements.length === 0) return;
    this.selection = chooseCastleSpace(placements, this.selection, x, y);
    this.actions.changed();
  }

  rotate(step: 1 | -1): void {
    const placements = this.myMoves()?.placements ?? [];
    if (this.pendingSeq !== undefined || placements.length === 0) return;
    this.selection = rotateCastle(placements, this.selection, step);
    this.actions.changed();
  }

  confirm(): void {
    const placements = this.myMoves()?.placements ?? [];
    const sel = this.selection;
    if (this.pendingSeq !== undefined || !castleSelectionComplete(placements, sel)) return;
    this.send({ case: "placeTile", value: { position: { x: sel.x ?? 0, y: sel.y ?? 0 }, rotation: sel.rotation ?? 0 } });
  }

  private placeFollower(region: string): void {
    const moves = this.myMoves();
    if (this.pendingSeq !== undefined || !moves?.followerRegions.includes(region)) return;
    this.send({ case: "placeFollower", value: { region } });
  }

  skip(): void {
    const moves = this.myMoves();
    if (this.pendingSeq !== undefined || !moves || moves.followerRegions.length === 0) return;
    this.send({ case: "skipFollower", value: {} });
  }

  private score(feature: number, doubleIt: boolean): void {
    const moves = this.myMoves();
    if (this.pendingSeq !== undefined || !this.ctx?.mirror.pendingKnown) return;
    if (!moves?.scoring.some((s) => s.feature === feature && s.doubleIt === doubleIt)) return;
    this.send({ case: "scoreFeature", value: { feature, doubleIt } });
  }

  private send(command: NonNullable<MessageInitShape<typeof CastleCommandSchema>["command"]>): void {
    if (!this.actions.send(create(CastleCommandSchema, { command }))) return;
    this.pendingSeq = this.ctx?.mirror.seq ?? 0n;
    this.selection = {};
    this.actions.changed();
  }
}
