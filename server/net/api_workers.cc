#include "net/api_workers.h"

#include <spdlog/spdlog.h>

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

ApiWorkers::Admission ApiWorkers::Submit(const std::string& address, std::function<void()> job,
                                         std::function<void()> dropped) {
  std::string key = AddressKey(address);
  {
    const std::lock_guard lock(mu_);
    if (stopping_ || workers_.empty() || queue_.size() >= max_queued_) {
      ++metrics_.refused_busy;
      return Admission::kBusy;
    }
    std::size_t& mine = per_key_[key];
    if (per_address_ > 0 && mine >= per_address_) {
      ++metrics_.refused_address;
      return Admission::kAddressShare;
    }
    ++mine;
    queue_.push_back({std::move(key), std::move(job), std::move(dropped)});
    ++metrics_.queued;
  }
  wake_.notify_one();
  return Admission::kAccepted;
}

void ApiWorkers::Stop() {
  std::deque<Job> left;
  {
    const std::lock_guard lock(mu_);
    if (stopping_) return;
    stopping_ = true;
    left.swap(queue_);
    metrics_.queued -= static_cast<std::int64_t>(left.size());
  }
  wake_.notify_all();
  for (Job& job : left) {
    if (job.dropped) job.dropped();
  }
  for (std::thread& t : workers_) t.join();
}

void ApiWorkers::Work() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      job = std::move(queue_.front());
      queue_.pop_front();
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
