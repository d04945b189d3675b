// Castle replays (carc.v1.Replay built from a record): the spectator's stream of the game, step
// by step, with the public hash of the state after every step, and nothing hidden.
#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "carc/codec/castle/castle_data.h"
#include "carc/codec/castle/castle_record.h"
#include "carc/codec/castle/castle_replay.h"
#include "carc/codec/castle/castle_stream.h"
#include "carc/engine/castle/castle_play.h"
#include "castle_configs.h"

namespace carc::test {
namespace {

namespace castle = engine::castle;

std::vector<castle::LoggedCommand> Play(const castle::CastleConfig& config) {
  castle::CastleState state(config);
  castle::RandomPlayer player(config.seed * 31);
  std::vector<castle::LoggedCommand> log;
  castle::PlayOut(state, player, &log);
  return log;
}

}  // namespace

TEST_CASE("K-1..K-12 a Castle replay is the spectator's stream of the recorded game") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    INFO("seed " << seed);
    const castle::CastleConfig config = CastleConfigFor(seed);
    const auto log = Play(config);
    const std::string record = codec::WriteCastleRecord(config, log);
    const auto built = codec::BuildCastleReplay(record, config.set, {"Ann", ""});
    REQUIRE(std::holds_alternative<v1::Replay>(built));
    const v1::Replay& replay = std::get<v1::Replay>(built);

    // The same game played again beside it: the snapshot, then one batch per command.
    castle::CastleState state(config);
    CHECK(replay.start().SerializeAsString() ==
          codec::CastleSnapshotFor(state, engine::kSpectator).SerializeAsString());
    REQUIRE(replay.start().has_castle());
    // A spectator has no legal moves.
    CHECK(replay.start().castle().legal_moves().ByteSizeLong() == 0);
    CHECK(replay.start().public_hash() == codec::CastlePublicHashOf(state));
    REQUIRE(static_cast<std::size_t>(replay.steps_size()) == log.size());
    for (std::size_t i = 0; i < log.size(); ++i) {
      const v1::EventBatch& step = replay.steps(static_cast<int>(i));
      INFO("step " << i);
      REQUIRE(state.Apply(log[i].seat, log[i].command) == engine::RejectReason::kNone);
      CHECK(step.prev_seq() == i);
      CHECK(step.seq() == i + 1);
      CHECK(step.public_hash() == codec::CastlePublicHashOf(state));
      CHECK_FALSE(step.has_castle_legal_moves());
      CHECK_FALSE(step.has_clock());
    }
    CHECK(state.IsOver());
    CHECK(std::vector<std::string>(replay.players().begin(), replay.players().end()) ==
          std::vector<std::string>{"Ann", "Player 2"});
  }
}

TEST_CASE("K-3 a Castle replay shows no wall tile that was still face down at the end") {
  // Two records of one game that differ only in the kinds of two wall tiles never taken: the
  // replays are the same bytes.
  const castle::CastleConfig config = CastleConfigFor(5);
  const auto log = Play(config);
  auto record = nlohmann::ordered_json::parse(codec::WriteCastleRecord(config, log));
  const auto taken = codec::BuildCastleReplay(record.dump(), config.set, {});
  REQUIRE(std::holds_alternative<v1::Replay>(taken));
  // The towers whose wall tile was never taken (K-9): their kinds never showed.
  std::vector<castle::Event> events;
  castle::CastleState end(config, &events);
  for (const auto& c : log) {
    REQUIRE(end.Apply(c.seat, c.command, &events) == engine::RejectReason::kNone);
  }
  auto& wall = record["wall_tiles"];
  REQUIRE(wall.size() == 14);
  std::vector<std::size_t> untaken;
  for (std::size_t i = 0; i < wall.size(); ++i) {
    const bool drawn = std::any_of(events.begin(), events.end(), [i](const castle::Event& e) {
      const auto* t = std::get_if<castle::WallTileTaken>(&e);
      return t != nullptr && t->tower == static_cast<int>(i);
    });
    if (wall[i] != 0 && !drawn) untaken.push_back(i);
  }
  REQUIRE(untaken.size() >= 2);
  bool swapped = false;
  for (std::size_t i = 1; i < untaken.size() && !swapped; ++i) {
    if (wall[untaken[0]] != wall[untaken[i]]) {
      wall[untaken[0]].swap(wall[untaken[i]]);
      swapped = true;
    }
  }
  REQUIRE(swapped);
  const auto other = codec::BuildCastleReplay(record.dump(), config.set, {});
  REQUIRE(std::holds_alternative<v1::Replay>(other));
  CHECK(std::get<v1::Replay>(other).SerializeAsString() ==
        std::get<v1::Replay>(taken).SerializeAsString());
}

TEST_CASE("K-4 a Castle replay of a record the rules refuse is its turn and rule") {
  const castle::CastleConfig config = CastleConfigFor(2);
  auto record = nlohmann::ordered_json::parse(codec::WriteCastleRecord(config, Play(config)));
  REQUIRE(record["turns"][2].contains("x"));
  record["turns"][2]["discarded"] = true;
  const auto built = codec::BuildCastleReplay(record.dump(), config.set, {});
  REQUIRE(std::holds_alternative<codec::RecordError>(built));
  CHECK(std::get<codec::RecordError>(built).turn == 2);
  CHECK(std::get<codec::RecordError>(built).rule == "K-4");
}

}  // namespace carc::test
