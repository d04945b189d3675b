// Hints (RoomOptions.hints): the seat to move asks what the information-set tree search would
// play. The search runs on the computer players' pool like a computer player's move, from a
// copy whose hidden tiles it redraws for the asker's view first (bots/computer_player.h), so a
// hint can tell nothing the asker could not see. One search per room at a time bounds what a
// room can ask of the pool; the last answer is kept, so asking again for the same decision
// costs nothing.
#include <algorithm>
#include <boost/asio/post.hpp>

#include "net/message_handler.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"
#include "rooms/tokens.h"

namespace carc::server {

namespace net = boost::asio;

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
  if (!last_hint_.empty() && hint_seq_ == game_->seq()) {
    v1::ServerMessage again;
    again.ParseFromString(last_hint_);
    again.set_request_id(rid);
    return s->Send(Serialize(again));
  }
  if (hint_job_ && hint_seq_ == game_->seq()) {
    return Error(s, rid, v1::ERROR_CODE_HINT_UNAVAILABLE,
                 "the hint for this decision is being searched; it comes with the answer to the "
                 "first request");
  }
  if (hint_job_) hint_job_->store(true);  // for a decision gone by
  bots::BotPool* pool = registry_.bots();
  const auto ms = std::min<long long>(1000, config_.max_computer_ms.count());
  const auto level = bots::ParseBotLevel("mcts@" + std::to_string(ms));
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  const std::uint64_t seq = game_->seq();
  bots::BotJob job;
  job.state = game_->state().Clone();
  job.level = level.value_or(bots::BotLevel{});
  job.seed = NewSeed();
  job.cancel = cancel;
  job.done = [self = shared_from_this(), asker = std::weak_ptr<Session>(s), rid,
              seq](std::optional<bots::Choice> c) {
    net::post(self->strand_, [self, asker, rid, seq, c = std::move(c)]() mutable {
      self->RunWhenIdle([r = self.get(), asker, rid, seq, c = std::move(c)]() mutable {
        r->HintReady(asker, rid, seq, std::move(c));
      });
    });
  };
  if (pool == nullptr || !level || !pool->Submit(std::move(job))) {
    return Error(s, rid, v1::ERROR_CODE_HINT_UNAVAILABLE,
                 "the computer players are all busy; ask again in a moment");
  }
  hint_job_ = std::move(cancel);
  hint_seq_ = seq;
  last_hint_.clear();
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
  v1::ServerMessage m;
  v1::Hint* hint = m.mutable_hint();
  *hint->mutable_command() = game_->WireCommand(choice->move);
  hint->set_iterations(choice->iterations);
  const auto chosen =
      std::find_if(choice->stats.begin(), choice->stats.end(),
                   [&](const engine::MoveStats& st) { return st.move == choice->move; });
  if (chosen != choice->stats.end()) hint->set_expected_lead(chosen->MeanLead());
  last_hint_ = m.SerializeAsString();
  hint_seq_ = seq;
  ++metrics_.hints_given;
  m.set_request_id(rid);
  s->Send(Serialize(m));
}

}  // namespace carc::server
