// Group commit: appends handed in by many rooms are written by one writer thread, everything
// that queued up while the previous batch was being written in one go (one transaction, so
// with full durability one fsync covers the whole batch instead of one fsync per command).
//
// Contract:
// - Submit never blocks on the disk; `done` runs on the writer thread once the append's batch
//   is written ("" ) or failed (why). A failed batch fails every append in it, and nothing of
//   it is in the store. `done` must not block and must not throw (a room posts to its strand).
// - Appends are written in the order they were submitted; a write handed in by SubmitWrite runs
//   alone, after the appends before it and before those after it.
// - Flush waits until every append submitted before it has been written and its `done` run.
// - The destructor writes whatever is still queued, then stops the thread.
// - The queue is not bounded here: each room has at most one append in flight (it waits for
//   the answer before the next), so the rooms' own limit (--max-rooms) bounds it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store/event_store.h"

namespace carc::server::store {

struct PendingAppend {
  RoomId room = 0;
  std::uint32_t index = 0;
  std::string entry;
  AppendDone done;
  // Set instead of the above: a write of another kind (EventStore::OnWriter), run on its own
  // between batches, in its place in the order.
  std::function<void()> write;
};

class GroupCommitter {
 public:
  // Writes one batch and returns, per append, "" or why it failed; throwing StoreError fails
  // the whole batch. Called on the writer thread only.
  using WriteBatch = std::function<std::vector<std::string>(const std::vector<PendingAppend>&)>;

  // `max_batch` bounds one transaction (memory and the time a reader waits for it).
  GroupCommitter(WriteBatch write, std::size_t max_batch);
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  void Submit(PendingAppend append);
  // Runs `write` on the writer thread after everything submitted before it.
  void SubmitWrite(std::function<void()> write);
  void Flush();
  StoreStats Stats() const;

 private:
  void Run();
  void RunWrite(const std::function<void()>& write);
  void Finished(std::size_t n);  // n appends or writes are done: wakes Flush

  const WriteBatch write_;
  const std::size_t max_batch_;
  mutable std::mutex mu_;
  std::condition_variable wake_;     // the writer: work or stop
  std::condition_variable written_;  // Flush: a batch is done
  std::deque<PendingAppend> queue_;
  std::uint64_t submitted_ = 0;  // under mu_
  std::uint64_t finished_ = 0;   // under mu_: written or failed, `done` run
  bool stopping_ = false;
  // Under mu_: the writer waits for work, and Flush callers wait for a batch. A submit while
  // the writer is busy, and a batch nobody flushes for, wake nobody: a futex call saved each.
  bool writer_idle_ = false;
  int flushing_ = 0;
  std::atomic<std::uint64_t> batches_{0};
  std::atomic<std::uint64_t> appends_{0};
  std::atomic<std::uint64_t> failed_{0};
  std::atomic<std::uint64_t> writes_{0};  // SubmitWrite's, run
  std::thread thread_;                    // last: starts once everything above exists
};

}  // namespace carc::server::store
