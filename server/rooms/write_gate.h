// What a room does while one of its commands is being written (the store's AppendAsync, with
// group commit): it holds back everything that reaches it, in order, and runs it once the write
// is done, so that nothing is decided or broadcast on a state the store has not acknowledged.
// Clients' messages are held up to a bound (--room-queue): past it they are refused
// (ERROR_CODE_RATE_LIMITED, counted as carc_rejections_total{reason="room_busy"}) rather than
// queued, should the disk stall. The room's own work (its timers, joins) is always held.
//
// Contract: not thread-safe (the room's strand). Held work runs in the order it came; a piece
// of it that begins a write of its own holds back the rest again.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <utility>

namespace carc::server {

class WriteGate {
 public:
  explicit WriteGate(std::size_t max_held_messages) : max_held_(max_held_messages) {}

  bool writing() const { return writing_ > 0; }
  std::size_t held() const { return held_.size(); }
  // A client's message that came now would be refused: a write is in flight and the bound is
  // reached.
  bool full() const { return writing_ && held_.size() >= max_held_; }

  // Runs `fn` now, or after the write in flight.
  // A template: what runs at once is not wrapped (nor allocated) as a std::function.
  template <class Fn>
  void RunOrHold(Fn&& fn) {
    if (writing_) {
      held_.emplace_back(std::forward<Fn>(fn));
    } else {
      fn();
    }
  }
  // Writes (and other waits, like a rematch's new room) may overlap: the gate opens once each
  // one begun has ended.
  void BeginWrite() { ++writing_; }
  // The write is done (the room may still broadcast its result before RunHeld).
  void EndWrite() { --writing_; }
  // Runs what was held, in order, until one of them begins a write.
  void RunHeld() {
    while (writing_ == 0 && !held_.empty()) {
      auto fn = std::move(held_.front());
      held_.pop_front();
      fn();
    }
  }
  // Drops what was held (the room's connections are gone).
  void Clear() { held_.clear(); }

 private:
  std::size_t max_held_;
  int writing_ = 0;
  std::deque<std::function<void()>> held_;
};

}  // namespace carc::server
