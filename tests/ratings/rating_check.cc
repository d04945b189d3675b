// Reads games as JSON on stdin and prints each player's rating after them, by the server's own
// update (ratings/weng_lin.h): the other half of openskill_test.mjs, which compares these with
// the openskill package's. Input: {"games": [{"players": [{"mu", "sigma"}...], "scores": [...]}]}
// Output: {"games": [{"after": [{"mu", "sigma"}...]}]}, numbers with 17 significant digits.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ratings/weng_lin.h"

int main() {
  using nlohmann::json;
  const std::string text{std::istreambuf_iterator<char>(std::cin), {}};
  const json input = json::parse(text, nullptr, false);
  if (input.is_discarded() || !input.contains("games")) {
    std::fprintf(stderr, "rating_check: stdin is not {\"games\": [...]}\n");
    return 2;
  }
  json out = {{"games", json::array()}};
  for (const json& game : input.at("games")) {
    std::vector<carc::ratings::FinalScore> finals;
    for (const json& s : game.at("scores")) finals.push_back({s.get<int>(), false});
    const std::vector<int> places = carc::ratings::PlacesFromScores(finals);
    std::vector<carc::ratings::Standing> standings;
    for (std::size_t i = 0; i < finals.size(); ++i) {
      const json& p = game.at("players").at(i);
      standings.push_back({{p.at("mu").get<double>(), p.at("sigma").get<double>()}, places[i]});
    }
    json after = json::array();
    for (const auto& r : carc::ratings::RateGame(standings)) {
      after.push_back({{"mu", r.mu}, {"sigma", r.sigma}});
    }
    out["games"].push_back({{"after", after}});
  }
  std::cout << out.dump() << "\n";
  return 0;
}
