// A room's chat: what a message must pass before the room broadcasts it (its length in
// characters, and flood control per connection: a burst of 5, then one every 2 s), and the
// message that is broadcast.
//
// Contract: not thread-safe (the room's strand); time is handed in, so that it is tested
// without a clock or a socket. A refused message changes nothing but the sender's bucket
// (which a refusal for length does not touch). Memory: one bucket per connection that chatted,
// until Forget (the connection left) or Clear (the room closed).
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include "carc/v1/messages.pb.h"
#include "net/token_bucket.h"

namespace carc::server {

class ChatGate {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr double kBurst = 5;
  static constexpr double kPerSecond = 0.5;

  struct Verdict {
    // ERROR_CODE_UNSPECIFIED: accepted, `message` is what the room broadcasts; otherwise the
    // error for the sender (CHAT_TOO_LONG or RATE_LIMITED) and its text.
    v1::ErrorCode code = v1::ERROR_CODE_UNSPECIFIED;
    std::string error;
    v1::ServerMessage message;
  };

  // `text` from connection `sender`, who sits at `seat` (-1: a spectator) as `name`.
  Verdict Check(const std::string& sender, int seat, std::string_view name, std::string_view text,
                Clock::time_point now);
  void Forget(const std::string& sender) { buckets_.erase(sender); }
  void Clear() { buckets_.clear(); }
  std::size_t tracked() const { return buckets_.size(); }

 private:
  std::map<std::string, TokenBucket, std::less<>> buckets_;
};

}  // namespace carc::server
