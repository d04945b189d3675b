// The Castle in the replay viewer (ui/replay_view.ts): the server's replay applied with the live
// CastleMirror, the view after every step kept for jumping, and a step drawn with the game
// screen's own parts (board, players, stack, final table, log) with nothing to choose.
//
// The Castle mirror cannot check public hashes (castle_mirror.ts says why), so a replay step is
// checked by its seq only, as a live batch is.

import { clone } from "@bufbuild/protobuf";
import { CastleViewSchema, type CastleEvent, type CastleView } from "../../gen/carc/v1/castle_game_pb";
import type { Replay } from "../../gen/carc/v1/replay_pb";
import { h } from "../../ui/dom";
import { replayRoom } from "../../ui/replay_room";
import type { GameReplay, ReviewedMove } from "../game_module";
import { colourInfo } from "../../ui/colours";
import { renderCastleBoard } from "./castle_board";
import { isOver, renderCastleFinalTable, winnersText } from "./castle_final";
import { MAX_CASTLE_LOG_ENTRIES, renderCastleLog, type CastleLogEntry } from "./castle_log";
import { describeCastleMove } from "./castle_moves";
import type { CastleCategoryRow } from "./castle_categories";
import { CastleMirror, type CastleDefinitions, type CastleFinalPoints } from "./castle_mirror";
import { renderCastlePlayers, renderCastleStack, renderWallTileHelp, seatInfo } from "./castle_players";
import { castleReviewMark, type CastleReviewMark } from "./castle_review";
import { t } from "./i18n/play";

export interface CastleReplayFrames {
  kind: "castle";
  defs: CastleDefinitions;
  views: CastleView[];
  /** events[i] took views[i] to views[i + 1]. */
  events: CastleEvent[][];
  /** The final scoring by category (K-11), from the steps that ended the game. */
  finalPoints: readonly CastleFinalPoints[] | undefined;
  /** The whole game's points by category: a replay has every step. */
  categories: CastleCategoryRow[] | undefined;
  players: string[];
}

function broken(step: number): Error {
  return new Error(t("replay.broken", { step }));
}

/** Applies a Castle replay's steps with the live mirror and keeps the view after each of them. */
export function castleFramesOf(replay: Replay): CastleReplayFrames {
  const mirror = new CastleMirror();
  if (!replay.start) throw broken(0);
  const first = mirror.applySnapshot(replay.start);
  if (first.definitionsError !== undefined) throw new Error(t("castle.definitionsError", { reason: first.definitionsError }));
  const defs = mirror.definitions;
  if (!first.hasView || !mirror.view || !defs) throw broken(0);
  const views = [clone(CastleViewSchema, mirror.view)];
  const events: CastleEvent[][] = [];
  replay.steps.forEach((step, i) => {
    const result = mirror.applyBatch(step);
    if (result.kind !== "applied" || !mirror.view) throw broken(i + 1);
    views.push(clone(CastleViewSchema, mirror.view));
    events.push(step.events.flatMap((e) => (e.event.case === "castle" ? [e.event.value] : [])));
  });
  return { kind: "castle", defs, views, events, finalPoints: mirror.finalPoints, categories: mirror.categories, players: replay.players };
}

/** Step `index` of a Castle replay: the board, and the side panel below the replay's controls. */
/** The move played at step `index` and, unless the same, the computer's, as board marks. */
function reviewMarks(frames: CastleReplayFrames, index: number, review: ReviewedMove): CastleReviewMark[] {
  const view = frames.views[index];
  if (!view) return [];
  const tileDef = (id: string) => frames.defs.tiles.tiles.find((d) => d.id === id);
  const placed = frames.events[index]?.find((e) => e.event.case === "tilePlaced");
  const tile = placed?.event.case === "tilePlaced" ? placed.event.value.tile : undefined;
  const played = castleReviewMark(view, tileDef, review.played, "played", tile);
  const best = review.same ? undefined : castleReviewMark(view, tileDef, review.best, "suggested", tile);
  return [played, best].filter((m): m is CastleReviewMark => m !== undefined);
}

export function renderCastleReplayStep(doc: Document, frames: CastleReplayFrames, index: number, controls: HTMLElement, review?: ReviewedMove): HTMLElement {
  const view = frames.views[index]!;
  const room = replayRoom(frames.players);
  const name = (seat: number): string => frames.players[seat] ?? t("lobby.seat", { n: seat + 1 });
  const over = isOver(view);
  const last = index === frames.views.length - 1;
  const wall4 = view.options?.wall4FountainBonus ?? false;
  const log: CastleLogEntry[] = [];
  for (let i = 0; i < index; i++) {
    for (const event of frames.events[i]!) log.push({ seq: BigInt(i + 1), event });
  }
  // The final table spans the page above the board, as in the game, not squeezed into the side.
  return h(
    "div",
    { class: "replay-body" },
    over
      ? h("section", { class: "card final", id: "final" },
          last ? renderCastleFinalTable(view, room, frames.finalPoints, frames.categories) : renderCastleFinalTable(view, room, undefined),
          h("p", { id: "winners" }, winnersText(view, name)),
        )
      : null,
    h(
      "div",
      { class: "game-layout" },
      h("div", { class: "board-area castle-board-area" },
        renderCastleBoard(
          doc,
          {
            defs: frames.defs,
            view,
            room,
            moves: undefined,
            pendingKnown: index === 0,
            busy: false,
            selection: {},
            review: review ? { marks: reviewMarks(frames, index, review), colour: colourInfo(seatInfo(room, review.seat)?.colour ?? "") } : undefined,
          },
          { chooseSpace: () => {}, placeFollower: () => {} },
        ),
      ),
      h("aside", { class: "side" },
        controls,
        renderCastlePlayers(view, room, undefined, over, 0),
        renderCastleStack(view),
        renderCastleLog(log.slice(-MAX_CASTLE_LOG_ENTRIES), name, wall4),
        renderWallTileHelp(wall4),
      ),
    ),
  );
}

/** A Castle replay for the viewer: the frames, each step drawn by renderCastleReplayStep. */
export function castleReplay(doc: Document, replay: Replay): GameReplay {
  const frames = castleFramesOf(replay);
  return {
    steps: frames.views.length - 1,
    screenClass: "castle-replay",
    render: (index, controls, review) => renderCastleReplayStep(doc, frames, index, controls, review),
    reviewDrawn: (index, review) => reviewMarks(frames, index, review).length > 0,
    describeMove: (index, move) => {
      const view = frames.views[index];
      return view ? describeCastleMove(view, (id) => frames.defs.tiles.tiles.find((d) => d.id === id), move, frames.defs.board) : undefined;
    },
  };
}
