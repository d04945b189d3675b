#include "store/sqlite_store.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <unordered_map>

#include "store/crc32.h"
#include "store/group_commit.h"
#include "store/rating_rows.h"
#include "store/sqlite_accounts.h"
#include "store/sqlite_mail.h"
#include "store/sqlite_moderation.h"
#include "store/sqlite_push.h"
#include "store/sqlite_ratings.h"
#include "store/sqlite_schema.h"
#include "store/sqlite_social.h"
#include "store/sqlite_statement.h"
#include "store/wal_checkpointer.h"
#include "store/write_health.h"

namespace carc::server::store {
namespace {

// SQLite maps the -shm file into memory; one it may not write (or that is no regular file) can
// end the process with SIGBUS, or fail later with a message that names the database instead of
// the file at fault. Every file of the store that exists must be a regular file open for
// reading and writing before SQLite touches it. Returns what is wrong, or "".
std::string CheckStoreFiles(const std::string& path) {
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    const std::string file = path + suffix;
    std::error_code ec;
    const auto status = std::filesystem::symlink_status(file, ec);
    if (ec || !std::filesystem::exists(status)) continue;
    if (!std::filesystem::is_regular_file(status)) {
      return file + " is not a regular file; remove it (the server must be stopped)";
    }
    const int fd = ::open(file.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
      return file + " cannot be opened for writing (" + std::strerror(errno) +
             "): give the server's user write access to it and to its directory";
    }
    ::close(fd);
  }
  return {};
}

// Which game an archived game is of: the name written with it; for games archived before
// schema 2, their record's "game", "base" when it names none (base-game records do not) or is
// not JSON, so that a damaged record never fails a listing.
const std::string kGameOfRecord =
    "COALESCE(game, CASE WHEN json_valid(record) THEN COALESCE(json_extract(record, '$.game'), "
    "'base') ELSE 'base' END)";

class SqliteStore final : public EventStore {
 public:
  SqliteStore(const std::string& path, Durability durability) : path_(path) {
    if (const std::string why = CheckStoreFiles(path); !why.empty()) {
      throw StoreError("cannot open " + path + ": " + why);
    }
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
      const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError("cannot open " + path + ": " + why);
    }
    try {
      Exec("PRAGMA busy_timeout = 5000");
      Exec("PRAGMA journal_mode = WAL");
      // The write-ahead log is kept to 64 MiB on disk (checkpoints: below).
      Exec("PRAGMA journal_size_limit = 67108864");
      // In WAL mode FULL syncs the log on every commit; NORMAL syncs only at checkpoints, which
      // survives a crash of this process but maybe not a power cut.
      Exec(durability == Durability::kFull ? "PRAGMA synchronous = FULL"
                                           : "PRAGMA synchronous = NORMAL");
      Exec("PRAGMA foreign_keys = ON");
      // A room log rewritten when its player deletes the account leaves no old bytes behind.
      Exec("PRAGMA secure_delete = ON");
      const int version = static_cast<int>(QueryInt("PRAGMA user_version"));
      if (version > kSchemaVersion) {
        throw StoreError("the store was written by a newer server (schema " +
                         std::to_string(version) + ", this server knows " +
                         std::to_string(kSchemaVersion) + ")");
      }
      Exec("BEGIN");
      // Schema 1's games table lacks the game's name; CREATE ... IF NOT EXISTS keeps it so.
      if (version == 1) Exec("ALTER TABLE games ADD COLUMN game TEXT");
      // Before schema 4 an archived seat named no account (a file without the table gets it
      // whole below).
      if (version >= 1 && version < 4 &&
          QueryInt("SELECT COUNT(*) FROM sqlite_master WHERE name = 'game_players'") > 0) {
        Exec("ALTER TABLE game_players ADD COLUMN account_id INTEGER");
        Exec("ALTER TABLE game_players ADD COLUMN token_hash TEXT");
      }
      // Before schema 15 a game's room was not known to be private: taken as public.
      if (version >= 1 && version < 15) {
        Exec("ALTER TABLE games ADD COLUMN private INTEGER NOT NULL DEFAULT 0");
      }
      Exec(kSchema);
      Exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
      Exec("COMMIT");
      Prepare();
      // Group commit touches a leaf page per room in every batch; checkpointing every 10,000
      // pages instead of SQLite's 1,000 writes each hot page back to the database once per
      // checkpoint instead of ten times (bench-store: 1.3x the commands per second).
      // An in-memory database (the fuzz harness's) has no log to checkpoint.
      const char* file = sqlite3_db_filename(db_, "main");
      if (file != nullptr && *file != '\0') {
        checkpointer_ = std::make_unique<WalCheckpointer>(db_, path, kCheckpointPages);
        accounts_ = OpenSqliteAccounts(path, durability);
        ratings_ = OpenSqliteRatings(path);
        push_ = OpenSqlitePush(path, durability);
        social_ = OpenSqliteSocial(path, durability);
        mail_ = OpenSqliteMail(path, durability);
        moderation_ = OpenSqliteModeration(path, durability);
      }
      committer_ = std::make_unique<GroupCommitter>(
          [this](const std::vector<PendingAppend>& batch) { return WriteBatch(batch); }, kMaxBatch);
    } catch (const StoreError& e) {
      moderation_.reset();
      mail_.reset();
      social_.reset();
      push_.reset();
      ratings_.reset();
      accounts_.reset();
      checkpointer_.reset();
      stmts_.clear();
      sqlite3_close(db_);
      db_ = nullptr;
      throw StoreError(path + ": " + e.what());
    }
  }

  AccountStore* accounts() override { return accounts_.get(); }
  RatingStore* ratings() override { return ratings_.get(); }
  PushStore* push() override { return push_.get(); }
  SocialStore* social() override { return social_.get(); }
  MailStore* mail() override { return mail_.get(); }
  ModerationStore* moderation() override { return moderation_.get(); }

  ~SqliteStore() override {
    moderation_.reset();
    mail_.reset();
    social_.reset();
    push_.reset();
    ratings_.reset();
    accounts_.reset();
    committer_.reset();     // writes what is still queued, while the statements exist
    checkpointer_.reset();  // then the last connection's close checkpoints the rest
    stmts_.clear();
    sqlite3_close(db_);
  }

  RoomId CreateRoom(const std::string& code, std::string_view first_entry) override {
    std::lock_guard lock(mu_);
    Transaction t(*this);
    Statement& insert = *stmts_.at("create");
    insert.Bind(1, code);
    insert.Run();
    const RoomId id = sqlite3_last_insert_rowid(db_);
    InsertEntry(id, 0, first_entry);
    t.Commit();
    next_index_[id] = 1;
    return id;
  }

  void Append(RoomId room, std::uint32_t index, std::string_view entry) override {
    std::lock_guard lock(mu_);
    Transaction t(*this);
    if (std::string why = OutOfOrder(room, index); !why.empty()) throw StoreError(why);
    InsertEntry(room, index, entry);
    try {
      t.Commit();
    } catch (const StoreError&) {
      next_index_.clear();  // learnt again from the store
      throw;
    }
    next_index_[room] = index + 1;
  }

  void AppendAsync(RoomId room, std::uint32_t index, std::string entry, AppendDone done) override {
    committer_->Submit({room, index, std::move(entry), std::move(done), {}});
  }

  void OnWriter(std::function<void()> write) override { committer_->SubmitWrite(std::move(write)); }
  void Flush() override { committer_->Flush(); }

  std::string WriteTrouble() const override { return health_.Trouble(); }

  StoreStats Stats() const override {
    StoreStats s = committer_->Stats();
    if (checkpointer_) s.checkpoints = checkpointer_->checkpoints();
    return s;
  }

  std::vector<RatingChange> Archive(const ArchivedGame& game) override {
    std::lock_guard lock(mu_);
    Transaction t(*this);
    Statement& g = *stmts_.at("archive");
    g.Bind(1, game.id).Bind(2, game.code).Bind(3, game.finished_at).Bind(4, game.record);
    if (game.game.empty()) {
      g.BindNull(5);
    } else {
      g.Bind(5, game.game);
    }
    g.Bind(6, std::int64_t{game.is_private ? 1 : 0});
    g.Run();
    Statement& p = *stmts_.at("archive_player");
    for (std::size_t i = 0; i < game.players.size(); ++i) {
      p.Bind(1, game.id)
          .Bind(2, static_cast<std::int64_t>(i))
          .Bind(3, game.players[i].name)
          .Bind(4, game.players[i].score);
      if (game.players[i].account == 0) {
        p.BindNull(5);
      } else {
        p.Bind(5, game.players[i].account);
      }
      if (game.players[i].token_hash.empty()) {
        p.BindNull(6);
      } else {
        p.Bind(6, game.players[i].token_hash);
      }
      p.Run();
    }
    std::vector<RatingChange> changes;
    if (!game.rated_pool.empty()) changes = Rate(game);
    t.Commit();
    return changes;
  }

  // The rating update of a rated game, inside Archive's transaction (store/rating_rows.h).
  std::vector<RatingChange> Rate(const ArchivedGame& game) {
    Statement& read = *stmts_.at("rating_of");
    const auto current = [&](std::int64_t account) {
      ResetOnExit reset{read};
      read.Bind(1, account).Bind(2, game.rated_pool);
      if (!read.Step()) return std::optional<StoredRating>{};  // the account is gone
      if (read.Int(0) == 0) return std::optional<StoredRating>{StoredRating{}};
      return std::optional<StoredRating>{
          StoredRating{{read.Real(1), read.Real(2)}, static_cast<int>(read.Int(3)), read.Int(4)}};
    };
    Statement& both = *stmts_.at("rating_together");
    const auto together = [&](std::int64_t a, std::int64_t b, std::int64_t since) {
      ResetOnExit reset{both};
      both.Bind(1, a).Bind(2, b).Bind(3, game.rated_pool).Bind(4, since);
      return both.Step() ? static_cast<int>(both.Int(0)) : 0;
    };
    const auto changes = RateArchivedGame(game, current, together);
    Statement& keep = *stmts_.at("rating_keep");
    Statement& note = *stmts_.at("rating_note");
    for (const RatingChange& c : changes) {
      if (c.counted) {
        keep.Bind(1, c.account).Bind(2, game.rated_pool).BindReal(3, c.after.mu);
        keep.BindReal(4, c.after.sigma).BindReal(5, ratings::Conservative(c.after));
        keep.Bind(6, std::int64_t{c.games}).Bind(7, game.finished_at);
        keep.Run();
      }
      note.Bind(1, game.id).Bind(2, std::int64_t{c.seat}).Bind(3, c.account);
      note.Bind(4, game.rated_pool).Bind(5, std::int64_t{c.place}).Bind(6, c.left ? 1 : 0);
      note.BindReal(7, c.before.mu).BindReal(8, c.before.sigma).BindReal(9, c.after.mu);
      note.BindReal(10, c.after.sigma).Bind(11, game.finished_at);
      note.Run();
    }
    return changes;
  }

  void Dispose(RoomId room) override { SetState(room, "disposed", ""); }

  void Quarantine(RoomId room, const std::string& reason) override {
    SetState(room, "quarantined", reason);
  }

  std::vector<OpenRoom> OpenRooms() override {
    std::lock_guard lock(mu_);
    std::vector<OpenRoom> rooms;
    {
      Statement& s = *stmts_.at("open_rooms");
      ResetOnExit r{s};
      while (s.Step()) rooms.push_back({s.Int(0), s.Text(1), {}, {}});
    }
    ReadEachLog(rooms, [this](RoomId id, std::vector<std::string>& entries) {
      return ReadLog(id, entries);
    });
    return rooms;
  }

  std::optional<std::vector<std::string>> Log(RoomId room) override {
    std::lock_guard lock(mu_);
    Statement& s = *stmts_.at("room_exists");
    {
      ResetOnExit r{s};
      s.Bind(1, room);
      if (!s.Step()) return std::nullopt;
    }
    std::vector<std::string> entries;
    if (std::string e = ReadLog(room, entries); !e.empty()) throw StoreError(e);
    return entries;
  }

  std::vector<QuarantinedRoom> Quarantined() override {
    std::lock_guard lock(mu_);
    std::vector<QuarantinedRoom> out;
    Statement& s = *stmts_.at("quarantined");
    ResetOnExit r{s};
    while (s.Step()) out.push_back({s.Int(0), s.Text(1), s.Text(2)});
    return out;
  }

  std::vector<ArchivedGame> ListGames(const std::string& player, int limit) override {
    std::lock_guard lock(mu_);
    std::vector<ArchivedGame> games;
    {
      Statement& s = *stmts_.at(player.empty() ? "list_games" : "list_games_of");
      ResetOnExit r{s};
      if (player.empty()) {
        s.Bind(1, limit);
      } else {
        s.Bind(1, player).Bind(2, limit);
      }
      while (s.Step()) games.push_back({s.Int(0), s.Text(1), s.Int(2), {}, {}, s.Text(3)});
    }
    for (ArchivedGame& g : games) g.players = Players(g.id);
    return games;
  }

  std::optional<ArchivedGame> Game(RoomId id) override {
    std::lock_guard lock(mu_);
    ArchivedGame g;
    {
      Statement& s = *stmts_.at("game");
      ResetOnExit r{s};
      s.Bind(1, id);
      if (!s.Step()) return std::nullopt;
      g = {s.Int(0), s.Text(1), s.Int(2), {}, s.Text(3), s.Text(4)};
    }
    g.players = Players(id);
    return g;
  }

 private:
  // BEGIN IMMEDIATE .. COMMIT, rolled back if the block ends without Commit().
  class Transaction {
   public:
    explicit Transaction(SqliteStore& s) : s_(s), watch_(s.health_) {
      try {
        s_.stmts_.at("begin")->Run();
      } catch (const StoreError& e) {
        watch_.Failed(e.what());  // "database is locked": what /healthz then says
        throw;
      }
    }
    ~Transaction() {
      if (!done_) sqlite3_exec(s_.db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void Commit() {
      try {
        s_.stmts_.at("commit")->Run();
      } catch (const StoreError& e) {
        watch_.Failed(e.what());
        throw;
      }
      done_ = true;
      watch_.Done();
    }

   private:
    SqliteStore& s_;
    WriteScope watch_;
    bool done_ = false;
  };

  void Exec(const std::string& sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
      const std::string why = error ? error : sqlite3_errmsg(db_);
      sqlite3_free(error);
      throw StoreError(why);
    }
  }

  std::int64_t QueryInt(const char* sql) {
    Statement s(db_, sql);
    return s.Step() ? s.Int(0) : 0;
  }

  void Prepare() {
    const std::map<std::string, std::string> sql = {
        // Prepared once: a batch of the group commit parses no SQL text.
        {"begin", "BEGIN IMMEDIATE"},
        {"commit", "COMMIT"},
        {"create", "INSERT INTO rooms(code) VALUES (?1)"},
        {"next_index", "SELECT COALESCE(MAX(idx) + 1, 0) FROM room_log WHERE room_id = ?1"},
        {"insert_entry", "INSERT INTO room_log(room_id, idx, crc, entry) VALUES (?1, ?2, ?3, ?4)"},
        {"set_state", "UPDATE rooms SET state = ?2, reason = ?3 WHERE id = ?1"},
        {"open_rooms", "SELECT id, code FROM rooms WHERE state = 'open' ORDER BY id"},
        {"room_exists", "SELECT 1 FROM rooms WHERE id = ?1"},
        {"read_log", "SELECT idx, crc, entry FROM room_log WHERE room_id = ?1 ORDER BY idx"},
        {"quarantined",
         "SELECT id, code, COALESCE(reason, '') FROM rooms WHERE state = 'quarantined' "
         "ORDER BY id"},
        {"archive",
         "INSERT INTO games(room_id, code, finished_at, record, game, private) "
         "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"},
        {"archive_player",
         "INSERT INTO game_players(game_id, seat, name, score, account_id, token_hash) "
         "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"},
        {"list_games", "SELECT room_id, code, finished_at, " + kGameOfRecord +
                           " FROM games ORDER BY finished_at DESC, room_id DESC LIMIT ?1"},
        {"list_games_of", "SELECT room_id, code, finished_at, " + kGameOfRecord +
                              " FROM games WHERE room_id IN "
                              "(SELECT game_id FROM game_players WHERE name = ?1) "
                              "ORDER BY finished_at DESC, room_id DESC LIMIT ?2"},
        {"game", "SELECT room_id, code, finished_at, record, " + kGameOfRecord +
                     " FROM games WHERE room_id = ?1"},
        {"players", "SELECT name, score FROM game_players WHERE game_id = ?1 ORDER BY seat"},
        // No row: the account is gone (its seat is not rated). games 0: a new player.
        {"rating_of",
         "SELECT COALESCE(r.games, 0), r.mu, r.sigma, r.games, r.last_game_at FROM accounts a "
         "LEFT JOIN ratings r ON r.account_id = a.id AND r.pool = ?2 WHERE a.id = ?1"},
        // Through rating_changes_account: a's games of the window, each looked up for b.
        {"rating_together",
         "SELECT COUNT(*) FROM rating_changes a JOIN rating_changes b "
         "ON b.game_id = a.game_id AND b.account_id = ?2 "
         "WHERE a.account_id = ?1 AND a.pool = ?3 AND a.at >= ?4"},
        {"rating_keep",
         "INSERT INTO ratings(account_id, pool, mu, sigma, conservative, games, last_game_at) "
         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (account_id, pool) DO UPDATE SET "
         "mu = excluded.mu, sigma = excluded.sigma, conservative = excluded.conservative, "
         "games = excluded.games, last_game_at = excluded.last_game_at"},
        {"rating_note",
         "INSERT INTO rating_changes(game_id, seat, account_id, pool, place, left_game, "
         "mu_before, sigma_before, mu, sigma, at) "
         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"},
    };
    for (const auto& [name, text] : sql) {
      stmts_[name] = std::make_unique<Statement>(db_, text.c_str());
    }
  }

  // The group commit's batch: one transaction. An append out of order fails alone (it is
  // checked before it is inserted); anything else fails the whole batch.
  std::vector<std::string> WriteBatch(const std::vector<PendingAppend>& batch) {
    std::lock_guard lock(mu_);
    std::vector<std::string> errors(batch.size());
    try {
      Transaction t(*this);
      for (std::size_t i = 0; i < batch.size(); ++i) {
        const PendingAppend& a = batch[i];
        errors[i] = OutOfOrder(a.room, a.index);
        if (errors[i].empty()) {
          InsertEntry(a.room, a.index, a.entry);
          next_index_[a.room] = a.index + 1;
        }
      }
      t.Commit();
    } catch (const StoreError&) {
      next_index_.clear();  // what the batch taught is rolled back: learnt again from the store
      throw;
    }
    return errors;
  }

  // Why entry `index` cannot be the room's next, or "" (with mu_ held). The next index is
  // read from the store once per room and then kept (this process is the store's only
  // writer), which saves a B-tree search per append.
  std::string OutOfOrder(RoomId room, std::uint32_t index) {
    auto known = next_index_.find(room);
    if (known == next_index_.end()) {
      Statement& next = *stmts_.at("next_index");
      ResetOnExit r{next};
      next.Bind(1, room);
      const std::int64_t n = next.Step() ? next.Int(0) : 0;
      known = next_index_.emplace(room, static_cast<std::uint32_t>(n)).first;
    }
    if (known->second == index) return {};
    return "room " + std::to_string(room) + ": entry " + std::to_string(index) + " is out of order";
  }

  void InsertEntry(RoomId room, std::uint32_t index, std::string_view entry) {
    Statement& s = *stmts_.at("insert_entry");
    s.Bind(1, room)
        .Bind(2, static_cast<std::int64_t>(index))
        .Bind(3, Crc32(entry))
        .BindBlob(4, entry);
    s.Run();
  }

  void SetState(RoomId room, const char* state, const std::string& reason) {
    std::lock_guard lock(mu_);
    WriteScope watch(health_);
    Statement& s = *stmts_.at("set_state");
    s.Bind(1, room).Bind(2, state).Bind(3, reason);
    s.Run();
    watch.Done();
    next_index_.erase(room);  // a room that is no longer open takes no appends
  }

  // Reads a room's entries in order; returns what is wrong with them, or "".
  std::string ReadLog(RoomId room, std::vector<std::string>& entries) {
    Statement& s = *stmts_.at("read_log");
    ResetOnExit r{s};
    s.Bind(1, room);
    std::int64_t expected = 0;
    while (s.Step()) {
      if (s.Int(0) != expected) {
        return "entry " + std::to_string(expected) + " is missing";
      }
      std::string entry = s.Text(2);
      if (Crc32(entry) != static_cast<std::uint32_t>(s.Int(1))) {
        return "entry " + std::to_string(expected) + " is damaged (CRC mismatch)";
      }
      entries.push_back(std::move(entry));
      ++expected;
    }
    return {};
  }

  std::vector<ArchivedPlayer> Players(RoomId id) {
    std::vector<ArchivedPlayer> players;
    Statement& s = *stmts_.at("players");
    ResetOnExit r{s};
    s.Bind(1, id);
    while (s.Step()) players.push_back({s.Text(0), static_cast<int>(s.Int(1))});
    return players;
  }

  std::string path_;
  sqlite3* db_ = nullptr;
  std::mutex mu_;
  WriteHealth health_;
  std::map<std::string, std::unique_ptr<Statement>> stmts_;
  // Under mu_: each room's next entry index, as far as this process has written or read it
  // (OutOfOrder); a disposed or quarantined room's is dropped, a failed write drops them all.
  std::unordered_map<RoomId, std::uint32_t> next_index_;
  // Appends per transaction at most: enough for every room of a busy server to share one
  // fsync, small enough that a batch holds the write lock for milliseconds.
  static constexpr std::size_t kMaxBatch = 1024;
  static constexpr int kCheckpointPages = 10000;
  std::unique_ptr<WalCheckpointer> checkpointer_;
  std::unique_ptr<AccountStore> accounts_;       // a connection of its own (sqlite_accounts.h)
  std::unique_ptr<RatingStore> ratings_;         // and another (sqlite_ratings.h)
  std::unique_ptr<PushStore> push_;              // and another (sqlite_push.h)
  std::unique_ptr<SocialStore> social_;          // and another (sqlite_social.h)
  std::unique_ptr<MailStore> mail_;              // and another (sqlite_mail.h)
  std::unique_ptr<ModerationStore> moderation_;  // and another (sqlite_moderation.h)
  std::unique_ptr<GroupCommitter> committer_;
};

}  // namespace

std::string StorePath(const std::string& data_dir) {
  return (std::filesystem::path(data_dir) / "carcassonne.sqlite").string();
}

std::unique_ptr<EventStore> OpenSqliteStore(const std::string& path, Durability durability) {
  return std::make_unique<SqliteStore>(path, durability);
}

}  // namespace carc::server::store
