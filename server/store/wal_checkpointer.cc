#include "store/wal_checkpointer.h"

#include "store/event_store.h"

namespace carc::server::store {

WalCheckpointer::WalCheckpointer(sqlite3* writer, const std::string& path, int pages)
    : writer_(writer), pages_(pages) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw StoreError("cannot open a second connection for checkpoints: " + why);
  }
  // A fresh connection has not read the database yet and would take it for one without a
  // log: its checkpoints would do nothing. Reading the journal mode opens the log.
  sqlite3_stmt* mode = nullptr;
  bool wal = false;
  if (sqlite3_prepare_v2(db_, "PRAGMA journal_mode", -1, &mode, nullptr) == SQLITE_OK &&
      sqlite3_step(mode) == SQLITE_ROW) {
    const unsigned char* text = sqlite3_column_text(mode, 0);
    wal = text != nullptr && std::string(reinterpret_cast<const char*>(text)) == "wal";
  }
  sqlite3_finalize(mode);
  if (!wal) {
    sqlite3_close(db_);
    throw StoreError("the database is not in WAL mode: cannot checkpoint beside the writer");
  }
  // A checkpoint that meets the writer's lock gives up at once and is tried again after the
  // next commit: it never makes the writer wait, nor waits itself.
  thread_ = std::thread([this] { Run(); });
  sqlite3_wal_hook(writer_, &WalCheckpointer::OnCommit, this);
}

WalCheckpointer::~WalCheckpointer() {
  sqlite3_wal_hook(writer_, nullptr, nullptr);
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
  sqlite3_close(db_);
}

int WalCheckpointer::OnCommit(void* self, sqlite3*, const char*, int pages) {
  auto* c = static_cast<WalCheckpointer*>(self);
  if (pages >= c->pages_) {
    {
      std::lock_guard lock(c->mu_);
      c->due_ = true;
    }
    c->wake_.notify_one();
  }
  return SQLITE_OK;
}

void WalCheckpointer::Run() {
  std::unique_lock lock(mu_);
  while (true) {
    wake_.wait(lock, [this] { return due_ || stop_; });
    if (stop_) return;
    due_ = false;
    lock.unlock();
    int log = 0;
    int copied = 0;
    const int rc =
        sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log, &copied);
    ++checkpoints_;
    if (rc != SQLITE_OK || copied < log) ++partial_;
    lock.lock();
  }
}

}  // namespace carc::server::store
