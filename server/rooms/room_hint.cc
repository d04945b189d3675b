// Hints (RoomOptions.hints): the seat to move asks what the information-set tree search would
// play. The search runs on the computer players' pool like a computer player's move, from a
// copy whose hidden tiles it redraws for the asker's view first (bots/computer_player.h), so a
// hint can tell nothing the asker could not see. One search per room at a time bounds what a
// room can ask of the pool; the last answer is kept, so asking again for the same decision
// costs nothing.
#include <algorithm>

#include "net/message_handler.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"
#include "rooms/tokens.h"

namespace carc::server {

void Room::HandleHint(const std::shared_ptr<Session>& s, int seat, const v1::RequestHint& request,
                      std::uint32_t rid) {
  if (seat < 0) return Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "spectators get no hints");
  if (!options_.hints()) {
    return Error(s, rid, v1::ERROR_CODE_HINTS_OFF, "this room was created without hints");
  }
  if (!game_) return Error(s, rid, v1::ERROR_CODE_GAME_NOT_STARTED, "the game has not started");
  if (request.expected_seq() != game_->seq()) {
    return Error(s, rid, v1::ERROR_CODE_STALE_SEQ,
                 "expected seq " + std::to_string(request.expected_seq()) + ", the game is at " +
                     std::to_string(game_->seq()) + ": resync");
  }
  if (game_->IsOver() || game_->ToMove() != seat) {
    return Error(s, rid, v1::ERROR_CODE_HINT_UNAVAILABLE, "hints are for your own decision");
  }
  if (last_hint_ && hint_seq_ == game_->seq()) return SendHint(s, rid);
  if (hint_job_ && hint_seq_ == game_->seq()) {
    return Error(s, rid, v1::ERROR_CODE_HINT_UNAVAILABLE,
                 "the hint for this decision is being searched; it comes with the answer to the "
                 "first request");
  }
  if (hint_job_) hint_job_->store(true);  // for a decision gone by
  bots::BotPool* pool = registry_.bots();
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  const std::uint64_t seq = game_->seq();
  bots::BotJob job;
  job.state = game_->state().Clone();
  job.level = {bots::BotKind::kMcts,
               std::min(std::chrono::milliseconds(1000), config_.max_computer_ms)};
  job.seed = NewSeed();
  job.cancel = cancel;
  job.owner = registry_.OwnerOf(code_);
  job.done = [self = shared_from_this(), asker = std::weak_ptr<Session>(s), rid,
              seq](std::optional<bots::Choice> c) {
    self->Post([r = self.get(), asker, rid, seq, c = std::move(c)]() mutable {
      r->HintReady(asker, rid, seq, std::move(c));
    });
  };
  if (pool == nullptr || !pool->Submit(std::move(job))) {
    return Error(s, rid, v1::ERROR_CODE_HINT_UNAVAILABLE,
                 "the computer players are all busy; ask again in a moment");
  }
  hint_job_ = std::move(cancel);
  hint_seq_ = seq;
  last_hint_.reset();
}

void Room::HintReady(const std::weak_ptr<Session>& asker, std::uint32_t rid, std::uint64_t seq,
                     std::optional<bots::Choice> choice) {
  if (hint_seq_ == seq) hint_job_.reset();
  const std::shared_ptr<Session> s = asker.lock();
  if (!s || closed_ || !game_) return;
  if (!choice || game_->IsOver() || game_->seq() != seq) {
    return Error(s, rid, v1::ERROR_CODE_HINT_UNAVAILABLE,
                 "the game moved on before the hint was found");
  }
  v1::Hint hint;
  *hint.mutable_command() = game_->WireCommand(choice->move);
  hint.set_iterations(choice->iterations);
  const auto chosen =
      std::find_if(choice->stats.begin(), choice->stats.end(),
                   [&](const engine::MoveStats& st) { return st.move == choice->move; });
  if (chosen != choice->stats.end()) hint.set_expected_lead(chosen->MeanLead());
  last_hint_ = std::move(hint);
  hint_seq_ = seq;
  ++metrics_.hints_given;
  SendHint(s, rid);
}

void Room::SendHint(const std::shared_ptr<Session>& s, std::uint32_t rid) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  *m.mutable_hint() = *last_hint_;
  s->Send(Serialize(m));
}

}  // namespace carc::server
