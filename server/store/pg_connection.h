// One connection to PostgreSQL through libpq, for the PostgreSQL store and the cluster's leases.
//
// Contract:
// - Not thread-safe: one thread at a time (the store holds a mutex around it).
// - Every failure throws StoreError with PostgreSQL's words; a connection URL in a message has
//   its password replaced by "***" (RedactUrl), so logs and errors never carry it.
// - A lost connection (the database restarted, the network dropped) fails the call that saw it
//   and is re-established by the next call; a statement is never retried, since it may have
//   committed before the connection was lost.
// - Every statement is bounded: connect 5 s, a statement 15 s, an unanswered socket 15 s
//   (overridable in the URL's own parameters), and a transaction left idle 2 s is ended by
//   the database (a paused process must not hold its row locks).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>

struct pg_conn;
struct pg_result;

namespace carc::server::store {

// `url` with the password (postgres://user:PASSWORD@..., or password=... in key=value form)
// replaced by "***".
std::string RedactUrl(std::string_view url);

// A parameter of a statement: text (numbers are sent as text too), binary bytes for a bytea
// column, or SQL NULL.
struct PgParam {
  PgParam(std::string_view text) : value(text) {}    // NOLINT: implicit by design
  PgParam(const std::string& text) : value(text) {}  // NOLINT
  PgParam(const char* text) : value(text) {}         // NOLINT
  static PgParam Int(std::int64_t v);
  // Written with 17 significant digits: a double PRECISION column reads back the same double.
  static PgParam Real(double v);
  static PgParam Bytes(std::string_view bytes);
  static PgParam Null();

  std::string value;
  bool binary = false;
  bool null = false;
};

class PgResult {
 public:
  explicit PgResult(pg_result* r) : r_(r) {}
  int rows() const;
  // How many rows an INSERT, UPDATE or DELETE touched.
  std::int64_t affected() const;
  bool IsNull(int row, int col) const;
  std::string Text(int row, int col) const;
  std::int64_t Int(int row, int col) const;
  double Real(int row, int col) const;
  // A bytea column, decoded from PostgreSQL's hex text form.
  std::string Bytes(int row, int col) const;

 private:
  struct Free {
    void operator()(pg_result* r) const;
  };
  std::unique_ptr<pg_result, Free> r_;
};

class PgConnection {
 public:
  // Connects at once; throws StoreError naming the (redacted) URL and the cause. `on_connect`
  // (e.g. "SET synchronous_commit = off") runs after this connection and every new one.
  explicit PgConnection(std::string url, std::string on_connect = "");
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // Runs one statement with $1, $2, ... bound to `params`.
  PgResult Exec(std::string_view sql, std::initializer_list<PgParam> params = {});
  // Runs one or more statements without parameters.
  void Run(std::string_view sql);
  // Opens a transaction (reconnecting first if need be) with `statement`, e.g. "BEGIN" or
  // "BEGIN ISOLATION LEVEL SERIALIZABLE". Until Commit or RollbackQuietly, a lost connection
  // fails every call instead of reconnecting.
  void Begin(std::string_view statement = "BEGIN");
  void Commit();
  // ROLLBACK if a transaction is open; never throws (for unwinding).
  void RollbackQuietly() noexcept;

  const std::string& redacted_url() const { return redacted_; }

 private:
  void Connect();
  void EnsureConnected();
  PgResult Check(pg_result* r, std::string_view sql);

  std::string url_;
  std::string redacted_;
  std::string on_connect_;
  pg_conn* conn_ = nullptr;
  bool in_transaction_ = false;
};

// Runs `body` in one transaction: its checks and its writes see one state, and a throw rolls
// them all back.
template <class Body>
auto InPgTransaction(PgConnection& db, Body body) {
  db.Begin();
  try {
    auto result = body();
    db.Commit();
    return result;
  } catch (...) {
    db.RollbackQuietly();
    throw;
  }
}

}  // namespace carc::server::store
