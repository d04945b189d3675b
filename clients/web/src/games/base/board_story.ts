// What the board shows of the game's story, kept as the events come rather than read again from
// the whole log at every rendering: each seat's last tile (outlined in its colour until it places
// another) and what the last tile placed scored (drawn on the features that scored it, until the
// next tile). The Count's block is nobody's tile.

import type { BaseEvent } from "../../gen/carc/v1/base_game_pb";
import type { ColourInfo } from "../../ui/colours";
import type { ScoredMark } from "./board/board_marks";

interface At {
  x: number;
  y: number;
}

interface Scoring {
  cells: At[];
  points: number;
  seats: number[];
}

export class BoardStory {
  private lastOf = new Map<number, At>();
  private scorings: Scoring[] = [];

  /** Forgets everything (a new game, or the log replaced by a History). */
  reset(): void {
    this.lastOf.clear();
    this.scorings = [];
  }

  /** One event, in the order the game had them. */
  add(event: BaseEvent): void {
    switch (event.event.case) {
      case "tilePlaced": {
        const v = event.event.value;
        this.lastOf.set(v.seat, { x: v.position?.x ?? 0, y: v.position?.y ?? 0 });
        this.scorings = [];
        return;
      }
      case "featureScored": {
        const v = event.event.value;
        if (v.points <= 0 || v.winners.length === 0) return;
        this.scorings.push({ cells: v.tiles.map((p) => ({ x: p.x, y: p.y })), points: v.points, seats: [...v.winners] });
        return;
      }
      default:
        return;
    }
  }

  lastBySeat(colourOf: (seat: number) => ColourInfo | undefined): { x: number; y: number; seat: number; colour: string }[] {
    return [...this.lastOf].map(([seat, p]) => ({ ...p, seat, colour: colourOf(seat)?.fill ?? "#ff9800" }));
  }

  scored(colourOf: (seat: number) => ColourInfo | undefined): ScoredMark[] {
    return this.scorings.map((s) => ({ cells: s.cells, points: s.points, colours: s.seats.map(colourOf) }));
  }
}
