#include "bots/bot_pool.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

namespace carc::bots {

BotPool::BotPool(int threads, std::size_t max_queued, std::size_t per_owner, int worker_nice)
    : max_queued_(max_queued), per_owner_(per_owner) {
  for (int i = 0; i < threads; ++i) {
    running_.push_back(std::make_unique<Running>());
    running_.back()->deadline = Clock::time_point::max();
  }
  for (int i = 0; i < threads; ++i) {
    workers_.emplace_back(
        [this, worker_nice, i] { Work(worker_nice, static_cast<std::size_t>(i)); });
  }
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
    if (per_owner_ > 0 && !job.owner.empty() && per_owner_jobs_[job.owner] >= per_owner_) {
      ++metrics_.refused_owner;
      return false;
    }
    if (!job.owner.empty()) ++per_owner_jobs_[job.owner];
    const auto now = Clock::now();
    const auto deadline =
        job.urgent || job.level.kind != BotKind::kMcts ? now : now + job.level.budget;
    queue_.push_back({std::move(job), deadline, ++submitted_});
    ++metrics_.queued;
    // Every worker busy and this one due before the latest of them: that one yields.
    Running* latest = nullptr;
    for (const auto& r : running_) {
      if (r->deadline == Clock::time_point::max()) {
        latest = nullptr;  // an idle worker takes it
        break;
      }
      if (latest == nullptr || r->deadline > latest->deadline) latest = r.get();
    }
    if (latest != nullptr && deadline < latest->deadline) latest->yield = true;
  }
  wake_.notify_one();
  return true;
}

void BotPool::Stop() {
  std::vector<Waiting> dropped;
  {
    const std::lock_guard lock(mu_);
    if (stopping_) return;
    stopping_ = true;
    dropped.swap(queue_);
    metrics_.queued -= static_cast<std::int64_t>(dropped.size());
  }
  wake_.notify_all();
  for (Waiting& w : dropped) {
    ++metrics_.cancelled;
    w.job.done(std::nullopt);
  }
  for (std::thread& t : workers_) t.join();
}

std::vector<BotPool::Waiting>::iterator BotPool::Earliest() {
  return std::min_element(queue_.begin(), queue_.end(), [](const Waiting& a, const Waiting& b) {
    return a.deadline != b.deadline ? a.deadline < b.deadline : a.order < b.order;
  });
}

void BotPool::Release(const std::string& owner) {
  if (owner.empty()) return;
  const auto it = per_owner_jobs_.find(owner);
  if (it != per_owner_jobs_.end() && --it->second == 0) per_owner_jobs_.erase(it);
}

void BotPool::Work(int nice, std::size_t index) {
  // Linux gives each thread its own nice value (setpriority on the thread's id): the searches
  // yield the CPU to the I/O threads and the rooms' strands.
  if (nice != 0) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), nice);
  Running& me = *running_[index];
  for (;;) {
    Waiting w;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping
      const auto it = Earliest();
      w = std::move(*it);
      queue_.erase(it);
      --metrics_.queued;
      me.deadline = w.deadline;
      me.yield = false;
    }
    BotJob& job = w.job;
    const auto cancelled = [this, &job] {
      return stopping_.load() || (job.cancel && job.cancel->load());
    };
    const auto finish = [&](std::optional<Choice> choice) {
      {
        const std::lock_guard lock(mu_);
        me.deadline = Clock::time_point::max();
        Release(job.owner);
      }
      job.done(std::move(choice));
    };
    if (cancelled()) {
      ++metrics_.cancelled;
      finish(std::nullopt);
      continue;
    }
    ++metrics_.running;
    const auto start = Clock::now();
    // The search has what is left of the budget: its wait is part of it.
    BotLevel level = job.level;
    if (level.kind == BotKind::kMcts) {
      level.budget =
          std::max(std::chrono::milliseconds(0),
                   std::chrono::duration_cast<std::chrono::milliseconds>(w.deadline - start));
    }
    ComputerPlayer player(level, job.seed);
    Choice choice = player.Choose(*job.state, [&] { return cancelled() || me.yield.load(); });
    const auto end = Clock::now();
    metrics_.think_us += static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(end - start).count());
    --metrics_.running;
    if (cancelled()) {
      ++metrics_.cancelled;
      finish(std::nullopt);
      continue;
    }
    // Yielded with time left: back in the queue, behind the job that is due first.
    if (me.yield.load() && w.deadline - end > std::chrono::milliseconds(5)) {
      ++metrics_.yielded;
      const std::lock_guard lock(mu_);
      me.deadline = Clock::time_point::max();
      me.yield = false;
      queue_.push_back(std::move(w));
      ++metrics_.queued;
      continue;
    }
    if (end > w.deadline + std::chrono::milliseconds(50)) ++metrics_.late;
    ++metrics_.moves;
    finish(std::move(choice));
  }
}

}  // namespace carc::bots
