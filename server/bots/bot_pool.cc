#include "bots/bot_pool.h"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>

namespace carc::bots {

BotPool::BotPool(int threads, std::size_t max_queued, int worker_nice) : max_queued_(max_queued) {
  for (int i = 0; i < threads; ++i)
    workers_.emplace_back([this, worker_nice] { Work(worker_nice); });
}

BotPool::~BotPool() {
  Stop();
}

bool BotPool::Submit(BotJob job) {
  {
    const std::lock_guard lock(mu_);
    if (stopping_ || workers_.empty() || queue_.size() >= max_queued_) {
      ++metrics_.refused;
      return false;
    }
    if (job.urgent) {
      queue_.push_front(std::move(job));
    } else {
      queue_.push_back(std::move(job));
    }
    ++metrics_.queued;
  }
  wake_.notify_one();
  return true;
}

void BotPool::Stop() {
  std::deque<BotJob> dropped;
  {
    const std::lock_guard lock(mu_);
    if (stopping_) return;
    stopping_ = true;
    dropped.swap(queue_);
    metrics_.queued -= static_cast<std::int64_t>(dropped.size());
  }
  wake_.notify_all();
  for (BotJob& job : dropped) {
    ++metrics_.cancelled;
    job.done(std::nullopt);
  }
  for (std::thread& t : workers_) t.join();
}

void BotPool::Work(int nice) {
  // Linux gives each thread its own nice value (setpriority on the thread's id): the searches
  // yield the CPU to the I/O threads and the rooms' strands.
  if (nice != 0) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), nice);
  for (;;) {
    BotJob job;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping
      job = std::move(queue_.front());
      queue_.pop_front();
      --metrics_.queued;
    }
    const auto cancelled = [this, &job] {
      return stopping_.load() || (job.cancel && job.cancel->load());
    };
    if (cancelled()) {
      ++metrics_.cancelled;
      job.done(std::nullopt);
      continue;
    }
    ++metrics_.running;
    const auto start = std::chrono::steady_clock::now();
    ComputerPlayer player(job.level, job.seed);
    Choice choice = player.Choose(*job.state, cancelled);
    const auto took = std::chrono::steady_clock::now() - start;
    metrics_.think_us += static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(took).count());
    --metrics_.running;
    if (cancelled()) {
      ++metrics_.cancelled;
      job.done(std::nullopt);
      continue;
    }
    ++metrics_.moves;
    job.done(std::move(choice));
  }
}

}  // namespace carc::bots
