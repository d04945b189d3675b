// Hints (RoomOptions.hints): the seat to move asks what the information-set tree search would
// play. The search runs on the computer players' pool like a computer player's move, from a
// copy whose hidden tiles it redraws for the asker's view first (bots/computer_player.h), so a
// hint can tell nothing the asker could not see. One search per room at a time bounds what a
// room can ask of the pool; the last answer is kept, so asking again for the same decision
// costs nothing. The hint's command is the game adapter's wire form of the chosen move
// (GameSession::WireCommand), whatever the game.
//
// Contract: not thread-safe; the room calls it on its strand and sends what it returns. The
// desk holds no session and no room: the room's `submit` hands a job to the pool with its own
// owner and answer route, and brings the answer back to Ready() on the strand.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "bots/bot_pool.h"
#include "carc/v1/messages.pb.h"
#include "rooms/game_session.h"

namespace carc::server {

class HintDesk {
 public:
  // A request the room refuses, with the error it sends.
  struct Refusal {
    v1::ErrorCode code;
    std::string text;
  };
  // A search was handed to the pool: its answer comes to Ready().
  struct Searching {};
  using Answer = std::variant<Refusal, v1::Hint, Searching>;
  // Hands a job to the pool (setting its owner and `done`); false when the pool takes none.
  using Submit = std::function<bool(bots::BotJob job)>;

  // `search_time`: how long one hint's search may think.
  explicit HintDesk(std::chrono::milliseconds search_time) : search_time_(search_time) {}

  // Seat `seat` (-1: a spectator) asks for the decision at `expected_seq` of `game` (null before
  // the start) in a room whose hints are `enabled`: a refusal, the hint kept for this decision,
  // or a new search handed to `submit`.
  Answer Ask(bool enabled, const GameSession* game, int seat, std::uint64_t expected_seq,
             const Submit& submit);
  // The search for the decision at `seq` answered `choice` (nullopt: dropped): the hint for its
  // asker, or a refusal when the game moved on meanwhile. `game` is the room's now.
  std::variant<Refusal, v1::Hint> Ready(std::uint64_t seq, std::optional<bots::Choice> choice,
                                        const GameSession& game);

 private:
  const std::chrono::milliseconds search_time_;
  // The search in flight (its cancel flag) and the last hint given, both at hint_seq_.
  std::shared_ptr<std::atomic<bool>> job_;
  std::uint64_t hint_seq_ = 0;
  std::optional<v1::Hint> last_;
};

}  // namespace carc::server
