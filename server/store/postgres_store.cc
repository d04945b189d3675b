#include "store/postgres_store.h"

#include <atomic>
#include <mutex>

#include "store/crc32.h"
#include "store/group_commit.h"
#include "store/pg_connection.h"
#include "store/postgres_accounts.h"
#include "store/postgres_leases.h"
#include "store/postgres_mail.h"
#include "store/postgres_moderation.h"
#include "store/postgres_push.h"
#include "store/postgres_ratings.h"
#include "store/postgres_schema.h"
#include "store/postgres_social.h"
#include "store/rating_rows.h"

namespace carc::server::store {
namespace {

// One statement per append: it inserts only when `idx` is the room's next index, so an
// append out of order touches no row and fails alone, without aborting the batch's
// transaction (a failed statement would abort all of it).
constexpr const char* kAppend =
    "INSERT INTO room_log (room_id, idx, crc, entry) "
    "SELECT $1::BIGINT, $2::INTEGER, $3::BIGINT, $4::BYTEA "
    "WHERE (SELECT COALESCE(MAX(idx) + 1, 0) FROM room_log WHERE room_id = $1::BIGINT) = "
    "$2::INTEGER";

// In a cluster the same, and only while this node holds the room's live lease with its token.
// FOR SHARE: a node taking the lease over waits until this append's transaction has
// committed (and then reads the log with it), or this append sees the new token and writes
// nothing.
constexpr const char* kFence =
    " AND EXISTS (SELECT 1 FROM room_leases WHERE room_id = $1::BIGINT AND node_id = $5 "
    "AND token = $6::BIGINT AND expires_at > clock_timestamp() FOR SHARE)";

constexpr const char* kGameSummary =
    "SELECT room_id, code, finished_at, COALESCE(game, carc_record_game(record)) FROM games ";

class PostgresStore final : public EventStore, public RoomLeases {
 public:
  PostgresStore(const std::string& url, Durability durability)
      : db_(url, durability == Durability::kFull ? "SET synchronous_commit = on"
                                                 : "SET synchronous_commit = off") {
    Migrate(db_);
    accounts_ = OpenPostgresAccounts(url, durability);
    ratings_ = OpenPostgresRatings(url);
    push_ = OpenPostgresPush(url, durability);
    social_ = OpenPostgresSocial(url, durability);
    mail_ = OpenPostgresMail(url, durability);
    moderation_ = OpenPostgresModeration(url, durability);
    committer_ = std::make_unique<GroupCommitter>(
        [this](const std::vector<PendingAppend>& batch) { return WriteBatch(batch); }, kMaxBatch);
  }

  ~PostgresStore() override { committer_.reset(); }  // writes what is still queued

  RoomLeases* leases() override { return this; }
  AccountStore* accounts() override { return accounts_.get(); }
  RatingStore* ratings() override { return ratings_.get(); }
  PushStore* push() override { return push_.get(); }
  SocialStore* social() override { return social_.get(); }
  MailStore* mail() override { return mail_.get(); }
  ModerationStore* moderation() override { return moderation_.get(); }

  RoomId CreateRoom(const std::string& code, std::string_view first_entry) override {
    std::lock_guard lock(mu_);
    RoomId id = 0;
    try {
      Transaction t(db_);
      id = db_.Exec("INSERT INTO rooms (code) VALUES ($1) RETURNING id", {code}).Int(0, 0);
      if (leases_.joined()) leases_.TakeNew(db_, id);
      if (!InsertEntry(id, 0, first_entry)) {
        throw StoreError("room " + std::to_string(id) + ": lost");
      }
      t.Commit();
    } catch (const StoreError&) {
      // Refused, so not served here; if the commit took place after all, the room is an empty
      // lobby whose lease runs out, and it is disposed of by whichever node takes it.
      if (id != 0) leases_.Forget(id);
      throw;
    }
    return id;
  }

  void Append(RoomId room, std::uint32_t index, std::string_view entry) override {
    std::lock_guard lock(mu_);
    std::string why;
    try {
      why = TryAppend(room, index, entry);
    } catch (const StoreError& e) {
      // One statement, committed by itself: lost with the connection, it may have been applied.
      why = Settle(room, index, entry, e.what());
    }
    if (!why.empty()) throw StoreError(why);
  }

  void AppendAsync(RoomId room, std::uint32_t index, std::string entry, AppendDone done) override {
    committer_->Submit({room, index, std::move(entry), std::move(done), {}});
  }

  void OnWriter(std::function<void()> write) override { committer_->SubmitWrite(std::move(write)); }
  void Flush() override { committer_->Flush(); }

  StoreStats Stats() const override {
    StoreStats s = committer_->Stats();
    s.writes_settled = settled_.load();
    s.writes_in_doubt = in_doubt_.load();
    return s;
  }

  std::vector<RatingChange> Archive(const ArchivedGame& game) override {
    std::lock_guard lock(mu_);
    Transaction t(db_);
    db_.Exec(
        "INSERT INTO games (room_id, code, finished_at, record, game, private) "
        "VALUES ($1, $2, $3, $4, $5, $6::int::boolean)",
        {PgParam::Int(game.id), game.code, PgParam::Int(game.finished_at), game.record,
         game.game.empty() ? PgParam::Null() : PgParam(game.game),
         PgParam::Int(game.is_private ? 1 : 0)});
    for (std::size_t i = 0; i < game.players.size(); ++i) {
      const ArchivedPlayer& p = game.players[i];
      db_.Exec(
          "INSERT INTO game_players (game_id, seat, name, score, account_id, token_hash) "
          "VALUES ($1, $2, $3, $4, $5, $6)",
          {PgParam::Int(game.id), PgParam::Int(static_cast<std::int64_t>(i)), p.name,
           PgParam::Int(p.score), p.account == 0 ? PgParam::Null() : PgParam::Int(p.account),
           p.token_hash.empty() ? PgParam::Null() : PgParam(p.token_hash)});
    }
    std::vector<RatingChange> changes;
    if (!game.rated_pool.empty()) changes = Rate(game);
    t.Commit();
    return changes;
  }

  // The rating update of a rated game, inside Archive's transaction (store/rating_rows.h). In a
  // cluster only the node holding the room's lease with its token rates it (FOR SHARE: a
  // takeover waits for this transaction), and the archive's primary key makes it once.
  std::vector<RatingChange> Rate(const ArchivedGame& game) {
    if (leases_.joined() &&
        db_.Exec("SELECT 1 FROM room_leases WHERE room_id = $1::BIGINT AND node_id = $2 AND "
                 "token = $3::BIGINT AND expires_at > clock_timestamp() FOR SHARE",
                 {PgParam::Int(game.id), leases_.node(),
                  PgParam::Int(leases_.TokenOf(game.id).value_or(0))})
                .rows() == 0) {
      std::string why = leases_.Explain(db_, game.id);
      throw StoreError(why.empty() ? "room " + std::to_string(game.id) + "'s lease is not held"
                                   : why);
    }
    const auto current = [&](std::int64_t account) {
      // FOR SHARE on the account: it cannot be deleted before this transaction ends.
      const PgResult r = db_.Exec(
          "SELECT r.games, r.mu, r.sigma, r.last_game_at FROM accounts a LEFT JOIN ratings r "
          "ON r.account_id = a.id AND r.pool = $2 WHERE a.id = $1 FOR SHARE OF a",
          {PgParam::Int(account), game.rated_pool});
      if (r.rows() == 0) return std::optional<StoredRating>{};
      if (r.IsNull(0, 0)) return std::optional<StoredRating>{StoredRating{}};
      return std::optional<StoredRating>{
          StoredRating{{r.Real(0, 1), r.Real(0, 2)}, static_cast<int>(r.Int(0, 0)), r.Int(0, 3)}};
    };
    const auto together = [&](std::int64_t a, std::int64_t b, std::int64_t since) {
      const PgResult r = db_.Exec(
          "SELECT COUNT(*) FROM rating_changes a JOIN rating_changes b "
          "ON b.game_id = a.game_id AND b.account_id = $2 "
          "WHERE a.account_id = $1 AND a.pool = $3 AND a.at >= $4",
          {PgParam::Int(a), PgParam::Int(b), game.rated_pool, PgParam::Int(since)});
      return r.rows() == 0 ? 0 : static_cast<int>(r.Int(0, 0));
    };
    const auto changes = RateArchivedGame(game, current, together);
    for (const RatingChange& c : changes) {
      if (c.counted) {
        db_.Exec(
            "INSERT INTO ratings (account_id, pool, mu, sigma, conservative, games, last_game_at) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (account_id, pool) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, conservative = excluded.conservative, "
            "games = excluded.games, last_game_at = excluded.last_game_at",
            {PgParam::Int(c.account), game.rated_pool, PgParam::Real(c.after.mu),
             PgParam::Real(c.after.sigma), PgParam::Real(ratings::Conservative(c.after)),
             PgParam::Int(c.games), PgParam::Int(game.finished_at)});
      }
      db_.Exec(
          "INSERT INTO rating_changes (game_id, seat, account_id, pool, place, left_game, "
          "mu_before, sigma_before, mu, sigma, at) "
          "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
          {PgParam::Int(game.id), PgParam::Int(c.seat), PgParam::Int(c.account), game.rated_pool,
           PgParam::Int(c.place), c.left ? "true" : "false", PgParam::Real(c.before.mu),
           PgParam::Real(c.before.sigma), PgParam::Real(c.after.mu), PgParam::Real(c.after.sigma),
           PgParam::Int(game.finished_at)});
    }
    return changes;
  }

  void Dispose(RoomId room) override {
    SetState(room, "disposed", "");
    std::lock_guard lock(mu_);
    if (leases_.joined()) leases_.Release(db_, room);
  }

  void Quarantine(RoomId room, const std::string& reason) override {
    SetState(room, "quarantined", reason);
  }

  std::vector<OpenRoom> OpenRooms() override {
    std::lock_guard lock(mu_);
    std::vector<OpenRoom> rooms;
    const PgResult r = db_.Exec("SELECT id, code FROM rooms WHERE state = 'open' ORDER BY id");
    for (int i = 0; i < r.rows(); ++i) rooms.push_back({r.Int(i, 0), r.Text(i, 1), {}, {}});
    ReadEachLog(rooms, [this](RoomId id, std::vector<std::string>& entries) {
      return ReadLog(id, entries);
    });
    return rooms;
  }

  std::optional<std::vector<std::string>> Log(RoomId room) override {
    std::lock_guard lock(mu_);
    if (db_.Exec("SELECT 1 FROM rooms WHERE id = $1", {PgParam::Int(room)}).rows() == 0) {
      return std::nullopt;
    }
    std::vector<std::string> entries;
    if (std::string e = ReadLog(room, entries); !e.empty()) throw StoreError(e);
    return entries;
  }

  std::vector<QuarantinedRoom> Quarantined() override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT id, code, COALESCE(reason, '') FROM rooms WHERE state = 'quarantined' "
        "ORDER BY id");
    std::vector<QuarantinedRoom> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back({r.Int(i, 0), r.Text(i, 1), r.Text(i, 2)});
    return out;
  }

  std::vector<ArchivedGame> ListGames(const std::string& player, int limit) override {
    std::lock_guard lock(mu_);
    const std::string order = " ORDER BY finished_at DESC, room_id DESC LIMIT ";
    const PgResult r =
        player.empty()
            ? db_.Exec(std::string(kGameSummary) + order + "$1", {PgParam::Int(limit)})
            : db_.Exec(std::string(kGameSummary) +
                           "WHERE room_id IN (SELECT game_id FROM game_players WHERE name = $1)" +
                           order + "$2",
                       {player, PgParam::Int(limit)});
    std::vector<ArchivedGame> games;
    for (int i = 0; i < r.rows(); ++i) {
      games.push_back({r.Int(i, 0), r.Text(i, 1), r.Int(i, 2), {}, {}, r.Text(i, 3)});
    }
    for (ArchivedGame& g : games) g.players = Players(g.id);
    return games;
  }

  std::optional<ArchivedGame> Game(RoomId id) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT room_id, code, finished_at, record, COALESCE(game, carc_record_game(record)) "
        "FROM games "
        "WHERE room_id = $1",
        {PgParam::Int(id)});
    if (r.rows() == 0) return std::nullopt;
    ArchivedGame g{r.Int(0, 0), r.Text(0, 1), r.Int(0, 2), {}, r.Text(0, 3), r.Text(0, 4)};
    g.players = Players(id);
    return g;
  }

 private:
  // BEGIN .. COMMIT, rolled back if the block ends without Commit().
  class Transaction {
   public:
    explicit Transaction(PgConnection& db) : db_(db) { db_.Begin(); }
    ~Transaction() {
      if (!done_) db_.RollbackQuietly();
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void Commit() {
      db_.Commit();
      done_ = true;
    }

   private:
    PgConnection& db_;
    bool done_ = false;
  };

  // The group commit's batch: one transaction, an append out of order failing alone.
  // A failure before the COMMIT fails the whole batch (nothing was written); a failure of the
  // COMMIT itself (the connection lost while it ran) leaves each append in doubt until the log
  // is asked (Settle).
  std::vector<std::string> WriteBatch(const std::vector<PendingAppend>& batch) {
    std::lock_guard lock(mu_);
    std::vector<std::string> errors(batch.size());
    std::string commit_failed;
    {
      Transaction t(db_);
      for (std::size_t i = 0; i < batch.size(); ++i) {
        errors[i] = TryAppend(batch[i].room, batch[i].index, batch[i].entry);
      }
      try {
        t.Commit();
      } catch (const StoreError& e) {
        commit_failed = e.what();
      }
    }
    if (commit_failed.empty()) return errors;
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (errors[i].empty()) {
        errors[i] = Settle(batch[i].room, batch[i].index, batch[i].entry, commit_failed);
      }
    }
    return errors;
  }

  // After the connection failed under a write of entry `index`: "" when the entry is in the
  // log (the commit took place), why not when it is not, or kInDoubt when the log cannot be
  // asked (then the room's lease is given up here: see kInDoubt). With mu_ held.
  std::string Settle(RoomId room, std::uint32_t index, std::string_view entry,
                     const std::string& failure) {
    try {
      const PgResult r =
          db_.Exec("SELECT entry = $3::BYTEA FROM room_log WHERE room_id = $1 AND idx = $2",
                   {PgParam::Int(room), PgParam::Int(index), PgParam::Bytes(entry)});
      ++settled_;
      if (r.rows() == 1 && r.Text(0, 0) == "t") return {};
      return failure;
    } catch (const StoreError& e) {
      ++in_doubt_;
      if (leases_.joined()) leases_.Forget(room);
      return std::string(kInDoubt) + "room " + std::to_string(room) + ", entry " +
             std::to_string(index) + ": " + failure + "; and then: " + e.what();
    }
  }

  // Inserts entry `index` if it is the room's next (and, in a cluster, this node holds the
  // room's lease); returns why not, or "" (with mu_ held).
  std::string TryAppend(RoomId room, std::uint32_t index, std::string_view entry) {
    if (leases_.joined()) {
      if (std::string why = leases_.Refusal(room); !why.empty()) return why;
    }
    if (InsertEntry(room, index, entry)) return {};
    if (leases_.joined()) {
      if (std::string why = leases_.Explain(db_, room); !why.empty()) return why;
    }
    return "room " + std::to_string(room) + ": entry " + std::to_string(index) + " is out of order";
  }

  bool InsertEntry(RoomId room, std::uint32_t index, std::string_view entry) {
    if (!leases_.joined()) {
      return db_.Exec(kAppend, {PgParam::Int(room), PgParam::Int(index), PgParam::Int(Crc32(entry)),
                                PgParam::Bytes(entry)})
                 .affected() == 1;
    }
    return db_.Exec(std::string(kAppend) + kFence,
                    {PgParam::Int(room), PgParam::Int(index), PgParam::Int(Crc32(entry)),
                     PgParam::Bytes(entry), leases_.node(),
                     PgParam::Int(leases_.TokenOf(room).value_or(0))})
               .affected() == 1;
  }

  void SetState(RoomId room, const char* state, const std::string& reason) {
    std::lock_guard lock(mu_);
    if (!leases_.joined()) {
      db_.Exec("UPDATE rooms SET state = $2, reason = $3 WHERE id = $1",
               {PgParam::Int(room), state, reason});
      return;
    }
    const std::string fenced =
        "UPDATE rooms SET state = $2, reason = $3 WHERE id = $1::BIGINT AND EXISTS ("
        "SELECT 1 FROM room_leases WHERE room_id = $1::BIGINT AND node_id = $4 "
        "AND token = $5::BIGINT AND expires_at > clock_timestamp() FOR SHARE)";
    if (db_.Exec(fenced, {PgParam::Int(room), state, reason, leases_.node(),
                          PgParam::Int(leases_.TokenOf(room).value_or(0))})
            .affected() == 0) {
      std::string why = leases_.Explain(db_, room);
      throw StoreError(why.empty() ? "room " + std::to_string(room) + " is unknown" : why);
    }
  }

  // Reads a room's entries in order; returns what is wrong with them, or "".
  std::string ReadLog(RoomId room, std::vector<std::string>& entries) {
    const PgResult r =
        db_.Exec("SELECT idx, crc, entry FROM room_log WHERE room_id = $1 ORDER BY idx",
                 {PgParam::Int(room)});
    for (int i = 0; i < r.rows(); ++i) {
      if (r.Int(i, 0) != i) return "entry " + std::to_string(i) + " is missing";
      std::string entry = r.Bytes(i, 2);
      if (Crc32(entry) != static_cast<std::uint32_t>(r.Int(i, 1))) {
        return "entry " + std::to_string(i) + " is damaged (CRC mismatch)";
      }
      entries.push_back(std::move(entry));
    }
    return {};
  }

  std::vector<ArchivedPlayer> Players(RoomId id) {
    const PgResult r =
        db_.Exec("SELECT name, score FROM game_players WHERE game_id = $1 ORDER BY seat",
                 {PgParam::Int(id)});
    std::vector<ArchivedPlayer> players;
    for (int i = 0; i < r.rows(); ++i) {
      players.push_back({r.Text(i, 0), static_cast<int>(r.Int(i, 1))});
    }
    return players;
  }

  // RoomLeases: each under the connection's mutex.
  void Join(const std::string& node_id, const std::string& advertise,
            std::chrono::milliseconds lease) override {
    std::lock_guard lock(mu_);
    leases_.Join(db_, node_id, advertise, lease);
  }
  std::optional<Lease> Acquire(RoomId room) override {
    std::lock_guard lock(mu_);
    return leases_.Acquire(db_, room);
  }
  std::vector<Lease> ClaimOrphans(int max) override {
    std::lock_guard lock(mu_);
    return leases_.ClaimOrphans(db_, max);
  }
  std::vector<RoomId> Renew() override {
    std::lock_guard lock(mu_);
    return leases_.Renew(db_);
  }
  void Release(RoomId room) override {
    std::lock_guard lock(mu_);
    leases_.Release(db_, room);
  }
  void Leave() override {
    std::lock_guard lock(mu_);
    leases_.Leave(db_);
  }
  std::vector<Lease> Held() const override {
    std::lock_guard lock(mu_);
    return leases_.Held();
  }
  std::optional<RoomHome> Locate(const std::string& code) override {
    std::lock_guard lock(mu_);
    return leases_.Locate(db_, code);
  }
  void IndexToken(const std::string& token_hash, RoomId room) override {
    std::lock_guard lock(mu_);
    db_.Exec(
        "INSERT INTO room_tokens (token_hash, room_id) VALUES ($1, $2) "
        "ON CONFLICT (token_hash) DO UPDATE SET room_id = EXCLUDED.room_id",
        {token_hash, PgParam::Int(room)});
  }
  std::optional<RoomHome> LocateToken(const std::string& token_hash) override {
    std::lock_guard lock(mu_);
    return leases_.LocateToken(db_, token_hash);
  }
  std::vector<NodeInfo> Nodes() override {
    std::lock_guard lock(mu_);
    return leases_.Nodes(db_);
  }
  void PublishListing(const std::string& listing) override {
    std::lock_guard lock(mu_);
    leases_.PublishListing(db_, listing);
  }
  std::vector<std::string> OtherListings() override {
    std::lock_guard lock(mu_);
    return leases_.OtherListings(db_);
  }

  mutable std::mutex mu_;
  std::atomic<std::uint64_t> settled_{0};
  std::atomic<std::uint64_t> in_doubt_{0};
  PgConnection db_;
  std::unique_ptr<AccountStore> accounts_;  // a connection of its own (postgres_accounts.h)
  std::unique_ptr<RatingStore> ratings_;    // and another (postgres_ratings.h)
  std::unique_ptr<PushStore> push_;         // and another (postgres_push.h)
  std::unique_ptr<SocialStore> social_;     // and another (postgres_social.h)
  std::unique_ptr<MailStore> mail_;         // and another (postgres_mail.h)
  std::unique_ptr<ModerationStore> moderation_;
  PgLeases leases_;
  // Appends per transaction at most, as the SQLite store's.
  static constexpr std::size_t kMaxBatch = 1024;
  std::unique_ptr<GroupCommitter> committer_;
};

}  // namespace

std::unique_ptr<EventStore> OpenPostgresStore(const std::string& url, Durability durability) {
  return std::make_unique<PostgresStore>(url, durability);
}

}  // namespace carc::server::store
