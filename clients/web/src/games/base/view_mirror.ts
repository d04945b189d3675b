// The view mirror: applies one base-game event, as filtered for this connection, to a BaseView.
// Every rule restates `carc::codec::ApplyEvent` (server/codec/src/view_mirror.cc), which the
// server's tests check against the engine; docs/protocol.md ("View mirror") is the same list in
// prose. Keep the three in step.
//
// The mirror runs no game rules: it trusts the server's events and never throws. An event that
// does not fit the view (a seat out of range, a follower that is not there) changes what it can
// and leaves the rest; the next public_hash comparison then asks for a snapshot.

import { clone, create } from "@bufbuild/protobuf";
import {
  BasePhase,
  CategoryPointsSchema,
  CountChoice,
  FeatureKind,
  FollowerOnBoardSchema,
  PlacedTileSchema,
  PositionSchema,
  TileCountSchema,
  type BaseEvent,
  type BaseView,
  type CountDecision,
  type FeatureScored,
  type FollowerOnBoard,
  type FollowersRedeployed,
  type FollowersReturned,
  type GameEnded,
  type Quarter,
  type TileDiscarded,
  type TileDrawn,
  type TilePlaced,
} from "../../gen/carc/v1/base_game_pb";

/** The letter of a tile this viewer may not see (a private hand, V-2). */
export const HIDDEN_TILE = "?";

/** Hands are in use when `options.hand_size > 0` (V-2). */
function hasHands(view: BaseView): boolean {
  return (view.options?.handSize ?? 0) > 0;
}

/** A seat is valid when the view has a score for it. */
function validSeat(view: BaseView, seat: number): boolean {
  return seat >= 0 && seat < view.scores.length;
}

/** C++ `std::string` operator<: byte-wise. Tile letters are ASCII, where UTF-16 order agrees. */
function lessThan(a: string, b: string): boolean {
  return a < b;
}

/**
 * `unseen` lists the kinds this viewer cannot see with a count above zero, in letter order:
 * a kind that reaches 0 is dropped, one that comes back is inserted in its place.
 */
function addUnseen(view: BaseView, letter: string, delta: number): void {
  if (letter === "" || letter === HIDDEN_TILE) return;
  const unseen = view.unseen;
  let i = 0;
  while (i < unseen.length && lessThan(unseen[i]!.tile, letter)) ++i;
  const entry = unseen[i];
  if (entry !== undefined && entry.tile === letter) {
    const count = entry.count + delta;
    if (count > 0) {
      entry.count = count;
    } else {
      unseen.splice(i, 1);
    }
    return;
  }
  if (delta <= 0) return;
  unseen.splice(i, 0, create(TileCountSchema, { tile: letter, count: delta }));
}

function addStack(view: BaseView, delta: number): void {
  view.stackSize = Math.max(view.stackSize + delta, 0);
}

/**
 * Takes `letter` out of the seat's hand. A viewer who cannot see that hand holds "?" there
 * instead, and the tile, now shown by the event, stops being unseen.
 */
function takeFromHand(view: BaseView, seat: number, letter: string): void {
  if (!validSeat(view, seat) || seat >= view.hands.length) return;
  const tiles = view.hands[seat]!.tiles;
  const take = (t: string): boolean => {
    const i = tiles.indexOf(t);
    if (i < 0) return false;
    tiles.splice(i, 1);
    return true;
  };
  if (take(letter)) return;
  if (take(HIDDEN_TILE)) addUnseen(view, letter, -1);
}

function sameFollower(a: FollowerOnBoard, b: FollowerOnBoard): boolean {
  return (
    a.seat === b.seat &&
    (a.position?.x ?? 0) === (b.position?.x ?? 0) &&
    (a.position?.y ?? 0) === (b.position?.y ?? 0) &&
    a.segment === b.segment
  );
}

function addSupply(view: BaseView, seat: number, delta: number): void {
  if (!validSeat(view, seat) || seat >= view.supply.length) return;
  view.supply[seat] = Math.max(view.supply[seat]! + delta, 0);
}

function onTileDrawn(view: BaseView, e: TileDrawn): void {
  addStack(view, -1);
  addUnseen(view, e.tile, -1);
  if (!hasHands(view)) {
    view.currentTile = e.tile;
  } else if (validSeat(view, e.seat) && e.seat < view.hands.length) {
    view.hands[e.seat]!.tiles.push(e.tile);
  }
}

function onTileDiscarded(view: BaseView, e: TileDiscarded): void {
  if (hasHands(view)) {
    takeFromHand(view, e.seat, e.tile);
  } else {
    view.currentTile = "";
  }
  // Live games draw from a seeded stack, where a reshuffled tile goes back in (B-6).
  if (e.reshuffled) {
    addStack(view, 1);
    addUnseen(view, e.tile, 1);
  }
}

function onTilePlaced(view: BaseView, e: TilePlaced): void {
  if (hasHands(view)) {
    takeFromHand(view, e.seat, e.tile);
  } else {
    view.currentTile = "";
  }
  view.tiles.push(
    create(PlacedTileSchema, {
      tile: e.tile,
      position: e.position ? clone(PositionSchema, e.position) : create(PositionSchema),
      rotation: e.rotation,
    }),
  );
  view.phase = BasePhase.PLACE_FOLLOWER;
}

function onFeatureScored(view: BaseView, e: FeatureScored): void {
  for (const w of e.winners) {
    // int32 arithmetic, as in the C++ view.
    if (validSeat(view, w)) view.scores[w] = (view.scores[w]! + e.points) | 0;
  }
}

function onFollowersReturned(view: BaseView, e: FollowersReturned): void {
  const onBoard = view.followers;
  for (const f of e.followers) {
    const i = onBoard.findIndex((g) => sameFollower(f, g));
    if (i < 0) continue;
    onBoard.splice(i, 1); // the order of the others is kept
    addSupply(view, f.seat, 1);
  }
}

// ---- The Count (C-1..C-6): only views with `count` set have quarters to change ----

/** Adds `delta` to the followers `seat` has in `quarter`, never below 0. */
function addInCity(view: BaseView, quarter: Quarter, seat: number, delta: number): void {
  const followers = view.count?.quarters.find((q) => q.quarter === quarter)?.followers;
  if (followers === undefined || !validSeat(view, seat) || seat >= followers.length) return;
  followers[seat] = Math.max(followers[seat]! + delta, 0);
}

/** The feature of a redeployment round is shown only while that round asks (phase REDEPLOY). */
function clearRedeploy(view: BaseView): void {
  if (view.count === undefined) return;
  view.count.redeployKind = FeatureKind.UNSPECIFIED;
  view.count.redeployTiles = [];
}

function onCountDecision(view: BaseView, e: CountDecision): void {
  view.toMove = e.seat;
  clearRedeploy(view);
  switch (e.choice) {
    case CountChoice.ENTER_CITY:
      view.phase = BasePhase.ENTER_CITY;
      break;
    case CountChoice.REDEPLOY:
      view.phase = BasePhase.REDEPLOY;
      if (view.count !== undefined) {
        view.count.redeployKind = e.kind;
        view.count.redeployTiles = e.tiles.map((p) => clone(PositionSchema, p));
      }
      break;
    default:
      // As the C++ mirror: any other choice is the final moves (C-5).
      view.phase = BasePhase.FINAL_MOVE;
      break;
  }
}

// C-4, C-5: the followers go onto the board from the city, not from the supply.
function onFollowersRedeployed(view: BaseView, e: FollowersRedeployed): void {
  for (const f of e.followers) {
    view.followers.push(clone(FollowerOnBoardSchema, f));
    addInCity(view, e.quarter, e.seat, -1);
  }
}

function onGameEnded(view: BaseView, e: GameEnded): void {
  view.phase = BasePhase.GAME_OVER;
  view.toMove = -1;
  view.extraTurn = false;
  view.currentTile = "";
  view.scores = [...e.scores];
  view.finalBreakdown = e.finalBreakdown.map((p) => clone(CategoryPointsSchema, p));
  view.winners = [...e.winners];
  view.legalMoves = undefined;
  clearRedeploy(view);
}

/** Applies one base-game event to the view, in place. */
export function applyEvent(view: BaseView, event: BaseEvent): void {
  const e = event.event;
  switch (e.case) {
    case "turnStarted":
      view.toMove = e.value.seat;
      view.phase = BasePhase.PLACE_TILE;
      view.extraTurn = e.value.extra;
      clearRedeploy(view);
      break;
    case "tileDrawn":
      onTileDrawn(view, e.value);
      break;
    case "tileDiscarded":
      onTileDiscarded(view, e.value);
      break;
    case "tilePlaced":
      onTilePlaced(view, e.value);
      break;
    case "followerPlaced": {
      const f = e.value.follower;
      const placed = f ? clone(FollowerOnBoardSchema, f) : create(FollowerOnBoardSchema);
      view.followers.push(placed);
      addSupply(view, placed.seat, -1);
      break;
    }
    case "featureScored":
      onFeatureScored(view, e.value);
      break;
    case "followersReturned":
      onFollowersReturned(view, e.value);
      break;
    case "gameEnded":
      onGameEnded(view, e.value);
      break;
    case "turnTimedOut":
      break; // the fallback move arrives as ordinary events
    case "playerResigned": {
      const seat = e.value.seat;
      if (seat >= 0 && seat < view.resigned.length) view.resigned[seat] = true;
      break;
    }
    case "countDecision":
      onCountDecision(view, e.value);
      break;
    case "followerEnteredCity":
      addSupply(view, e.value.seat, -1);
      addInCity(view, e.value.quarter, e.value.seat, 1);
      break;
    case "countMoved":
      if (view.count !== undefined) view.count.count = e.value.to;
      break;
    case "followersRedeployed":
      onFollowersRedeployed(view, e.value);
      break;
    case "countPassed":
      break; // what follows (the next decision, a score, a turn) says where the game went
    case undefined:
      break; // an event of a newer server: nothing this client can do with it
  }
}
