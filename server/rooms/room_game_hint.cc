// Hints (RoomOptions.hints): the game's side of its hint desk (rooms/hint_desk.h). The desk
// decides; the game sends its answers and routes a search's answer back to its asker.
#include <variant>

#include "net/message_handler.h"
#include "rooms/room_game.h"

namespace carc::server {

void RoomGame::Hint(const std::shared_ptr<Session>& s, int seat, const v1::RequestHint& request,
                    std::uint32_t rid) {
  const auto submit = [&](bots::BotJob job) {
    bots::BotPool* pool = host_.bots();
    if (pool == nullptr) return false;
    job.owner = host_.JobOwner();
    job.done = [this, keep = host_.KeepAlive(), asker = std::weak_ptr<Session>(s), rid,
                seq = game_->seq()](std::optional<bots::Choice> c) {
      host_.Post([this, asker, rid, seq, c = std::move(c)]() mutable {
        HintReady(asker, rid, seq, std::move(c));
      });
    };
    return pool->Submit(std::move(job));
  };
  HintDesk::Answer answer =
      hints_.Ask(options_.hints(), game_.get(), seat, request.expected_seq(), submit);
  if (auto* refusal = std::get_if<HintDesk::Refusal>(&answer)) {
    return host_.Error(s, rid, refusal->code, std::move(refusal->text));
  }
  if (auto* hint = std::get_if<v1::Hint>(&answer)) return SendHint(s, rid, std::move(*hint));
}

void RoomGame::HintReady(const std::weak_ptr<Session>& asker, std::uint32_t rid, std::uint64_t seq,
                         std::optional<bots::Choice> choice) {
  const std::shared_ptr<Session> s = asker.lock();
  if (!game_) return;
  auto answer = hints_.Ready(seq, std::move(choice), *game_);
  if (!s || closed_) return;
  if (auto* refusal = std::get_if<HintDesk::Refusal>(&answer)) {
    return host_.Error(s, rid, refusal->code, std::move(refusal->text));
  }
  ++metrics_.hints_given;
  SendHint(s, rid, std::get<v1::Hint>(std::move(answer)));
}

void RoomGame::SendHint(const std::shared_ptr<Session>& s, std::uint32_t rid, v1::Hint hint) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  *m.mutable_hint() = std::move(hint);
  s->Send(Serialize(m));
}

}  // namespace carc::server
