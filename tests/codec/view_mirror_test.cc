// The view mirror: a client that applies every EventBatch to its first snapshot holds exactly
// the view the server would send it now (B-4, V-2, V-4, B-6 discards and reshuffles, V-1), and
// its PublicHash is the one the server computes from the engine's view.
#include "carc/codec/view_mirror.h"

#include <google/protobuf/util/message_differencer.h>

#include <catch2/catch.hpp>

#include "wire_game.h"

using namespace carc;
using engine::Options;
using engine::Seat;

namespace {

// Plays one random game and mirrors it for `viewer`; checks the mirror after every command.
void CheckMirror(int players, const Options& options, std::uint64_t seed, Seat viewer) {
  test::WireGame game(test::RandomConfig(players, seed, options), seed * 31 + 7);
  v1::BaseView mirror = game.ViewOf(viewer, true);
  mirror.clear_tile_set();
  std::uint64_t seq = game.state().seq();
  int steps = 0;
  while (game.Step()) {
    ++steps;
    const v1::EventBatch batch = game.BatchFor(viewer);
    REQUIRE(codec::ApplyBatch(mirror, seq, batch) == codec::BatchResult::kApplied);
    REQUIRE(seq == game.state().seq());
    const v1::BaseView expected = game.ViewOf(viewer);
    CHECK(codec::PublicHash(mirror) == game.SpectatorHash());
    // The server hashes the engine's view without building the message: the same value, from
    // every viewer's view.
    CHECK(codec::PublicHash(engine::ViewFor(game.state(), engine::kSpectator)) ==
          game.SpectatorHash());
    CHECK(codec::PublicHash(engine::ViewFor(game.state(), viewer)) == game.SpectatorHash());
    std::string diff;
    google::protobuf::util::MessageDifferencer differ;
    differ.ReportDifferencesToString(&diff);
    if (!differ.Compare(expected, mirror)) {
      INFO("players " << players << " seed " << seed << " viewer " << viewer << " step " << steps
                      << "\n"
                      << diff);
      FAIL("the mirror differs from the server's view");
    }
  }
  CHECK(mirror.phase() == v1::BASE_PHASE_GAME_OVER);
  CHECK(steps > 20);
}

}  // namespace

TEST_CASE("view mirror equals the spectator view after every command, 2..6 players (B-4)") {
  for (int players = 2; players <= 6; ++players) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      CheckMirror(players, Options{}, seed * 1000 + static_cast<std::uint64_t>(players),
                  engine::kSpectator);
    }
  }
}

TEST_CASE("view mirror equals every seat's own view, with its legal moves (B-4)") {
  for (int players = 2; players <= 6; players += 2) {
    for (Seat s = 0; s < players; ++s) {
      CheckMirror(players, Options{}, 500 + static_cast<std::uint64_t>(s), s);
    }
  }
}

TEST_CASE("view mirror with hand_size=2 private: spectator and seats (V-2)") {
  Options o;
  o.hand_size = 2;
  o.hand_visibility = engine::HandVisibility::kPrivate;
  for (int players = 2; players <= 6; ++players) {
    for (Seat v = engine::kSpectator; v < players; ++v) {
      CheckMirror(players, o, 7000 + static_cast<std::uint64_t>(players * 10 + v + 1), v);
    }
  }
}

TEST_CASE("view mirror with public hands of 3, reshuffles and extra turns (V-2 V-4 B-6)") {
  Options o;
  o.hand_size = 3;
  o.unplaceable_tile = engine::UnplaceableTile::kReshuffle;
  o.extra_turn_on_hole = true;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    CheckMirror(2 + static_cast<int>(seed % 5), o, seed, engine::kSpectator);
    CheckMirror(3, o, seed + 100, 1);
  }
}

TEST_CASE("view mirror on a small table with closing edges and no final scoring (V-1 V-5 V-7)") {
  Options o;
  o.board_width = 5;
  o.board_height = 5;
  o.edge_closes_features = true;
  o.incomplete_features_score = false;
  o.farm_scoring = engine::FarmScoring::kC1;
  o.followers = 3;
  // A 5x5 table fills up early, so many tiles are discarded (B-6) and the game ends by itself.
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    CheckMirror(2 + static_cast<int>(seed % 3), o, seed, engine::kSpectator);
    CheckMirror(2, o, seed + 50, 0);
  }
}

TEST_CASE(
    "view mirror in Count games: entries, Count moves, redeployments, final moves (C-2..C-5)") {
  // Every seat's own view (with its Count decisions' legal moves) and the spectator's.
  for (const engine::CountMove move :
       {engine::CountMove::kFree, engine::CountMove::kClockwise, engine::CountMove::kFollow}) {
    Options o;
    o.count = true;
    o.count_move = move;
    for (int players = 2; players <= 6; players += 2) {
      for (Seat v = engine::kSpectator; v < players; ++v) {
        CheckMirror(players, o, 9000 + static_cast<std::uint64_t>(players * 10 + v + 1), v);
      }
    }
  }
}

TEST_CASE("a batch that does not follow the mirror's seq is not applied") {
  test::WireGame game(test::RandomConfig(2, 3), 4);
  v1::BaseView mirror = game.ViewOf(engine::kSpectator);
  std::uint64_t seq = game.state().seq();
  REQUIRE(game.Step());
  const v1::EventBatch first = game.BatchFor(engine::kSpectator);
  REQUIRE(game.Step());
  const v1::EventBatch second = game.BatchFor(engine::kSpectator);
  const v1::BaseView before = mirror;
  CHECK(codec::ApplyBatch(mirror, seq, second) == codec::BatchResult::kOutOfOrder);
  CHECK(google::protobuf::util::MessageDifferencer::Equals(before, mirror));
  CHECK(codec::ApplyBatch(mirror, seq, first) == codec::BatchResult::kApplied);
  v1::EventBatch tampered = second;
  tampered.set_public_hash(second.public_hash() ^ 1);
  CHECK(codec::ApplyBatch(mirror, seq, tampered) == codec::BatchResult::kDiverged);
}
