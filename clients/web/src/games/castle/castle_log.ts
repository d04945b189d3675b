// The Castle's story in words: a line for each event worth one (K-4..K-11), words that follow a
// language switch because the entries keep the events. The log card itself is every game's
// (ui/event_log.ts).

import { CastleScoreReason, type CastleEvent } from "../../gen/carc/v1/castle_game_pb";
import { renderLogCard } from "../../ui/event_log";
import { featureName, featureText, roleText, wallTileEffect } from "./castle_names";
import { t } from "./i18n/play";

export interface CastleLogEntry {
  seq: bigint;
  event: CastleEvent;
}

export const MAX_CASTLE_LOG_ENTRIES = 300;

/** One line of the log for an event, or undefined for events not worth a line. */
export function describeCastleEvent(event: CastleEvent, name: (seat: number) => string, wall4FountainBonus: boolean): string | undefined {
  const e = event.event;
  const who = (winner: number, points: number): string =>
    winner >= 0 ? t("log.scores", { names: name(winner), points }) : t("log.nobodyScores");
  switch (e.case) {
    case "turnStarted":
      return e.value.extra ? t("castle.log.extraTurn", { name: name(e.value.player) }) : undefined;
    case "tilePlaced":
      return t("castle.log.placed", { name: name(e.value.player) });
    case "followerPlaced": {
      const f = featureName(e.value.feature);
      return t("castle.log.follower", { name: name(e.value.player), role: roleText(f), feature: featureText(f) });
    }
    case "tileDiscarded":
      return t("castle.log.discarded");
    case "featureScored": {
      const s = e.value;
      const tiles = s.tiles.length + s.startSpaces.length;
      const f = featureName(s.feature);
      switch (s.reason) {
        case CastleScoreReason.KEEP:
          return t("castle.log.keepScored", { who: who(s.winner, s.points) });
        case CastleScoreReason.COURT:
          return t("castle.log.court", { tiles, who: who(s.winner, s.points) });
        case CastleScoreReason.INCOMPLETE:
          return t("castle.log.incomplete", { feature: featureText(f), tiles, kind: s.wallTile, who: who(s.winner, s.points) });
        case CastleScoreReason.WALL_TILE_9:
          return t("castle.log.wall9", { who: who(s.winner, s.points) });
        default:
          return (
            t("castle.log.completed", { feature: featureText(f), tiles, who: who(s.winner, s.points) }) +
            (s.wallTile !== 0 ? t("castle.log.doubled", { kind: s.wallTile }) : "")
          );
      }
    }
    case "wallTileTaken":
      return t("castle.log.wallTaken", { name: name(e.value.player), kind: e.value.kind, effect: wallTileEffect(e.value.kind, wall4FountainBonus) });
    case "wallTileUsed":
      return t("castle.log.wallUsed", { name: name(e.value.player), kind: e.value.kind });
    case "keepMoved":
      return t("castle.log.keepMoved", { name: name(e.value.player), size: e.value.keep?.size ?? 0 });
    case "wallTilesRemoved":
      return e.value.count > 0 ? t("castle.log.wallRemoved", { n: e.value.count }) : undefined;
    case "turnTimedOut":
      return t("log.timedOut", { name: name(e.value.seat) });
    case "playerResigned":
      return t("log.resigned", { name: name(e.value.seat) });
    case "gameEnded":
      return e.value.winners.length > 0
        ? t("log.gameEnded", { winners: e.value.winners.map((w) => name(w)).join(", ") })
        : t("log.gameEndedNoWinner");
    default:
      return undefined;
  }
}

export function renderCastleLog(entries: readonly CastleLogEntry[], name: (seat: number) => string, wall4FountainBonus: boolean): HTMLElement {
  return renderLogCard(
    entries,
    (event) => describeCastleEvent(event, name, wall4FountainBonus),
    (event) => event.event.case === "featureScored" && event.event.value.winner >= 0,
  );
}
