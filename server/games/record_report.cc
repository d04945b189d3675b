#include "games/game_adapter.h"

namespace carc::server {

std::string WhereInRecord(const codec::RecordError& e) {
  std::string s = e.turn >= 0 ? "turn " + std::to_string(e.turn) : "record";
  if (!e.rule.empty()) s += " (rule " + e.rule + ")";
  return s + ": " + e.message;
}

RecordReport IllegalRecord(const codec::RecordError& e, nlohmann::ordered_json& line) {
  line["error"] = WhereInRecord(e);
  if (e.turn >= 0) line["turn"] = e.turn;
  if (!e.rule.empty()) line["rule"] = e.rule;
  return {2, "illegal record: " + WhereInRecord(e)};
}

}  // namespace carc::server
