// Events: what happened, in order. They are the diff that rooms broadcast; a client that applies
// every event of a game in order knows everything its view allows.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <variant>
#include <vector>

#include "carc/engine/count.h"
#include "carc/engine/types.h"

namespace carc::engine {

struct FollowerRef {
  Seat player = 0;
  Pos pos;                   // the tile it stands on
  std::uint8_t segment = 0;  // tile-local segment index
  FeatureKind kind = FeatureKind::kRoad;
  friend bool operator==(const FollowerRef&, const FollowerRef&) = default;
};

// Seat `player` starts a turn; `extra` marks the extra turn of V-4.
struct TurnStarted {
  Seat player = 0;
  bool extra = false;
};

// `tile` is kNoTile in views that may not see it (a private hand, V-2).
struct TileDrawn {
  Seat player = 0;
  TileKind tile = kNoTile;
};

// B-6: the tile fits nowhere; `reshuffled` when it went back into the stack.
struct TileDiscarded {
  Seat player = 0;
  TileKind tile = kNoTile;
  bool reshuffled = false;
};

struct TilePlaced {
  Seat player = 0;
  TileKind tile = kNoTile;
  Pos pos;
  int rotation = 0;
};

struct FollowerPlaced {
  FollowerRef follower;
};

enum class ScoreReason : std::uint8_t {
  kCompleted,   // B-8, during the game
  kIncomplete,  // B-16, final scoring
  kFarm,        // B-17, final scoring
};

// One feature scored. `points` went to every seat in `winners` (B-13 / B-17 majority).
struct FeatureScored {
  FeatureKind kind = FeatureKind::kRoad;
  ScoreReason reason = ScoreReason::kCompleted;
  std::vector<Pos> tiles;  // the tiles the feature covers (cloister: itself and neighbours)
  int pennants = 0;
  int cities = 0;  // farms: the completed cities that count
  int points = 0;
  std::array<std::uint8_t, kMaxPlayers> followers{};  // followers per seat on the feature
  std::vector<Seat> winners;
};

// The seat's time ran out (or it has resigned): the fallback move follows as ordinary events.
struct TurnTimedOut {
  Seat player = 0;
};

struct PlayerResigned {
  Seat player = 0;
};

struct FollowersReturned {
  std::vector<FollowerRef> followers;
};

// Points per seat per category, end-game scoring only.
struct Breakdown {
  std::array<std::array<int, kFeatureKinds>, kMaxPlayers> points{};  // [seat][FeatureKind]
  friend bool operator==(const Breakdown&, const Breakdown&) = default;
};

struct GameEnded {
  std::vector<int> scores;
  Breakdown final_scoring;
  std::vector<Seat> winners;  // B-18: all seats with the highest total (resigned seats excluded)
};

// The Count (C-2..C-5): the game waits for `player`, who need not be the seat whose turn it is.
enum class CountChoice : std::uint8_t {
  kEnterCity,  // C-2: put a follower into a quarter, or pass
  kRedeploy,   // C-4: move followers from `quarter` onto the completed feature, or pass
  kFinalMove,  // C-5: move one follower out of the city in final scoring, or pass
};

struct CountDecision {
  Seat player = 0;
  CountChoice choice = CountChoice::kEnterCity;
  Quarter quarter = Quarter::kCastle;     // kRedeploy: the quarter that serves the feature
  FeatureKind kind = FeatureKind::kRoad;  // kRedeploy: the feature about to be scored
  std::vector<Pos> tiles;                 // kRedeploy: its tiles
};

struct FollowerEnteredCity {
  Seat player = 0;
  Quarter quarter = Quarter::kCastle;
};

struct CountMoved {
  Quarter from = Quarter::kCastle;
  Quarter to = Quarter::kCastle;
};

// C-4, C-5: followers left `quarter` for the board.
struct FollowersRedeployed {
  Seat player = 0;
  Quarter quarter = Quarter::kCastle;
  std::vector<FollowerRef> followers;
};

struct CountPassed {
  Seat player = 0;
  CountChoice choice = CountChoice::kEnterCity;
};

using Event =
    std::variant<TurnStarted, TileDrawn, TileDiscarded, TilePlaced, FollowerPlaced, FeatureScored,
                 FollowersReturned, GameEnded, TurnTimedOut, PlayerResigned, CountDecision,
                 FollowerEnteredCity, CountMoved, FollowersRedeployed, CountPassed>;

// Appends `e` when the caller asked for events (`events` may be null).
inline void Emit(std::vector<Event>* events, Event e) {
  if (events != nullptr) events->push_back(std::move(e));
}

}  // namespace carc::engine
