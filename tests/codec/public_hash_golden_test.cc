// PublicHash pinned across languages. tests/golden/public_hash.json holds spectator views of
// golden games at chosen points (the BaseView's protobuf bytes in hex) with their PublicHash.
// This test checks the file against the engine and the C++ recipe; the web client's Vitest
// suite checks its own PublicHash against the same file, so the two cannot drift apart.
// With CARC_WRITE_GOLDEN=1 in the environment it rewrites the file instead
// (tests/golden/regenerate.sh does that).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "carc/codec/proto_codec.h"
#include "carc/codec/record.h"
#include "carc/engine/player_view.h"
#include "golden_file.h"
#include "read_file.h"

namespace fs = std::filesystem;
using namespace carc;
using test::Golden;
using test::Hex;
using test::Unhex;

namespace {

// Golden records and how many commands of each to play (-1: the whole game, final scoring
// included): the start, mid-game, hands, an extra turn, and ends with farms and winners.
struct Point {
  const char* record;
  int commands;
};
constexpr Point kPoints[] = {{"base_2p", 0},           {"base_3p", 41},
                             {"hand3_private_3p", 30}, {"hole_extra_turn_4p", 77},
                             {"base_4p", -1},          {"c1_farms_4p", -1}};

// The spectator's view after `commands` commands of the golden record.
v1::BaseView ViewAt(const Point& p) {
  const auto parsed =
      codec::ParseRecord(test::ReadFile(Golden("records/" + std::string(p.record) + ".json")));
  REQUIRE(parsed.record);
  const auto replayed = codec::ReplayRecord(*parsed.record);
  REQUIRE_FALSE(replayed.error);
  engine::GameState state(replayed.config);
  const std::size_t n =
      p.commands < 0 ? replayed.commands.size() : static_cast<std::size_t>(p.commands);
  REQUIRE(n <= replayed.commands.size());
  for (std::size_t i = 0; i < n; ++i) {
    const auto& c = replayed.commands[i];
    REQUIRE(state.Apply(c.seat, c.command) == engine::RejectReason::kNone);
  }
  if (p.commands < 0) REQUIRE(state.IsOver());
  return codec::ViewToProto(engine::ViewFor(state, engine::kSpectator), false);
}

}  // namespace

TEST_CASE("PublicHash golden views: the file matches the engine and the recipe", "[golden][hash]") {
  const fs::path file = Golden("public_hash.json");
  if (const char* w = std::getenv("CARC_WRITE_GOLDEN"); w != nullptr && std::string(w) == "1") {
    nlohmann::json out = nlohmann::json::array();
    for (const Point& p : kPoints) {
      const v1::BaseView view = ViewAt(p);
      out.push_back({{"record", p.record},
                     {"commands", p.commands},
                     {"view_hex", Hex(view.SerializeAsString())},
                     {"public_hash", std::to_string(codec::PublicHash(view))}});
    }
    std::ofstream(file) << out.dump(2) << "\n";
    WARN("rewrote " << file.string());
  }
  const auto golden = nlohmann::json::parse(test::ReadFile(file));
  REQUIRE(golden.size() == std::size(kPoints));
  std::size_t i = 0;
  for (const Point& p : kPoints) {
    const auto& g = golden[i++];
    INFO(p.record << " after " << p.commands << " commands");
    REQUIRE(g["record"] == p.record);
    REQUIRE(g["commands"] == p.commands);
    const std::uint64_t hash = std::stoull(g["public_hash"].get<std::string>());
    v1::BaseView stored;
    REQUIRE(stored.ParseFromString(Unhex(g["view_hex"].get<std::string>())));
    CHECK(codec::PublicHash(stored) == hash);
    // The fixture covers what the recipe hashes: tiles, followers, hands, the end of a game.
    CHECK(stored.tiles_size() >= 1);
    if (p.commands > 0) CHECK(stored.followers_size() > 0);
    if (p.commands < 0) {
      CHECK(stored.final_breakdown_size() > 0);
      CHECK(stored.winners_size() > 0);
    }
    CHECK(codec::PublicHash(ViewAt(p)) == hash);
  }
}
