#include "rooms/hint_desk.h"

#include <algorithm>
#include <utility>

#include "rooms/bot_job.h"

namespace carc::server {

HintDesk::Answer HintDesk::Ask(bool enabled, const GameSession* game, int seat,
                               std::uint64_t expected_seq, const Submit& submit) {
  if (seat < 0) return Refusal{v1::ERROR_CODE_NOT_A_PLAYER, "spectators get no hints"};
  if (!enabled) return Refusal{v1::ERROR_CODE_HINTS_OFF, "this room was created without hints"};
  if (game == nullptr) return Refusal{v1::ERROR_CODE_GAME_NOT_STARTED, "the game has not started"};
  if (expected_seq != game->seq()) {
    return Refusal{v1::ERROR_CODE_STALE_SEQ, "expected seq " + std::to_string(expected_seq) +
                                                 ", the game is at " + std::to_string(game->seq()) +
                                                 ": resync"};
  }
  if (game->IsOver() || game->ToMove() != seat) {
    return Refusal{v1::ERROR_CODE_HINT_UNAVAILABLE, "hints are for your own decision"};
  }
  if (last_ && hint_seq_ == game->seq()) return *last_;
  if (job_ && hint_seq_ == game->seq()) {
    return Refusal{v1::ERROR_CODE_HINT_UNAVAILABLE,
                   "the hint for this decision is being searched; it comes with the answer to "
                   "the first request"};
  }
  if (job_) job_->store(true);  // for a decision gone by
  bots::BotJob job = JobFor(*game, {bots::BotKind::kMcts, search_time_});
  auto cancel = job.cancel;
  if (!submit(std::move(job))) {
    job_.reset();
    return Refusal{v1::ERROR_CODE_HINT_UNAVAILABLE,
                   "the computer players are all busy; ask again in a moment"};
  }
  job_ = std::move(cancel);
  hint_seq_ = game->seq();
  last_.reset();
  return Searching{};
}

std::variant<HintDesk::Refusal, v1::Hint> HintDesk::Ready(std::uint64_t seq,
                                                          std::optional<bots::Choice> choice,
                                                          const GameSession& game) {
  if (hint_seq_ == seq) job_.reset();
  if (!choice || game.IsOver() || game.seq() != seq) {
    return Refusal{v1::ERROR_CODE_HINT_UNAVAILABLE, "the game moved on before the hint was found"};
  }
  v1::Hint hint;
  *hint.mutable_command() = game.WireCommand(choice->move);
  hint.set_iterations(choice->iterations);
  const auto chosen =
      std::find_if(choice->stats.begin(), choice->stats.end(),
                   [&](const engine::MoveStats& st) { return st.move == choice->move; });
  if (chosen != choice->stats.end()) hint.set_expected_lead(chosen->MeanLead());
  last_ = hint;
  hint_seq_ = seq;
  return hint;
}

}  // namespace carc::server
