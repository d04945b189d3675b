#include "store/group_commit.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

namespace carc::server::store {

GroupCommitter::GroupCommitter(WriteBatch write, std::size_t max_batch)
    : write_(std::move(write)),
      max_batch_(std::max<std::size_t>(1, max_batch)),
      thread_([this] { Run(); }) {}

GroupCommitter::~GroupCommitter() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void GroupCommitter::Submit(PendingAppend append) {
  bool wake = false;
  {
    std::lock_guard lock(mu_);
    queue_.push_back(std::move(append));
    ++submitted_;
    wake = std::exchange(writer_idle_, false);
  }
  if (wake) wake_.notify_one();
}

void GroupCommitter::SubmitWrite(std::function<void()> write) {
  PendingAppend job;
  job.write = std::move(write);
  Submit(std::move(job));
}

void GroupCommitter::Flush() {
  std::unique_lock lock(mu_);
  const std::uint64_t target = submitted_;
  ++flushing_;
  written_.wait(lock, [&] { return finished_ >= target; });
  --flushing_;
}

StoreStats GroupCommitter::Stats() const {
  StoreStats s;
  s.batches = batches_.load();
  s.batched_appends = appends_.load();
  s.failed_appends = failed_.load();
  s.room_writes = writes_.load();
  std::lock_guard lock(mu_);
  s.queued_appends = queue_.size();
  return s;
}

void GroupCommitter::Run() {
  std::vector<PendingAppend> batch;
  for (;;) {
    {
      std::unique_lock lock(mu_);
      while (!stopping_ && queue_.empty()) {
        writer_idle_ = true;
        wake_.wait(lock);
      }
      writer_idle_ = false;
      if (queue_.empty()) return;  // stopping, and everything is written
      const std::size_t n = std::min(queue_.size(), max_batch_);
      batch.clear();
      // A write of another kind goes alone; appends go together up to the next one.
      if (queue_.front().write) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      } else {
        while (batch.size() < n && !queue_.front().write) {
          batch.push_back(std::move(queue_.front()));
          queue_.pop_front();
        }
      }
    }
    if (batch.front().write) {
      RunWrite(batch.front().write);
      batch.clear();
      Finished(1);
      continue;
    }
    std::vector<std::string> errors;
    try {
      errors = write_(batch);
    } catch (const StoreError& e) {
      errors.assign(batch.size(), e.what());
    } catch (const std::exception& e) {
      errors.assign(batch.size(), std::string("store write failed: ") + e.what());
    }
    errors.resize(batch.size());
    ++batches_;
    appends_ += batch.size();
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (!errors[i].empty()) ++failed_;
      if (batch[i].done) batch[i].done(std::move(errors[i]));
    }
    const std::size_t n = batch.size();
    batch.clear();  // the callbacks may hold their rooms alive: let go of them now
    Finished(n);
  }
}

void GroupCommitter::RunWrite(const std::function<void()>& write) {
  // The writes handed in report their own errors; anything else must not stop the writer.
  try {
    write();
  } catch (const std::exception& e) {
    ++failed_;
    spdlog::error("store: a write on the writer thread failed: {}", e.what());
  }
  ++writes_;
}

void GroupCommitter::Finished(std::size_t n) {
  bool flushing = false;
  {
    std::lock_guard lock(mu_);
    finished_ += n;
    flushing = flushing_ > 0;
  }
  if (flushing) written_.notify_all();
}

}  // namespace carc::server::store
