// `carcassonne bench --game castle`: times random Castle games and prints what they look like
// (scores, completed features, discards, empty spaces, wall tiles), so a change to the board or
// the tiles shows its effect on play.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>

#include "carc/codec/castle_data.h"
#include "carc/engine/castle/castle_play.h"
#include "castle_commands.h"

namespace carc::cli {

namespace castle = engine::castle;

int CastleBench(const RandomGames& run, long (*peak_rss_kib)()) {
  const auto set = codec::DefaultCastleSet();
  const double n = static_cast<double>(run.games);
  std::uint64_t signature = 0;
  std::uint64_t turns = 0;
  std::uint64_t offered = 0;
  std::array<double, castle::kPlayers> seat_score{};
  double winner_score = 0;
  double loser_score = 0;
  std::array<double, castle::kFeatures> completed{};
  std::array<double, castle::kFeatures> scored{};
  std::array<double, castle::kFeatures> points_by_feature{};
  double keep_points = 0;
  double court_points = 0;
  double wall_points = 0;
  double discarded = 0;
  int max_discarded = 0;
  std::int64_t games_with_discard = 0;
  double empty = 0;
  int min_empty = 1 << 30;
  int max_empty = 0;
  std::array<double, castle::kWallTileKinds + 1> taken{};
  std::array<double, castle::kWallTileKinds + 1> used{};
  double ties = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::int64_t g = 0; g < run.games; ++g) {
    castle::CastleState state(CastleConfigFor(run.seed, g, run.castle_options));
    castle::RandomPlayer player(PlayerSeed(run.seed, g));
    std::vector<castle::Event> events;
    while (!state.IsOver()) {
      if (state.phase() == castle::Phase::kPlaceTile) {
        ++turns;
        offered += state.LegalPlacements().size();
      }
      const castle::LoggedCommand c = player.Choose(state);
      events.clear();
      state.Apply(c.seat, c.command, &events);
      for (const castle::Event& e : events) {
        if (const auto* t = std::get_if<castle::WallTileTaken>(&e)) ++taken[t->kind];
        if (const auto* u = std::get_if<castle::WallTileUsed>(&e)) ++used[u->kind];
        const auto* s = std::get_if<castle::FeatureScored>(&e);
        if (s == nullptr || s->winner < 0) {
          if (s != nullptr && s->reason == castle::ScoreReason::kCompleted) ++ties;
          continue;
        }
        switch (s->reason) {
          case castle::ScoreReason::kCompleted:
            ++scored[static_cast<std::size_t>(s->feature)];
            points_by_feature[static_cast<std::size_t>(s->feature)] += s->points;
            break;
          case castle::ScoreReason::kKeep:
            keep_points += s->points;
            break;
          case castle::ScoreReason::kCourt:
            court_points += s->points;
            break;
          case castle::ScoreReason::kIncomplete:
          case castle::ScoreReason::kWallTile9:
            wall_points += s->points;
            break;
        }
      }
    }
    for (const castle::FeatureInfo& f : state.Features()) {
      if (f.complete && f.feature != castle::Feature::kCourt) {
        ++completed[static_cast<std::size_t>(f.feature)];
      }
    }
    for (int s = 0; s < castle::kPlayers; ++s)
      seat_score[static_cast<std::size_t>(s)] += state.score(s);
    winner_score += std::max(state.score(0), state.score(1));
    loser_score += std::min(state.score(0), state.score(1));
    discarded += state.discarded();
    max_discarded = std::max(max_discarded, state.discarded());
    games_with_discard += state.discarded() > 0 ? 1 : 0;
    const int e = set->SpaceCount() - static_cast<int>(state.placed().size());
    empty += e;
    min_empty = std::min(min_empty, e);
    max_empty = std::max(max_empty, e);
    signature = (signature ^ state.Hash()) * 0x100000001b3ULL;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf(
      "bench: %lld games, The Castle (board: %s, tiles: %s), seed %llu, "
      "wall4_fountain_bonus %s\n",
      static_cast<long long>(run.games), set->board.provenance.c_str(),
      set->tiles_provenance.c_str(), static_cast<unsigned long long>(run.seed),
      run.castle_options.wall4_fountain_bonus ? "true" : "false");
  std::printf("time: %.3f s\n", seconds);
  std::printf("games/s: %.0f\n", n / seconds);
  std::printf("turns/s: %.0f\n", static_cast<double>(turns) / seconds);
  std::printf("mean legal placements per turn: %.2f\n",
              turns ? static_cast<double>(offered) / static_cast<double>(turns) : 0.0);
  std::printf("signature: %016llx\n", static_cast<unsigned long long>(signature));
  std::printf("peak RSS: %ld KiB\n", peak_rss_kib());
  std::printf("mean final score: seat 0 %.2f, seat 1 %.2f, winner %.2f, loser %.2f\n",
              seat_score[0] / n, seat_score[1] / n, winner_score / n, loser_score / n);
  std::printf(
      "mean points per game by source: path %.2f, tower %.2f, house %.2f, keep %.2f, "
      "courts %.2f, wall tiles 4-6/9 %.2f\n",
      points_by_feature[0] / n, points_by_feature[1] / n, points_by_feature[2] / n, keep_points / n,
      court_points / n, wall_points / n);
  std::printf(
      "features completed per game: path %.2f, tower %.2f, house %.2f "
      "(scored for a majority: %.2f, %.2f, %.2f; ties %.2f)\n",
      completed[0] / n, completed[1] / n, completed[2] / n, scored[0] / n, scored[1] / n,
      scored[2] / n, ties / n);
  std::printf("tiles discarded per game: mean %.3f, max %d, games with a discard %.1f%%\n",
              discarded / n, max_discarded, 100.0 * static_cast<double>(games_with_discard) / n);
  std::printf("empty spaces at the end: mean %.2f, min %d, max %d\n", empty / n, min_empty,
              max_empty);
  std::printf("wall tiles taken per game by kind:");
  double all_taken = 0;
  for (int k = 1; k <= castle::kWallTileKinds; ++k) {
    std::printf(" %d:%.3f", k, taken[static_cast<std::size_t>(k)] / n);
    all_taken += taken[static_cast<std::size_t>(k)];
  }
  std::printf(" (all %.2f of 13)\n", all_taken / n);
  std::printf("wall tiles used per game by kind:");
  for (int k = 1; k <= castle::kWallTileKinds; ++k) {
    std::printf(" %d:%.3f", k, used[static_cast<std::size_t>(k)] / n);
  }
  std::printf("\n");
  return 0;
}

}  // namespace carc::cli
