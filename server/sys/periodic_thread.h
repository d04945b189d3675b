// A thread of its own that does one thing every period until it is stopped: the moderation
// watch's polls (and the shape of the cluster's ticks and the digest sweep's).
//
// Contract: Start once; `tick` runs on the thread, first at once if `tick_first`, then each
// `period` after the last one ended. Stop (also the destructor) wakes the thread out of its
// wait, lets a running tick end and joins; it may be called more than once, and before Start.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace carc::server {

class PeriodicThread {
 public:
  PeriodicThread() = default;
  ~PeriodicThread() { Stop(); }
  PeriodicThread(const PeriodicThread&) = delete;
  PeriodicThread& operator=(const PeriodicThread&) = delete;

  void Start(std::chrono::milliseconds period, std::function<void()> tick, bool tick_first) {
    thread_ = std::thread([this, period, tick = std::move(tick), tick_first] {
      std::unique_lock lock(mu_);
      if (tick_first && !stopping_) {
        lock.unlock();
        tick();
        lock.lock();
      }
      while (!stopping_) {
        wake_.wait_for(lock, period, [this] { return stopping_; });
        if (stopping_) break;
        lock.unlock();
        tick();
        lock.lock();
      }
    });
  }

  void Stop() {
    {
      std::lock_guard lock(mu_);
      stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace carc::server
