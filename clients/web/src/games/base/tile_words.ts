// A tile in words, for the log, the tile in hand and the tiles left ("a tile with a city and a
// road"): players know tiles by what is on them, never by the letters of the tile set.

import { FeatureKind, type TileDefinition } from "../../gen/carc/v1/base_game_pb";
import { getLanguage } from "../../i18n";
import { t } from "./i18n/play";

/** What is on the tile, joined as the page's language joins a list. */
export function tileWords(def: TileDefinition | undefined): string {
  if (def === undefined) return t("tile.unknown");
  if (def.cityBlock) return t("tile.block");
  const count = (kind: FeatureKind) => def.segments.filter((s) => s.kind === kind).length;
  const cities = count(FeatureKind.CITY);
  const roads = count(FeatureKind.ROAD);
  const pennants = def.segments.filter((s) => s.kind === FeatureKind.CITY && s.pennant).length;
  const parts: string[] = [];
  if (count(FeatureKind.CLOISTER) > 0) parts.push(t("tile.cloister"));
  if (cities > 0) parts.push(t("tile.cities", { n: cities }));
  if (pennants > 0) parts.push(t("tile.pennants", { n: pennants }));
  if (roads > 0) parts.push(t("tile.roads", { n: roads }));
  if (parts.length === 0) return t("tile.fields");
  return t("tile.with", { parts: new Intl.ListFormat(getLanguage(), { type: "conjunction" }).format(parts) });
}
