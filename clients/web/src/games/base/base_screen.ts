// The game screen of the base game: the board, the turn controls (tile in play, rotate, confirm,
// follower spots, skip), the Count's decisions (count_decisions.ts) and his city
// (count_panel.ts), a hint where the room has them (base_hint.ts), the players, the tiles left,
// the event log, and at the end the final table, rematch, the record and the chart (base_end.ts). It
// lives as long as its session (base_session.ts), which passes it the mirror's view after every
// snapshot or batch; it renders from that.
//
// Everything offered to the player comes from the server's legal moves: a cell is highlighted
// only if some legal placement uses it, rotation steps only through that cell's legal
// rotations, the follower spots are exactly the legal ones, and so are the quarters, the number
// of followers and the features of the Count's decisions.

import { create } from "@bufbuild/protobuf";
import {
  BasePhase,
  FeatureKind,
  type BaseCommand,
  BaseCommandSchema,
  type BaseEvent,
  type BaseView,
  type FollowerSpot,
  type TileDefinition,
} from "../../gen/carc/v1/base_game_pb";
import type { ClockState } from "../../gen/carc/v1/game_pb";
import type { RoomState } from "../../gen/carc/v1/lobby_pb";
import { endedByVote, renderAbsentVote, runningClock } from "../../ui/absent_vote";
import { renderAwayNotice } from "../../ui/away_notice";
import { colourInfo } from "../../ui/colours";
import { h } from "../../ui/dom";
import { renderLogCard } from "../../ui/event_log";
import { renderGameHead, renderPlacementControls, type GamePageActions } from "../../ui/game_head";
import { HintOffer } from "../../ui/hint";
import { coveredEdges } from "../../ui/board_cover";
import { renderPacing } from "../../ui/pacing_toggle";
import { renderScoreBar } from "../../ui/scorebar";
import { TurnBasedCard } from "../../ui/turn_based_clock";
import { TurnClock, formatClock } from "../../ui/turn_clock";
import { listenTurnKeys, type TurnControls } from "../../ui/turn_keys";
import { BaseLedger } from "./base_categories";
import { BaseEnd } from "./base_end";
import { baseHint, describeBaseHint, hintedSelection } from "./base_hint";
import { describeLine, kindName, MAX_LOG_ENTRIES, type LogEntry } from "./base_log";
import { BOARD_CONTROLS, BoardView, type BoardModel } from "./board/board_view";
import { CountDecisions, countWait } from "./count_decisions";
import { countGuide } from "./count_guide";
import { isCountPhase, renderCityCard } from "./count_panel";
import { t } from "./i18n/play";
import { PlacementTaking } from "./placement_taking";
import { renderPlayers } from "./players_panel";
import { BoardStory } from "./board_story";
import { tileWords } from "./tile_words";
import { renderTilesLeft, tileIcon } from "./tiles_left";
import {
  candidateCells,
  chooseCell,
  isComplete,
  legalRotations,
  placeableTiles,
  revalidate,
  rotate,
  type Selection,
} from "./turn";

export interface BaseContext {
  room: RoomState;
  view: BaseView | undefined;
  seq: bigint;
  clock: ClockState | undefined;
  /** The connection's state in words while it is lost: the prompt says it (GameSession.render). */
  offline?: string | undefined;
}

export interface BaseScreenActions extends GamePageActions {
  /** Sends a game command for the current seq; false when it could not be sent. */
  send(command: BaseCommand): boolean;
  /**
   * The follower spots a placement would offer, asked before it is sent (placement_taking.ts);
   * without it a placement goes at once on "Confirm placement".
   */
  preview?: ((command: BaseCommand) => Promise<readonly FollowerSpot[] | undefined>) | undefined;
  /** Whether other seats' moves are shown one at a time (ui/move_pacer.ts), and setting it. */
  pacing?: { on(): boolean; set(on: boolean): void } | undefined;
}

export class BaseScreen implements TurnControls {
  readonly board: BoardView;
  private defs = new Map<string, TileDefinition>();
  private selection: Selection = { tile: "" };
  /** The Count's decisions (C-2..C-5): what the player has chosen so far. */
  private readonly count: CountDecisions;
  private log: LogEntry[] = [];
  /** What the board shows of the log: last tiles, last scores (board_story.ts). */
  private readonly story = new BoardStory();
  /** The tiles of the log line the player chose, shown on the board until the next batch. */
  private pointed: { x: number; y: number }[] | undefined;
  /** Scores after each turn seen live; replaced by the record's when the game is archived. */
  private history: number[][] = [];
  /** Every scoring seen, by category, for the final table (base_categories.ts). */
  private readonly ledger = new BaseLedger();
  private readonly end: BaseEnd;
  /** A command is on its way: the controls wait for its answer instead of sending twice. */
  private pendingSeq: bigint | undefined;
  private readonly turnClock: TurnClock;
  /** A turn-based game's clock: the time left of the turn and each seat's reserve. */
  private readonly turnBased: TurnBasedCard;
  private readonly stopKeys: () => void;
  private readonly hint: HintOffer;
  /** A placement confirmed on the page and not yet sent, with its follower spots. */
  private readonly taking: PlacementTaking;
  private ctx: BaseContext | undefined;

  constructor(
    private readonly doc: Document,
    private readonly actions: BaseScreenActions,
    fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
  ) {
    this.end = new BaseEnd(actions, fetchJson);
    this.count = new CountDecisions({
      current: () => (this.ctx ? { view: this.ctx.view, seat: this.ctx.room.yourSeat } : undefined),
      busy: () => this.pendingSeq !== undefined,
      send: (command) => this.sendCommand(command),
      changed: () => this.actions.changed(),
    });
    this.board = new BoardView(doc, {
      cellChosen: (cell) => this.chooseCell(cell.x, cell.y),
      spotChosen: (segment) => this.placeFollower(segment),
      quarterChosen: (quarter) => this.count.chooseQuarter(quarter),
      targetChosen: (key) => this.count.chooseTarget(key),
      covered: () => coveredEdges(this.board.element),
    });
    this.stopKeys = listenTurnKeys(doc, this, {
      active: () => this.ctx !== undefined,
      boardControls: BOARD_CONTROLS,
      other: (key) => this.boardKey(key),
    });
    this.turnClock = new TurnClock(
      doc,
      () => runningClock(this.ctx?.room, this.ctx?.clock),
      () => this.ctx?.room.yourSeat ?? -1,
      (ms) => t("game.clockLow", { time: formatClock(ms) }),
    );
    this.turnBased = new TurnBasedCard(
      doc,
      () => runningClock(this.ctx?.room, this.ctx?.clock),
      () => {
        const seats = this.ctx?.room.seats.filter((s) => s.occupied) ?? [];
        return { name: (seat) => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 }), yourSeat: this.ctx?.room.yourSeat ?? -1 };
      },
    );
    this.hint = new HintOffer(actions.hints, () => actions.changed());
    const preview = actions.preview;
    this.taking = new PlacementTaking({
      preview: preview ?? (() => Promise.resolve(undefined)),
      send: (command) => this.sendCommand(command),
      changed: () => actions.changed(),
    });
  }

  dispose(): void {
    this.stopKeys();
    this.turnClock.dispose();
    this.turnBased.dispose();
  }

  /** A snapshot replaced the view: the tile set comes with it. */
  snapshotApplied(view: BaseView | undefined): void {
    if (view && view.tileSet.length > 0) this.defs = new Map(view.tileSet.map((d) => [d.letter, d]));
    this.pendingSeq = undefined;
    this.count.reset();
    this.taking.reset();
    this.turnClock.restart();
    if (view && this.history.length === 0) this.history.push([...view.scores]);
    // A game that has scored nothing yet starts the tally afresh; a later snapshot (a resync)
    // keeps what was seen, and the final table checks that it adds up.
    if (view && view.scores.every((s) => s === 0)) this.ledger.reset();
  }

  /** A batch was applied: log its events and note the scores at the end of each turn. */
  batchApplied(seq: bigint, events: readonly BaseEvent[], view: BaseView | undefined): void {
    this.pendingSeq = undefined;
    // Every decision comes with a batch of its own: the choices of the last one are done with.
    this.count.reset();
    this.turnClock.restart();
    this.pointed = undefined;
    for (const event of events) {
      this.log.push({ seq, event });
      this.story.add(event);
      this.ledger.note(event);
      if (view && (event.event.case === "turnStarted" || event.event.case === "gameEnded")) {
        this.history.push([...view.scores]);
      }
    }
    if (this.log.length > MAX_LOG_ENTRIES) this.log.splice(0, this.log.length - MAX_LOG_ENTRIES);
    // The placement chosen with its follower has come back: the follower goes now, after the
    // page has taken in this batch.
    const follower = this.taking.follow(view, this.ctx?.room.yourSeat ?? -1);
    if (follower) queueMicrotask(() => this.sendCommand(follower));
  }

  /** The game so far from the server's History: the log, and the scores after each turn if known. */
  historyApplied(log: readonly LogEntry[], scores: readonly number[][] | undefined): void {
    this.log = log.slice(-MAX_LOG_ENTRIES);
    this.story.reset();
    for (const entry of log) this.story.add(entry.event);
    // The History is the game so far: the tally is made again from it.
    this.ledger.reset();
    for (const { event } of log) this.ledger.note(event);
    if (scores) this.history = scores.map((s) => [...s]);
  }

  rematchCreated(code: string): void {
    this.end.rematchCreated(code);
  }

  /** The command was refused: let the player choose again. */
  commandFailed(): void {
    this.pendingSeq = undefined;
    this.taking.reset();
  }

  render(ctx: BaseContext): HTMLElement {
    this.ctx = ctx;
    const { room, view } = ctx;
    const mySeat = room.yourSeat;
    const seats = room.seats.filter((s) => s.occupied);
    const name = (seat: number): string => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 });
    const over = view?.phase === BasePhase.GAME_OVER || endedByVote(room);
    const myTurn = view !== undefined && !over && view.toMove === mySeat && view.legalMoves !== undefined;
    const placements = myTurn ? (view?.legalMoves?.placements ?? []) : [];
    const hinted = this.hint.update(room, ctx.seq, myTurn && !(view?.resigned[mySeat] ?? false));
    const hint = baseHint(hinted?.command);
    if (myTurn && view?.phase === BasePhase.PLACE_TILE) {
      this.selection = revalidate(placements, this.selection);
      if (hinted?.fresh && hint && !this.taking.active) this.selection = hintedSelection(placements, this.selection, hint);
    } else this.selection = { tile: "" };
    const move = hint && view ? describeBaseHint(hint, view) : undefined;
    this.count.revalidate(view, myTurn);
    this.updateBoard(view, seats, myTurn);
    if (over) this.end.loadRecord(room);

    const screen = h(
      "div",
      { class: "screen game" },
      renderGameHead(
        this.doc,
        room,
        ctx.offline ?? (over ? t("game.over") : this.prompt(view, mySeat, myTurn, name)),
        mySeat >= 0 && !over && view !== undefined && !(view.resigned[mySeat] ?? false),
        this.actions,
      ),
      renderAbsentVote(room, (seat) => view?.resigned[seat] ?? false, this.actions),
      renderAwayNotice(this.doc, room, this.actions),
      view && !over
        ? renderScoreBar(view.scores.map((points, i) => ({
            name: name(i),
            colour: seats[i]?.colour ?? "",
            points,
            toMove: view.toMove === i,
            you: i === mySeat,
          })))
        : null,
      this.turnClock.warningElement,
      over && view ? this.end.render(view, room, this.history, this.ledger) : null,
      h(
        "div",
        { class: "game-layout" },
        h("div", { class: "board-area" },
          this.board.element,
          h("div", { class: "zoom", role: "group", "aria-label": t("game.zoom") },
            h("button", { type: "button", class: "secondary", "aria-label": t("game.zoomIn"), title: t("game.zoomIn"), onclick: () => this.board.zoom(1.25) }, "+"),
            h("button", { type: "button", class: "secondary", "aria-label": t("game.zoomOut"), title: t("game.zoomOut"), onclick: () => this.board.zoom(0.8) }, "−"),
            h("button", { type: "button", class: "secondary", "aria-label": t("game.fit"), title: t("game.fit"), onclick: () => this.board.fitBoard() }, "⤢"),
          ),
        ),
        h(
          "aside",
          { class: "side" },
          view === undefined ? h("p", {}, t("game.waiting")) : null,
          view && !over ? this.renderTurn(view, myTurn, mySeat) : null,
          this.hint.render(move, this.pendingSeq !== undefined || this.taking.active || ctx.offline !== undefined),
          view ? renderPlayers(view, seats, this.clockFor(runningClock(room, ctx.clock)), mySeat) : null,
          view && !over ? this.turnBased.render() : null,
          view ? renderCityCard(view, seats, name) : null,
          view?.count ? countGuide() : null,
          view ? renderTilesLeft(view, this.defs) : null,
          this.renderLog(name),
          this.actions.pacing ? renderPacing(this.actions.pacing) : null,
          h("details", { class: "keys" },
            h("summary", {}, t("game.keysTitle")),
            h("p", { class: "help" }, t("game.keys")),
          ),
        ),
      ),
    );
    this.hint.mark(screen, move);
    return screen;
  }

  private prompt(view: BaseView | undefined, mySeat: number, myTurn: boolean, name: (s: number) => string): string {
    if (!view) return t("game.waiting");
    if (mySeat < 0 && !isCountPhase(view.phase)) return t("game.watching", { name: name(view.toMove) });
    if (isCountPhase(view.phase) && view.toMove !== mySeat) return countWait(view.phase, name(view.toMove));
    // The seat to move without legal moves yet: they come with the next batch.
    if (!myTurn) return view.toMove === mySeat ? t("game.turn") : t("game.waitingFor", { name: name(view.toMove) });
    if (this.pendingSeq !== undefined) return t("game.sending");
    if (this.taking.active) return this.taking.spots ? t("game.promptTakeBack") : t("game.sending");
    const countPrompt = this.count.prompt(view);
    if (countPrompt !== undefined) return countPrompt;
    if (view.phase === BasePhase.PLACE_FOLLOWER) {
      return (view.legalMoves?.followerSpots.length ?? 0) > 0 ? t("game.promptFollower") : t("game.promptNoSpot");
    }
    return isComplete(view.legalMoves?.placements ?? [], this.selection) ? t("game.promptConfirm") : t("game.promptPlace");
  }

  private updateBoard(view: BaseView | undefined, seats: RoomState["seats"], myTurn: boolean): void {
    const placements = myTurn ? (view?.legalMoves?.placements ?? []) : [];
    const placing = myTurn && view?.phase === BasePhase.PLACE_TILE && this.pendingSeq === undefined;
    const sel = this.selection;
    const taken = placing && this.taking.active;
    const takenSpots = taken ? this.taking.spots : undefined;
    const last = view?.tiles[view.tiles.length - 1];
    const choosingFollower = myTurn && view?.phase === BasePhase.PLACE_FOLLOWER && this.pendingSeq === undefined && last !== undefined;
    const colourOf = (seat: number) => colourInfo(seats[seat]?.colour ?? "");
    const model: BoardModel = {
      tiles: view?.tiles ?? [],
      defs: this.defs,
      followers: view?.followers ?? [],
      colourOf,
      candidates: placing && !taken ? candidateCells(placements, sel.tile) : [],
      preview:
        placing && sel.x !== undefined && sel.y !== undefined && sel.rotation !== undefined
          ? { letter: sel.tile, x: sel.x, y: sel.y, rotation: sel.rotation }
          : undefined,
      spots:
        takenSpots && sel.x !== undefined && sel.y !== undefined
          ? { x: sel.x, y: sel.y, letter: sel.tile, rotation: sel.rotation ?? 0, segments: takenSpots }
          : choosingFollower && last
          ? {
              x: last.position?.x ?? 0,
              y: last.position?.y ?? 0,
              letter: last.tile,
              rotation: last.rotation,
              segments: view?.legalMoves?.followerSpots ?? [],
            }
          : undefined,
      // Not the start tile, nor the Count's block laid in its place.
      last:
        view && view.tiles.length > 1 && last && !this.defs.get(last.tile)?.cityBlock
          ? { x: last.position?.x ?? 0, y: last.position?.y ?? 0 }
          : undefined,
      lastBySeat: this.story.lastBySeat(colourOf),
      scored: this.story.scored(colourOf),
      pointed: this.pointed,
      ...this.count.board(view, seats, myTurn),
      labels: {
        board: t("game.board"),
        cell: (x, y) => t("game.cellLabel", { x, y }),
        spot: (kind: FeatureKind) => t("game.spotLabel", { kind: kindName(kind) }),
      },
    };
    this.board.update(model);
  }

  private renderTurn(view: BaseView, myTurn: boolean, mySeat: number): HTMLElement {
    const placements = view.legalMoves?.placements ?? [];
    const sel = this.selection;
    const placing = myTurn && view.phase === BasePhase.PLACE_TILE;
    const following = myTurn && view.phase === BasePhase.PLACE_FOLLOWER;
    const busy = this.pendingSeq !== undefined;
    const inPlay = placing ? sel.tile : view.currentTile;
    const rotations = placing && sel.x !== undefined && sel.y !== undefined ? legalRotations(placements, sel.tile, sel.x, sel.y) : [];
    const hand = mySeat >= 0 ? (view.hands[mySeat]?.tiles ?? []) : [];
    const choosable = placing ? placeableTiles(placements) : [];
    return h(
      "section",
      { class: "card turn", "aria-label": t("game.turn") },
      inPlay !== ""
        ? h("div", { class: "in-play" },
            tileIcon(this.defs.get(inPlay), placing && sel.rotation !== undefined ? sel.rotation : 0, 72, tileWords(this.defs.get(inPlay))),
            h("span", {}, t("game.tileInPlay")),
          )
        : null,
      hand.length > 0
        ? h("div", { class: "hand row", role: "group", "aria-label": t("game.hand") },
            hand.map((letter) =>
              h("button", {
                type: "button",
                class: `hand-tile ${letter === sel.tile ? "chosen" : ""}`,
                "aria-pressed": letter === sel.tile ? "true" : "false",
                disabled: !choosable.includes(letter) || busy,
                "data-hand-tile": letter,
                onclick: () => {
                  this.selection = { tile: letter };
                  this.actions.changed();
                },
              }, tileIcon(this.defs.get(letter), 0, 44, tileWords(this.defs.get(letter)))),
            ),
          )
        : null,
      placing && this.taking.active
        ? h("div", { class: "row controls" },
            h("button", { type: "button", id: "skip", disabled: busy || this.taking.spots === undefined, onclick: () => this.skip() }, t("game.skip")),
            h("button", { type: "button", class: "secondary", id: "take-back", disabled: busy, onclick: () => this.taking.takeBack() }, t("game.takeBack")),
          )
        : placing
        ? renderPlacementControls({
            rotations: rotations.length,
            complete: isComplete(placements, sel),
            busy,
            rotate: (step) => this.rotate(step),
            confirm: () => this.confirm(),
          })
        : null,
      following
        ? h("div", { class: "row controls" },
            h("button", { type: "button", id: "skip", disabled: busy, onclick: () => this.skip() }, t("game.skip")),
          )
        : null,
      this.count.render(view, myTurn, busy),
    );
  }

  private renderLog(name: (seat: number) => string): HTMLElement {
    return renderLogCard(
      this.log,
      (event) => describeLine(event, name, this.defs),
      (event) => event.event.case === "featureScored" && event.event.value.winners.length > 0,
      (cells) => this.showOnBoard(cells),
    );
  }

  /** A log line chosen: its tiles marked on the board and brought into view, until the next batch. */
  private showOnBoard(cells: readonly { x: number; y: number }[]): void {
    this.pointed = cells.map((c) => ({ x: c.x, y: c.y }));
    this.actions.changed();
    this.board.show(cells);
  }

  private clockFor(state: ClockState | undefined): { state: ClockState; elapsedMs: number } | undefined {
    if (!state || state.remainingMs.length === 0) return undefined;
    return { state, elapsedMs: this.turnClock.elapsedMs() };
  }

  private placements() {
    const view = this.ctx?.view;
    if (!view || view.phase !== BasePhase.PLACE_TILE || view.toMove !== this.ctx?.room.yourSeat) return [];
    return view.legalMoves?.placements ?? [];
  }

  private chooseCell(x: number, y: number): void {
    if (this.pendingSeq !== undefined || this.taking.active) return;
    this.selection = chooseCell(this.placements(), this.selection, x, y);
    this.actions.changed();
  }

  rotate(step: 1 | -1): void {
    if (this.pendingSeq !== undefined || this.taking.active) return;
    this.selection = rotate(this.placements(), this.selection, step);
    this.actions.changed();
  }

  confirm(): void {
    if (this.ctx?.view?.phase === BasePhase.ENTER_CITY) {
      this.count.enterCity();
      return;
    }
    const placements = this.placements();
    const sel = this.selection;
    if (this.pendingSeq !== undefined || this.taking.active || !isComplete(placements, sel)) return;
    if (this.ctx && endedByVote(this.ctx.room)) return;
    const hands = (this.ctx?.view?.options?.handSize ?? 0) > 0;
    const place = create(BaseCommandSchema, {
      command: {
        case: "placeTile",
        value: { position: { x: sel.x ?? 0, y: sel.y ?? 0 }, rotation: sel.rotation ?? 0, tile: hands ? sel.tile : "" },
      },
    });
    // In a room with hints the placement goes at once: the computer's advice for the follower
    // step is asked on the follower decision, which a placement still on the page has not reached.
    if (this.actions.preview && this.ctx?.room.options?.hints !== true) {
      this.taking.begin(place);
      this.actions.changed();
    } else this.sendCommand(place);
  }

  private placeFollower(segment: number): void {
    if (this.taking.active) {
      this.taking.finish(segment);
      return;
    }
    const view = this.ctx?.view;
    if (this.pendingSeq !== undefined || view?.phase !== BasePhase.PLACE_FOLLOWER) return;
    if (!view.legalMoves?.followerSpots.some((s) => s.segment === segment)) return;
    this.sendCommand(create(BaseCommandSchema, { command: { case: "placeFollower", value: { segment } } }));
  }

  skip(): void {
    if (this.taking.active) {
      this.taking.finish(undefined);
      return;
    }
    const view = this.ctx?.view;
    if (this.pendingSeq !== undefined || view?.phase !== BasePhase.PLACE_FOLLOWER || view.legalMoves === undefined) return;
    this.sendCommand(create(BaseCommandSchema, { command: { case: "skipFollower", value: {} } }));
  }

  private sendCommand(command: BaseCommand): boolean {
    // The keys still reach the controls of a game voted to its end, whose view has legal moves.
    if (this.ctx && endedByVote(this.ctx.room)) return false;
    if (!this.actions.send(command)) return false;
    this.pendingSeq = this.ctx?.seq ?? 0n;
    this.selection = { tile: this.selection.tile };
    this.actions.changed();
    return true;
  }

  /** The board's own keys: zoom (+, -, 0 to fit) and the arrows to pan. */
  private boardKey(key: string): boolean {
    switch (key) {
      case "+":
      case "=":
        this.board.zoom(1.25);
        return true;
      case "-":
        this.board.zoom(0.8);
        return true;
      case "0":
        this.board.fitBoard();
        return true;
      case "Escape":
        if (!this.taking.active) return false;
        this.taking.takeBack();
        return true;
      case "ArrowLeft":
        this.board.pan(-1, 0);
        return true;
      case "ArrowRight":
        this.board.pan(1, 0);
        return true;
      case "ArrowUp":
        this.board.pan(0, -1);
        return true;
      case "ArrowDown":
        this.board.pan(0, 1);
        return true;
      default:
        return false;
    }
  }
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
