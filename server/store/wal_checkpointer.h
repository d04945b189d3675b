// Checkpoints a SQLite database in WAL mode on a thread and a connection of its own, so that a
// commit never waits for a checkpoint.
//
// Why: with synchronous=NORMAL a checkpoint is where SQLite syncs, the log and then the
// database; on ext4 each sync took 25-35 ms here. SQLite's automatic checkpoint runs inside
// the commit that fills the log, so every command of that batch, and every command queued
// behind it, waited: at 5,000 commands/s the p99 from command to broadcast was about 20 ms on
// disk against 1.6 ms on tmpfs. A passive checkpoint beside the writer copies the log while the
// writer goes on appending (WAL lets one writer and a checkpointer run together).
#pragma once

#include <sqlite3.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace carc::server::store {

class WalCheckpointer {
 public:
  // Opens its own connection to `path` (already in WAL mode) and takes over `writer`'s WAL
  // hook: once a commit leaves `pages` pages or more in the log, the thread checkpoints.
  // SQLite's automatic checkpoint is off from then on. Throws StoreError if it cannot open.
  WalCheckpointer(sqlite3* writer, const std::string& path, int pages);
  // Stops the thread and closes its connection; `writer` must still be open.
  ~WalCheckpointer();
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

  // Checkpoints run so far, and how many of them could not copy the whole log.
  std::uint64_t checkpoints() const { return checkpoints_.load(); }
  std::uint64_t partial() const { return partial_.load(); }

 private:
  static int OnCommit(void* self, sqlite3* db, const char* name, int pages);
  void Run();

  sqlite3* writer_;
  sqlite3* db_ = nullptr;
  const int pages_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool due_ = false;
  bool stop_ = false;
  std::atomic<std::uint64_t> checkpoints_{0};
  std::atomic<std::uint64_t> partial_{0};
  std::thread thread_;
};

}  // namespace carc::server::store
