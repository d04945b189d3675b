// A bot seat's part in The Castle: random commands from the legal moves the server sends,
// scoring orders (K-9) and the wall tile 1 decision (K-10) included. It keeps no copy of the
// state (the web client does): only the phase, whose move it is and the scores.
#pragma once

#include "client/seat_game.h"

namespace carc::client {

class CastleSeatGame final : public SeatGame {
 public:
  explicit CastleSeatGame(int seat) : seat_(seat) {}

  void TakeSnapshot(const v1::GameSnapshot& snapshot) override;
  void ApplyBatch(const v1::EventBatch& batch) override;
  bool asked() const override { return moves_.has_value(); }
  std::string Decide(std::mt19937_64& rng, v1::GameCommand& out,
                     DecisionCounts& decisions) override;
  bool over() const override { return over_; }
  std::vector<int> scores() const override { return scores_; }
  std::optional<std::uint64_t> MirrorHash() const override { return std::nullopt; }
  int to_move() const override { return to_move_; }
  int phase() const override { return phase_; }
  void Describe(const v1::EventBatch& batch, std::vector<std::string>& lines) const override;

 private:
  int seat_;
  bool over_ = false;
  int to_move_ = -1;
  int phase_ = 0;
  std::vector<int> scores_;
  std::optional<v1::CastleLegalMoves> moves_;  // asked, not answered yet
};

}  // namespace carc::client
