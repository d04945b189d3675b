// The base game's story in words: who placed what, and for every score which feature it was, how
// big, and who had the majority of followers on it (B-9, B-17). Entries keep the events, so the
// words follow a language switch. The log card that shows them is every game's (ui/event_log.ts).

import {
  CountChoice,
  FeatureKind,
  Quarter,
  ScoreReason,
  type BaseEvent,
  type FeatureScored,
  type TileDefinition,
} from "../../gen/carc/v1/base_game_pb";
import type { LogLine } from "../../ui/event_log";
import { t, type BasePlayMessageKey } from "./i18n/play";
import { tileIcon } from "./tiles_left";
import { tileWords } from "./tile_words";

export interface LogEntry {
  seq: bigint;
  event: BaseEvent;
}

export const MAX_LOG_ENTRIES = 400;

const KIND_KEYS: Record<number, BasePlayMessageKey> = {
  [FeatureKind.ROAD]: "kind.road",
  [FeatureKind.CITY]: "kind.city",
  [FeatureKind.CLOISTER]: "kind.cloister",
  [FeatureKind.FIELD]: "kind.field",
};

export function kindName(kind: FeatureKind): string {
  const key = KIND_KEYS[kind];
  return key ? t(key) : "?";
}

const QUARTER_KEYS: Record<number, BasePlayMessageKey> = {
  [Quarter.CASTLE]: "quarter.castle",
  [Quarter.MARKET]: "quarter.market",
  [Quarter.BLACKSMITH]: "quarter.blacksmith",
  [Quarter.CATHEDRAL]: "quarter.cathedral",
};

/** The name of a quarter of the city of Carcassonne (C-1). */
export function quarterName(quarter: Quarter): string {
  const key = QUARTER_KEYS[quarter];
  return key ? t(key) : "?";
}

const PASS_KEYS: Record<number, BasePlayMessageKey> = {
  [CountChoice.ENTER_CITY]: "log.passedEnter",
  [CountChoice.REDEPLOY]: "log.passedRedeploy",
  [CountChoice.FINAL_MOVE]: "log.passedFinal",
};

/**
 * The sentence for one event, or undefined for events that only move the game along (a turn
 * starting, a tile drawn, the Count asking somebody: the prompt says who must decide).
 */
export function describeEvent(
  e: BaseEvent,
  name: (seat: number) => string,
  defs: ReadonlyMap<string, TileDefinition> = new Map(),
): string | undefined {
  switch (e.event.case) {
    case "tilePlaced": {
      const v = e.event.value;
      return t("log.placed", { name: name(v.seat), tile: tileWords(defs.get(v.tile)) });
    }
    case "followerPlaced": {
      const f = e.event.value.follower;
      if (!f) return undefined;
      return t("log.followerPlaced", { name: name(f.seat), kind: kindName(f.kind) });
    }
    case "tileDiscarded": {
      const v = e.event.value;
      return t(v.reshuffled ? "log.tileReshuffled" : "log.tileDiscarded", { tile: tileWords(defs.get(v.tile)) });
    }
    case "featureScored":
      // A farm next to no completed city is worth nothing: saying so for every farmer is noise.
      if (e.event.value.kind === FeatureKind.FIELD && e.event.value.points === 0) return undefined;
      return describeScore(e.event.value, name);
    case "turnTimedOut":
      return t("log.timedOut", { name: name(e.event.value.seat) });
    case "playerResigned":
      return t("log.resigned", { name: name(e.event.value.seat) });
    case "gameEnded": {
      const winners = e.event.value.winners.map(name).join(", ");
      return winners === "" ? t("log.gameEndedNoWinner") : t("log.gameEnded", { winners });
    }
    case "followerEnteredCity":
      return t("log.enteredCity", { name: name(e.event.value.seat), quarter: quarterName(e.event.value.quarter) });
    case "countMoved":
      return t("log.countMoved", { from: quarterName(e.event.value.from), to: quarterName(e.event.value.to) });
    case "followersRedeployed": {
      const v = e.event.value;
      const kind = v.followers[0]?.kind ?? FeatureKind.UNSPECIFIED;
      return t("log.redeployed", { name: name(v.seat), n: v.followers.length, quarter: quarterName(v.quarter), kind: kindName(kind) });
    }
    case "countPassed": {
      const key = PASS_KEYS[e.event.value.choice];
      return key ? t(key, { name: name(e.event.value.seat) }) : undefined;
    }
    default:
      return undefined;
  }
}

/** "Completed city of 3 tile(s) with 1 pennant(s): Ann scores 8 (followers: Ann 2, Bob 1)." */
export function describeScore(s: FeatureScored, name: (seat: number) => string): string {
  const what =
    s.kind === FeatureKind.FIELD
      ? t("log.farm", { cities: s.cities })
      : t(s.reason === ScoreReason.INCOMPLETE ? "log.incompleteFeature" : "log.completedFeature", {
          kind: kindName(s.kind),
          tiles: s.tiles.length,
        });
  const pennants = s.pennants > 0 ? t("log.pennants", { n: s.pennants }) : "";
  const counts = s.followers
    .map((n, seat) => (n > 0 ? t("log.followerCount", { name: name(seat), n }) : ""))
    .filter((x) => x !== "")
    .join(", ");
  const winners = s.winners.map(name).join(", ");
  const result =
    s.winners.length === 0
      ? t("log.nobodyScores")
      : t(s.winners.length > 1 ? "log.shareScore" : "log.scores", { names: winners, points: s.points });
  return `${what}${pennants}: ${result}${counts === "" ? "" : ` (${t("log.majority", { counts })})`}.`;
}

/** The tiles the event happened on, which its log line shows on the board when chosen. */
function cellsOf(e: BaseEvent): { x: number; y: number }[] {
  switch (e.event.case) {
    case "tilePlaced":
      return [{ x: e.event.value.position?.x ?? 0, y: e.event.value.position?.y ?? 0 }];
    case "followerPlaced": {
      const p = e.event.value.follower?.position;
      return p ? [{ x: p.x, y: p.y }] : [];
    }
    case "featureScored":
      return e.event.value.tiles.map((p) => ({ x: p.x, y: p.y }));
    default:
      return [];
  }
}

/** Pictures are drawn once per tile and turn, then copied: the log is drawn at every rendering. */
const pictures = new Map<string, Element>();

function picture(def: TileDefinition | undefined, rotation: number): Element | undefined {
  if (!def) return undefined;
  const key = `${def.letter}/${rotation}`;
  let drawn = pictures.get(key);
  if (!drawn) {
    drawn = tileIcon(def, rotation, 28, "");
    // The words beside it say the same: the picture is for the eye only.
    drawn.removeAttribute("role");
    drawn.removeAttribute("aria-label");
    drawn.setAttribute("aria-hidden", "true");
    pictures.set(key, drawn);
  }
  return drawn.cloneNode(true) as Element;
}

/** The event's log line: its words, the placed or discarded tile's picture, the tiles it is about. */
export function describeLine(
  e: BaseEvent,
  name: (seat: number) => string,
  defs: ReadonlyMap<string, TileDefinition>,
): LogLine | undefined {
  const text = describeEvent(e, name, defs);
  if (text === undefined) return undefined;
  const v = e.event.case === "tilePlaced" || e.event.case === "tileDiscarded" ? e.event.value : undefined;
  const rotation = e.event.case === "tilePlaced" ? e.event.value.rotation : 0;
  return { text, picture: v ? picture(defs.get(v.tile), rotation) : undefined, cells: cellsOf(e) };
}
