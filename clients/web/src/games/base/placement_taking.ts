// Taking a placement back (docs/protocol.md, PreviewPlacement). "Confirm placement" sends nothing
// yet: the follower spots the placement would offer are asked of the server and shown on the
// previewed tile; the player picks a spot or "no follower", and only then do the placement and
// the follower command go, one after the other. Until then "Take back" returns to the placement
// with nothing sent, so the other players never see a tile that was taken back. Where the
// placement offers no follower step, or the server could not be asked, the placement goes at
// once and the follower (if any) is chosen after it, as the server offers it.

import { create } from "@bufbuild/protobuf";
import { BaseCommandSchema, BasePhase, type BaseCommand, type BaseView, type FollowerSpot } from "../../gen/carc/v1/base_game_pb";

export interface TakingActions {
  /** The spots the placement would offer; undefined when the server could not be asked. */
  preview(command: BaseCommand): Promise<readonly FollowerSpot[] | undefined>;
  /** Sends a command now; false when it could not be sent. */
  send(command: BaseCommand): boolean;
  changed(): void;
}

export class PlacementTaking {
  private taking: { command: BaseCommand; spots: readonly FollowerSpot[] | undefined } | undefined;
  /** The follower command chosen with the placement sent last, waiting for that placement's batch. */
  private queued: BaseCommand | undefined;

  constructor(private readonly actions: TakingActions) {}

  /** A placement is confirmed on the page and not sent: its spots are asked for, or shown. */
  get active(): boolean {
    return this.taking !== undefined;
  }

  /** The spots of the placement confirmed on the page, once the server has named them. */
  get spots(): readonly FollowerSpot[] | undefined {
    return this.taking?.spots;
  }

  /** "Confirm placement": asks for the follower step of `place`, sending nothing yet. */
  begin(place: BaseCommand): void {
    const taking: { command: BaseCommand; spots: readonly FollowerSpot[] | undefined } = { command: place, spots: undefined };
    this.taking = taking;
    this.queued = undefined;
    void this.actions.preview(place).then((spots) => {
      if (this.taking !== taking) return;  // taken back, or the game moved on meanwhile
      if (spots === undefined || spots.length === 0) {
        this.taking = undefined;
        this.actions.send(place);
        return;
      }
      taking.spots = spots;
      this.actions.changed();
    });
  }

  /**
   * The player's follower for the placement on the page: a spot's segment, or undefined for
   * none. The placement goes now, the follower command once its batch came (follow). False when
   * there is no such choice to make.
   */
  finish(segment: number | undefined): boolean {
    const taking = this.taking;
    if (taking?.spots === undefined) return false;
    if (segment !== undefined && !taking.spots.some((s) => s.segment === segment)) return false;
    this.taking = undefined;
    this.queued = create(BaseCommandSchema, {
      command: segment === undefined ? { case: "skipFollower", value: {} } : { case: "placeFollower", value: { segment } },
    });
    if (!this.actions.send(taking.command)) this.queued = undefined;
    return true;
  }

  /** "Take back": the placement is the player's to change again; nothing was sent. */
  takeBack(): void {
    if (this.taking === undefined) return;
    this.taking = undefined;
    this.actions.changed();
  }

  /**
   * A batch came: when it is the placement's, which leaves `seat` its follower step, the follower
   * command chosen with it (to send now). Anything else ends the wait for it, and a placement
   * still on the page (the game moved on without it: a clock ran out) is dropped.
   */
  follow(view: BaseView | undefined, seat: number): BaseCommand | undefined {
    // A placement still on the page was built on the state before this batch: chosen again.
    this.taking = undefined;
    const queued = this.queued;
    this.queued = undefined;
    if (queued === undefined || view === undefined) return undefined;
    const mine = view.phase === BasePhase.PLACE_FOLLOWER && view.toMove === seat && view.legalMoves !== undefined;
    if (!mine) return undefined;
    const c = queued.command;
    if (c.case === "placeFollower" && !view.legalMoves?.followerSpots.some((s) => s.segment === c.value.segment)) return undefined;
    return queued;
  }

  /** A snapshot, a refusal, a lost connection: whatever was on the page is chosen again. */
  reset(): void {
    this.taking = undefined;
    this.queued = undefined;
  }
}
