// Scoring: completed features during the game (B-8, B-10..B-14, B-19), final scoring of
// incomplete features (B-16, V-1) and farms (B-17), and the end of the game (B-15, B-18).
#include <algorithm>
#include <tuple>

#include "carc/engine/game_state.h"

namespace carc::engine {
namespace {

// Seats with the most followers (B-13) as a bit set; empty when nobody has one.
unsigned Majority(const std::array<std::uint8_t, kMaxPlayers>& counts, int players) {
  unsigned winners = 0;
  const int best = *std::max_element(counts.begin(), counts.begin() + players);
  if (best == 0) return winners;
  for (Seat s = 0; s < players; ++s) {
    if (counts[static_cast<std::size_t>(s)] == best) winners |= 1u << s;
  }
  return winners;
}

}  // namespace

FeatureKind GameState::KindOf(SegmentId s) const {
  const PlacedTile& t = placed_[static_cast<std::size_t>(TileOfSegment(s))];
  return catalog_->Def(t.kind).segments[static_cast<std::size_t>(LocalOfSegment(s))].kind;
}

FollowerRef GameState::RefOf(const Follower& f) const {
  const PlacedTile& on = placed_[static_cast<std::size_t>(TileOfSegment(f.segment))];
  return {f.player, on.pos, static_cast<std::uint8_t>(LocalOfSegment(f.segment)),
          KindOf(f.segment)};
}

GameState::TileSet GameState::TilesOf(SegmentId root, int* count) const {
  TileSet tiles;
  int n = 0;
  SegmentId s = root;
  do {
    const auto t = static_cast<std::size_t>(TileOfSegment(s));
    n += tiles.test(t) ? 0 : 1;  // counted here: bitset::count() is a library call per word
    tiles.set(t);
    s = graph_.NextMember(s);
  } while (s != root);
  if (count != nullptr) *count = n;
  return tiles;
}

std::vector<Pos> GameState::Positions(const TileSet& tiles) const {
  std::vector<Pos> out;
  for (int i = 0; i < num_placed_; ++i) {
    if (tiles.test(static_cast<std::size_t>(i)))
      out.push_back(placed_[static_cast<std::size_t>(i)].pos);
  }
  return out;
}

std::array<std::uint8_t, kMaxPlayers> GameState::TakeFollowers(SegmentId root,
                                                               std::vector<FollowerRef>* out) {
  std::array<std::uint8_t, kMaxPlayers> counts{};
  if (graph_.Followers(graph_.Find(root)) == 0) return counts;  // most features: no search
  for (std::size_t i = 0; i < followers_.size();) {
    const Follower f = followers_[i];
    if (graph_.Find(f.segment) != root) {
      ++i;
      continue;
    }
    ++counts[static_cast<std::size_t>(f.player)];
    ++supply_[static_cast<std::size_t>(f.player)];
    graph_.AddFollower(f.segment, -1);
    if (out != nullptr) out->push_back(RefOf(f));
    followers_.erase(followers_.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return counts;
}

std::vector<Seat> SeatsOf(unsigned set) {
  std::vector<Seat> out;
  for (Seat s = 0; s < kMaxPlayers; ++s) {
    if ((set >> s) & 1u) out.push_back(s);
  }
  return out;
}

unsigned GameState::Award(FeatureKind kind, ScoreReason reason, int points,
                          const std::array<std::uint8_t, kMaxPlayers>& counts) {
  const unsigned winners = Majority(counts, config_.players);
  for (Seat w = 0; w < config_.players; ++w) {
    if (((winners >> w) & 1u) == 0) continue;
    score_[static_cast<std::size_t>(w)] += points;
    if (reason != ScoreReason::kCompleted) {
      final_breakdown_.points[static_cast<std::size_t>(w)][static_cast<std::size_t>(kind)] +=
          points;
    }
  }
  return winners;
}

void GameState::CollectCompleted(std::vector<PendingFeature>& out) const {
  // B-8 order, fixed and documented (C-4 follows it too): the placed tile's cities and roads in
  // segment order (cities before roads in the catalog), then completed cloisters in reading
  // order. Scoring one feature never completes or opens another, so collecting them first
  // gives the same result as scoring while looking.
  out.clear();
  const PlacedTile& t = placed_[static_cast<std::size_t>(last_placed_)];
  const TileDef& def = catalog_->Def(t.kind);
  std::array<SegmentId, kMaxSegmentsPerTile> done{};
  int num_done = 0;
  for (int i = 0; i < def.num_segments; ++i) {
    const FeatureKind kind = def.segments[static_cast<std::size_t>(i)].kind;
    if (kind != FeatureKind::kRoad && kind != FeatureKind::kCity) continue;
    const SegmentId seg = MakeSegmentId(last_placed_, i);
    const SegmentId root = graph_.Find(seg);
    if (graph_.Open(root) != 0) continue;
    if (std::find(done.begin(), done.begin() + num_done, root) != done.begin() + num_done) {
      continue;
    }
    done[static_cast<std::size_t>(num_done++)] = root;
    out.push_back({kind, seg});
  }
  // Cloisters in reading order: at most 9 can be completed, so a sort of those found is cheap.
  std::array<int, 9> completed{};
  int num_completed = 0;
  for (int i = 0; i < num_cloisters_; ++i) {
    const int c = cloisters_[static_cast<std::size_t>(i)];
    const PlacedTile& ct = placed_[static_cast<std::size_t>(c)];
    // A cloister reaches 8 exactly on the placement that completes it.
    if (ct.cloister_filled == 8 && Around(ct.pos, t.pos)) {
      completed[static_cast<std::size_t>(num_completed++)] = c;
    }
  }
  std::sort(completed.begin(), completed.begin() + num_completed, [&](int a, int b) {
    const Pos pa = placed_[static_cast<std::size_t>(a)].pos;
    const Pos pb = placed_[static_cast<std::size_t>(b)].pos;
    return std::tie(pa.y, pa.x) < std::tie(pb.y, pb.x);
  });
  for (int i = 0; i < num_completed; ++i) {
    const int c = completed[static_cast<std::size_t>(i)];
    const std::uint8_t cloister =
        catalog_->Def(placed_[static_cast<std::size_t>(c)].kind).cloister_segment;
    out.push_back({FeatureKind::kCloister, MakeSegmentId(c, cloister)});
  }
}

void GameState::ScoreCompleted(std::vector<Event>* events) {
  CollectCompleted(pending_);
  for (const PendingFeature& p : pending_) ScorePending(p, events);
  pending_.clear();
}

unsigned GameState::ScorePending(const PendingFeature& p, std::vector<Event>* events) {
  if (p.kind == FeatureKind::kCloister) {
    return ScoreCloister(TileOfSegment(p.segment), ScoreReason::kCompleted, events);
  }
  return ScoreFeature(graph_.Find(p.segment), p.kind, ScoreReason::kCompleted, events);
}

unsigned GameState::ScoreFeature(SegmentId root, FeatureKind kind, ScoreReason reason,
                                 std::vector<Event>* events) {
  // B-11: a tile counts once even when two of its segments belong to the feature.
  int num_tiles = 0;
  const TileSet tiles = TilesOf(root, &num_tiles);
  const int pennants = graph_.Pennants(root);

  int points = 0;
  if (kind == FeatureKind::kRoad) {
    points = num_tiles;  // B-10, B-16
  } else if (reason == ScoreReason::kIncomplete) {
    points = num_tiles + pennants;  // B-16
  } else if (config_.options.small_city && num_tiles == 2) {
    points = num_tiles + pennants;  // B-19
  } else {
    points = 2 * num_tiles + 2 * pennants;  // B-11
  }

  std::vector<FollowerRef> returned;
  const auto counts = TakeFollowers(root, events != nullptr ? &returned : nullptr);
  const unsigned winners = Award(kind, reason, points, counts);
  if (events != nullptr) {
    FeatureScored e;
    e.kind = kind;
    e.reason = reason;
    e.tiles = Positions(tiles);
    e.pennants = kind == FeatureKind::kCity ? pennants : 0;
    e.points = points;
    e.followers = counts;
    e.winners = SeatsOf(winners);
    events->push_back(std::move(e));
    if (!returned.empty()) events->push_back(FollowersReturned{std::move(returned)});
  }
  return winners;
}

std::vector<Pos> GameState::CloisterArea(int placed_index) const {
  const Pos c = placed_[static_cast<std::size_t>(placed_index)].pos;
  std::vector<Pos> out;
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const Pos q{c.x + dx, c.y + dy};
      if (board_.At(q) != kEmptyCell) out.push_back(q);
    }
  }
  return out;
}

unsigned GameState::ScoreCloister(int placed_index, ScoreReason reason,
                                  std::vector<Event>* events) {
  const PlacedTile& c = placed_[static_cast<std::size_t>(placed_index)];
  const SegmentId seg = MakeSegmentId(placed_index, catalog_->Def(c.kind).cloister_segment);
  const int points = reason == ScoreReason::kCompleted ? 9 : 1 + c.cloister_filled;  // B-12, B-16
  std::vector<FollowerRef> returned;
  const auto counts = TakeFollowers(seg, events != nullptr ? &returned : nullptr);
  const unsigned winners = Award(FeatureKind::kCloister, reason, points, counts);
  if (events != nullptr) {
    FeatureScored e;
    e.kind = FeatureKind::kCloister;
    e.reason = reason;
    e.tiles = CloisterArea(placed_index);
    e.points = points;
    e.followers = counts;
    e.winners = SeatsOf(winners);
    events->push_back(std::move(e));
    if (!returned.empty()) events->push_back(FollowersReturned{std::move(returned)});
  }
  return winners;
}

void GameState::EndGame(std::vector<Event>* events) {
  if (config_.options.count) {
    // A game ended by resignations in the middle of a placement's scoring scores the rest of it
    // without further rounds.
    for (; pending_next_ < pending_.size(); ++pending_next_) {
      ScorePending(pending_[pending_next_], events);
    }
    pending_.clear();
    pending_next_ = 0;
    // C-5 starts left of the player who placed the last tile.
    const Seat last = placed_[static_cast<std::size_t>(last_placed_)].player;
    const Seat after = last >= 0 ? last : (current_ + config_.players - 1) % config_.players;
    final_out_ = 0;
    if (NextFinalMover(after, events)) return;
  }
  FinishGame(events);
}

void GameState::FinishGame(std::vector<Event>* events) {
  phase_ = Phase::kGameOver;
  decider_ = -1;
  current_tile_ = kNoTile;
  FinalScoring(events);
  if (events != nullptr) {
    GameEnded e;
    e.scores.assign(score_.begin(), score_.begin() + config_.players);
    e.final_scoring = final_breakdown_;
    e.winners = Leaders();
    events->push_back(std::move(e));
  }
}

void GameState::FinalScoring(std::vector<Event>* events) {
  if (config_.options.incomplete_features_score) {  // V-1
    // B-16 in a fixed order: features by the lowest segment id of their root.
    std::vector<SegmentId> roots;
    std::vector<int> cloisters;
    for (const Follower& f : followers_) {
      const FeatureKind kind = KindOf(f.segment);
      if (kind == FeatureKind::kCloister) {
        cloisters.push_back(TileOfSegment(f.segment));
      } else if (kind != FeatureKind::kField) {
        roots.push_back(graph_.Find(f.segment));
      }
    }
    std::sort(roots.begin(), roots.end());
    roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
    std::sort(cloisters.begin(), cloisters.end());
    cloisters.erase(std::unique(cloisters.begin(), cloisters.end()), cloisters.end());
    for (SegmentId r : roots) ScoreFeature(r, KindOf(r), ScoreReason::kIncomplete, events);
    for (int c : cloisters) ScoreCloister(c, ScoreReason::kIncomplete, events);
  }
  if (config_.options.farmers) ScoreFarms(events);  // B-17, B-20
}

std::vector<int> GameState::ProjectedScores() const {
  if (IsOver()) return {score_.begin(), score_.begin() + config_.players};
  GameState copy(*this);
  copy.FinalScoring(nullptr);
  return {copy.score_.begin(), copy.score_.begin() + config_.players};
}

}  // namespace carc::engine
