// Records of Count games (docs/record-count.md): the city block as start, the Count's decisions
// per turn, final-scoring moves, and resignations between decisions, written and replayed.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "carc/codec/record.h"
#include "carc/engine/random_player.h"

using namespace carc;

namespace {

codec::Record Parse(const std::string& text) {
  codec::ParsedRecord p = codec::ParseRecord(text);
  if (!p.record) FAIL("turn " << p.error.turn << ": " << p.error.message);
  return *p.record;
}

engine::GameConfig CountConfig(int players, std::uint64_t seed, engine::CountMove move) {
  engine::GameConfig config;
  config.players = players;
  config.seed = seed;
  config.options.count = true;
  config.options.count_move = move;
  return config;
}

// Replays the record and checks it gives exactly the played game.
void CheckReplays(const engine::GameConfig& config, const std::vector<engine::LoggedCommand>& log,
                  const engine::GameState& state) {
  const codec::Record written = codec::RecordOf(config, log);
  const std::string text = codec::WriteRecord(written);
  const codec::Record read = Parse(text);
  const codec::ReplayedRecord got = codec::ReplayRecord(read);
  if (got.error) FAIL("turn " << got.error->turn << ": " << got.error->message << "\n" << text);
  CHECK_FALSE(codec::CompareScores(read, got).has_value());
  const engine::ReplayResult again = engine::Replay(got.config, got.commands);
  REQUIRE(again.error == engine::RejectReason::kNone);
  CHECK(again.state.IsOver() == state.IsOver());
  for (engine::Seat s = 0; s < config.players; ++s) {
    CHECK(again.state.score(s) == state.score(s));
    for (int q = 0; q < engine::kQuarters; ++q) {
      CHECK(again.state.InCity(static_cast<engine::Quarter>(q), s) ==
            state.InCity(static_cast<engine::Quarter>(q), s));
    }
  }
  CHECK(again.state.followers() == state.followers());
  CHECK(again.state.count_quarter() == state.count_quarter());
}

}  // namespace

TEST_CASE("C-1 a Count record starts from the city block and names its decisions") {
  // Random players empty their supply early, so not every game has followers entering the city:
  // look for one that has them and final-scoring moves too.
  bool found = false;
  for (std::uint64_t seed = 70; seed < 100 && !found; ++seed) {
    const engine::GameConfig config = CountConfig(3, seed, engine::CountMove::kFree);
    engine::GameState state(config);
    engine::RandomPlayer player(seed);
    std::vector<engine::LoggedCommand> log;
    engine::PlayOut(state, player, &log);
    const auto j = nlohmann::json::parse(codec::WriteRecord(codec::RecordOf(config, log)));
    CHECK(j["rules"]["count"] == true);
    CHECK(j["rules"]["count_move"] == "free");
    CHECK(j["start"] == nlohmann::json({{"city_block", "count"}, {"x", -2}, {"y", -1}}));
    int entries = 0;
    for (const auto& t : j["turns"]) {
      if (!t.contains("city")) continue;
      for (const auto& m : t["city"]) {
        CHECK((m.contains("pass") || m.contains("enter") || m.contains("redeploy")));
        entries += m.contains("enter") ? 1 : 0;
      }
    }
    found = entries > 0 && j.contains("final_moves");
  }
  CHECK(found);
}

TEST_CASE("C-2..C-5 random Count games are recorded and replay to the same game") {
  int games = 0;
  for (int players = 2; players <= 6; ++players) {
    for (const engine::CountMove move :
         {engine::CountMove::kFree, engine::CountMove::kClockwise, engine::CountMove::kFollow}) {
      for (std::uint64_t g = 0; g < 6; ++g) {
        const engine::GameConfig config =
            CountConfig(players, 1000 * static_cast<std::uint64_t>(players) + g, move);
        engine::GameState state(config);
        engine::RandomPlayer player(g + 17);
        std::vector<engine::LoggedCommand> log;
        engine::PlayOut(state, player, &log);
        INFO("players " << players << " game " << g);
        CheckReplays(config, log, state);
        ++games;
      }
    }
  }
  CHECK(games == 90);
}

TEST_CASE("C-4 resignations and timeouts between Count decisions replay the same") {
  // A seat resigns the first time it is asked a Count decision (its decision passes); another
  // seat times out of the next one. Games where that never happens are skipped over.
  int checked = 0;
  for (std::uint64_t seed = 0; seed < 60 && checked < 4; ++seed) {
    const int players = 3 + static_cast<int>(seed % 3);
    const engine::GameConfig config = CountConfig(players, 555 + seed, engine::CountMove::kFree);
    engine::GameState state(config);
    engine::RandomPlayer player(3);
    std::vector<engine::LoggedCommand> log;
    bool resigned = false;
    bool timed_out = false;
    while (!state.IsOver()) {
      if (state.InCountDecision() && !resigned && state.ToMove() != 0) {
        const engine::Seat seat = state.ToMove();
        REQUIRE(state.Apply(seat, engine::Resign{}) == engine::RejectReason::kNone);
        log.push_back({seat, engine::Resign{}});
        resigned = true;
        continue;
      }
      if (state.InCountDecision() && resigned && !timed_out) {
        const engine::Seat seat = state.ToMove();
        REQUIRE(state.Apply(seat, engine::Timeout{}) == engine::RejectReason::kNone);
        log.push_back({seat, engine::Timeout{}});
        timed_out = true;
        continue;
      }
      const engine::LoggedCommand c = player.Choose(state);
      if (state.resigned(c.seat)) {
        REQUIRE(state.Apply(c.seat, engine::Timeout{}) == engine::RejectReason::kNone);
        log.push_back({c.seat, engine::Timeout{}});
        continue;
      }
      REQUIRE(state.Apply(c.seat, c.command) == engine::RejectReason::kNone);
      log.push_back(c);
    }
    if (!resigned || !timed_out) continue;
    INFO("players " << players << " seed " << seed);
    const codec::Record written = codec::RecordOf(config, log);
    REQUIRE(written.resignations.size() == 1);
    CHECK(written.resignations[0].stage == codec::RecordResignation::Stage::kCountDecision);
    CheckReplays(config, log, state);
    ++checked;
  }
  CHECK(checked == 4);
}

TEST_CASE("C-4 a record whose Count decision breaks a rule names the turn and the rule") {
  // The opening of the Count scenario tests: seat 1's L scores only for seat 0, so seat 1 may
  // enter the city; entering the Count's quarter (the castle) is refused, citing C-2 ("except the
  // Count's quarter").
  const std::string base = R"({"format": "carcassonne-record/1", "players": 2,
    "rules": {"count": true},
    "start": {"city_block": "count", "x": -2, "y": -1},
    "turns": [
      {"player": 0, "tile": "A", "x": 2, "y": 0, "rotation": 0, "meeple": {"segment": "r1"}},
      {"player": 1, "tile": "L", "x": 2, "y": 1, "rotation": 3, "meeple": {"segment": "r3"},
       "city": [CITY]}]})";
  auto with = [&](const std::string& city) {
    std::string text = base;
    text.replace(text.find("CITY"), 4, city);
    return codec::ReplayRecord(Parse(text));
  };
  const codec::ReplayedRecord ok = with(R"({"player": 1, "enter": "market"})");
  CHECK_FALSE(ok.error.has_value());
  const codec::ReplayedRecord blocked = with(R"({"player": 1, "enter": "castle"})");
  REQUIRE(blocked.error.has_value());
  CHECK(blocked.error->turn == 1);
  CHECK(blocked.error->rule == "C-2");
  CHECK(blocked.error->message == "illegal Count decision 0: the Count's quarter is blocked");
  const codec::ReplayedRecord wrong_seat = with(R"({"player": 0, "enter": "market"})");
  REQUIRE(wrong_seat.error.has_value());
  CHECK(wrong_seat.error->turn == 1);
  const codec::ReplayedRecord too_many =
      with(R"({"player": 1, "enter": "market"}, {"player": 1, "pass": true})");
  REQUIRE(too_many.error.has_value());
  CHECK(too_many.error->rule == "C-2");
  // A Count record must start from the block.
  std::string d_start = base;
  d_start.replace(d_start.find(R"({"city_block": "count", "x": -2, "y": -1})"),
                  std::string(R"({"city_block": "count", "x": -2, "y": -1})").size(),
                  R"({"tile": "D", "x": 0, "y": 0, "rotation": 0})");
  d_start.replace(d_start.find("CITY"), 4, "");
  const codec::ParsedRecord refused = codec::ParseRecord(d_start);
  REQUIRE_FALSE(refused.record.has_value());
  CHECK(refused.error.rule == "C-1");
}
