#include "games/game_table.h"

#include <string>

#include "games/registry.h"

namespace carc::server {
namespace {

std::string_view TypeName(engine::OptionType type) {
  switch (type) {
    case engine::OptionType::kBool:
      return "bool";
    case engine::OptionType::kInt:
      return "int";
    case engine::OptionType::kChoice:
      return "choice";
    case engine::OptionType::kSize:
      break;
  }
  return "size";
}

nlohmann::ordered_json OptionJson(const engine::OptionSpec& spec) {
  nlohmann::ordered_json o;
  o["name"] = spec.name;
  o["type"] = TypeName(spec.type);
  o["rule"] = spec.rule;
  o["default"] = spec.default_value;
  o["summary"] = spec.summary;
  o["values"] = spec.values;
  if (spec.type == engine::OptionType::kChoice) {
    o["choices"] = engine::ChoicesOf(spec);
  } else if (spec.type != engine::OptionType::kBool) {
    o["min"] = spec.min;
    o["max"] = spec.max;
  }
  return o;
}

}  // namespace

nlohmann::ordered_json GameTable() {
  nlohmann::ordered_json games = nlohmann::ordered_json::array();
  for (const GameAdapter* adapter : AllGames()) {
    const engine::Game& game = adapter->game();
    nlohmann::ordered_json g;
    g["name"] = game.name();
    g["title"] = adapter->title();
    g["game_type"] = static_cast<int>(adapter->game_type());
    g["min_players"] = game.min_players();
    g["max_players"] = game.max_players();
    g["options"] = nlohmann::ordered_json::array();
    for (const engine::OptionSpec& spec : game.Options()) g["options"].push_back(OptionJson(spec));
    games.push_back(std::move(g));
  }
  nlohmann::ordered_json out;
  out["games"] = std::move(games);
  return out;
}

}  // namespace carc::server
