// The game screen: the board, the turn controls (tile in play, rotate, confirm, follower spots,
// skip), the Count's decisions (count_decisions.ts) and his city (count_panel.ts), the players,
// the tiles left, the event log, and at the end the final table, the score chart, rematch and
// the record. It lives as long as the App shows one game; the App passes it the mirror after
// every snapshot or batch and it renders from that.
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
  type TileDefinition,
} from "../gen/carc/v1/base_game_pb";
import type { ClockState } from "../gen/carc/v1/game_pb";
import type { RoomState } from "../gen/carc/v1/lobby_pb";
import { BOARD_CONTROLS, BoardView, type BoardModel } from "../board/board_view";
import { t } from "../i18n";
import { colourInfo } from "./colours";
import { CountDecisions, countWait } from "./count_decisions";
import { isCountPhase, renderCityCard } from "./count_panel";
import { h } from "./dom";
import { describeEvent, kindName, MAX_LOG_ENTRIES, type LogEntry } from "./event_log";
import { renderEndActions, renderFinalTable, renderScoreChart } from "./final_table";
import { formatClock, remainingMs, renderPlayers } from "./players_panel";
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

export interface GameContext {
  room: RoomState;
  view: BaseView | undefined;
  seq: bigint;
  clock: ClockState | undefined;
}

export interface GameScreenActions {
  /** Sends a game command for the current seq; false when it could not be sent. */
  send(command: BaseCommand): boolean;
  resign(): void;
  leave(): void;
  rematch(): void;
  joinRematch(code: string): void;
  /** Re-renders the page (after a local change such as a new selection). */
  changed(): void;
}

const KEYBOARD_IGNORED = new Set(["INPUT", "TEXTAREA", "SELECT"]);

export class GameScreen {
  readonly board: BoardView;
  private defs = new Map<string, TileDefinition>();
  private selection: Selection = { tile: "" };
  /** The Count's decisions (C-2..C-5): what the player has chosen so far. */
  private readonly count: CountDecisions;
  private log: LogEntry[] = [];
  /** Scores after each turn seen live; replaced by the record's when the game is archived. */
  private history: number[][] = [];
  private recordHistory: number[][] | undefined;
  private recordRequested = false;
  private rematchCode: string | undefined;
  /** A command is on its way: the controls wait for its answer instead of sending twice. */
  private pendingSeq: bigint | undefined;
  private clockReceivedAt = 0;
  private clockTimer: ReturnType<typeof setInterval> | undefined;
  private ctx: GameContext | undefined;
  private readonly keyListener = (e: KeyboardEvent): void => this.onKey(e);

  constructor(
    private readonly doc: Document,
    private readonly actions: GameScreenActions,
    private readonly fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
  ) {
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
    });
    doc.addEventListener("keydown", this.keyListener);
    this.clockTimer = setInterval(() => this.tickClocks(), 500);
  }

  dispose(): void {
    this.doc.removeEventListener("keydown", this.keyListener);
    if (this.clockTimer !== undefined) clearInterval(this.clockTimer);
    this.clockTimer = undefined;
  }

  /** A snapshot replaced the view: the tile set comes with it. */
  snapshotApplied(view: BaseView | undefined): void {
    if (view && view.tileSet.length > 0) this.defs = new Map(view.tileSet.map((d) => [d.letter, d]));
    this.pendingSeq = undefined;
    this.count.reset();
    this.clockReceivedAt = now();
    if (view && this.history.length === 0) this.history.push([...view.scores]);
  }

  /** A batch was applied: log its events and note the scores at the end of each turn. */
  batchApplied(seq: bigint, events: readonly BaseEvent[], view: BaseView | undefined): void {
    this.pendingSeq = undefined;
    // Every decision comes with a batch of its own: the choices of the last one are done with.
    this.count.reset();
    this.clockReceivedAt = now();
    for (const event of events) {
      this.log.push({ seq, event });
      if (view && (event.event.case === "turnStarted" || event.event.case === "gameEnded")) {
        this.history.push([...view.scores]);
      }
    }
    if (this.log.length > MAX_LOG_ENTRIES) this.log.splice(0, this.log.length - MAX_LOG_ENTRIES);
  }

  rematchCreated(code: string): void {
    this.rematchCode = code;
  }

  /** The command was refused: let the player choose again. */
  commandFailed(): void {
    this.pendingSeq = undefined;
  }

  render(ctx: GameContext): HTMLElement {
    this.ctx = ctx;
    const { room, view } = ctx;
    const mySeat = room.yourSeat;
    const seats = room.seats.filter((s) => s.occupied);
    const name = (seat: number): string => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 });
    const over = view?.phase === BasePhase.GAME_OVER;
    const myTurn = view !== undefined && !over && view.toMove === mySeat && view.legalMoves !== undefined;
    const placements = myTurn ? (view?.legalMoves?.placements ?? []) : [];
    if (myTurn && view?.phase === BasePhase.PLACE_TILE) this.selection = revalidate(placements, this.selection);
    else this.selection = { tile: "" };
    this.count.revalidate(view, myTurn);
    this.updateBoard(view, seats, myTurn);
    if (over) this.loadRecord(room);

    return h(
      "div",
      { class: "screen game" },
      h("div", { class: "row game-head" },
        h("h2", {}, room.code),
        h("p", { class: "prompt", role: "status", id: "prompt" }, this.prompt(view, mySeat, myTurn, name)),
        h("span", { class: "grow" }),
        mySeat >= 0 && !over && view !== undefined && !(view.resigned[mySeat] ?? false)
          ? h("button", { type: "button", class: "secondary", onclick: () => this.resign() }, t("game.resign"))
          : null,
        h("button", { type: "button", class: "secondary", onclick: () => this.actions.leave() }, t("lobby.leave")),
      ),
      over && view ? this.renderEnd(view, room) : null,
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
          view ? renderPlayers(view, seats, this.clockFor(ctx.clock), mySeat) : null,
          view ? renderCityCard(view, seats, name) : null,
          view ? renderTilesLeft(view, this.defs) : null,
          this.renderLog(name),
          h("details", { class: "keys" },
            h("summary", {}, t("game.keysTitle")),
            h("p", { class: "help" }, t("game.keys")),
          ),
        ),
      ),
    );
  }

  private prompt(view: BaseView | undefined, mySeat: number, myTurn: boolean, name: (s: number) => string): string {
    if (!view) return t("game.waiting");
    if (view.phase === BasePhase.GAME_OVER) return t("game.over");
    if (mySeat < 0 && !isCountPhase(view.phase)) return t("game.watching", { name: name(view.toMove) });
    if (isCountPhase(view.phase) && view.toMove !== mySeat) return countWait(view.phase, name(view.toMove));
    // The seat to move without legal moves yet: they come with the next batch.
    if (!myTurn) return view.toMove === mySeat ? t("game.turn") : t("game.waitingFor", { name: name(view.toMove) });
    if (this.pendingSeq !== undefined) return t("game.sending");
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
    const last = view?.tiles[view.tiles.length - 1];
    const choosingFollower = myTurn && view?.phase === BasePhase.PLACE_FOLLOWER && this.pendingSeq === undefined && last !== undefined;
    const model: BoardModel = {
      tiles: view?.tiles ?? [],
      defs: this.defs,
      followers: view?.followers ?? [],
      colourOf: (seat) => colourInfo(seats[seat]?.colour ?? ""),
      candidates: placing ? candidateCells(placements, sel.tile) : [],
      preview:
        placing && sel.x !== undefined && sel.y !== undefined && sel.rotation !== undefined
          ? { letter: sel.tile, x: sel.x, y: sel.y, rotation: sel.rotation }
          : undefined,
      spots:
        choosingFollower && last
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
            tileIcon(this.defs.get(inPlay), placing && sel.rotation !== undefined ? sel.rotation : 0, 72, t("game.tileLabel", { tile: inPlay })),
            h("span", {}, t("game.tileInPlay", { tile: inPlay })),
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
              }, tileIcon(this.defs.get(letter), 0, 44, t("game.tileLabel", { tile: letter }))),
            ),
          )
        : null,
      placing
        ? h("div", { class: "row controls" },
            h("button", { type: "button", class: "secondary", id: "rotate-left", disabled: rotations.length < 2 || busy, "aria-label": t("game.rotateLeft"), title: t("game.rotateLeft"), onclick: () => this.rotate(-1) }, "⟲"),
            h("button", { type: "button", class: "secondary", id: "rotate", disabled: rotations.length < 2 || busy, "aria-label": t("game.rotateRight"), title: t("game.rotateRight"), onclick: () => this.rotate(1) }, "⟳"),
            h("button", { type: "button", id: "confirm", disabled: !isComplete(placements, sel) || busy, onclick: () => this.confirm() }, t("game.confirm")),
            rotations.length > 0 ? h("span", { class: "help" }, t("game.rotations", { n: rotations.length })) : null,
          )
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
    const lines: { seq: bigint; text: string; score: boolean }[] = [];
    for (let i = this.log.length - 1; i >= 0 && lines.length < 60; i--) {
      const entry = this.log[i]!;
      const text = describeEvent(entry.event, name);
      if (text !== undefined) lines.push({ seq: entry.seq, text, score: entry.event.event.case === "featureScored" && entry.event.event.value.winners.length > 0 });
    }
    return h(
      "section",
      { class: "card log" },
      h("h3", {}, t("game.log")),
      lines.length === 0
        ? h("p", { class: "help" }, t("game.logEmpty"))
        : h("ol", { class: "events", "aria-live": "polite", reversed: true }, lines.map((l) => h("li", { class: l.score ? "score" : "" }, l.text))),
    );
  }

  private renderEnd(view: BaseView, room: RoomState): HTMLElement {
    const seats = room.seats.filter((s) => s.occupied);
    const history = this.recordHistory ?? this.history;
    const id = room.gameId;
    return h(
      "section",
      { class: "card final", id: "final" },
      h("h3", {}, t("final.title")),
      renderFinalTable(view, seats),
      history.length > 1 ? renderScoreChart(history, seats) : null,
      renderEndActions(
        {
          rematch: () => this.actions.rematch(),
          joinRematch: this.rematchCode !== undefined ? () => this.actions.joinRematch(this.rematchCode!) : undefined,
          recordHref: id !== 0n ? `/api/games/${id}/record` : undefined,
          replayHref: id !== 0n ? `/replay/${id}` : undefined,
          downloadName: `carcassonne-${room.code}.json`,
        },
        room.yourSeat >= 0,
        this.rematchCode,
      ),
    );
  }

  /** The archived record has the scores after every turn, even those this page did not see. */
  private loadRecord(room: RoomState): void {
    if (this.recordRequested || room.gameId === 0n) return;
    this.recordRequested = true;
    this.fetchJson(`/api/games/${room.gameId}/record`)
      .then((record) => {
        const scores = (record as { scores?: { after_turn?: number[][]; final?: number[] } }).scores;
        if (!scores?.after_turn) return;
        const start = scores.after_turn[0]?.map(() => 0) ?? [];
        this.recordHistory = [start, ...scores.after_turn, ...(scores.final ? [scores.final] : [])];
        this.actions.changed();
      })
      .catch(() => {
        // The live history stays; the record can still be downloaded by its link.
        this.recordRequested = false;
      });
  }

  private clockFor(state: ClockState | undefined): { state: ClockState; elapsedMs: number } | undefined {
    if (!state || state.remainingMs.length === 0) return undefined;
    return { state, elapsedMs: now() - this.clockReceivedAt };
  }

  /** Counts the running clock down between server messages without re-rendering the page. */
  private tickClocks(): void {
    const state = this.ctx?.clock;
    if (!state || state.runningFor < 0 || state.remainingMs.length === 0) return;
    const el = this.doc.querySelector(`[data-clock-seat="${state.runningFor}"]`);
    if (el) el.textContent = formatClock(remainingMs(state, state.runningFor, now() - this.clockReceivedAt));
  }

  private placements() {
    const view = this.ctx?.view;
    if (!view || view.phase !== BasePhase.PLACE_TILE || view.toMove !== this.ctx?.room.yourSeat) return [];
    return view.legalMoves?.placements ?? [];
  }

  private chooseCell(x: number, y: number): void {
    if (this.pendingSeq !== undefined) return;
    this.selection = chooseCell(this.placements(), this.selection, x, y);
    this.actions.changed();
  }

  private rotate(step: 1 | -1): void {
    if (this.pendingSeq !== undefined) return;
    this.selection = rotate(this.placements(), this.selection, step);
    this.actions.changed();
  }

  private confirm(): void {
    if (this.ctx?.view?.phase === BasePhase.ENTER_CITY) {
      this.count.enterCity();
      return;
    }
    const placements = this.placements();
    const sel = this.selection;
    if (this.pendingSeq !== undefined || !isComplete(placements, sel)) return;
    const hands = (this.ctx?.view?.options?.handSize ?? 0) > 0;
    this.sendCommand(
      create(BaseCommandSchema, {
        command: {
          case: "placeTile",
          value: { position: { x: sel.x ?? 0, y: sel.y ?? 0 }, rotation: sel.rotation ?? 0, tile: hands ? sel.tile : "" },
        },
      }),
    );
  }

  private placeFollower(segment: number): void {
    const view = this.ctx?.view;
    if (this.pendingSeq !== undefined || view?.phase !== BasePhase.PLACE_FOLLOWER) return;
    if (!view.legalMoves?.followerSpots.some((s) => s.segment === segment)) return;
    this.sendCommand(create(BaseCommandSchema, { command: { case: "placeFollower", value: { segment } } }));
  }

  private skip(): void {
    const view = this.ctx?.view;
    if (this.pendingSeq !== undefined || view?.phase !== BasePhase.PLACE_FOLLOWER || view.legalMoves === undefined) return;
    this.sendCommand(create(BaseCommandSchema, { command: { case: "skipFollower", value: {} } }));
  }

  private resign(): void {
    const confirmFn = this.doc.defaultView?.confirm;
    if (confirmFn && !confirmFn.call(this.doc.defaultView, t("game.resignConfirm"))) return;
    this.actions.resign();
  }

  private sendCommand(command: BaseCommand): void {
    if (!this.actions.send(command)) return;
    this.pendingSeq = this.ctx?.seq ?? 0n;
    this.selection = { tile: this.selection.tile };
    this.actions.changed();
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.ctx || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement | null;
    if (target && KEYBOARD_IGNORED.has(target.tagName)) return;
    const onControl = target?.tagName === "BUTTON" || target?.tagName === "A";
    switch (e.key) {
      case "r":
      case "R":
        this.rotate(e.shiftKey ? -1 : 1);
        break;
      case "Enter":
        if (onControl || target?.closest?.(BOARD_CONTROLS)) return;
        this.confirm();
        break;
      case "s":
      case "S":
        this.skip();
        break;
      case "+":
      case "=":
        this.board.zoom(1.25);
        break;
      case "-":
        this.board.zoom(0.8);
        break;
      case "0":
        this.board.fitBoard();
        break;
      case "ArrowLeft":
        this.board.pan(-1, 0);
        break;
      case "ArrowRight":
        this.board.pan(1, 0);
        break;
      case "ArrowUp":
        this.board.pan(0, -1);
        break;
      case "ArrowDown":
        this.board.pan(0, 1);
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
