// One game's part of a seat played by a program (BotSeat): the game's side of snapshots and
// event batches, and a uniformly random choice among the legal moves the server sent. BotSeat
// does everything that is the same for every game (the room, the connection, resyncs,
// acknowledgements); one SeatGame per game lives in the game's folder (client/<game>/) and
// seat_games.cc is the one place that names them.
//
// Contract: a SeatGame is made from the first snapshot of its game and is handed only that
// game's snapshots and the batches that follow the last one it saw (BotSeat checks prev_seq).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "carc/v1/messages.pb.h"

namespace carc::client {

// How many decisions of each kind a seat made, by the game's name for the kind ("count",
// "out_of_turn", "scoring_choice", ...): tests check that a game's rarer decisions were reached.
using DecisionCounts = std::map<std::string, int>;

class SeatGame {
 public:
  virtual ~SeatGame() = default;

  // The whole state this seat may see; replaces whatever the seat had.
  virtual void TakeSnapshot(const v1::GameSnapshot& snapshot) = 0;
  // One batch's events, in order.
  virtual void ApplyBatch(const v1::EventBatch& batch) = 0;
  // Whether the last snapshot or batch asked this seat for a decision (it carried legal moves
  // for it) that Decide has not answered yet.
  virtual bool asked() const = 0;
  // A uniformly random command among those legal moves, into `out`'s game part; counts the
  // decision's kind. Returns the game's own command message, serialized (AckedCommand).
  virtual std::string Decide(std::mt19937_64& rng, v1::GameCommand& out,
                             DecisionCounts& decisions) = 0;

  virtual bool over() const = 0;
  virtual std::vector<int> scores() const = 0;
  // The public hash of the seat's copy of the state, rebuilt from the events; none for a game
  // whose seats keep no copy (they follow the server's views).
  virtual std::optional<std::uint64_t> MirrorHash() const = 0;
  // Where the view stands, for diagnosing a game that did not finish.
  virtual int to_move() const = 0;
  virtual int phase() const = 0;
  // A line of text per event of `batch` (watch).
  virtual void Describe(const v1::EventBatch& batch, std::vector<std::string>& lines) const = 0;
};

// The SeatGame of the game `snapshot` shows, seen from `seat` (-1: a spectator), or null for
// a game this client does not know.
std::unique_ptr<SeatGame> NewSeatGame(const v1::GameSnapshot& snapshot, int seat);

}  // namespace carc::client
