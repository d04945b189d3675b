#include "games/castle/castle_play_stats.h"

#include <algorithm>
#include <array>

#include "carc/engine/castle/castle_game.h"

namespace carc::server {
namespace {

namespace castle = engine::castle;

class CastlePlayStats final : public PlayStats {
 public:
  explicit CastlePlayStats(std::shared_ptr<const castle::CastleSet> set) : set_(std::move(set)) {}

  void AfterMove(const engine::State& state) override {
    for (const castle::Event& e : static_cast<const castle::CastleGameState&>(state).events()) {
      if (const auto* t = std::get_if<castle::WallTileTaken>(&e)) ++taken_[t->kind];
      if (const auto* u = std::get_if<castle::WallTileUsed>(&e)) ++used_[u->kind];
      const auto* s = std::get_if<castle::FeatureScored>(&e);
      if (s == nullptr || s->winner < 0) {
        if (s != nullptr && s->reason == castle::ScoreReason::kCompleted) ++ties_;
        continue;
      }
      switch (s->reason) {
        case castle::ScoreReason::kCompleted:
          ++scored_[static_cast<std::size_t>(s->feature)];
          points_by_feature_[static_cast<std::size_t>(s->feature)] += s->points;
          break;
        case castle::ScoreReason::kKeep:
          keep_points_ += s->points;
          break;
        case castle::ScoreReason::kCourt:
          court_points_ += s->points;
          break;
        case castle::ScoreReason::kIncomplete:
        case castle::ScoreReason::kWallTile9:
          wall_points_ += s->points;
          break;
      }
    }
  }

  void AtEnd(const engine::State& s) override {
    const castle::CastleState& state = static_cast<const castle::CastleGameState&>(s).game();
    for (const castle::FeatureInfo& f : state.Features()) {
      if (f.complete && f.feature != castle::Feature::kCourt) {
        ++completed_[static_cast<std::size_t>(f.feature)];
      }
    }
    for (int seat = 0; seat < castle::kPlayers; ++seat) {
      seat_score_[static_cast<std::size_t>(seat)] += state.score(seat);
    }
    winner_score_ += std::max(state.score(0), state.score(1));
    loser_score_ += std::min(state.score(0), state.score(1));
    discarded_ += state.discarded();
    max_discarded_ = std::max(max_discarded_, state.discarded());
    games_with_discard_ += state.discarded() > 0 ? 1 : 0;
    const int e = set_->SpaceCount() - static_cast<int>(state.placed().size());
    empty_ += e;
    min_empty_ = std::min(min_empty_, e);
    max_empty_ = std::max(max_empty_, e);
  }

  void Print(std::FILE* out, std::int64_t games) const override {
    const double n = static_cast<double>(games);
    std::fprintf(out, "mean final score: seat 0 %.2f, seat 1 %.2f, winner %.2f, loser %.2f\n",
                 seat_score_[0] / n, seat_score_[1] / n, winner_score_ / n, loser_score_ / n);
    std::fprintf(out,
                 "mean points per game by source: path %.2f, tower %.2f, house %.2f, keep %.2f, "
                 "courts %.2f, wall tiles 4-6/9 %.2f\n",
                 points_by_feature_[0] / n, points_by_feature_[1] / n, points_by_feature_[2] / n,
                 keep_points_ / n, court_points_ / n, wall_points_ / n);
    std::fprintf(out,
                 "features completed per game: path %.2f, tower %.2f, house %.2f "
                 "(scored for a majority: %.2f, %.2f, %.2f; ties %.2f)\n",
                 completed_[0] / n, completed_[1] / n, completed_[2] / n, scored_[0] / n,
                 scored_[1] / n, scored_[2] / n, ties_ / n);
    std::fprintf(out, "tiles discarded per game: mean %.3f, max %d, games with a discard %.1f%%\n",
                 discarded_ / n, max_discarded_,
                 100.0 * static_cast<double>(games_with_discard_) / n);
    std::fprintf(out, "empty spaces at the end: mean %.2f, min %d, max %d\n", empty_ / n,
                 min_empty_, max_empty_);
    std::fprintf(out, "wall tiles taken per game by kind:");
    double all_taken = 0;
    for (int k = 1; k <= castle::kWallTileKinds; ++k) {
      std::fprintf(out, " %d:%.3f", k, taken_[static_cast<std::size_t>(k)] / n);
      all_taken += taken_[static_cast<std::size_t>(k)];
    }
    std::fprintf(out, " (all %.2f of 13)\n", all_taken / n);
    std::fprintf(out, "wall tiles used per game by kind:");
    for (int k = 1; k <= castle::kWallTileKinds; ++k) {
      std::fprintf(out, " %d:%.3f", k, used_[static_cast<std::size_t>(k)] / n);
    }
    std::fprintf(out, "\n");
  }

 private:
  std::shared_ptr<const castle::CastleSet> set_;
  std::array<double, castle::kPlayers> seat_score_{};
  double winner_score_ = 0;
  double loser_score_ = 0;
  std::array<double, castle::kFeatures> completed_{};
  std::array<double, castle::kFeatures> scored_{};
  std::array<double, castle::kFeatures> points_by_feature_{};
  double keep_points_ = 0;
  double court_points_ = 0;
  double wall_points_ = 0;
  double discarded_ = 0;
  int max_discarded_ = 0;
  std::int64_t games_with_discard_ = 0;
  double empty_ = 0;
  int min_empty_ = 1 << 30;
  int max_empty_ = 0;
  std::array<double, castle::kWallTileKinds + 1> taken_{};
  std::array<double, castle::kWallTileKinds + 1> used_{};
  double ties_ = 0;
};

}  // namespace

std::unique_ptr<PlayStats> MakeCastlePlayStats(std::shared_ptr<const castle::CastleSet> set) {
  return std::make_unique<CastlePlayStats>(std::move(set));
}

}  // namespace carc::server
