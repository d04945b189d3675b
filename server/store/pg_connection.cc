#include "store/pg_connection.h"

#include <libpq-fe.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "store/event_store.h"

namespace carc::server::store {
namespace {

std::string Trimmed(const char* message) {
  std::string s = message ? message : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string RedactUrl(std::string_view url) {
  std::string out(url);
  // URL form: scheme://user:password@host...
  if (const auto scheme = out.find("://"); scheme != std::string::npos) {
    const auto at = out.find('@', scheme + 3);
    const auto colon = out.find(':', scheme + 3);
    if (at != std::string::npos && colon != std::string::npos && colon < at) {
      out.replace(colon + 1, at - colon - 1, "***");
    }
  }
  // password=... as a key=value word or a URL query parameter.
  for (std::size_t pos = 0; (pos = out.find("password=", pos)) != std::string::npos;) {
    const std::size_t start = pos + 9;
    std::size_t end = out.find_first_of(" &", start);
    if (end == std::string::npos) end = out.size();
    out.replace(start, end - start, "***");
    pos = start + 3;
  }
  return out;
}

PgParam PgParam::Int(std::int64_t v) {
  return PgParam(std::to_string(v));
}

PgParam PgParam::Real(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return PgParam(text);
}

PgParam PgParam::Bytes(std::string_view bytes) {
  PgParam p(bytes);
  p.binary = true;
  return p;
}

PgParam PgParam::Null() {
  PgParam p("");
  p.null = true;
  return p;
}

void PgResult::Free::operator()(pg_result* r) const {
  PQclear(r);
}

int PgResult::rows() const {
  return PQntuples(r_.get());
}

std::int64_t PgResult::affected() const {
  const char* n = PQcmdTuples(r_.get());
  std::int64_t v = 0;
  if (n != nullptr) std::from_chars(n, n + std::char_traits<char>::length(n), v);
  return v;
}

bool PgResult::IsNull(int row, int col) const {
  return PQgetisnull(r_.get(), row, col) != 0;
}

std::string PgResult::Text(int row, int col) const {
  return std::string(PQgetvalue(r_.get(), row, col),
                     static_cast<std::size_t>(PQgetlength(r_.get(), row, col)));
}

double PgResult::Real(int row, int col) const {
  const std::string t = Text(row, col);
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (t.empty() || end != t.c_str() + t.size()) {
    throw StoreError("PostgreSQL returned \"" + t + "\" where a number was expected");
  }
  return v;
}

std::int64_t PgResult::Int(int row, int col) const {
  const std::string t = Text(row, col);
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) {
    throw StoreError("PostgreSQL returned \"" + t + "\" where a whole number was expected");
  }
  return v;
}

std::string PgResult::Bytes(int row, int col) const {
  const std::string t = Text(row, col);
  if (t.size() < 2 || t[0] != '\\' || t[1] != 'x' || t.size() % 2 != 0) {
    throw StoreError("PostgreSQL returned a bytea value not in hex form (bytea_output)");
  }
  std::string out;
  out.reserve((t.size() - 2) / 2);
  for (std::size_t i = 2; i < t.size(); i += 2) {
    const int hi = HexDigit(t[i]);
    const int lo = HexDigit(t[i + 1]);
    if (hi < 0 || lo < 0) throw StoreError("PostgreSQL returned a malformed bytea value");
    out.push_back(static_cast<char>(hi * 16 + lo));
  }
  return out;
}

PgConnection::PgConnection(std::string url, std::string on_connect)
    : url_(std::move(url)), redacted_(RedactUrl(url_)), on_connect_(std::move(on_connect)) {
  Connect();
}

PgConnection::~PgConnection() {
  PQfinish(conn_);
}

void PgConnection::Connect() {
  PQfinish(conn_);
  // Defaults first: a parameter of the URL itself comes later and wins (libpq keeps the last).
  const char* keys[] = {"connect_timeout",  "tcp_user_timeout", "keepalives_idle",
                        "application_name", "dbname",           nullptr};
  const char* values[] = {"5", "15000", "10", "carcassonne-server", url_.c_str(), nullptr};
  conn_ = PQconnectdbParams(keys, values, 1);
  if (conn_ == nullptr) throw StoreError("cannot connect to " + redacted_ + ": out of memory");
  if (PQstatus(conn_) != CONNECTION_OK) {
    const std::string why = Trimmed(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw StoreError("cannot connect to " + redacted_ + ": " + why);
  }
  // libpq prints notices ("relation already exists, skipping") to stderr by default; the
  // server's log is its own, and warnings are all a store needs to hear of.
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
  // Hex bytea output is what Bytes() reads; UTF-8 is what the server's strings are.
  in_transaction_ = false;
  Run("SET bytea_output = 'hex'; SET client_encoding = 'UTF8'; "
      "SET client_min_messages = 'warning'; SET statement_timeout = '15s'; "
      // A transaction here is a few statements back to back; one left open (this process
      // paused or hung in it) would hold its row locks, and so the rooms it was writing, from
      // the other nodes of a cluster. The database ends such a session after 2 s.
      "SET idle_in_transaction_session_timeout = '2s'");
  if (!on_connect_.empty()) Run(on_connect_);
}

void PgConnection::EnsureConnected() {
  if (conn_ != nullptr && PQstatus(conn_) == CONNECTION_OK) return;
  // A new connection inside a transaction would run the rest of it outside any (and a COMMIT
  // there only warns): the transaction fails instead.
  if (in_transaction_) throw StoreError("lost the connection to " + redacted_);
  Connect();
}

void PgConnection::Begin(std::string_view statement) {
  in_transaction_ = false;
  EnsureConnected();
  Run(statement);
  in_transaction_ = true;
}

void PgConnection::Commit() {
  Run("COMMIT");
  in_transaction_ = false;
}

PgResult PgConnection::Check(pg_result* r, std::string_view sql) {
  PgResult result(r);
  const auto status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return result;
  std::string why = Trimmed(r ? PQresultErrorMessage(r) : PQerrorMessage(conn_));
  if (why.empty()) why = Trimmed(PQerrorMessage(conn_));
  if (PQstatus(conn_) != CONNECTION_OK) {
    throw StoreError("lost the connection to " + redacted_ + ": " + why);
  }
  const std::string_view head = sql.substr(0, sql.find_first_of("\n("));
  throw StoreError("PostgreSQL: " + why + " (in " + std::string(head.substr(0, 60)) + ")");
}

PgResult PgConnection::Exec(std::string_view sql, std::initializer_list<PgParam> params) {
  EnsureConnected();
  std::vector<const char*> values;
  std::vector<int> lengths;
  std::vector<int> formats;
  for (const PgParam& p : params) {
    values.push_back(p.null ? nullptr : p.value.data());
    lengths.push_back(static_cast<int>(p.value.size()));
    formats.push_back(p.binary ? 1 : 0);
  }
  // Text parameters must end in '\0' for libpq: std::string's data() does.
  const std::string text(sql);
  return Check(PQexecParams(conn_, text.c_str(), static_cast<int>(values.size()), nullptr,
                            values.data(), lengths.data(), formats.data(), 0),
               sql);
}

void PgConnection::Run(std::string_view sql) {
  EnsureConnected();
  const std::string text(sql);
  Check(PQexec(conn_, text.c_str()), sql);
}

void PgConnection::RollbackQuietly() noexcept {
  in_transaction_ = false;
  if (conn_ == nullptr || PQstatus(conn_) != CONNECTION_OK) return;
  if (PQtransactionStatus(conn_) == PQTRANS_IDLE) return;
  PQclear(PQexec(conn_, "ROLLBACK"));
}

}  // namespace carc::server::store
