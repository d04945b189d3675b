#include "store/open_store.h"

#include <filesystem>

#include "store/pg_connection.h"
#include "store/postgres_store.h"
#include "store/sqlite_store.h"

namespace carc::server::store {
namespace {

constexpr std::string_view kSqlite = "sqlite:";

bool IsPostgres(const std::string& spec) {
  return spec.starts_with("postgres://") || spec.starts_with("postgresql://");
}

std::string SqlitePath(const std::string& spec, const std::string& data_dir) {
  return spec.empty() ? StorePath(data_dir) : spec.substr(kSqlite.size());
}

}  // namespace

std::string CheckStoreSpec(const std::string& spec) {
  if (spec.empty() || IsPostgres(spec)) return {};
  if (spec.starts_with(kSqlite)) {
    if (spec.size() == kSqlite.size())
      return "sqlite: needs a file path, e.g. sqlite:data/x.sqlite";
    return {};
  }
  return "a store is sqlite:PATH or postgres://[user[:password]@]host[:port]/dbname";
}

std::string DescribeStore(const std::string& spec, const std::string& data_dir) {
  if (IsPostgres(spec)) return RedactUrl(spec);
  return "sqlite:" + SqlitePath(spec, data_dir);
}

std::unique_ptr<EventStore> OpenStore(const std::string& spec, const std::string& data_dir,
                                      Durability durability) {
  if (const std::string why = CheckStoreSpec(spec); !why.empty()) throw StoreError(why);
  if (IsPostgres(spec)) return OpenPostgresStore(spec, durability);
  const std::filesystem::path path = SqlitePath(spec, data_dir);
  if (path.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) {
      throw StoreError("cannot create the directory " + path.parent_path().string() + ": " +
                       ec.message());
    }
  }
  return OpenSqliteStore(path.string(), durability);
}

}  // namespace carc::server::store
