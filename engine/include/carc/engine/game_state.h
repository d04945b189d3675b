// The state of one game of the base game (with The Count of Carcassonne when option `count` is
// on), and the only code that changes it.
//
// Contract:
// - A GameState is a copyable value built from a GameConfig; Apply() is the only mutator.
// - Apply() either accepts a command (bumps seq(), appends events, returns kNone) or rejects it
//   with a reason and changes nothing at all.
// - Everything is deterministic in (config, commands): no clocks, I/O, threads or globals.
// - The state holds secrets (the seed's generator, the stack order, private hands); only
//   ViewFor() (player_view.h) decides what leaves the engine.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

#include "carc/engine/board.h"
#include "carc/engine/command.h"
#include "carc/engine/event.h"
#include "carc/engine/feature_graph.h"
#include "carc/engine/game_config.h"
#include "carc/engine/reject_reason.h"
#include "carc/engine/rng.h"
#include "carc/engine/tile_catalog.h"

namespace carc::engine {

// The Count's decisions (kEnterCity, kRedeploy, kFinalMove) may belong to a seat other than the
// one whose turn it is: ToMove() names it.
enum class Phase : std::uint8_t {
  kPlaceTile,
  kPlaceFollower,
  kGameOver,
  kEnterCity,  // C-2: the placing player may put a follower into a quarter
  kRedeploy,   // C-4: a seat may move followers from a quarter onto the feature being scored
  kFinalMove,  // C-5: final scoring, one follower out of the city at a time
};

struct Placement {
  TileKind tile = kNoTile;
  Pos pos;
  int rotation = 0;
  friend bool operator==(const Placement&, const Placement&) = default;
};

struct FollowerSpot {
  std::uint8_t segment = 0;
  FeatureKind kind = FeatureKind::kRoad;
  friend bool operator==(const FollowerSpot&, const FollowerSpot&) = default;
};

// C-2, C-3: a legal EnterCity.
struct CityEntry {
  Quarter quarter = Quarter::kCastle;
  Quarter count_to = Quarter::kCastle;
  friend bool operator==(const CityEntry&, const CityEntry&) = default;
};

// C-5: a legal LeaveCity, one per feature (its first segment in placement order).
struct CityExit {
  Quarter quarter = Quarter::kCastle;
  Pos pos;
  std::uint8_t segment = 0;
  FeatureKind kind = FeatureKind::kRoad;
  friend bool operator==(const CityExit&, const CityExit&) = default;
};

struct PlacedTile {
  TileKind kind = kNoTile;
  std::uint8_t rotation = 0;
  Pos pos;
  Seat player = -1;                  // -1 for the start tile
  std::uint8_t cloister_filled = 0;  // cloister tiles: occupied (or closed, V-7) neighbours
  friend bool operator==(const PlacedTile&, const PlacedTile&) = default;
};

struct Follower {
  Seat player = 0;
  SegmentId segment = 0;
  friend bool operator==(const Follower&, const Follower&) = default;
};

inline constexpr int kMaxHand = 3;

// The seats in a bit set (bit s = seat s).
std::vector<Seat> SeatsOf(unsigned set);

class GameState {
 public:
  // `config` must pass Validate(); the setup's events (first turn, first draw) go to `events`.
  explicit GameState(const GameConfig& config, std::vector<Event>* events = nullptr);

  // Applies `command` on behalf of `seat`. Events are appended to `events` when it is given.
  // Resign is accepted from any seat still playing; everything else only from ToMove().
  RejectReason Apply(Seat seat, const Command& command, std::vector<Event>* events = nullptr);

  // For search on a copy (game.h): redraws what `seat` cannot see (the order of the stack; with
  // private hands, the other seats' hands) from those same tiles, and reseeds the generator, with
  // `rng`. What `seat` sees stays as it was.
  void Determinize(Seat seat, Rng& rng);

  // Every legal placement of the current tile (with hands: of every tile in the hand), as
  // (tile, square, rotation), rotations that look alike included. Empty outside kPlaceTile.
  void LegalPlacements(std::vector<Placement>& out) const;
  std::vector<Placement> LegalPlacements() const;
  // LegalPlacements()[rng.Below(n)] without the list, n (its size) written to `offered`; no
  // draw when n is 0. What a random playout places.
  Placement PickLegalPlacement(Rng& rng, std::size_t& offered) const;
  // For random playouts (State::PlayOut): plays the decision at hand when it is kPlaceTile or
  // kPlaceFollower of a seat still playing, drawn exactly as PickLegalPlacement() draws, or as
  // rng.Below(n + 1) over LegalFollowerSpots() with the skip last, and applied as Apply() would
  // apply that command, without its checks and without events; `offered` is the number of legal
  // moves it chose from. Returns false, drawing and changing nothing, at any other decision.
  bool PlayRandomDecision(Rng& rng, std::size_t& offered);
  // Where a follower may go on the tile just placed (kPlaceFollower only); skipping is always
  // legal as well.
  void LegalFollowerSpots(std::vector<FollowerSpot>& out) const;
  std::vector<FollowerSpot> LegalFollowerSpots() const;
  // The follower spots that a legal placement would offer, without placing it.
  std::vector<FollowerSpot> FollowerSpotsFor(const Placement& placement) const;
  // The Count's decisions; each may also Pass. kEnterCity: every (quarter, Count move) allowed.
  std::vector<CityEntry> LegalCityEntries() const;
  // kRedeploy: the most followers the seat to move may move.
  int RedeployLimit() const;
  // kRedeploy: the numbers of followers a Redeploy may move now, ascending: 1..RedeployLimit(),
  // or with count_redeploy=seed only 1 and all of them (C-4). Empty outside kRedeploy.
  std::vector<int> RedeployCounts() const;
  // Whether a Redeploy may move `n` followers now (one of RedeployCounts()).
  bool RedeployAllowed(int n) const;
  // Refused commands in the rules' words (refusals.cc): the rule the reason breaks in the
  // decision at hand and what was wrong. Call it before the state changes again.
  Refusal Explain(RejectReason r) const;
  // kFinalMove: every move of one follower out of the city.
  std::vector<CityExit> LegalCityExits() const;

  const GameConfig& config() const { return config_; }
  const TileCatalog& catalog() const { return *catalog_; }
  Phase phase() const { return phase_; }
  bool IsOver() const { return phase_ == Phase::kGameOver; }
  // Whose decision the game waits for (-1 once the game is over).
  Seat ToMove() const {
    if (phase_ == Phase::kGameOver) return -1;
    return InCountDecision() ? decider_ : current_;
  }
  bool InCountDecision() const {
    return phase_ == Phase::kEnterCity || phase_ == Phase::kRedeploy || phase_ == Phase::kFinalMove;
  }
  Seat current_player() const { return current_; }
  TileKind current_tile() const { return current_tile_; }
  std::uint64_t seq() const { return seq_; }
  int players() const { return config_.players; }
  int score(Seat s) const { return score_[static_cast<std::size_t>(s)]; }
  int supply(Seat s) const { return supply_[static_cast<std::size_t>(s)]; }
  const Breakdown& final_breakdown() const { return final_breakdown_; }
  // The scores if the game ended now (B-16, B-17 on a copy; C-5's moves out of the city left
  // out); the scores once it is over.
  std::vector<int> ProjectedScores() const;
  // The seats with the highest total (B-18), resigned seats excluded.
  std::vector<Seat> Leaders() const;
  bool resigned(Seat s) const { return resigned_[static_cast<std::size_t>(s)]; }

  int num_placed() const { return num_placed_; }
  const PlacedTile& placed(int i) const { return placed_[static_cast<std::size_t>(i)]; }
  const std::vector<Follower>& followers() const { return followers_; }
  const Board& board() const { return board_; }
  const FeatureGraph& graph() const { return graph_; }
  // With hands (V-2): the tiles seat `s` holds.
  std::vector<TileKind> Hand(Seat s) const;
  // Tiles still in the stack (not their order).
  int StackSize() const { return static_cast<int>(bag_.size()); }
  // Copies of kind k not yet drawn out of the stack.
  int StackCount(TileKind k) const;
  // Adds the copies of every kind not yet drawn to counts[kind]: StackCount for all kinds in
  // one pass over the stack.
  void AddStackCounts(std::array<int, kMaxTileKinds>& counts) const {
    for (TileKind k : bag_) ++counts[k];
  }
  // Whether the current turn is a V-4 extra turn.
  bool in_extra_turn() const { return in_extra_turn_; }
  // The Count: his quarter, and seat s's followers in quarter q.
  Quarter count_quarter() const { return count_; }
  int InCity(Quarter q, Seat s) const {
    return city_[static_cast<std::size_t>(q)][static_cast<std::size_t>(s)];
  }
  // kRedeploy: the feature being scored (kind, tiles) and the quarter that serves it.
  FeatureKind redeploy_kind() const;
  std::vector<Pos> RedeployTiles() const;

  // The canonical text form: equal states give equal text, and the text fixes the state.
  std::string ToString() const;
  // A 64-bit hash of the canonical form's content (cheaper than hashing ToString()).
  std::uint64_t Hash() const;

  friend bool operator==(const GameState&, const GameState&) = default;

 private:
  // Apply() without the seq() step (game_state.cc).
  RejectReason Step(Seat seat, const Command& command, std::vector<Event>* events);
  // PlaceTile, PlaceFollower or SkipFollower for the seat to move (game_state.cc).
  RejectReason ApplyMove(Seat seat, const Command& command, std::vector<Event>* events);
  // Turn flow (game_state.cc).
  // B-8 scoring (with the Count's decisions, C-2 and C-4), then the end of the turn.
  void AfterFollowerStep(std::vector<Event>* events);
  void BeginTurn(Seat player, bool extra, std::vector<Event>* events);
  bool DrawFor(Seat player, std::vector<Event>* events);
  void DiscardUnplaceable(Seat player, TileKind tile, std::vector<Event>* events);
  void EndTurn(std::vector<Event>* events);
  bool AnyRemainingPlaceable() const;
  int HandIndex(Seat player, TileKind tile) const;

  using TileSet = std::bitset<kMaxPlacedTiles>;
  FollowerRef RefOf(const Follower& f) const;
  // The tiles of the feature with this root; their number to `count` when given.
  TileSet TilesOf(SegmentId root, int* count = nullptr) const;
  std::vector<Pos> Positions(const TileSet& tiles) const;
  FeatureKind KindOf(SegmentId s) const;

  // The Count (count.cc). A completed feature waiting for its C-4 round and its scoring:
  // roads and cities by a segment on the placed tile, cloisters by their cloister segment.
  struct PendingFeature {
    FeatureKind kind = FeatureKind::kRoad;
    SegmentId segment = 0;
    friend bool operator==(const PendingFeature&, const PendingFeature&) = default;
  };
  RejectReason ApplyCount(Seat seat, const Command& command, std::vector<Event>* events);
  // Declines the decision at hand (Pass, Timeout, or the decider resigning).
  void PassDecision(Seat seat, std::vector<Event>* events);
  // Runs C-4 rounds and scoring until a seat must decide or the placement is fully scored;
  // then C-2, then the end of the turn.
  void ContinueScoring(std::vector<Event>* events);
  bool CanRedeploy(Seat s, Quarter q) const;
  std::vector<Pos> PendingTiles(const PendingFeature& p) const;
  // C-5: asks the next seat after `after` that can still move; false when nobody can.
  bool NextFinalMover(Seat after, std::vector<Event>* events);
  bool CanLeaveCity(Seat s) const;
  // Calls visit(CityExit) for each target of quarter q's followers until it returns false.
  template <typename Visit>
  void ForEachCityExit(Quarter q, Visit&& visit) const;
  RejectReason CheckCityExit(const LeaveCity& move) const;
  void MoveOutOfCity(Seat s, Quarter q, SegmentId segment, int n, std::vector<Event>* events);

  // Placement (placement.cc).
  RejectReason CheckPlacement(TileKind tile, Pos pos, int rotation) const;
  // Calls visit(FollowerSpot) for each legal spot until it returns false.
  template <typename Visit>
  void ForEachFollowerSpot(Visit&& visit) const;
  bool HasFollowerSpot() const;
  bool HasPlacement(TileKind tile) const;
  // Calls visit(tile) for each tile the player to move may place, in hand order, each kind
  // once; stops when it returns false.
  template <typename Visit>
  void ForEachTileToPlace(Visit&& visit) const;
  void PlaceTileUnchecked(Seat player, TileKind tile, Pos pos, int rotation);
  // A legal placement or follower of the seat to move, after Apply's checks or drawn legal by
  // PlayRandomDecision(): the turn goes on from it.
  void PlaceLegalTile(Seat seat, TileKind tile, Pos pos, int rotation, std::vector<Event>* events);
  void PlaceLegalFollower(Seat seat, std::uint8_t segment, std::vector<Event>* events);

  // Scoring (scoring.cc).
  // B-8: the features the last placement completed, in the documented scoring order.
  void CollectCompleted(std::vector<PendingFeature>& out) const;
  void ScoreCompleted(std::vector<Event>* events);
  // Scores one completed feature; returns the winners as a bit set over seats.
  unsigned ScorePending(const PendingFeature& p, std::vector<Event>* events);
  // Returns every follower on the feature with this root to its owner's supply and counts
  // them per seat (B-13); `out` receives them for the event when given.
  std::array<std::uint8_t, kMaxPlayers> TakeFollowers(SegmentId root,
                                                      std::vector<FollowerRef>* out);
  // Gives `points` to the majority of `counts` and books end-game points in the breakdown;
  // returns the winners as a bit set over seats.
  unsigned Award(FeatureKind kind, ScoreReason reason, int points,
                 const std::array<std::uint8_t, kMaxPlayers>& counts);
  unsigned ScoreFeature(SegmentId root, FeatureKind kind, ScoreReason reason,
                        std::vector<Event>* events);
  // The placed tiles of the 3x3 area around the cloister on placed tile `placed_index`.
  std::vector<Pos> CloisterArea(int placed_index) const;
  unsigned ScoreCloister(int placed_index, ScoreReason reason, std::vector<Event>* events);
  void FinalScoring(std::vector<Event>* events);
  void ScoreFarms(std::vector<Event>* events);
  // B-15: the end; with the Count, C-5's rounds come first and FinishGame() follows them.
  void EndGame(std::vector<Event>* events);
  void FinishGame(std::vector<Event>* events);

  GameConfig config_;
  const TileCatalog* catalog_;
  Rng rng_;
  std::vector<TileKind> bag_;  // the next tile is at the back
  Board board_;
  FeatureGraph graph_;
  std::array<PlacedTile, kMaxPlacedTiles> placed_{};
  int num_placed_ = 0;
  // The placed tiles with a cloister, in the order placed.
  std::array<std::uint8_t, kMaxPlacedTiles> cloisters_{};
  int num_cloisters_ = 0;
  std::vector<Follower> followers_;
  std::array<int, kMaxPlayers> score_{};
  std::array<int, kMaxPlayers> supply_{};
  std::array<std::array<TileKind, kMaxHand>, kMaxPlayers> hands_{};
  std::array<std::uint8_t, kMaxPlayers> hand_count_{};
  std::array<bool, kMaxPlayers> resigned_{};
  Breakdown final_breakdown_;
  Phase phase_ = Phase::kPlaceTile;
  Seat current_ = 0;
  TileKind current_tile_ = kNoTile;
  int last_placed_ = -1;
  bool in_extra_turn_ = false;
  bool hole_filled_ = false;
  std::uint64_t seq_ = 0;

  // The Count (C-1..C-6); all zero/empty without it.
  std::array<std::array<std::uint8_t, kMaxPlayers>, kQuarters> city_{};  // [quarter][seat]
  Quarter count_ = Quarter::kCastle;
  std::vector<PendingFeature> pending_;  // this placement's completed features, in order
  std::uint8_t pending_next_ = 0;        // the one being decided or scored
  std::uint8_t round_step_ = 0;          // C-4: seats of its round already asked
  Seat decider_ = -1;                    // the seat of a Count decision
  bool anyone_scored_ = false;           // C-2: this placement scored for somebody
  bool placer_scored_ = false;           // C-2: ... and for the placing player
  unsigned final_out_ = 0;               // C-5: seats that passed or cannot move any more
};

}  // namespace carc::engine
