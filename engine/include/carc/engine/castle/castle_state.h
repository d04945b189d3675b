// The state of one game of The Castle (RULES.md section 4), and the only code that changes it.
//
// Contract (as GameState's):
// - A copyable value built from a CastleConfig; Apply() is the only mutator. Apply() either
//   accepts a command (bumps seq(), appends events) or rejects it with a reason and changes
//   nothing at all.
// - Deterministic in (config, commands): no clocks, I/O, threads or globals.
// - The state holds secrets (the generator, the stack order, the wall tiles on the towers and
//   the five left in the box); only ViewFor() (castle_view.h) decides what leaves the engine.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "carc/engine/castle/castle_command.h"
#include "carc/engine/castle/castle_config.h"
#include "carc/engine/castle/castle_event.h"
#include "carc/engine/castle/castle_set.h"
#include "carc/engine/reject_reason.h"
#include "carc/engine/rng.h"

namespace carc::engine::castle {

enum class Phase : std::uint8_t {
  kPlaceTile,
  kPlaceFollower,
  kChooseScoring,  // K-9: the placing player picks the next feature to score (and wall tile 2/3)
  kExtraTurn,      // K-10: the owner of wall tile 1 uses it or keeps it
  kGameOver,
};

struct Placement {
  Pos pos;
  int rotation = 0;
  friend bool operator==(const Placement&, const Placement&) = default;
};

struct PlacedTile {
  int tile = 0;  // index into the set's tiles
  Pos pos;
  int rotation = 0;
  Seat player = 0;
  friend bool operator==(const PlacedTile&, const PlacedTile&) = default;
};

// A completed feature waiting to be scored for `winner` (K-9).
struct PendingFeature {
  Feature feature = Feature::kPath;
  int node = 0;  // any region of it (see CastleState::FeatureOf)
  Seat winner = 0;
  friend bool operator==(const PendingFeature&, const PendingFeature&) = default;
};

struct HeldWallTile {
  WallTile kind = 0;
  int turn = 0;  // the turn it was taken in (K-10: tiles 2 and 3 only on a later turn)
  friend bool operator==(const HeldWallTile&, const HeldWallTile&) = default;
};

// K-8: the house a player's keep stands on.
struct Keep {
  Pos pos;
  int tile = 0;  // the kind of the tile at `pos`
  std::uint8_t region = 0;
  int size = 0;  // in tiles; 0 = no keep
  friend bool operator==(const Keep&, const Keep&) = default;
};

// A whole feature: its type, members and what they add up to.
struct FeatureInfo {
  Feature feature = Feature::kPath;
  std::vector<Pos> tiles;
  std::vector<int> start_spaces;
  int size = 0;  // tiles, a start space counting as one (K-2)
  bool fountain = false;
  int markets = 0;
  bool complete = false;
  std::array<std::uint8_t, kPlayers> followers{};
};

class CastleState {
 public:
  // `config` must pass Validate(); the setup's events go to `events`.
  explicit CastleState(const CastleConfig& config, std::vector<Event>* events = nullptr);

  // Resign is accepted from any seat still playing; everything else only from ToMove().
  RejectReason Apply(Seat seat, const Command& command, std::vector<Event>* events = nullptr);
  // Refused commands in the rules' words (castle_refusals.cc): placements cite K-4, followers
  // K-5, the order of scoring K-9, wall tiles K-10.
  Refusal Explain(RejectReason r) const;

  // For search on a copy (game.h): redraws the order of the stack and the face-down wall tiles
  // on the towers (from the 18 less those taken), and reseeds the generator, with `rng`. Both
  // seats see the same, so nothing either sees changes.
  void Determinize(Rng& rng);

  // Every legal placement of the drawn tile (kPlaceTile only), rotations that look alike
  // included.
  std::vector<Placement> LegalPlacements() const;
  // Replaces the content of `out` with make(placement) for each legal placement, in
  // LegalPlacements()'s order. Branch-free: whether a rotation fits is close to random, and
  // mispredicted branches were most of the time spent here.
  template <typename T, typename Make>
  void WriteLegalPlacements(std::vector<T>& out, Make&& make) const;
  // Whether the drawn tile fits anywhere (K-4), without building the list.
  bool HasLegalPlacement() const;
  // LegalPlacements()[rng.Below(n)] without the list, n (its size) written to `offered`; no
  // draw when n is 0. What a random playout places.
  Placement PickLegalPlacement(Rng& rng, std::size_t& offered) const;
  // Regions of the tile just placed that may take a follower (kPlaceFollower only); skipping is
  // always legal as well.
  std::vector<std::uint8_t> LegalFollowerRegions() const;
  // The same as a bit set (bit r: region r), without allocating (a tile has at most 16).
  std::uint32_t LegalFollowerRegionMask() const;
  // kChooseScoring: every ScoreFeature the placing player may send.
  std::vector<ScoreFeature> LegalScoringChoices() const;

  const CastleConfig& config() const { return config_; }
  const CastleSet& set() const { return *config_.set; }
  Phase phase() const { return phase_; }
  bool IsOver() const { return phase_ == Phase::kGameOver; }
  Seat ToMove() const { return phase_ == Phase::kGameOver ? -1 : current_; }
  Seat current_player() const { return current_; }
  int current_tile() const { return current_tile_; }
  std::uint64_t seq() const { return seq_; }
  int turn() const { return turn_; }
  bool in_extra_turn() const { return in_extra_turn_; }
  int score(Seat s) const { return score_[static_cast<std::size_t>(s)]; }
  int supply(Seat s) const;
  bool resigned(Seat s) const { return resigned_[static_cast<std::size_t>(s)]; }
  const std::vector<PlacedTile>& placed() const { return placed_; }
  // The placed tile on space p, or -1.
  int TileAt(Pos p) const;
  int StackSize() const { return static_cast<int>(bag_.size()); }
  int discarded() const { return discarded_; }
  // Which towers still hold a wall tile (public); which kind is secret.
  bool TowerHasWallTile(int tower) const { return towers_[static_cast<std::size_t>(tower)] != 0; }
  const std::vector<HeldWallTile>& wall_tiles(Seat s) const {
    return held_[static_cast<std::size_t>(s)];
  }
  const Keep& keep(Seat s) const { return keep_[static_cast<std::size_t>(s)]; }
  // kChooseScoring: the completed features still to score this placement, in order.
  const std::vector<PendingFeature>& pending() const { return pending_; }
  // Followers as (owner, node); FollowerRefOf() names them on the board.
  struct Follower {
    Seat player = 0;
    int node = 0;
    friend bool operator==(const Follower&, const Follower&) = default;
  };
  const std::vector<Follower>& followers() const { return followers_; }
  FollowerRef FollowerRefOf(const Follower& f) const;
  // The scores if the game ended now (K-11, K-12's final scoring on a copy); the scores once it
  // is over.
  std::array<int, kPlayers> ProjectedScores() const;
  // The seats with the highest total (K-12), resigned seats excluded; empty before the end.
  std::vector<Seat> Winners() const;
  // The whole feature that node `node` belongs to; without `lists`, its tiles and start spaces
  // are left empty (its size is still counted), which is all scoring needs.
  FeatureInfo FeatureOf(int node, bool lists = true) const;
  // The node of region `region` of placed tile `index` (or of start space `index` when
  // `start_space`).
  int NodeOf(int index, int region, bool start_space = false) const;
  // Whether two nodes belong to one feature.
  bool SameFeature(int a, int b) const { return Find(a) == Find(b); }
  // A placed tile of the pending feature and its region there (records name features so).
  std::pair<Pos, std::uint8_t> AnchorOf(const PendingFeature& p) const;
  // Every feature on the board once (start spaces included), in a fixed order.
  std::vector<FeatureInfo> Features() const;
  // Those of Features() that hold a follower, in the same order (what final scoring reads).
  std::vector<FeatureInfo> OccupiedFeatures() const;
  // K-11 a: the largest orthogonally connected empty area: its spaces and, with option
  // castle_start_spaces_empty=unbuilt, the start spaces against them (nothing is placed against
  // a start space whose space is empty). The first largest in row order.
  struct EmptyArea {
    std::vector<Pos> spaces;
    int start_spaces = 0;
    int size() const { return static_cast<int>(spaces.size()) + start_spaces; }
  };
  EmptyArea LargestEmptyArea() const;

  std::string ToString() const;
  std::uint64_t Hash() const;
  friend bool operator==(const CastleState&, const CastleState&) = default;

 private:
  // Apply() without the seq() step.
  RejectReason Step(Seat seat, const Command& command, std::vector<Event>* events);
  RejectReason ApplyPlaceTile(const PlaceTile& c, std::vector<Event>* events);
  RejectReason CheckPlacement(Pos pos, int rotation) const;
  // Bit r: the drawn tile turned r fits the empty space `cell`, given the tile's PathSides().
  unsigned FittingRotations(const std::array<unsigned, kSides>& paths, int cell) const;
  // Keeps frontier_ and sides_ up to date after a tile was placed at `pos`.
  void GrowFrontier(Pos pos);
  void PlaceUnchecked(Pos pos, int rotation, std::vector<int>* touched);
  RejectReason ApplyFollower(std::uint8_t region, std::vector<Event>* events);
  RejectReason ApplyScore(const ScoreFeature& c, std::vector<Event>* events);
  bool CanDouble(const PendingFeature& p) const;
  void BeginTurn(Seat player, bool extra, std::vector<Event>* events);
  void AfterFollowerStep(std::vector<Event>* events);
  void ContinueScoring(std::vector<Event>* events);
  void ScorePending(std::size_t index, bool double_it, std::vector<Event>* events);
  void Award(Seat winner, int points, std::vector<Event>* events);
  void EndOfTurn(std::vector<Event>* events);
  void FinalScoring(std::vector<Event>* events);
  void UseWallTile(Seat s, WallTile kind, std::vector<Event>* events);
  int HoldsUsable(Seat s, WallTile kind, bool earlier_turn_only) const;
  std::vector<Follower> TakeFollowers(int root);
  Seat MajorityOf(const std::array<std::uint8_t, kPlayers>& counts) const;

  // Union-find over the regions of start spaces and placed tiles.
  int Find(int node) const;
  void Union(int a, int b);
  int AddNodes(int count);
  // The region of node `node`: which start space or placed tile, and its index there.
  const Region& RegionOf(int node) const;
  // The features followers stand on, by root: at most twelve (K-1), so no allocation.
  struct FollowerRoots {
    std::array<int, kPlayers * kFollowers> roots{};
    std::size_t size = 0;
    bool Has(int root) const {
      return std::find(roots.begin(), roots.begin() + static_cast<std::ptrdiff_t>(size), root) !=
             roots.begin() + static_cast<std::ptrdiff_t>(size);
    }
  };
  FollowerRoots RootsOfFollowers() const;

  CastleConfig config_;
  Rng rng_;
  std::vector<int> bag_;          // the next tile is at the back
  std::vector<WallTile> towers_;  // per corner tower, 0 = none (or taken)
  std::vector<PlacedTile> placed_;
  std::vector<int> space_tile_;  // per grid cell: the placed tile there, or -1
  // The empty spaces a tile may go on (K-4): next to a placed tile or with a start space against
  // them, as ascending cell indices. Kept up to date by each placement, so that finding the
  // legal placements looks at a few dozen spaces instead of the whole board.
  struct FrontierSpace {
    std::int16_t cell = 0;  // y * width + x
    std::int8_t x = 0;      // boards are at most 128 wide and high (castle_set.h)
    std::int8_t y = 0;
    friend bool operator==(const FrontierSpace&, const FrontierSpace&) = default;
  };
  std::vector<FrontierSpace> frontier_;
  // Per cell: bit s (0..3) set when side s must match a placed tile or a start space, bit s + 4
  // when that neighbour shows a path there (K-4). Kept up to date with frontier_.
  std::vector<std::uint8_t> sides_;
  // Nodes: start spaces' regions first, then each placed tile's.
  std::vector<int> node_base_;  // per instance (start spaces, then placed tiles)
  std::vector<int> node_instance_;
  std::vector<int> parent_;
  std::vector<int> next_;  // per node: the next node of its feature, a ring (FeatureOf's walk)
  std::vector<int> size_;  // per root: its nodes (union by size keeps Find shallow and const)
  std::vector<int> open_;  // per root: halves and path points facing an empty space
  std::vector<Follower> followers_;
  std::array<int, kPlayers> score_{};
  std::array<std::vector<HeldWallTile>, kPlayers> held_{};
  std::array<std::uint8_t, kWallTileKinds + 1> used_{};  // per kind: copies used (K-10)
  std::array<Keep, kPlayers> keep_{};
  std::array<bool, kPlayers> resigned_{};
  std::vector<PendingFeature> pending_;
  std::vector<int> touched_;  // nodes the last placement joined or closed (K-6 candidates)
  Phase phase_ = Phase::kPlaceTile;
  Seat current_ = 0;
  int current_tile_ = -1;
  int turn_ = 0;
  bool in_extra_turn_ = false;
  int discarded_ = 0;
  std::uint64_t seq_ = 0;
};

// Element r: bit `side` set when the tile turned r quarter turns shows a path on that side.
inline std::array<unsigned, kSides> PathSides(const TileDef& def) {
  std::array<unsigned, kSides> paths{};
  for (int r = 0; r < kSides; ++r) {
    for (int side = 0; side < kSides; ++side) {
      if (SideOf(def, r, side).path != kNoRegion) paths[static_cast<std::size_t>(r)] |= 1U << side;
    }
  }
  return paths;
}

inline unsigned CastleState::FittingRotations(const std::array<unsigned, kSides>& paths,
                                              int cell) const {
  // sides_: which sides must match and whether they show a path (K-4).
  const unsigned care = sides_[static_cast<std::size_t>(cell)] & 0xFU;
  const unsigned want = sides_[static_cast<std::size_t>(cell)] >> 4;
  if (care == 0) return 0;  // touches nothing
  unsigned fits = 0;
  for (int r = 0; r < kSides; ++r) {
    fits |= (((paths[static_cast<std::size_t>(r)] ^ want) & care) == 0 ? 1U : 0U) << r;
  }
  return fits;
}

template <typename T, typename Make>
inline void CastleState::WriteLegalPlacements(std::vector<T>& out, Make&& make) const {
  out.clear();
  if (phase_ != Phase::kPlaceTile || current_tile_ < 0) return;
  const auto paths = PathSides(set().tiles[static_cast<std::size_t>(current_tile_)]);
  out.resize(frontier_.size() * kSides);
  std::size_t n = 0;
  for (const FrontierSpace& f : frontier_) {
    const unsigned fits = FittingRotations(paths, f.cell);
    for (int r = 0; r < kSides; ++r) {
      out[n] = make(Placement{{f.x, f.y}, r});
      n += (fits >> r) & 1U;
    }
  }
  out.resize(n);
}

// Inline: the union-find and region lookups run many times per placement.
inline int CastleState::Find(int node) const {
  while (parent_[static_cast<std::size_t>(node)] != node) {
    node = parent_[static_cast<std::size_t>(node)];
  }
  return node;
}

inline int CastleState::NodeOf(int index, int region, bool start_space) const {
  const int starts = static_cast<int>(set().board.start_spaces.size());
  return node_base_[static_cast<std::size_t>(start_space ? index : starts + index)] + region;
}

inline const Region& CastleState::RegionOf(int node) const {
  const int instance = node_instance_[static_cast<std::size_t>(node)];
  const int region = node - node_base_[static_cast<std::size_t>(instance)];
  const auto& starts = set().board.start_spaces;
  if (instance < static_cast<int>(starts.size())) {
    return starts[static_cast<std::size_t>(instance)].regions[static_cast<std::size_t>(region)];
  }
  const PlacedTile& t = placed_[static_cast<std::size_t>(instance) - starts.size()];
  return set().tiles[static_cast<std::size_t>(t.tile)].regions[static_cast<std::size_t>(region)];
}

// The first legal command for the decision at hand (what Timeout plays).
Command FallbackCommand(const CastleState& state);

}  // namespace carc::engine::castle
