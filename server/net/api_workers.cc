#include "net/api_workers.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

#include "net/connection_limiter.h"

namespace carc::server {

ApiWorkers::ApiWorkers(int threads, std::size_t max_queued, std::size_t per_address)
    : max_queued_(max_queued), per_address_(per_address) {
  for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { Work(); });
}

ApiWorkers::~ApiWorkers() {
  Stop();
}

bool ApiWorkers::TakeNewestOfLargest(std::size_t than, Job& out) {
  auto largest = waiting_.end();
  for (auto it = waiting_.begin(); it != waiting_.end(); ++it) {
    if (largest == waiting_.end() || it->second.size() > largest->second.size()) largest = it;
  }
  if (largest == waiting_.end() || largest->second.size() <= than + 1) return false;
  out = std::move(largest->second.back());
  largest->second.pop_back();
  // It still has jobs waiting (more than one was there), so it keeps its turn.
  --queued_;
  --metrics_.queued;
  const auto held = per_key_.find(out.key);
  if (held != per_key_.end() && --held->second == 0) per_key_.erase(held);
  return true;
}

ApiWorkers::Admission ApiWorkers::Submit(const std::string& address, std::function<void()> job,
                                         std::function<void(Dropped)> dropped) {
  std::string key = AddressKey(address);
  Job displaced;
  bool displacing = false;
  {
    const std::lock_guard lock(mu_);
    if (stopping_ || workers_.empty()) {
      ++metrics_.refused_busy;
      return Admission::kBusy;
    }
    const auto held = per_key_.find(key);
    const std::size_t mine = held == per_key_.end() ? 0 : held->second;
    if (per_address_ > 0 && mine >= per_address_) {
      ++metrics_.refused_address;
      return Admission::kAddressShare;
    }
    if (queued_ >= max_queued_) {
      const auto own = waiting_.find(key);
      const std::size_t own_waiting = own == waiting_.end() ? 0 : own->second.size();
      if (!TakeNewestOfLargest(own_waiting, displaced)) {
        ++metrics_.refused_busy;
        return Admission::kBusy;
      }
      displacing = true;
      ++metrics_.displaced;
    }
    ++per_key_[key];
    std::deque<Job>& queue = waiting_[key];
    if (queue.empty()) turns_.push_back(key);
    queue.push_back({std::move(key), std::move(job), std::move(dropped)});
    ++queued_;
    ++metrics_.queued;
  }
  wake_.notify_one();
  // Answered outside the lock: the callback may post or reply.
  if (displacing && displaced.dropped) displaced.dropped(Dropped::kDisplaced);
  return Admission::kAccepted;
}

void ApiWorkers::Stop() {
  std::vector<Job> left;
  {
    const std::lock_guard lock(mu_);
    if (stopping_) return;
    stopping_ = true;
    for (const std::string& key : turns_) {
      for (Job& job : waiting_[key]) left.push_back(std::move(job));
    }
    waiting_.clear();
    turns_.clear();
    metrics_.queued -= static_cast<std::int64_t>(queued_);
    queued_ = 0;
  }
  wake_.notify_all();
  for (Job& job : left) {
    if (job.dropped) job.dropped(Dropped::kStopping);
  }
  for (std::thread& t : workers_) t.join();
}

void ApiWorkers::Work() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || queued_ > 0; });
      if (queued_ == 0) return;
      // The address whose turn it is gives its oldest job, then goes to the back of the line
      // if it has more.
      const std::string key = std::move(turns_.front());
      turns_.pop_front();
      const auto it = waiting_.find(key);
      job = std::move(it->second.front());
      it->second.pop_front();
      if (it->second.empty()) {
        waiting_.erase(it);
      } else {
        turns_.push_back(key);
      }
      --queued_;
      --metrics_.queued;
    }
    ++metrics_.running;
    const auto start = std::chrono::steady_clock::now();
    try {
      job.run();
    } catch (const std::exception& e) {
      // The job answers its request itself; a throw is a bug that must not end the thread.
      spdlog::error("api worker: a job failed: {}", e.what());
    }
    metrics_.busy_us +=
        static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                       std::chrono::steady_clock::now() - start)
                                       .count());
    --metrics_.running;
    ++metrics_.done;
    {
      const std::lock_guard lock(mu_);
      const auto it = per_key_.find(job.key);
      if (it != per_key_.end() && --it->second == 0) per_key_.erase(it);
    }
  }
}

}  // namespace carc::server
