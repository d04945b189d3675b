// The Castle's scoring: completed features in the placing player's order (K-7, K-9), the keep
// (K-8), wall tiles taken and used (K-9, K-10), and final scoring (K-11, K-12).
#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>

#include "carc/engine/castle/castle_state.h"

namespace carc::engine::castle {
namespace {

// K-7: points per tile of a feature scored during the game.
int PerTile(const FeatureInfo& f) {
  switch (f.feature) {
    case Feature::kPath:
      return f.fountain ? 2 : 1;
    case Feature::kTower:
      return 2;
    case Feature::kHouse:
      return 1;
    case Feature::kCourt:
      break;
  }
  return 0;
}

}  // namespace

Seat CastleState::MajorityOf(const std::array<std::uint8_t, kPlayers>& counts) const {
  // K-7: strictly more followers; a tie scores nothing.
  if (counts[0] > counts[1]) return 0;
  if (counts[1] > counts[0]) return 1;
  return -1;
}

std::vector<CastleState::Follower> CastleState::TakeFollowers(int root) {
  std::vector<Follower> taken;
  std::erase_if(followers_, [&](const Follower& f) {
    if (Find(f.node) != root) return false;
    taken.push_back(f);
    return true;
  });
  return taken;
}

void CastleState::AfterFollowerStep(std::vector<Event>* events) {
  // K-6: the features this placement may have completed: its own regions and every region whose
  // half or path point faced the space. Only those holding a follower score (most hold none),
  // and the twelve followers stand on at most twelve.
  std::optional<FollowerRoots> occupied;  // found when a completed feature first asks
  const auto holds_follower = [&](int root) {
    if (!occupied) occupied = RootsOfFollowers();
    return occupied->Has(root);
  };
  std::array<int, kPlayers * kFollowers> roots{};
  std::size_t num_roots = 0;
  for (int n : touched_) {
    const int root = Find(n);
    // Cheapest test first: most features stay open.
    if (open_[static_cast<std::size_t>(root)] != 0 || !holds_follower(root)) continue;
    if (RegionOf(root).type == Feature::kCourt) continue;  // courts score at the end only
    const auto end = roots.begin() + static_cast<std::ptrdiff_t>(num_roots);
    if (std::find(roots.begin(), end, root) != end) continue;
    roots[num_roots++] = root;
  }
  pending_.clear();
  std::vector<PendingFeature> opponent;
  for (std::size_t i = 0; i < num_roots; ++i) {
    const int root = roots[i];
    FeatureInfo info = FeatureOf(root, events != nullptr);
    const Seat winner = MajorityOf(info.followers);
    if (winner < 0) {
      // K-7: a tie scores nothing, and the followers still go home.
      FeatureScored e;
      e.feature = info.feature;
      e.tiles = info.tiles;
      e.start_spaces = info.start_spaces;
      e.followers = info.followers;
      for (const Follower& f : TakeFollowers(root)) e.returned.push_back(FollowerRefOf(f));
      // FollowerRefOf needs the follower's node only, which stays valid after removal.
      Emit(events, std::move(e));
      continue;
    }
    (winner == current_ ? pending_ : opponent).push_back({info.feature, root, winner});
  }
  // K-9: the placing player's features first, then the opponent's.
  pending_.insert(pending_.end(), opponent.begin(), opponent.end());
  ContinueScoring(events);
}

bool CastleState::CanDouble(const PendingFeature& p) const {
  // K-10: tiles 2 and 3 only on the owner's own turn, for a feature the owner wins, and only on
  // a turn after the one that won them.
  if (p.winner != current_) return false;
  if (p.feature == Feature::kTower) return HoldsUsable(current_, 2, true) >= 0;
  if (p.feature == Feature::kHouse) return HoldsUsable(current_, 3, true) >= 0;
  return false;
}

std::vector<ScoreFeature> CastleState::LegalScoringChoices() const {
  std::vector<ScoreFeature> out;
  if (phase_ != Phase::kChooseScoring) return out;
  // Only the group being scored (the placer's features, then the opponent's) may go next.
  const Seat group = pending_.front().winner;
  for (std::size_t i = 0; i < pending_.size(); ++i) {
    if (pending_[i].winner != group) continue;
    out.push_back({static_cast<std::uint8_t>(i), false});
    if (CanDouble(pending_[i])) out.push_back({static_cast<std::uint8_t>(i), true});
  }
  return out;
}

void CastleState::ContinueScoring(std::vector<Event>* events) {
  while (!pending_.empty()) {
    const Seat group = pending_.front().winner;
    const auto in_group = std::count_if(pending_.begin(), pending_.end(),
                                        [&](const PendingFeature& p) { return p.winner == group; });
    if (in_group > 1 || CanDouble(pending_.front())) {
      phase_ = Phase::kChooseScoring;
      return;
    }
    ScorePending(0, false, events);
  }
  EndOfTurn(events);
}

RejectReason CastleState::ApplyScore(const ScoreFeature& c, std::vector<Event>* events) {
  const auto legal = LegalScoringChoices();
  const bool known = std::any_of(legal.begin(), legal.end(),
                                 [&](const ScoreFeature& l) { return l.feature == c.feature; });
  if (!known) return RejectReason::kNoSuchFeature;
  if (std::find(legal.begin(), legal.end(), c) == legal.end()) return RejectReason::kCannotDouble;
  ScorePending(c.feature, c.double_it, events);
  ContinueScoring(events);
  return RejectReason::kNone;
}

void CastleState::ScorePending(std::size_t index, bool double_it, std::vector<Event>* events) {
  const PendingFeature p = pending_[index];
  pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(index));
  const int root = Find(p.node);
  const FeatureInfo info = FeatureOf(root, events != nullptr);
  FeatureScored e;
  e.feature = info.feature;
  e.tiles = info.tiles;
  e.start_spaces = info.start_spaces;
  e.followers = info.followers;
  e.winner = p.winner;
  e.points = PerTile(info) * info.size;
  if (double_it) {
    const WallTile kind = p.feature == Feature::kTower ? 2 : 3;
    UseWallTile(p.winner, kind, events);
    e.points *= 2;
    e.wall_tile = kind;
  }
  for (const Follower& f : TakeFollowers(root)) e.returned.push_back(FollowerRefOf(f));
  const int points = e.points;
  Emit(events, std::move(e));
  Award(p.winner, points, events);
  // K-8: the keep goes onto the first house the player scores and moves to a larger one.
  Keep& keep = keep_[static_cast<std::size_t>(p.winner)];
  if (p.feature == Feature::kHouse && info.size > keep.size) {
    // The keep stands on a placed tile of the house when it has one (start spaces are walls).
    int node = root;
    for (std::size_t n = 0; n < parent_.size(); ++n) {
      const int instance = node_instance_[n];
      if (Find(static_cast<int>(n)) == root &&
          instance >= static_cast<int>(set().board.start_spaces.size())) {
        node = static_cast<int>(n);
        break;
      }
    }
    const int instance = node_instance_[static_cast<std::size_t>(node)];
    const int starts = static_cast<int>(set().board.start_spaces.size());
    keep.size = info.size;
    keep.region = static_cast<std::uint8_t>(node - node_base_[static_cast<std::size_t>(instance)]);
    keep.pos = instance >= starts
                   ? placed_[static_cast<std::size_t>(instance - starts)].pos
                   : set().board.start_spaces[static_cast<std::size_t>(instance)].space;
    keep.tile = instance >= starts ? placed_[static_cast<std::size_t>(instance - starts)].tile : 0;
    Emit(events, KeepMoved{p.winner, keep.pos, keep.tile, keep.region, keep.size});
  }
}

void CastleState::Award(Seat winner, int points, std::vector<Event>* events) {
  auto& score = score_[static_cast<std::size_t>(winner)];
  score += points;
  if (phase_ == Phase::kGameOver || points == 0) return;
  // K-9: landing exactly on a field of a tower that still holds a wall tile takes it; after 99
  // the marker goes round again, so a tile skipped on the first lap can still be taken.
  const int field = score % set().board.track_length;
  const auto& towers = set().board.corner_towers;
  for (std::size_t t = 0; t < towers.size(); ++t) {
    if (towers_[t] == 0) continue;
    if (towers[t].fields[0] != field && towers[t].fields[1] != field) continue;
    held_[static_cast<std::size_t>(winner)].push_back({towers_[t], turn_});
    Emit(events, WallTileTaken{winner, static_cast<int>(t), towers_[t]});
    towers_[t] = 0;
  }
}

std::vector<FeatureInfo> CastleState::OccupiedFeatures() const {
  std::vector<int> roots;
  for (const Follower& f : followers_) roots.push_back(Find(f.node));
  std::sort(roots.begin(), roots.end());  // Features() goes by root in node order
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  std::vector<FeatureInfo> out;
  out.reserve(roots.size());
  for (const int root : roots) out.push_back(FeatureOf(root));
  return out;
}

std::vector<FeatureInfo> CastleState::Features() const {
  // By root, in node order: deterministic. FeatureOf walks only the feature's own nodes.
  std::vector<FeatureInfo> out;
  for (std::size_t n = 0; n < parent_.size(); ++n) {
    if (Find(static_cast<int>(n)) == static_cast<int>(n)) {
      out.push_back(FeatureOf(static_cast<int>(n)));
    }
  }
  return out;
}

void CastleState::FinalScoring(std::vector<Event>* events) {
  phase_ = Phase::kGameOver;
  current_tile_ = -1;
  pending_.clear();
  // K-11: the wall tiles still on the wall leave it, unseen.
  int removed = 0;
  for (WallTile& t : towers_) {
    removed += t != 0 ? 1 : 0;
    t = 0;
  }
  Emit(events, WallTilesRemoved{removed});
  const auto held = [&](Seat s, WallTile kind) {
    return static_cast<int>(std::count_if(held_[static_cast<std::size_t>(s)].begin(),
                                          held_[static_cast<std::size_t>(s)].end(),
                                          [&](const HeldWallTile& h) { return h.kind == kind; }));
  };
  // (a) The keep: the larger keep (each wall tile 8: two tiles larger) scores the largest empty
  // area.
  std::array<int, kPlayers> keep_size{};
  for (Seat s = 0; s < kPlayers; ++s) {
    keep_size[static_cast<std::size_t>(s)] = keep(s).size;
    // K-11 (clarified): each tile 8 adds 2, so two add 4. Without a keep there is nothing to
    // enlarge (CASTLE-NOTES §5.9): the tiles stay unused.
    if (keep(s).size == 0) continue;
    for (int copy = held(s, 8); copy > 0; --copy) {
      keep_size[static_cast<std::size_t>(s)] += 2;
      UseWallTile(s, 8, events);
    }
  }
  if (keep_size[0] > 0 || keep_size[1] > 0) {
    FeatureScored e;
    e.reason = ScoreReason::kKeep;
    e.feature = Feature::kHouse;
    const EmptyArea area = LargestEmptyArea();
    e.tiles = area.spaces;
    e.winner = keep_size[0] > keep_size[1] ? 0 : keep_size[1] > keep_size[0] ? 1 : -1;
    e.points = e.winner >= 0 ? area.size() : 0;
    if (e.winner >= 0 && keep_size[static_cast<std::size_t>(e.winner)] != keep(e.winner).size) {
      e.wall_tile = 8;
    }
    const Seat w = e.winner;
    const int points = e.points;
    Emit(events, std::move(e));
    if (w >= 0) Award(w, points, events);
  }
  // Courts and wall tiles 4-7 need a majority: features without followers play no part.
  const std::vector<FeatureInfo> infos = OccupiedFeatures();
  // (b) Courts, wall tile 7 on the owner's courts with the most markets; (c) wall tiles 4, 5, 6 on
  // the owner's incomplete features worth most. Each copy of a tile serves another feature.
  std::vector<WallTile> bonus(infos.size(), 0);
  for (Seat s = 0; s < kPlayers; ++s) {
    for (WallTile kind : {WallTile{7}, WallTile{4}, WallTile{5}, WallTile{6}}) {
      for (int copy = held(s, kind); copy > 0; --copy) {
        int best = -1;
        int best_value = 0;
        for (std::size_t i = 0; i < infos.size(); ++i) {
          const FeatureInfo& f = infos[i];
          if (bonus[i] != 0 || MajorityOf(f.followers) != s) continue;
          int value = 0;
          if (kind == 7 && f.feature == Feature::kCourt) value = f.markets;
          const bool incomplete = !f.complete;
          if (kind == 4 && f.feature == Feature::kPath && incomplete) {
            value = f.size * (config_.options.wall4_fountain_bonus && f.fountain ? 2 : 1);
          }
          if (kind == 5 && f.feature == Feature::kTower && incomplete) value = 2 * f.size;
          if (kind == 6 && f.feature == Feature::kHouse && incomplete) value = f.size;
          if (value > best_value) {
            best = static_cast<int>(i);
            best_value = value;
          }
        }
        if (best < 0) break;  // nothing it applies to: the tile is not used
        bonus[static_cast<std::size_t>(best)] = kind;
        UseWallTile(s, kind, events);
      }
    }
  }
  // (b) before (c): every court, then the incomplete features a wall tile scores.
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < infos.size(); ++i) {
      const FeatureInfo& f = infos[i];
      const int held_count = f.followers[0] + f.followers[1];
      const bool court = f.feature == Feature::kCourt;
      if (court != (pass == 0)) continue;
      if (held_count == 0 || (!court && bonus[i] == 0)) continue;
      FeatureScored e;
      e.reason = court ? ScoreReason::kCourt : ScoreReason::kIncomplete;
      e.feature = f.feature;
      e.tiles = f.tiles;
      e.start_spaces = f.start_spaces;
      e.followers = f.followers;
      e.winner = MajorityOf(f.followers);
      e.wall_tile = bonus[i];
      if (court) {
        e.points = e.winner >= 0 ? f.markets * (bonus[i] == 7 ? 4 : 3) : 0;
      } else if (f.feature == Feature::kPath) {
        e.points = f.size * (config_.options.wall4_fountain_bonus && f.fountain ? 2 : 1);
      } else {
        e.points = f.size * (f.feature == Feature::kTower ? 2 : 1);
      }
      const Seat w = e.winner;
      const int points = e.points;
      Emit(events, std::move(e));
      if (w >= 0) Award(w, points, events);
    }
  }
  // Wall tile 9: five points.
  for (Seat s = 0; s < kPlayers; ++s) {
    for (int copy = held(s, 9); copy > 0; --copy) {
      UseWallTile(s, 9, events);
      FeatureScored e;
      e.reason = ScoreReason::kWallTile9;
      e.winner = s;
      e.points = 5;
      e.wall_tile = 9;
      Emit(events, std::move(e));
      Award(s, 5, events);
    }
  }
  Emit(events, GameEnded{score_, Winners()});
}

std::array<int, kPlayers> CastleState::ProjectedScores() const {
  if (IsOver()) return score_;
  CastleState copy(*this);
  copy.FinalScoring(nullptr);
  return copy.score_;
}

}  // namespace carc::engine::castle
