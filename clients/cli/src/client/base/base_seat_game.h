// A bot seat's part in the base game (with or without the Count): keeps a copy of the public
// state from the events and checks it against the server's public hash; answers tile, follower
// and the Count's decisions (C-2, C-4, C-5) at random among the legal moves.
#pragma once

#include "client/seat_game.h"

namespace carc::client {

class BaseSeatGame final : public SeatGame {
 public:
  explicit BaseSeatGame(int seat) : seat_(seat) {}

  void TakeSnapshot(const v1::GameSnapshot& snapshot) override;
  void ApplyBatch(const v1::EventBatch& batch) override;
  bool asked() const override { return moves_.has_value(); }
  std::string Decide(std::mt19937_64& rng, v1::GameCommand& out,
                     DecisionCounts& decisions) override;
  bool over() const override { return mirror_.phase() == v1::BASE_PHASE_GAME_OVER; }
  std::vector<int> scores() const override;
  std::optional<std::uint64_t> MirrorHash() const override;
  int to_move() const override { return mirror_.to_move(); }
  int phase() const override { return static_cast<int>(mirror_.phase()); }
  void Describe(const v1::EventBatch& batch, std::vector<std::string>& lines) const override;

 private:
  void DecideCount(const v1::BaseLegalMoves& moves, std::mt19937_64& rng, v1::BaseCommand& out);

  int seat_;
  int turn_seat_ = -1;  // whose turn it is, from the last TurnStarted
  v1::BaseView mirror_;
  std::optional<v1::BaseLegalMoves> moves_;  // asked, not answered yet
};

// One line of text for an event.
std::string DescribeEvent(const v1::BaseEvent& event);

}  // namespace carc::client
