// A prepared SQLite statement and the helpers every SQLite part of the store shares.
//
// Contract: a Statement belongs to one connection and is used by one thread at a time (its
// owner's mutex); every failure throws StoreError with SQLite's words.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "store/event_store.h"

namespace carc::server::store {

// A prepared statement, reset after each use.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr) != SQLITE_OK) {
      throw StoreError(std::string("cannot prepare statement: ") + sqlite3_errmsg(db));
    }
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& Bind(int i, std::int64_t v) {
    Check(sqlite3_bind_int64(stmt_, i, v));
    return *this;
  }
  Statement& Bind(int i, std::string_view text) {
    Check(
        sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT));
    return *this;
  }
  Statement& BindReal(int i, double v) {
    Check(sqlite3_bind_double(stmt_, i, v));
    return *this;
  }
  Statement& BindNull(int i) {
    Check(sqlite3_bind_null(stmt_, i));
    return *this;
  }
  Statement& BindBlob(int i, std::string_view bytes) {
    Check(sqlite3_bind_blob(stmt_, i, bytes.data(), static_cast<int>(bytes.size()),
                            SQLITE_TRANSIENT));
    return *this;
  }
  // True while a row is available.
  bool Step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw StoreError(sqlite3_errmsg(db_));
  }
  void Run() {
    try {
      Step();
    } catch (...) {
      Reset();
      throw;
    }
    Reset();
  }
  void Reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  std::int64_t Int(int col) const { return sqlite3_column_int64(stmt_, col); }
  double Real(int col) const { return sqlite3_column_double(stmt_, col); }
  std::string Text(int col) const {
    const auto* p = sqlite3_column_blob(stmt_, col);
    const int n = sqlite3_column_bytes(stmt_, col);
    return p == nullptr ? std::string()
                        : std::string(static_cast<const char*>(p), static_cast<std::size_t>(n));
  }

 private:
  void Check(int rc) {
    if (rc != SQLITE_OK) throw StoreError(sqlite3_errmsg(db_));
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// Resets a statement however the block ends.
struct ResetOnExit {
  Statement& s;
  ~ResetOnExit() { s.Reset(); }
};

// A connection of a part's own and the statements prepared on it: Close finalizes them before
// it closes the connection, as SQLite asks.
class PreparedConnection {
 public:
  sqlite3* db = nullptr;
  // Opens `path` with `flags` (SQLITE_OPEN_...); throws "cannot open PATH for PURPOSE: why".
  void Open(const std::string& path, int flags, const std::string& purpose) {
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
      const std::string why = db ? sqlite3_errmsg(db) : "out of memory";
      sqlite3_close(db);
      db = nullptr;
      throw StoreError("cannot open " + path + " for " + purpose + ": " + why);
    }
  }
  Statement* Make(const std::string& sql) {
    statements_.push_back(std::make_unique<Statement>(db, sql.c_str()));
    return statements_.back().get();
  }
  void Close() {
    statements_.clear();
    sqlite3_close(db);
    db = nullptr;
  }

 private:
  std::vector<std::unique_ptr<Statement>> statements_;
};

// Runs SQL text without parameters (schema, pragmas, BEGIN and COMMIT).
inline void ExecSql(sqlite3* db, const std::string& sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string why = error ? error : sqlite3_errmsg(db);
    sqlite3_free(error);
    throw StoreError(why);
  }
}

// Runs `body` in a BEGIN IMMEDIATE transaction: its checks and its writes see one state, and a
// throw rolls them all back.
template <class Body>
auto InSqliteTransaction(sqlite3* db, Body body) {
  ExecSql(db, "BEGIN IMMEDIATE");
  try {
    auto result = body();
    ExecSql(db, "COMMIT");
    return result;
  } catch (...) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

// The settings of a connection that writes players' data (accounts, push subscriptions): waits
// for the store's writer rather than fail, keeps the foreign keys that erase an account's rows
// with it, and overwrites what it deletes (a deleted account's rows) rather than leave it in
// free pages. `full_sync`: Durability::kFull.
inline void UsePlayerDataPragmas(sqlite3* db, bool full_sync) {
  ExecSql(db, "PRAGMA busy_timeout = 5000");
  ExecSql(db, full_sync ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
  ExecSql(db, "PRAGMA foreign_keys = ON");
  ExecSql(db, "PRAGMA secure_delete = ON");
}

}  // namespace carc::server::store
