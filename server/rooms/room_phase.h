// A room's phase, its one legal order, and the rooms-by-phase gauges of /metrics kept with it:
//
//   lobby ──(the start is stored)──> playing ──(the last command is stored)──> finished
//
// A room restored from its log enters the phase its log ends in, through the same steps.
// Whether a room still takes connections (closed at shutdown, disposed by the sweeper) is
// another matter, kept by the room.
//
// Contract: not thread-safe (the room's strand); the gauges are atomics shared by all rooms.
// A phase counts itself in its gauge from construction to destruction.
#pragma once

#include <atomic>
#include <cstdint>

namespace carc::server {

enum class RoomPhase { kLobby, kPlaying, kFinished };

struct PhaseGauges {
  std::atomic<std::int64_t>& lobby;
  std::atomic<std::int64_t>& playing;
  std::atomic<std::int64_t>& finished;
};

class RoomPhaseTracker {
 public:
  explicit RoomPhaseTracker(PhaseGauges gauges) : gauges_(gauges) { ++Gauge(phase_); }
  ~RoomPhaseTracker() { --Gauge(phase_); }
  RoomPhaseTracker(const RoomPhaseTracker&) = delete;
  RoomPhaseTracker& operator=(const RoomPhaseTracker&) = delete;

  RoomPhase phase() const { return phase_; }
  // The next phase in the order above; false, and nothing changes, for any other.
  bool Advance(RoomPhase to) {
    const bool next = (phase_ == RoomPhase::kLobby && to == RoomPhase::kPlaying) ||
                      (phase_ == RoomPhase::kPlaying && to == RoomPhase::kFinished);
    if (!next) return false;
    --Gauge(phase_);
    phase_ = to;
    ++Gauge(phase_);
    return true;
  }

 private:
  std::atomic<std::int64_t>& Gauge(RoomPhase p) {
    switch (p) {
      case RoomPhase::kLobby:
        return gauges_.lobby;
      case RoomPhase::kPlaying:
        return gauges_.playing;
      case RoomPhase::kFinished:
        break;
    }
    return gauges_.finished;
  }

  PhaseGauges gauges_;
  RoomPhase phase_ = RoomPhase::kLobby;
};

}  // namespace carc::server
