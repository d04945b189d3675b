#include "rooms/chat_gate.h"

#include "carc/codec/text_limits.h"
#include "rooms/text_refusal.h"

namespace carc::server {

ChatGate::Verdict ChatGate::Check(const std::string& sender, int seat, std::string_view name,
                                  std::string_view text, Clock::time_point now) {
  Verdict v;
  if (TextRefusal r =
          RefuseText(text, codec::kMaxChatChars, "chat messages", v1::ERROR_CODE_CHAT_TOO_LONG);
      r.code != v1::ERROR_CODE_UNSPECIFIED) {
    v.code = r.code;
    v.error = std::move(r.message);
    return v;
  }
  TokenBucket& bucket = buckets_.try_emplace(sender, kBurst, kPerSecond, now).first->second;
  if (!bucket.Take(now)) {
    v.code = v1::ERROR_CODE_RATE_LIMITED;
    v.error = "too many chat messages";
    return v;
  }
  v1::ChatMessage* chat = v.message.mutable_chat();
  chat->set_seat(seat);
  chat->set_name(std::string(name));
  chat->set_text(std::string(text));
  return v;
}

}  // namespace carc::server
