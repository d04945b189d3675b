// BuildReplay: every golden record becomes a spectator stream that a view mirror follows to the
// record's final scores, private hands stay hidden in it, and records damaged at random give
// an error or a replay, never anything worse.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

#include "carc/codec/proto_codec.h"
#include "carc/codec/replay.h"
#include "carc/codec/view_mirror.h"
#include "read_file.h"

namespace fs = std::filesystem;
using namespace carc;

namespace {

std::vector<fs::path> GoldenRecords() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(fs::path(CARC_SOURCE_DIR) / "tests/golden/records")) {
    out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

codec::Record Parse(const std::string& text) {
  const codec::ParsedRecord parsed = codec::ParseRecord(text);
  INFO(parsed.error.message);
  REQUIRE(parsed.record);
  return *parsed.record;
}

// Without hands every unseen tile is in the stack.
void CheckUnseen(const v1::BaseView& view) {
  if (view.options().hand_size() > 0) return;
  std::uint32_t unseen = 0;
  for (const v1::TileCount& c : view.unseen()) {
    CHECK(c.count() > 0);
    unseen += c.count();
  }
  CHECK(unseen == view.stack_size());
}

// Every step through the mirror; returns the final view.
v1::BaseView Mirror(const v1::Replay& replay) {
  v1::BaseView view = replay.start().base();
  std::uint64_t seq = replay.start().seq();
  CheckUnseen(view);
  for (int i = 0; i < replay.steps_size(); ++i) {
    INFO("step " << i);
    REQUIRE(codec::ApplyBatch(view, seq, replay.steps(i)) == codec::BatchResult::kApplied);
    CheckUnseen(view);
  }
  return view;
}

}  // namespace

TEST_CASE("BuildReplay: golden records replay through the mirror to their scores",
          "[replay][golden]") {
  for (const fs::path& file : GoldenRecords()) {
    INFO(file.filename().string());
    const codec::Record record = Parse(test::ReadFile(file));
    const auto built = codec::BuildReplay(record, {"ann", ""});
    REQUIRE(std::holds_alternative<v1::Replay>(built));
    const v1::Replay& replay = std::get<v1::Replay>(built);
    CHECK(replay.start().seq() == 0);
    CHECK(replay.start().base().tile_set_size() == 24);
    CHECK_FALSE(replay.start().base().has_legal_moves());
    // The game's options as played, not as the record is replayed (first player named).
    CHECK(replay.start().base().options().SerializeAsString() ==
          codec::OptionsToProto(record.options).SerializeAsString());
    CHECK(replay.start().public_hash() == codec::PublicHash(replay.start().base()));
    const codec::ReplayedRecord replayed = codec::ReplayRecord(record);
    REQUIRE(static_cast<std::size_t>(replay.steps_size()) == replayed.commands.size());
    for (int i = 0; i < replay.steps_size(); ++i) {
      CHECK(replay.steps(i).prev_seq() == static_cast<std::uint64_t>(i));
      CHECK(replay.steps(i).seq() == static_cast<std::uint64_t>(i) + 1);
      CHECK_FALSE(replay.steps(i).has_clock());
    }
    const v1::BaseView end = Mirror(replay);
    CHECK(end.phase() == v1::BASE_PHASE_GAME_OVER);
    REQUIRE(record.final_scores);
    CHECK(std::vector<int>(end.scores().begin(), end.scores().end()) == *record.final_scores);
    REQUIRE(replay.players_size() == record.players);
    CHECK(replay.players(0) == "ann");
    CHECK(replay.players(1) == "Player 2");
  }
}

TEST_CASE("BuildReplay: the spectator stream keeps private hands hidden", "[replay][V-2]") {
  const codec::Record record = Parse(
      test::ReadFile(fs::path(CARC_SOURCE_DIR) / "tests/golden/records/hand3_private_3p.json"));
  const auto built = codec::BuildReplay(record, {});
  REQUIRE(std::holds_alternative<v1::Replay>(built));
  const v1::Replay& replay = std::get<v1::Replay>(built);
  for (const v1::Hand& hand : replay.start().base().hands()) {
    for (const std::string& tile : hand.tiles()) CHECK(tile == "?");
  }
  int draws = 0;
  for (const v1::EventBatch& step : replay.steps()) {
    for (const v1::GameEvent& e : step.events()) {
      if (!e.base().has_tile_drawn()) continue;
      ++draws;
      CHECK(e.base().tile_drawn().tile() == "?");
    }
  }
  CHECK(draws > 0);
}

TEST_CASE("BuildReplay: a broken turn gives ReplayRecord's error", "[replay]") {
  auto json = nlohmann::json::parse(
      test::ReadFile(fs::path(CARC_SOURCE_DIR) / "tests/golden/records/base_3p.json"));
  json["turns"][7]["rotation"] = (json["turns"][7]["rotation"].get<int>() + 1) % 4;
  json["turns"][7]["x"] = 50;
  const auto built = codec::BuildReplay(Parse(json.dump()), {});
  REQUIRE(std::holds_alternative<codec::RecordError>(built));
  const auto& e = std::get<codec::RecordError>(built);
  CHECK(e.turn == 7);
  CHECK(e.rule == "B-5");
  CHECK(codec::Describe(e) == "turn 7: " + e.message + " (B-5)");
  CHECK(codec::Describe({-1, "", "format must be x"}) == "format must be x");
}

TEST_CASE("BuildReplay: randomly damaged records give an error or a consistent replay",
          "[replay][robustness]") {
  std::mt19937 rng(20261121);
  const auto files = GoldenRecords();
  int errors = 0;
  int replays = 0;
  for (int round = 0; round < 300; ++round) {
    auto json = nlohmann::json::parse(test::ReadFile(files[rng() % files.size()]));
    auto& turns = json["turns"];
    const int changes = 1 + static_cast<int>(rng() % 3);
    for (int c = 0; c < changes; ++c) {
      auto& t = turns[rng() % turns.size()];
      switch (rng() % 8) {
        case 0:
          t["x"] = static_cast<int>(rng() % 2001) - 1000;
          break;
        case 1:
          t["rotation"] = static_cast<int>(rng() % 9) - 2;
          break;
        case 2:
          t["tile"] = std::string(1, static_cast<char>('A' + rng() % 24));
          break;
        case 3:
          t["meeple"] = {{"segment", "f" + std::to_string(rng() % 5)}};
          break;
        case 4:
          t["discarded"] = true;
          break;
        case 5:
          t["player"] = static_cast<int>(rng() % 8) - 1;
          break;
        case 6:
          turns.erase(rng() % turns.size());
          break;
        default:
          json["resignations"] = {{{"seat", static_cast<int>(rng() % 2)},
                                   {"turn", static_cast<int>(rng() % 80)},
                                   {"stage", rng() % 2 ? "before_turn" : "before_follower"}}};
      }
      if (turns.empty()) break;
    }
    const codec::ParsedRecord parsed = codec::ParseRecord(json.dump());
    if (!parsed.record) {
      ++errors;
      continue;
    }
    const auto built = codec::BuildReplay(*parsed.record, {});
    if (std::holds_alternative<codec::RecordError>(built)) {
      ++errors;
      CHECK_FALSE(std::get<codec::RecordError>(built).message.empty());
      continue;
    }
    ++replays;
    Mirror(std::get<v1::Replay>(built));
  }
  CHECK(errors > 0);
  CHECK(replays > 0);
}
