// carcassonne-record/1: the shared example records, round trips, and refusals.
#include "carc/codec/record.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "carc/engine/random_player.h"
#include "read_file.h"

namespace fs = std::filesystem;
using namespace carc;

namespace {

codec::Record Parse(const std::string& text) {
  codec::ParsedRecord p = codec::ParseRecord(text);
  INFO(p.error.message);
  REQUIRE(p.record.has_value());
  return *p.record;
}

constexpr const char* kDiscardRecord = R"({
 "format": "carcassonne-record/1", "players": 2, "rules": {"farmers": true, "followers": 7},
 "start": {"tile": "D", "rotation": 0, "x": 0, "y": 0},
 "turns": [
  {"player": 0, "tile": "E", "x": 0, "y": -1, "rotation": 2,
   "meeple": {"segment": "c1", "feature": "city", "at": "S"}},
  {"player": 1, "tile": "C", "discarded": true},
  {"player": 1, "tile": "U", "x": 1, "y": 0, "rotation": 1,
   "meeple": {"segment": "r1", "feature": "road", "at": "W"}}],
 "scores": {"after_turn": [[4, 0], [4, 0], [4, 0]], "final": [4, 2]}})";

}  // namespace

TEST_CASE("the shared example records replay to their independently computed scores") {
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(CARC_SHARED_DIR) / "records")) {
    if (entry.path().extension() != ".json") continue;
    INFO(entry.path().string());
    const codec::Record r = Parse(test::ReadFile(entry.path()));
    const codec::ReplayedRecord got = codec::ReplayRecord(r);
    if (got.error) FAIL("turn " << got.error->turn << ": " << got.error->message);
    const auto diff = codec::CompareScores(r, got);
    if (diff) FAIL(diff->message);
    REQUIRE(r.final_scores.has_value());
    ++checked;
  }
  CHECK(checked >= 4);
}

TEST_CASE("B-6 a record must mark exactly the tiles that fit nowhere as discarded") {
  const codec::Record good = Parse(kDiscardRecord);
  CHECK_FALSE(codec::ReplayRecord(good).error.has_value());

  codec::Record missing = good;
  missing.turns[1].discarded = false;
  missing.turns[1].pos = {0, 1};
  const auto e1 = codec::ReplayRecord(missing).error;
  REQUIRE(e1.has_value());
  CHECK(e1->turn == 1);
  CHECK(e1->rule == "B-6");

  codec::Record extra = good;
  extra.turns[0].discarded = true;  // E fits north of the start tile
  const auto e2 = codec::ReplayRecord(extra).error;
  REQUIRE(e2.has_value());
  CHECK(e2->turn == 0);
  CHECK(e2->rule == "B-6");
}

TEST_CASE("an illegal placement is reported with its turn and rule") {
  codec::Record r = Parse(kDiscardRecord);
  r.turns[2].pos = {5, 5};  // touches nothing
  const auto e = codec::ReplayRecord(r).error;
  REQUIRE(e.has_value());
  CHECK(e->turn == 2);
  CHECK(e->rule == "B-5");
  CHECK(e->message.find("the tile must share a full edge with a placed tile") != std::string::npos);
}

TEST_CASE("a record with an unknown option, a wrong format or too many tiles is refused") {
  std::string unknown = kDiscardRecord;
  unknown.replace(unknown.find("\"followers\": 7"), 14, "\"dragons\": true");
  CHECK_FALSE(codec::ParseRecord(unknown).record.has_value());
  CHECK(codec::ParseRecord(unknown).error.message.find("dragons") != std::string::npos);

  CHECK_FALSE(codec::ParseRecord("{\"format\": \"other\"}").record.has_value());
  CHECK_FALSE(codec::ParseRecord("not json").record.has_value());

  codec::Record r = Parse(kDiscardRecord);
  for (int i = 0; i < 2; ++i) r.turns.push_back({-1, 'C', true, {}, 0, std::nullopt, {}});
  const auto e = codec::ReplayRecord(r).error;  // a second and third C: the set has one
  REQUIRE(e.has_value());
  CHECK(e->rule == "B-1");
}

TEST_CASE("B-1 no more copies of a kind are placed than the set has whatever the draw order") {
  // With reshuffle the draw order is not checked against the set (a reshuffled tile is listed
  // again where it is redrawn), so the placements are: the engine holds at most the whole set.
  codec::Record r = Parse(kDiscardRecord);
  r.options.unplaceable_tile = engine::UnplaceableTile::kReshuffle;
  r.turns.clear();
  for (int y = 1; y <= 200; ++y) r.turns.push_back({-1, 'B', false, {0, y}, 0, std::nullopt, {}});
  const auto e = codec::ReplayRecord(r).error;
  REQUIRE(e.has_value());
  CHECK(e->turn == 4);  // the fifth B: the set has four
  CHECK(e->rule == "B-1");
}

TEST_CASE("a seat resigns at most once") {
  std::string twice = kDiscardRecord;
  twice.replace(twice.find("\"turns\""), 0,
                R"("resignations": [{"seat": 1, "turn": 1}, {"seat": 1, "turn": 2}], )");
  const auto p = codec::ParseRecord(twice);
  CHECK_FALSE(p.record.has_value());
  CHECK(p.error.message.find("at most once") != std::string::npos);
}

TEST_CASE("a meeple given by segment and by board position must agree") {
  codec::Record r = Parse(kDiscardRecord);
  r.turns[0].meeple->at = "N";  // the rotated E has its city on the south edge
  const auto e = codec::ReplayRecord(r).error;
  REQUIRE(e.has_value());
  CHECK(e->turn == 0);
  CHECK(e->rule == "B-7");
}

TEST_CASE("a played game written as a record reads back and replays to the same game") {
  for (int players = 2; players <= 6; ++players) {
    engine::GameConfig config;
    config.players = players;
    config.seed = 1000 + static_cast<std::uint64_t>(players);
    engine::GameState state(config);
    engine::RandomPlayer player(static_cast<std::uint64_t>(players));
    std::vector<engine::LoggedCommand> log;
    engine::PlayOut(state, player, &log);

    const codec::Record written = codec::RecordOf(config, log);
    const codec::Record read = Parse(codec::WriteRecord(written));
    const codec::ReplayedRecord got = codec::ReplayRecord(read);
    REQUIRE_FALSE(got.error.has_value());
    CHECK_FALSE(codec::CompareScores(read, got).has_value());
    for (int s = 0; s < players; ++s)
      CHECK(got.final_scores[static_cast<std::size_t>(s)] == state.score(s));
    CHECK(got.final_breakdown == state.final_breakdown());
    // The record fixes the game: replaying its commands gives the very same board.
    engine::GameConfig replay_config = got.config;
    const engine::ReplayResult again = engine::Replay(replay_config, got.commands);
    CHECK(again.state.num_placed() == state.num_placed());
    for (int i = 0; i < state.num_placed(); ++i) CHECK(again.state.placed(i) == state.placed(i));
  }
}

TEST_CASE("a game with a resignation and timeouts is recorded and replays to the same scores") {
  for (int players = 2; players <= 4; ++players) {
    engine::GameConfig config;
    config.players = players;
    config.seed = 4242 + static_cast<std::uint64_t>(players);
    engine::GameState state(config);
    engine::RandomPlayer player(9);
    std::vector<engine::LoggedCommand> log;
    while (!state.IsOver()) {
      if (log.size() == 31) {  // mid-turn for some seat: before its placement or its follower
        REQUIRE(state.Apply(players - 1, engine::Resign{}) == engine::RejectReason::kNone);
        log.push_back({players - 1, engine::Resign{}});
        continue;
      }
      engine::LoggedCommand c = player.Choose(state);
      if (state.resigned(c.seat) || log.size() % 7 == 0) c.command = engine::Timeout{};
      REQUIRE(state.Apply(c.seat, c.command) == engine::RejectReason::kNone);
      log.push_back(c);
    }
    const codec::Record written = codec::RecordOf(config, log);
    REQUIRE(written.resignations.size() == 1);
    const codec::Record read = Parse(codec::WriteRecord(written));
    const codec::ReplayedRecord got = codec::ReplayRecord(read);
    INFO("players " << players);
    if (got.error) FAIL("turn " << got.error->turn << ": " << got.error->message);
    CHECK_FALSE(codec::CompareScores(read, got).has_value());
    for (int s = 0; s < players; ++s) {
      CHECK(got.final_scores[static_cast<std::size_t>(s)] == state.score(s));
    }
  }
}
