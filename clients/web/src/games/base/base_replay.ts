// The base game in the replay viewer (ui/replay_view.ts): the server's replay applied with the
// live BaseMirror, so that every step's public hash is checked, the view after each step kept
// for jumping, and a step drawn on the board with the players, the Count's city, the latest
// events and, at the end, the final table and the score chart. A step the computer reviewed shows
// the move played and the computer's on the board (review_marks.ts, board/review_layer.ts).

import { clone } from "@bufbuild/protobuf";
import { BasePhase, BaseViewSchema, type BaseEvent, type BaseView } from "../../gen/carc/v1/base_game_pb";
import type { SeatInfo } from "../../gen/carc/v1/lobby_pb";
import type { Replay } from "../../gen/carc/v1/replay_pb";
import { colourInfo } from "../../ui/colours";
import { h } from "../../ui/dom";
import { replayRoom } from "../../ui/replay_room";
import type { GameReplay, ReviewedMove } from "../game_module";
import { renderLogCard } from "../../ui/event_log";
import { BaseLedger } from "./base_categories";
import { renderFinalTable } from "./base_final";
import { describeEvent, kindName } from "./base_log";
import { describeBaseMove } from "./base_moves";
import { BaseMirror } from "./base_mirror";
import { BoardView } from "./board/board_view";
import { cityBlockModel, renderCityCard } from "./count_panel";
import { t } from "./i18n/play";
import { renderPlayers } from "./players_panel";
import { reviewMark, type ReviewMark } from "./review_marks";
import { renderScoreChart } from "./score_chart";

export interface ReplayFrames {
  kind: "base";
  views: BaseView[];
  /** events[i] took views[i] to views[i + 1]. */
  events: BaseEvent[][];
  players: string[];
}

/** Applies the replay's steps with the live mirror and keeps the view after each of them. */
export function framesOf(replay: Replay): ReplayFrames {
  const mirror = new BaseMirror();
  if (!replay.start) throw new Error(t("replay.broken", { step: 0 }));
  const first = mirror.applySnapshot(replay.start);
  if (!first.hasView || !mirror.view) throw new Error(t("replay.broken", { step: 0 }));
  const views = [clone(BaseViewSchema, mirror.view)];
  const events: BaseEvent[][] = [];
  replay.steps.forEach((step, i) => {
    const result = mirror.applyBatch(step);
    if (result.kind !== "applied" || !mirror.view) throw new Error(t("replay.broken", { step: i + 1 }));
    views.push(clone(BaseViewSchema, mirror.view));
    events.push(step.events.flatMap((e) => (e.event.case === "base" ? [e.event.value] : [])));
  });
  return { kind: "base", views, events, players: replay.players };
}

/** The scores at the start, after every turn, and after the final scoring. */
export function scoreHistory(frames: ReplayFrames): number[][] {
  const out: number[][] = [[...frames.views[0]!.scores]];
  frames.events.forEach((events, i) => {
    if (events.some((e) => e.event.case === "turnStarted" || e.event.case === "gameEnded")) out.push([...frames.views[i + 1]!.scores]);
  });
  return out;
}

/** A base game's replay: one board kept across the steps (tiles drawn once), nothing to choose. */
export class BaseReplay implements GameReplay {
  private readonly board: BoardView;

  constructor(
    doc: Document,
    readonly frames: ReplayFrames,
  ) {
    this.board = new BoardView(doc, { cellChosen: () => {}, spotChosen: () => {} });
  }

  get steps(): number {
    return this.frames.views.length - 1;
  }

  render(index: number, controls: HTMLElement, review?: ReviewedMove): HTMLElement {
    const frames = this.frames;
    const view = frames.views[index]!;
    const seats = replayRoom(frames.players).seats;
    this.updateBoard(view, seats, review ? this.reviewMarks(index, review) : [], review?.seat);
    const name = (seat: number): string => frames.players[seat] ?? t("lobby.seat", { n: seat + 1 });
    const log = frames.events.slice(0, index).flatMap((events) => events.map((event) => ({ event })));
    const over = view.phase === BasePhase.GAME_OVER;
    // The final table and chart span the page above the board, as in the game: seven columns
    // do not fit the side panel.
    return h("div", { class: "replay-body" },
      over ? h("section", { class: "card final" }, renderFinalTable(view, seats, this.categories(view)), renderScoreChart(scoreHistory(frames), seats)) : null,
      h("div", { class: "game-layout" },
        h("div", { class: "board-area" }, this.board.element),
        h("aside", { class: "side" },
          controls,
          renderPlayers(view, seats, undefined, -1, false),
          renderCityCard(view, seats, (seat) => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 })),
          renderLogCard(
            log,
            (event) => describeEvent(event, name, new Map(frames.views[0]!.tileSet.map((d) => [d.letter, d]))),
            (event) => event.event.case === "featureScored" && event.event.value.winners.length > 0,
          ),
        ),
      ),
    );
  }

  /** The whole game's points by category: a replay has every step. */
  private categories(view: BaseView) {
    const ledger = new BaseLedger();
    for (const events of this.frames.events) for (const e of events) ledger.note(e);
    return ledger.rows(view.scores);
  }

  describeMove(index: number, move: string): string | undefined {
    const view = this.frames.views[index];
    return view ? describeBaseMove(view, this.frames.views[0]!.tileSet, move) : undefined;
  }

  reviewDrawn(index: number, review: ReviewedMove): boolean {
    return this.reviewMarks(index, review).length > 0;
  }

  /** The move played at step `index` and, unless the same, the computer's, as board marks. */
  private reviewMarks(index: number, review: ReviewedMove): ReviewMark[] {
    const view = this.frames.views[index];
    if (!view) return [];
    const tileSet = this.frames.views[0]!.tileSet;
    const placed = this.frames.events[index]?.find((e) => e.event.case === "tilePlaced");
    const letter = placed?.event.case === "tilePlaced" ? placed.event.value.tile : undefined;
    const played = reviewMark(view, tileSet, review.played, "played", letter);
    const best = review.same ? undefined : reviewMark(view, tileSet, review.best, "suggested", letter);
    return [played, best].filter((m): m is ReviewMark => m !== undefined);
  }

  private updateBoard(view: BaseView, seats: SeatInfo[], marks: readonly ReviewMark[], seat: number | undefined): void {
    const last = view.tiles[view.tiles.length - 1];
    const defs = new Map(this.frames.views[0]!.tileSet.map((d) => [d.letter, d]));
    const name = (seat: number): string => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 });
    this.board.update({
      tiles: view.tiles,
      defs,
      followers: view.followers,
      colourOf: (seat) => colourInfo(seats[seat]?.colour ?? ""),
      candidates: [],
      last: view.tiles.length > 1 && last && !defs.get(last.tile)?.cityBlock ? { x: last.position?.x ?? 0, y: last.position?.y ?? 0 } : undefined,
      city: cityBlockModel(view, name),
      highlight: view.phase === BasePhase.REDEPLOY ? view.count?.redeployTiles.map((p) => ({ x: p.x, y: p.y })) : undefined,
      review: marks.length > 0 ? { marks, defs, colour: colourInfo(seats[seat ?? -1]?.colour ?? "") } : undefined,
      labels: { board: t("game.board"), cell: (x, y) => t("game.cellLabel", { x, y }), spot: (k) => t("game.spotLabel", { kind: kindName(k) }) },
    });
  }
}
