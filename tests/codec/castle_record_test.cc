// Castle records (docs/record-castle.md): written from command logs, replayed to the same game,
// and refused with the turn and the rule when they break one.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "carc/codec/castle/castle_data.h"
#include "carc/codec/castle/castle_record.h"
#include "castle_configs.h"

namespace carc::test {
namespace {

namespace castle = engine::castle;
using json = nlohmann::ordered_json;

// A random game, optionally cut short by a resignation or spiced with timeouts.
std::vector<castle::LoggedCommand> Play(const castle::CastleConfig& config, int resign_at,
                                        bool timeouts, castle::CastleState* end = nullptr) {
  castle::CastleState state(config);
  castle::RandomPlayer player(config.seed + 17);
  std::vector<castle::LoggedCommand> log;
  while (!state.IsOver()) {
    castle::LoggedCommand c = player.Choose(state);
    if (timeouts && log.size() % 5 == 0) c.command = engine::Timeout{};
    if (static_cast<int>(log.size()) == resign_at) c = {1 - state.ToMove(), engine::Resign{}};
    REQUIRE(state.Apply(c.seat, c.command) == engine::RejectReason::kNone);
    log.push_back(c);
  }
  if (end != nullptr) *end = state;
  return log;
}

TEST_CASE("K-9 K-10 Castle records replay to the same game, decisions and resignations included") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    INFO("seed " << seed);
    const castle::CastleConfig config = CastleConfigFor(seed);
    const int resign_at = seed % 4 == 0 ? static_cast<int>(seed * 3) : -1;
    castle::CastleState end(config);
    const auto log = Play(config, resign_at, seed % 5 == 0, &end);
    const std::string text = codec::WriteCastleRecord(config, log);
    REQUIRE(codec::IsCastleRecord(text));
    const codec::CastleReplay replay = codec::ReplayCastleRecord(text, config.set);
    INFO(text);
    REQUIRE_FALSE(replay.error.has_value());
    CHECK_FALSE(codec::CompareCastleScores(replay).has_value());
    CHECK(replay.final_scores == std::array<int, 2>{end.score(0), end.score(1)});
    // The replayed commands rebuild the very same state from the record's config.
    const auto again = castle::Replay(replay.config, replay.commands);
    CHECK(again.applied == replay.commands.size());
    CHECK(again.state.score(0) == end.score(0));
    CHECK(again.state.placed() == end.placed());
    CHECK(again.state.Winners() == end.Winners());
  }
}

json Parsed(std::uint64_t seed) {
  const castle::CastleConfig config = CastleConfigFor(seed);
  return json::parse(codec::WriteCastleRecord(config, Play(config, -1, false)));
}

std::string ErrorOf(const json& record) {
  const auto replay = codec::ReplayCastleRecord(record.dump(), codec::DefaultCastleSet());
  return replay.error ? (replay.error->rule + " " + replay.error->message) : "";
}

TEST_CASE("K-4 K-5 K-9 an illegal Castle record names the turn and the rule") {
  json r = Parsed(7);
  SECTION("a tile on an occupied space") {
    r["turns"][1]["x"] = r["turns"][0]["x"];
    r["turns"][1]["y"] = r["turns"][0]["y"];
    const auto replay = codec::ReplayCastleRecord(r.dump(), codec::DefaultCastleSet());
    REQUIRE(replay.error);
    CHECK(replay.error->turn == 1);
    CHECK(replay.error->rule == "K-4");
    CHECK(replay.error->message == "a tile already lies on that space");
  }
  SECTION("a follower on a region the tile does not have") {
    for (auto& t : r["turns"]) {
      if (t.contains("follower")) {
        t["follower"] = "nowhere";
        break;
      }
    }
    CHECK(ErrorOf(r).find("K-5 tile") == 0);
  }
  SECTION("a discard of a tile that fits") {
    r["turns"][2]["discarded"] = true;
    CHECK(ErrorOf(r).find("K-4") == 0);
  }
  SECTION("the wrong player") {
    r["turns"][0]["player"] = 1 - r["first_player"].get<int>();
    CHECK(ErrorOf(r).find("K-1") == 0);
  }
  SECTION("a bad wall tile layout") {
    r["wall_tiles"][0] = 4;
    CHECK(ErrorOf(r).find("K-3") == 0);
  }
  SECTION("a record of another game") {
    r["game"] = "base";
    CHECK(ErrorOf(r).find("game must be") != std::string::npos);
    CHECK_FALSE(codec::IsCastleRecord(r.dump()));
  }
}

TEST_CASE("K-9 a Castle record must give the scoring order when the placing player chooses") {
  // Find a game where a turn lists a scoring order, then drop it.
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    json r = Parsed(seed);
    for (auto& t : r["turns"]) {
      if (!t.contains("scoring")) continue;
      t.erase("scoring");
      CHECK(ErrorOf(r).find("K-9 several features score") == 0);
      return;
    }
  }
  FAIL("no game with a scoring order in 200 seeds");
}

TEST_CASE("K-7 a Castle record whose scores differ from the rules is a mismatch") {
  json r = Parsed(11);
  r["scores"]["final"][0] = r["scores"]["final"][0].get<int>() + 1;
  const auto replay = codec::ReplayCastleRecord(r.dump(), codec::DefaultCastleSet());
  REQUIRE_FALSE(replay.error);
  const auto diff = codec::CompareCastleScores(replay);
  REQUIRE(diff);
  CHECK(diff->find("final: record") == 0);
}

}  // namespace
}  // namespace carc::test
